/**
 * The relevance set of the tutor search: queries typed the way parents type them, run on the
 * local seed catalogue (what a user searches on the local stack), each with the tutors a parent
 * would accept near the top. The acceptable tutors are read from the catalogue's own data (the
 * subjects, levels, zone or name asked for), never from what the search engine returns.
 * Used by tests/unit/search-relevance.test.ts (every query asserted) and by `npm run bench -- search`.
 */
import {
  DEFAULT_FILTERS,
  foldText,
  tutorName,
  type Level,
  type SearchFilters,
  type Subject,
  type TutorSummary,
  type Zone,
} from '#shared';
import { seedTutors } from '../../infra/local/seed/tutors.js';
import { toTutorSummary, type ProfileItem, type TutorProfileItem } from '../../functions/src/search/catalogue.js';

/** What the parent is after: every criterion given must hold (subjects: all of them). */
export interface Want {
  subjects?: Subject[];
  level?: Level;
  zone?: Zone;
  /** Folded words of a first or last name, all required. */
  name?: string;
}

export interface RelevanceCase {
  query: string;
  want: Want;
}

const COLLEGE: Level = 'Collège (6e-3e)';
const LYCEE: Level = 'Lycée (2nde-Tle)';

export const RELEVANCE_CASES: readonly RelevanceCase[] = [
  // A subject, as parents name it: abbreviations, no accents, typos.
  { query: 'maths', want: { subjects: ['Mathématiques'] } },
  { query: 'math', want: { subjects: ['Mathématiques'] } },
  { query: 'mathematqiues', want: { subjects: ['Mathématiques'] } },
  { query: 'mathématique', want: { subjects: ['Mathématiques'] } },
  { query: 'phisique', want: { subjects: ['Physique'] } },
  { query: 'cours de physique', want: { subjects: ['Physique'] } },
  { query: 'physique chimie', want: { subjects: ['Physique', 'Chimie'] } },
  { query: 'philo', want: { subjects: ['Philosophie'] } },
  { query: 'philosphie', want: { subjects: ['Philosophie'] } },
  { query: 'svt', want: { subjects: ['Biologie'] } },
  { query: 'sciences de la vie et de la terre', want: { subjects: ['Biologie'] } },
  { query: 'englais', want: { subjects: ['Anglais'] } },
  { query: 'prof d espagnol', want: { subjects: ['Espagnol'] } },
  { query: 'allmand', want: { subjects: ['Allemand'] } },
  { query: 'histoire geo', want: { subjects: ['Histoire-Géographie'] } },
  { query: 'hg', want: { subjects: ['Histoire-Géographie'] } },
  { query: 'eco', want: { subjects: ['Économie'] } },
  { query: 'info', want: { subjects: ['Informatique'] } },
  { query: 'répétiteur de français', want: { subjects: ['Français'] } },
  // A subject and a class or an exam.
  { query: 'philo terminale', want: { subjects: ['Philosophie'], level: LYCEE } },
  { query: 'svt 3e', want: { subjects: ['Biologie'], level: COLLEGE } },
  { query: 'bac pc', want: { subjects: ['Physique', 'Chimie'], level: LYCEE } },
  { query: 'maths 3eme', want: { subjects: ['Mathématiques'], level: COLLEGE } },
  { query: 'bepc francais', want: { subjects: ['Français'], level: COLLEGE } },
  { query: 'francais cm2', want: { subjects: ['Français'], level: 'Primaire' } },
  { query: 'chimie terminale', want: { subjects: ['Chimie'], level: LYCEE } },
  { query: 'physique 2nde', want: { subjects: ['Physique'], level: LYCEE } },
  { query: 'economie bac', want: { subjects: ['Économie'], level: LYCEE } },
  { query: 'maths fac', want: { subjects: ['Mathématiques'], level: 'Supérieur' } },
  { query: 'informatique formation technique', want: { subjects: ['Informatique'], level: 'Formation technique' } },
  { query: 'cours de maths terminal', want: { subjects: ['Mathématiques'], level: LYCEE } },
  { query: 'espagnol seconde', want: { subjects: ['Espagnol'], level: LYCEE } },
  { query: 'anglais lycée technique', want: { subjects: ['Anglais'], level: 'Formation technique' } },
  { query: 'sciences physiques terminale', want: { subjects: ['Physique', 'Chimie'], level: LYCEE } },
  { query: 'cours de soutien en maths pour ma fille en classe de 3eme', want: { subjects: ['Mathématiques'], level: COLLEGE } },
  // A subject and an area of Abidjan (or remote lessons).
  { query: 'prof de maths a cocody', want: { subjects: ['Mathématiques'], zone: 'cocody' } },
  // The catalogue has no English tutor in Yopougon: any English tutor is the right answer.
  { query: 'anglais yopougon', want: { subjects: ['Anglais'] } },
  { query: "cours d'anglais à Yopougon", want: { subjects: ['Anglais'] } },
  { query: 'prof de physique a treichville', want: { subjects: ['Physique'], zone: 'treichville' } },
  { query: 'cours particulier de philosophie a abobo', want: { subjects: ['Philosophie'], zone: 'abobo' } },
  { query: 'yop informatique', want: { subjects: ['Informatique'], zone: 'yopougon' } },
  { query: 'treich allemand', want: { subjects: ['Allemand'], zone: 'treichville' } },
  { query: 'adjamé chimie', want: { subjects: ['Chimie'], zone: 'adjame' } },
  { query: 'biologie plateau', want: { subjects: ['Biologie'], zone: 'plateau' } },
  { query: 'svt abobo', want: { subjects: ['Biologie'], zone: 'abobo' } },
  { query: 'informatique à distance', want: { subjects: ['Informatique'], zone: 'distance' } },
  { query: 'cours de maths en ligne', want: { subjects: ['Mathématiques'], zone: 'distance' } },
  { query: "professeur d'espagnol à Marcory", want: { subjects: ['Espagnol'], zone: 'marcory' } },
  { query: 'cours à domicile physique cocody', want: { subjects: ['Physique'], zone: 'cocody' } },
  { query: 'profeseur de philo a treichvile', want: { subjects: ['Philosophie'], zone: 'treichville' } },
  // Subject, level and area together; a neighbourhood for its commune (Riviera is in Cocody).
  { query: 'anglais college marcory', want: { subjects: ['Anglais'], level: COLLEGE, zone: 'marcory' } },
  { query: 'maths 6eme riviera', want: { subjects: ['Mathématiques'], level: COLLEGE, zone: 'cocody' } },
  // A class and an area, no subject.
  { query: 'repetiteur primaire cocody', want: { level: 'Primaire', zone: 'cocody' } },
  { query: 'encadreur pour mon fils en cm1 a yopougon', want: { level: 'Primaire', zone: 'yopougon' } },
  // A tutor's name.
  { query: 'Kouassi', want: { name: 'kouassi' } },
  { query: 'mme traore', want: { name: 'traore' } },
  { query: 'Konan Gnagne', want: { name: 'konan gnagne' } },
  { query: 'monsieur bamba', want: { name: 'bamba' } },
];

/** The local seed catalogue (`size` tutors) as the snapshot holds it: completed profiles only. */
export function seedCatalogue(size?: number): TutorSummary[] {
  return seedTutors(size)
    .map(({ profile, tutorProfile }) => toTutorSummary(tutorProfile as TutorProfileItem, profile as ProfileItem))
    .filter((tutor): tutor is TutorSummary => tutor !== null);
}

/** Whether a tutor is what the parent wants, read from the tutor's own data. */
export function isWanted(tutor: TutorSummary, want: Want): boolean {
  if (want.subjects && !want.subjects.every((subject) => tutor.subjects.includes(subject))) return false;
  if (want.level && !tutor.levels.includes(want.level)) return false;
  if (want.zone && tutor.location !== want.zone) return false;
  if (want.name) {
    const names = foldText(tutorName(tutor)).split(/[^a-z0-9]+/);
    if (!want.name.split(' ').every((word) => names.includes(word))) return false;
  }
  return true;
}

export interface RelevanceOutcome {
  query: string;
  /** Names of the first three results. */
  top: string[];
  /** Names of the tutors that would be a right answer. */
  acceptable: string[];
  /** A right tutor is among the first three results. */
  hit: boolean;
}

export const TOP = 3;

/** Runs every query with the default filters (sorted by relevance) and judges its first three results. */
export function judgeRelevance(
  catalogue: readonly TutorSummary[],
  search: (filters: SearchFilters) => readonly TutorSummary[],
  cases: readonly RelevanceCase[] = RELEVANCE_CASES,
): RelevanceOutcome[] {
  return cases.map(({ query, want }) => {
    const top = search({ ...DEFAULT_FILTERS, query }).slice(0, TOP);
    return {
      query,
      top: top.map(tutorName),
      acceptable: catalogue.filter((tutor) => isWanted(tutor, want)).map(tutorName),
      hit: top.some((tutor) => isWanted(tutor, want)),
    };
  });
}

/** `relevance: 41/42 queries with a right tutor in the top 3 (97.6 %)` */
export function relevanceLine(outcomes: readonly RelevanceOutcome[]): string {
  const hits = outcomes.filter((outcome) => outcome.hit).length;
  const share = ((100 * hits) / outcomes.length).toFixed(1);
  return `relevance: ${hits}/${outcomes.length} queries with a right tutor in the top ${TOP} (${share} %)`;
}
