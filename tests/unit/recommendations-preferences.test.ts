import { describe, expect, it } from 'vitest';
import { DEFAULT_FILTERS, type PreferenceSummary, type SearchFilters } from '#shared';
import { subjectsMentioned, summarisePreferences } from '../../functions/src/recommendations/preferences.js';
import { explain, rankCandidates, scoreCandidate } from '../../functions/src/recommendations/scoring.js';
import { CATALOGUE, tutor } from './search-fixtures.js';

const search = (overrides: Partial<SearchFilters>) => ({ filters: { ...DEFAULT_FILTERS, ...overrides } });

describe('preference summary', () => {
  it('keeps the top 3 subjects, top 2 levels and top 2 zones of the searches, with the totals', () => {
    const summary = summarisePreferences({
      history: [
        search({ subject: 'Physique', level: 'Lycée (2nde-Tle)', location: 'cocody' }),
        search({ subject: 'Mathématiques', location: 'cocody' }),
        search({ subject: 'Mathématiques', level: 'Lycée (2nde-Tle)' }),
        search({ subject: 'Mathématiques', level: 'Collège (6e-3e)', location: 'plateau' }),
        search({ subject: 'Chimie', level: 'Primaire', location: 'abobo' }),
        search({ subject: 'Anglais' }),
      ],
      favoriteTutors: [],
      favoritesCount: 0,
    });
    expect(summary).toEqual({
      preferredSubjects: ['Mathématiques', 'Physique', 'Chimie'],
      preferredLevels: ['Lycée (2nde-Tle)', 'Collège (6e-3e)'],
      preferredLocations: ['cocody', 'plateau'],
      totalSearches: 6,
      totalFavorites: 0,
    });
  });

  it('reads subjects named in a free-text query, accents or not', () => {
    expect(subjectsMentioned('cours de mathematiques et de PHYSIQUE')).toEqual(['Mathématiques', 'Physique']);
    const summary = summarisePreferences({ history: [search({ query: 'economie' })], favoriteTutors: [], favoritesCount: 0 });
    expect(summary.preferredSubjects).toEqual(['Économie']);
  });

  it("adds the favourites' subjects, levels and zones, and counts every favourite", () => {
    const summary = summarisePreferences({
      history: [search({ subject: 'Anglais' })],
      favoriteTutors: [CATALOGUE[2]!, CATALOGUE[0]!],
      favoritesCount: 3,
    });
    expect(summary.preferredSubjects).toEqual(['Physique', 'Anglais', 'Chimie']);
    expect(summary.preferredLevels).toEqual(['Lycée (2nde-Tle)', 'Supérieur']);
    expect(summary.preferredLocations).toEqual(['cocody']);
    expect(summary.totalFavorites).toBe(3);
  });

  it("weighs the parent's onboarding answers: zone, children's levels and subjects in the free text", () => {
    const summary = summarisePreferences({
      history: [search({ location: 'abobo', level: 'Primaire' })],
      favoriteTutors: [],
      favoritesCount: 0,
      onboarding: { zone: 'marcory', children: [{ level: 'lycee' }], preferences: 'Surtout en anglais' },
    });
    expect(summary.preferredLocations).toEqual(['marcory', 'abobo']);
    expect(summary.preferredLevels).toEqual(['Lycée (2nde-Tle)', 'Primaire']);
    expect(summary.preferredSubjects).toEqual(['Anglais']);
  });

  it('is empty for a parent with no searches, favourites or answers', () => {
    expect(summarisePreferences({ history: [], favoriteTutors: [], favoritesCount: 0, onboarding: null })).toEqual({
      preferredSubjects: [],
      preferredLevels: [],
      preferredLocations: [],
      totalSearches: 0,
      totalFavorites: 0,
    });
  });
});

const SUMMARY: PreferenceSummary = {
  preferredSubjects: ['Physique', 'Mathématiques'],
  preferredLevels: ['Lycée (2nde-Tle)'],
  preferredLocations: ['cocody'],
  totalSearches: 4,
  totalFavorites: 0,
};

describe('candidate scoring', () => {
  it('ranks the tutors matching the preferred subjects, level and zone first', () => {
    const ranked = rankCandidates(CATALOGUE, SUMMARY, {}, new Set());
    expect(ranked.map((c) => c.tutor.id).slice(0, 3)).toEqual(['t1', 't3', 't5']);
    expect(ranked).toHaveLength(CATALOGUE.length);
  });

  it('requires a subject asked for explicitly and leaves favourites out', () => {
    const ranked = rankCandidates(CATALOGUE, SUMMARY, { subject: 'Mathématiques' }, new Set(['t1']));
    expect(ranked.map((c) => c.tutor.id)).toEqual(['t5']);
  });

  it('keeps favourites when nothing else is left', () => {
    const ranked = rankCandidates(CATALOGUE, SUMMARY, { subject: 'Économie' }, new Set(['t4']));
    expect(ranked.map((c) => c.tutor.id)).toEqual(['t4']);
  });

  it('is deterministic: the same inputs give the same order', () => {
    const first = rankCandidates(CATALOGUE, SUMMARY, { level: 'Collège (6e-3e)' }, new Set()).map((c) => c.tutor.id);
    const again = rankCandidates([...CATALOGUE].reverse(), SUMMARY, { level: 'Collège (6e-3e)' }, new Set()).map(
      (c) => c.tutor.id,
    );
    expect(again).toEqual(first);
  });

  it('lets remote tutors match any wanted zone', () => {
    expect(scoreCandidate(CATALOGUE[4]!, SUMMARY, {}).matched.location).toBe('distance');
  });
});

describe('French explanation', () => {
  it('says which criteria the tutor matched', () => {
    const candidate = scoreCandidate(CATALOGUE[0]!, SUMMARY, {});
    expect(explain(candidate)).toBe(
      "Kouassi Kouadio enseigne Physique et Mathématiques au niveau Lycée (2nde-Tle) à Cocody, ce qui correspond à vos recherches ; profil vérifié et plus de 10 ans d'expérience.",
    );
  });

  it('falls back to the profile qualities when nothing matched', () => {
    const candidate = scoreCandidate(tutor({ id: 'x', first_name: 'Ange', last_name: 'Yapi', experience: 'debutant' }), SUMMARY, {});
    expect(explain(candidate)).toBe('Ange Yapi fait partie des répétiteurs les mieux classés ; répétiteur débutant.');
  });

  it('mentions remote lessons', () => {
    expect(explain(scoreCandidate(CATALOGUE[4]!, SUMMARY, {}))).toContain('en cours à distance');
  });

  it("names the zone in French as parents write it: 'à Port-Bouët', 'à San-Pédro', 'au Plateau'", () => {
    const where = (location: string) =>
      explain(scoreCandidate(tutor({ id: 'z', first_name: 'Awa', last_name: 'Koné', location }), SUMMARY, { location: location as never }));
    expect(where('port-bouet')).toContain('à Port-Bouët');
    expect(where('san-pedro')).toContain('à San-Pédro');
    expect(where('koumassi')).toContain('à Koumassi');
    expect(where('plateau')).toContain('au Plateau');
  });
});
