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
      dropped: null,
    });
  });

  it('says which filters were let go to find someone', () => {
    expect(understandingNotice({ ...base, subjects: ['Physique'], location: 'abobo', level: null, relaxed: ['location'] })?.relaxed).toBe(
      'Aucun répétiteur à Abobo : voici les plus proches de votre recherche.',
    );
    expect(understandingNotice({ ...base, subjects: ['Physique'], location: 'plateau', level: null, relaxed: ['location'] })?.relaxed).toBe(
      'Aucun répétiteur au Plateau : voici les plus proches de votre recherche.',
    );
    expect(
      understandingNotice({ ...base, subjects: [], location: 'distance', level: 'Supérieur', relaxed: ['level', 'location'] })?.relaxed,
    ).toBe('Aucun répétiteur en cours à distance et au niveau Supérieur : voici les plus proches de votre recherche.');
  });

  it('lists the rate read in the text, and says when it was let go', () => {
    const notice = understandingNotice({ ...base, subjects: ['Anglais'], location: 'abobo', level: null, max_rate: 4000, relaxed: ['location', 'rate'] });
    expect(notice?.understood).toBe('Compris : Anglais · Abobo · moins de 4\u00a0000\u00a0FCFA/h');
    expect(notice?.relaxed).toBe('Aucun répétiteur à Abobo et à moins de 4\u00a0000\u00a0FCFA/h : voici les plus proches de votre recherche.');
    expect(
      understandingNotice({ ...base, subjects: [], location: null, level: null, min_rate: 2000, max_rate: 4000, relaxed: ['rate'] }),
    ).toEqual({
      understood: 'Compris : de 2\u00a0000 à 4\u00a0000\u00a0FCFA/h',
      relaxed: 'Aucun répétiteur de 2\u00a0000 à 4\u00a0000\u00a0FCFA/h : voici les plus proches de votre recherche.',
      dropped: null,
    });
    expect(understandingNotice({ ...base, subjects: [], location: null, level: null, min_rate: 2000, relaxed: [] })?.understood).toBe(
      'Compris : plus de 2\u00a0000\u00a0FCFA/h',
    );
  });

  it('says which words were let go, as the parent typed them, even when nothing else was understood', () => {
    expect(
      understandingNotice({
        ...base,
        subjects: ['Mathématiques'],
        location: null,
        level: null,
        relaxed: [],
        dropped: ['xyzzy'],
        chips: [{ kind: 'word', label: 'Xyzzy', without: 'maths' }],
      }),
    ).toEqual({
      understood: 'Compris : Mathématiques',
      relaxed: null,
      dropped: 'Aucun répétiteur pour « Xyzzy » : voici les résultats sans ce mot',
    });
    expect(
      understandingNotice({ ...base, subjects: [], location: null, level: null, relaxed: [], words: ['kouassi'], dropped: ['zz', 'qq'] }),
    ).toEqual({ understood: null, relaxed: null, dropped: 'Aucun répétiteur pour « zz qq » : voici les résultats sans ces mots' });
  });
});
