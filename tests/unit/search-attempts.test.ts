import { describe, expect, it } from 'vitest';
import { DEFAULT_FILTERS, type SearchFilters } from '#shared';
import { searchAttempts } from '../../functions/src/search/search-attempts.js';
import type { UnderstoodQuery } from '../../functions/src/search/understand-query.js';

const filters = (overrides: Partial<SearchFilters> = {}): SearchFilters => ({ ...DEFAULT_FILTERS, ...overrides });
const understood = (overrides: Partial<UnderstoodQuery> = {}): UnderstoodQuery => ({
  subjects: [],
  location: null,
  level: null,
  words: [],
  minRate: null,
  maxRate: null,
  chips: [],
  ...overrides,
});
const LYCEE = 'Lycée (2nde-Tle)';

describe('search attempts', () => {
  it('applies the zone and level read in the text as filters, and reports them with the subjects', () => {
    const [first, ...rest] = searchAttempts(
      filters({ query: 'bac pc yopougon' }),
      understood({ subjects: [['Physique', 'Chimie']], location: 'yopougon', level: LYCEE }),
    );
    expect(first!.filters).toMatchObject({ query: 'bac pc yopougon', location: 'yopougon', level: LYCEE });
    expect(first!.understanding).toEqual({
      location: 'yopougon',
      level: LYCEE,
      subjects: ['Physique', 'Chimie'],
      min_rate: null,
      max_rate: null,
      relaxed: [],
      words: [],
      dropped: [],
      chips: [],
    });
    expect(rest).toHaveLength(3);
  });

  it('lets a filter chosen in the form win over the text, and never lets it go', () => {
    const attempts = searchAttempts(
      filters({ location: 'cocody', level: 'Primaire' }),
      understood({ location: 'yopougon', level: LYCEE }),
    );
    expect(attempts).toHaveLength(1);
    expect(attempts[0]!.filters).toMatchObject({ location: 'cocody', level: 'Primaire' });
    expect(attempts[0]!.understanding).toMatchObject({ location: null, level: null, relaxed: [] });
  });

  it('lets go of the level read in the text first, then of the zone, then of both', () => {
    const attempts = searchAttempts(filters(), understood({ location: 'abobo', level: LYCEE }));
    expect(attempts.map((a) => [a.filters.location, a.filters.level, a.understanding.relaxed])).toEqual([
      ['abobo', LYCEE, []],
      ['abobo', '', ['level']],
      ['', LYCEE, ['location']],
      ['', '', ['level', 'location']],
    ]);
  });

  it('keeps the form’s level while letting go of the zone read in the text', () => {
    const attempts = searchAttempts(filters({ level: 'Primaire' }), understood({ location: 'abobo' }));
    expect(attempts.map((a) => [a.filters.location, a.filters.level])).toEqual([
      ['abobo', 'Primaire'],
      ['', 'Primaire'],
    ]);
  });

  it('lets the free words go after the filters, the last word first, every filter back on', () => {
    const given = filters({ query: 'Kouassi Traoré', minRate: 2000 });
    const attempts = searchAttempts(given, understood({ words: ['kouassi', 'traore'] }));
    expect(attempts.map((a) => [a.filters, a.words, a.understanding.dropped])).toEqual([
      [given, ['kouassi', 'traore'], []],
      [given, ['kouassi'], ['traore']],
      [given, [], ['kouassi', 'traore']],
    ]);
  });

  it('applies the rate read in the text unless the form set one, and lets it go before the zone', () => {
    const attempts = searchAttempts(filters(), understood({ location: 'koumassi', maxRate: 4000, words: ['kone'] }));
    expect(attempts.map((a) => [a.filters.location, a.filters.maxRate, a.words, a.understanding.relaxed])).toEqual([
      ['koumassi', 4000, ['kone'], []],
      ['koumassi', 10_000, ['kone'], ['rate']],
      ['', 4000, ['kone'], ['location']],
      ['', 10_000, ['kone'], ['rate', 'location']],
      ['koumassi', 4000, [], []],
      ['', 10_000, [], ['rate', 'location']],
    ]);
    const chosen = searchAttempts(filters({ maxRate: 6000 }), understood({ maxRate: 4000 }));
    expect(chosen.map((a) => a.filters.maxRate)).toEqual([6000]);
    expect(chosen[0]!.understanding.max_rate).toBeNull();
  });

  it('drops the words that match nothing from the first attempt, and says so', () => {
    const [first] = searchAttempts(filters(), understood({ subjects: [['Mathématiques']], words: ['zzkw'] }), ['zzkw']);
    expect(first!.words).toEqual([]);
    expect(first!.understanding).toMatchObject({ words: [], dropped: ['zzkw'] });
  });

  it('keeps a text of nothing but unknown words: it finds nobody rather than everybody', () => {
    const attempts = searchAttempts(filters({ query: 'zzkw' }), understood({ words: ['zzkw'] }), ['zzkw']);
    expect(attempts).toHaveLength(1);
    expect(attempts[0]!.words).toEqual(['zzkw']);
    expect(attempts[0]!.understanding.dropped).toEqual([]);
  });
});
