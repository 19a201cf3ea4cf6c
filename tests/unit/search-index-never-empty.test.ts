/**
 * The never-empty rule on the real index (issue 33): a word that matches nothing at all in the
 * index — even corrected or as a prefix — is let go and said so; a text of nothing but such words
 * answers nothing; a name absent from a zone lets the name go last (the zone first).
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_FILTERS, type SearchFilters } from '#shared';
import { CatalogueIndex } from '../../functions/src/search/catalogue-index.js';
import { seedCatalogue } from './search-relevance-queries.js';

const tutors = seedCatalogue();
const index = new CatalogueIndex(tutors);
const search = (overrides: Partial<SearchFilters>) => index.search({ ...DEFAULT_FILTERS, ...overrides }, { offset: 0, limit: 500 });

describe('never an empty answer when tutors fit', () => {
  it("answers 'maths zorglub' with the maths tutors, saying 'zorglub' was let go", () => {
    const page = search({ query: 'maths zorglub' });
    const maths = tutors.filter((tutor) => tutor.subjects.includes('Mathématiques'));
    expect(page.total).toBe(maths.length);
    expect(page.tutors.every((tutor) => tutor.subjects.includes('Mathématiques'))).toBe(true);
    expect(page.understanding).toMatchObject({ subjects: ['Mathématiques'], words: [], dropped: ['zorglub'] });
  });

  it("answers nothing to 'zorglub' alone (nothing else understood)", () => {
    const page = search({ query: 'zorglub' });
    expect(page.total).toBe(0);
    expect(page.understanding.dropped).toEqual([]);
  });

  it('knows the words that match something, corrected or as a prefix, from those that match nothing', () => {
    expect(index.unmatchedWords(['zorglub', 'mathematqiues', 'geog', 'lycee', 'xq'])).toEqual(['zorglub', 'xq']);
  });

  it('never counts a last name as a match for visitors', () => {
    const lastName = tutors[0]!.last_name.toLowerCase();
    const onlyLast = tutors.every((tutor) => tutor.first_name.toLowerCase() !== lastName && !`${tutor.bio} ${tutor.education}`.toLowerCase().includes(lastName));
    if (onlyLast) expect(index.unmatchedWords([lastName], 'visitors')).toEqual([lastName]);
    expect(index.unmatchedWords([lastName], 'members')).toEqual([]);
  });

  it('answers a visitor nothing for a word only a hidden tutor holds, as for a word nobody holds', () => {
    // A tutor hidden from visitors (not verified) with a first name no other tutor carries anywhere.
    const hidden = { ...tutors[0]!, id: 'hidden-one', user_id: 'hidden-one', first_name: 'Zéphyrine', is_verified: false };
    const withHidden = new CatalogueIndex([...tutors, hidden]);
    const asVisitor = withHidden.search({ ...DEFAULT_FILTERS, query: 'Zéphyrine' }, { offset: 0, limit: 24 }, 'visitors');
    expect(asVisitor.total).toBe(0);
    expect(withHidden.unmatchedWords(['zephyrine'], 'visitors')).toEqual(['zephyrine']);
    // A member may find the tutor by that name.
    expect(withHidden.search({ ...DEFAULT_FILTERS, query: 'Zéphyrine' }, { offset: 0, limit: 24 }).total).toBe(1);
  });

  it('lets a name absent from the zone named go last: the zone is let go first', () => {
    // A tutor's name, searched with a zone where no tutor of that name lives.
    const named = tutors.find((tutor) => tutors.filter((other) => other.last_name === tutor.last_name).every((other) => other.location !== 'plateau'))!;
    const page = search({ query: `${named.last_name} plateau` });
    expect(page.total).toBeGreaterThan(0);
    expect(page.tutors.every((tutor) => tutor.last_name === named.last_name)).toBe(true);
    expect(page.understanding).toMatchObject({ location: 'plateau', relaxed: ['location'], dropped: [] });
  });
});
