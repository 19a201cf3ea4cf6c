import { describe, expect, it } from 'vitest';
import { DEFAULT_FILTERS, type SearchFilters } from '#shared';
import { CatalogueIndex, processTerm } from '../../functions/src/search/catalogue-index.js';
import { CATALOGUE, CATALOGUE_ORDERS, tutor } from './search-fixtures.js';

const index = new CatalogueIndex(CATALOGUE);
const search = (overrides: Partial<SearchFilters>, page = { offset: 0, limit: 50 }) =>
  index.search({ ...DEFAULT_FILTERS, ...overrides }, page);
const ids = (overrides: Partial<SearchFilters>) => search(overrides).tutors.map((t) => t.id);

describe('French full text', () => {
  it("ignores accents and case: 'mathematiques' finds 'Mathématiques'", () => {
    expect(ids({ query: 'mathematiques' }).sort()).toEqual(['t1', 't5']);
    expect(ids({ query: 'MATHÉMATIQUES' }).sort()).toEqual(['t1', 't5']);
  });

  it("finds 'écriture' when typing 'ecriture', and 'Étudiante' when typing 'etudiante'", () => {
    expect(ids({ query: 'ecriture' })).toEqual(['t2']);
    expect(ids({ query: 'ETUDIANTE' })).toEqual(['t4']);
  });

  it("tolerates one typo in a word of five letters or more: 'physiqe' finds Physique", () => {
    expect(ids({ query: 'physiqe' }).sort()).toEqual(['t1', 't3']);
    expect(ids({ query: 'chymie' })).toEqual(['t3']);
  });

  it('tolerates two typos in a word of eight letters or more', () => {
    expect(ids({ query: 'algoritmiqe' })).toEqual(['t5']);
    expect(ids({ query: 'mathematqiues' }).sort()).toEqual(['t1', 't5']);
  });

  it('does not tolerate typos in short words, nor two typos under eight letters', () => {
    expect(ids({ query: 'bamb' })).toEqual(['t3']); // a prefix, not a typo
    expect(ids({ query: 'bqmba' })).toEqual(['t3']); // five letters: one typo allowed
    expect(ids({ query: 'bqm' })).toEqual([]); // three letters: none
    expect(ids({ query: 'phisiqe' })).toEqual([]); // seven letters, two typos
  });

  it('searches first and last names, bio, education and subjects', () => {
    expect(ids({ query: 'Kouadio' })).toEqual(['t1']);
    expect(ids({ query: 'Josiane' })).toEqual(['t6']);
    expect(ids({ query: 'visioconference' })).toEqual(['t5']);
    expect(ids({ query: 'Houphouet' })).toEqual(['t1']);
    expect(ids({ query: 'histoire geographie' })).toEqual(['t6']);
  });

  it('requires every word of the query, ignoring French stop words', () => {
    expect(ids({ query: 'physique de chimie' })).toEqual(['t3']);
    expect(ids({ query: 'physique informatique' })).toEqual([]);
  });

  it("ignores the words around the request: 'cours de physique' is 'physique'", () => {
    expect(ids({ query: 'cours de physique à domicile' }).sort()).toEqual(['t1', 't3']);
  });

  it("expands abbreviations: 'maths' is Mathématiques, 'pc' is Physique or Chimie, both first", () => {
    expect(ids({ query: 'maths' }).sort()).toEqual(['t1', 't5']);
    expect(ids({ query: 'pc' })).toEqual(['t3', 't1']);
  });

  it('matches word prefixes as you type', () => {
    expect(ids({ query: 'informat' })).toEqual(['t5']);
  });

  it('ranks by text relevance: a name match comes before a bio mention', () => {
    const catalogue = [
      tutor({ id: 'a', bio: 'Mon collègue Bamba enseigne aussi.', is_verified: true, experience: '10ans+' }),
      tutor({ id: 'b', last_name: 'Bamba' }),
    ];
    const ranked = new CatalogueIndex(catalogue).search({ ...DEFAULT_FILTERS, query: 'bamba' }, { offset: 0, limit: 10 });
    expect(ranked.tutors.map((t) => t.id)).toEqual(['b', 'a']);
  });

  it('applies the structural filters to text matches', () => {
    expect(ids({ query: 'physique', location: 'cocody', level: 'Supérieur' })).toEqual(['t3']);
    expect(ids({ query: 'mathematiques', maxRate: 9000 })).toEqual(['t1']);
  });

  it('sorts text matches by price or availability when asked', () => {
    expect(ids({ query: 'physique', sortBy: 'price', sortOrder: 'asc' })).toEqual(['t3', 't1']);
    expect(ids({ query: 'physique', sortBy: 'availability', sortOrder: 'desc' })).toEqual(['t3', 't1']);
  });

  it('folds terms the same way when indexing and searching, and drops stop words', () => {
    expect(processTerm('Élève')).toBe('eleve');
    expect(processTerm('de')).toBeNull();
    expect(processTerm('l')).toBeNull();
  });
});

describe('zone and level words in the text', () => {
  it('applies them as filters and says what it understood', () => {
    const page = search({ query: 'prof de maths cocody' });
    expect(page.tutors.map((t) => t.id)).toEqual(['t1']);
    expect(page.understanding).toMatchObject({ location: 'cocody', level: null, subjects: ['Mathématiques'], relaxed: [], words: [], dropped: [] });
    expect(ids({ query: 'physique superieur' })).toEqual(['t3']);
  });

  it('lists the filtered catalogue in the chosen sort when the text names only a zone or a level', () => {
    expect(ids({ query: 'cours à cocody', sortBy: 'price', sortOrder: 'asc' })).toEqual(['t3', 't1']);
  });

  it('lets a filter chosen in the form win over the text', () => {
    const page = search({ query: 'maths cocody', location: 'distance' });
    expect(page.tutors.map((t) => t.id)).toEqual(['t5']);
    expect(page.understanding.location).toBeNull();
  });

  it('lets go of a zone read in the text when nobody there matches, never of a zone chosen in the form', () => {
    const page = search({ query: 'informatique cocody' });
    expect(page.tutors.map((t) => t.id)).toEqual(['t5']);
    expect(page.understanding).toMatchObject({ location: 'cocody', relaxed: ['location'] });
    expect(ids({ query: 'informatique', location: 'cocody' })).toEqual([]);
  });

  it('lets go of the level before the zone', () => {
    const page = search({ query: 'informatique primaire en ligne' });
    expect(page.tutors.map((t) => t.id)).toEqual(['t5']);
    expect(page.understanding).toMatchObject({ location: 'distance', level: 'Primaire', relaxed: ['level'] });
  });
});

describe('sorts without a query', () => {
  it.each(CATALOGUE_ORDERS)('lists the catalogue by %s, %s', (sortBy, sortOrder, expected) => {
    expect(ids({ sortBy, sortOrder })).toEqual(expected);
  });

  it('keeps the sort order inside a filtered list', () => {
    expect(ids({ location: 'cocody', sortBy: 'price', sortOrder: 'asc' })).toEqual(['t3', 't1']);
  });
});

describe('pages and figures', () => {
  it('returns one page, with the total, verified count and average rate of every match', () => {
    const page = search({}, { offset: 2, limit: 2 });
    expect(page.tutors.map((t) => t.id)).toEqual(['t3', 't6']);
    expect(page.total).toBe(6);
    expect(page.verified_count).toBe(3);
    // Rates of the five tutors that have one: (8000 + 3000 + 6000 + 10000 + 4500) / 5.
    expect(page.average_rate).toBe(6300);
  });

  it('answers an empty catalogue with nothing', () => {
    const empty = new CatalogueIndex([]).search({ ...DEFAULT_FILTERS, query: 'maths' }, { offset: 0, limit: 10 });
    expect(empty).toMatchObject({ tutors: [], total: 0, verified_count: 0, average_rate: null });
  });
});
