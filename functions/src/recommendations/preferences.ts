/**
 * The AI preference summary (spec §3): what a parent looks for, from its last 20 searches, its
 * favourites and its onboarding answers. A plain function: same inputs, same summary.
 */
import { CHILD_LEVELS, LEVELS, SUBJECTS } from '#shared/constants';
import type { PreferenceSummary } from '#shared/discovery-schemas';
import { foldText, type SearchFilters, type TutorSummary } from '#shared/search';

export const TOP_SUBJECTS = 3;
export const TOP_LEVELS = 2;
export const TOP_LOCATIONS = 2;

/** Onboarding's school levels (children) → the catalogue's levels. */
export const CHILD_LEVEL_TO_LEVEL: Record<(typeof CHILD_LEVELS)[number], (typeof LEVELS)[number]> = {
  primaire: 'Primaire',
  college: 'Collège (6e-3e)',
  lycee: 'Lycée (2nde-Tle)',
  superieur: 'Supérieur',
  technique: 'Formation technique',
};

export interface PreferenceInputs {
  /** Newest first, at most 20. */
  history: ReadonlyArray<{ filters: Pick<SearchFilters, 'query' | 'location' | 'subject' | 'level'> }>;
  /** The tutors of the favourites still listed. */
  favoriteTutors: ReadonlyArray<Pick<TutorSummary, 'subjects' | 'levels' | 'location'>>;
  /** Favourites counted, listed or not. */
  favoritesCount: number;
  onboarding?: {
    zone?: string;
    children?: ReadonlyArray<{ level: (typeof CHILD_LEVELS)[number] }>;
    preferences?: string;
  } | null;
}

/** Onboarding answers weigh more than one search: the parent stated them. */
const ONBOARDING_WEIGHT = 2;

class Tally {
  private readonly counts = new Map<string, number>();
  add(value: string | null | undefined, weight = 1): void {
    if (!value) return;
    this.counts.set(value, (this.counts.get(value) ?? 0) + weight);
  }
  /** Highest counts first; ties keep the order first seen (newest searches come first). */
  top(count: number): string[] {
    return [...this.counts.entries()]
      .map(([value, weight], seen) => ({ value, weight, seen }))
      .sort((a, b) => b.weight - a.weight || a.seen - b.seen)
      .slice(0, count)
      .map(({ value }) => value);
  }
}

const FOLDED_SUBJECTS = SUBJECTS.map((subject) => ({ subject, folded: foldText(subject) }));

/** Subjects named in free text: 'cours de mathematiques' → Mathématiques. */
export function subjectsMentioned(text: string | undefined): string[] {
  if (!text) return [];
  const folded = foldText(text);
  return FOLDED_SUBJECTS.filter(({ folded: name }) => folded.includes(name)).map(({ subject }) => subject);
}

export function summarisePreferences(inputs: PreferenceInputs): PreferenceSummary {
  const subjects = new Tally();
  const levels = new Tally();
  const locations = new Tally();

  for (const { filters } of inputs.history) {
    subjects.add(filters.subject);
    for (const subject of subjectsMentioned(filters.query)) if (subject !== filters.subject) subjects.add(subject);
    levels.add(filters.level);
    locations.add(filters.location);
  }
  for (const tutor of inputs.favoriteTutors) {
    for (const subject of tutor.subjects) subjects.add(subject);
    for (const level of tutor.levels) levels.add(level);
    locations.add(tutor.location);
  }
  const onboarding = inputs.onboarding;
  if (onboarding) {
    locations.add(onboarding.zone, ONBOARDING_WEIGHT);
    for (const child of onboarding.children ?? []) levels.add(CHILD_LEVEL_TO_LEVEL[child.level], ONBOARDING_WEIGHT);
    for (const subject of subjectsMentioned(onboarding.preferences)) subjects.add(subject, ONBOARDING_WEIGHT);
  }

  return {
    preferredSubjects: subjects.top(TOP_SUBJECTS),
    preferredLevels: levels.top(TOP_LEVELS),
    preferredLocations: locations.top(TOP_LOCATIONS),
    totalSearches: inputs.history.length,
    totalFavorites: inputs.favoritesCount,
  };
}
