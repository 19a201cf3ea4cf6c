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
      relaxed: [],
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

  it('is the search as given when the text names no zone or level', () => {
    const given = filters({ query: 'Kouassi', minRate: 2000 });
    expect(searchAttempts(given, understood({ words: ['kouassi'] }))).toEqual([
      { filters: given, understanding: { location: null, level: null, subjects: [], relaxed: [] } },
    ]);
  });
});
