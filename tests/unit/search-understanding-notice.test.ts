/** What the results screen says of what the search understood (shared/src/search.ts). */
import { describe, expect, it } from 'vitest';
import { understandingNotice } from '#shared/search';

const base = { min_rate: null, max_rate: null, words: [], dropped: [], chips: [] };

describe('understandingNotice', () => {
  it('says nothing when the text held only free words', () => {
    expect(understandingNotice({ ...base, subjects: [], location: null, level: null, relaxed: [] })).toBeNull();
  });

  it('lists the subjects, the zone and the level read in the text', () => {
    expect(understandingNotice({ ...base, subjects: ['Anglais'], location: 'yopougon', level: 'Lycée (2nde-Tle)', relaxed: [] })).toEqual({
      understood: 'Compris : Anglais · Yopougon · Lycée (2nde-Tle)',
      relaxed: null,
    });
  });

  it('says which filters were let go to find someone', () => {
    expect(understandingNotice({ ...base, subjects: ['Physique'], location: 'abobo', level: null, relaxed: ['location'] })?.relaxed).toBe(
      'Aucun répétiteur à Abobo : voici les plus proches de votre recherche.',
    );
    expect(
      understandingNotice({ ...base, subjects: [], location: 'distance', level: 'Supérieur', relaxed: ['level', 'location'] })?.relaxed,
    ).toBe('Aucun répétiteur en cours à distance et au niveau Supérieur : voici les plus proches de votre recherche.');
  });
});
