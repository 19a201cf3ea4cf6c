import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  availabilitySlotCount,
  compareTutors,
  DEFAULT_FILTERS,
  filtersFromParams,
  filtersToParams,
  foldText,
  hasSearchParams,
  matchesFilters,
  relevanceScore,
  resetFilters,
  searchLabel,
  sortBadge,
  type SearchFilters,
} from '#shared';
import { CATALOGUE, CATALOGUE_ORDERS } from './search-fixtures.js';

const filters = (overrides: Partial<SearchFilters> = {}): SearchFilters => ({ ...DEFAULT_FILTERS, ...overrides });

describe('active filter count', () => {
  it('is zero for the default search', () => {
    expect(activeFilterCount(filters())).toBe(0);
  });

  it('counts the query, zone, subject and level one each', () => {
    expect(activeFilterCount(filters({ query: 'maths' }))).toBe(1);
    expect(activeFilterCount(filters({ query: 'maths', location: 'cocody', subject: 'Physique', level: 'Primaire' }))).toBe(4);
  });

  it('ignores a query made of spaces and the sort', () => {
    expect(activeFilterCount(filters({ query: '   ', sortBy: 'price', sortOrder: 'asc' }))).toBe(0);
  });

  it('counts the rate range once, only when it differs from 0–10 000', () => {
    expect(activeFilterCount(filters({ minRate: 500 }))).toBe(1);
    expect(activeFilterCount(filters({ maxRate: 9500 }))).toBe(1);
    expect(activeFilterCount(filters({ minRate: 500, maxRate: 9500 }))).toBe(1);
    expect(activeFilterCount(filters({ minRate: 0, maxRate: 10000 }))).toBe(0);
  });
});

describe('reset', () => {
  it('empties the texts, puts the rates back to 0–10 000 and sorts by rating, descending', () => {
    expect(resetFilters()).toEqual({
      query: '',
      location: '',
      subject: '',
      level: '',
      minRate: 0,
      maxRate: 10000,
      sortBy: 'rating',
      sortOrder: 'desc',
    });
  });

  it('returns a fresh object each time (the default cannot be mutated through it)', () => {
    const reset = resetFilters();
    reset.query = 'changé';
    expect(resetFilters().query).toBe('');
    expect(() => ((DEFAULT_FILTERS as SearchFilters).query = 'x')).toThrow();
  });
});

describe('filters in the URL', () => {
  it('round-trips every filter', () => {
    const original = filters({
      query: 'physique',
      location: 'cocody',
      subject: 'Physique',
      level: 'Lycée (2nde-Tle)',
      minRate: 2000,
      maxRate: 7500,
      sortBy: 'price',
      sortOrder: 'asc',
    });
    const params = new URLSearchParams(filtersToParams(original).toString());
    expect(filtersFromParams(params)).toEqual(original);
  });

  it('writes only what differs from the default, but always the sort (a search leaves a trace)', () => {
    expect(filtersToParams(filters()).toString()).toBe('tri=rating&ordre=desc');
    expect(hasSearchParams(filtersToParams(filters()))).toBe(true);
    expect(hasSearchParams(new URLSearchParams(''))).toBe(false);
  });

  it('drops zones, subjects and levels the product does not know', () => {
    const parsed = filtersFromParams(new URLSearchParams('zone=paris&matiere=Cuisine&niveau=CP&q=yao'));
    expect(parsed).toEqual(filters({ query: 'yao' }));
    expect(filtersFromParams(new URLSearchParams('zone=adjame&matiere=%C3%89conomie'))).toMatchObject({
      location: 'adjame',
      subject: 'Économie',
    });
  });

  it('falls back to the defaults on malformed values and swaps a reversed rate range', () => {
    const parsed = filtersFromParams(new URLSearchParams('tri=note&ordre=up&tarifMin=abc&tarifMax=99999'));
    expect(parsed).toEqual(filters({ maxRate: 10000 }));
    expect(filtersFromParams(new URLSearchParams('tarifMin=8000&tarifMax=2000'))).toMatchObject({ minRate: 2000, maxRate: 8000 });
  });
});

describe('structural filters', () => {
  const ids = (f: SearchFilters) => CATALOGUE.filter((t) => matchesFilters(t, f)).map((t) => t.id);

  it('filters by zone, subject and level', () => {
    expect(ids(filters({ location: 'cocody' }))).toEqual(['t1', 't3']);
    expect(ids(filters({ subject: 'Mathématiques' }))).toEqual(['t1', 't5']);
    expect(ids(filters({ level: 'Supérieur' }))).toEqual(['t3', 't4']);
    expect(ids(filters({ location: 'cocody', subject: 'Chimie', level: 'Supérieur' }))).toEqual(['t3']);
  });

  it('keeps rates inside the range, drops tutors without a rate once a bound is set', () => {
    expect(ids(filters({ minRate: 4500, maxRate: 8000 }))).toEqual(['t1', 't3', 't6']);
    expect(ids(filters())).toContain('t4');
    expect(ids(filters({ minRate: 500 }))).not.toContain('t4');
  });

  it('reads the top of the slider (10 000) as no upper bound', () => {
    const expensive = { ...CATALOGUE[0]!, hourly_rate: 15000 };
    expect(matchesFilters(expensive, filters())).toBe(true);
    expect(matchesFilters(expensive, filters({ maxRate: 9500 }))).toBe(false);
  });
});

describe('sort keys', () => {
  it('scores relevance as verified 1 plus the experience score', () => {
    expect(relevanceScore({ is_verified: true, experience: '10ans+' })).toBe(6);
    expect(relevanceScore({ is_verified: false, experience: 'debutant' })).toBe(1);
    expect(relevanceScore({ is_verified: true, experience: null })).toBe(1);
    expect(relevanceScore({ is_verified: false, experience: '3-5ans' })).toBe(3);
  });

  it('counts the slots of available days only', () => {
    expect(
      availabilitySlotCount([
        { day: 'Lundi', available: true, slots: [{ start: '08:00', end: '10:00' }, { start: '16:00', end: '18:00' }] },
        { day: 'Mardi', available: false, slots: [{ start: '09:00', end: '17:00' }] },
        { day: 'Samedi', available: true, slots: [{ start: '09:00', end: '17:00' }] },
      ]),
    ).toBe(3);
    expect(availabilitySlotCount(undefined)).toBe(0);
  });

  it.each(CATALOGUE_ORDERS)('orders the catalogue by %s, %s', (sortBy, order, expected) => {
    expect([...CATALOGUE].sort(compareTutors(sortBy, order)).map((t) => t.id)).toEqual(expected);
  });
});

describe('labels', () => {
  it('names a history entry by its query, or its zone, subject and level', () => {
    expect(searchLabel(filters({ query: ' physique ', location: 'cocody' }))).toBe('physique');
    expect(searchLabel(filters({ location: 'adjame', subject: 'Chimie', level: 'Primaire' }))).toBe('Adjamé · Chimie · Primaire');
  });

  it('writes the sort badge', () => {
    expect(sortBadge('rating')).toBe('Trié par pertinence');
    expect(sortBadge('price')).toBe('Trié par prix');
    expect(sortBadge('availability')).toBe('Trié par disponibilité');
  });

  it('folds case and accents', () => {
    expect(foldText('Mathématiques')).toBe('mathematiques');
    expect(foldText('ÉLÈVE')).toBe('eleve');
    expect(foldText('Économie, Français')).toBe('economie, francais');
  });
});
