/**
 * The relevance set of the tutor search (issue 33, point 5): queries typed the way parents type
 * them — subjects, classes, exams, series, higher education, prices, every commune of Abidjan and
 * the towns, neighbourhoods, names, their combinations, nonsense and one unknown word among
 * understood ones —, each with what a parent would accept near the top. What fits is read from the
 * catalogue's own data (the subjects, levels, zone, rate or name asked for), never from what the
 * search engine returns.
 *
 * The catalogue is the seed generator's first RELEVANCE_CATALOGUE_SIZE tutors (deterministic: the
 * same seed yields the same tutors on every machine). The 64 demo tutors cover only the first
 * eight areas (infra/local/seed/tutors.ts); the generator spreads the tutors beyond them over every
 * zone, so 200 gives 5 to 7 listed tutors in each new commune and town (Koumassi, Bingerville,
 * Bouaké, San-Pédro…), enough for a subject to be found there, and keeps the demo tutors the
 * earlier set was written on.
 *
 * Used by tests/unit/search-relevance.test.ts (every case asserted) and `npm run bench -- relevance`.
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

/**
 * What the parent is after: every criterion given must hold. `nothing`: no tutor fits, the right
 * answer is an empty one.
 */
export interface Want {
  /** All of these subjects. */
  subjects?: Subject[];
  /** At least one of these subjects (a series: 'terminale D' is maths, physics, chemistry or biology). */
  anySubject?: Subject[];
  level?: Level;
  zone?: Zone;
  /** Folded words of a first or last name, all required. */
  name?: string;
  /** Hourly rate bounds, FCFA, inclusive. */
  minRate?: number;
  maxRate?: number;
  nothing?: true;
}

export const RELEVANCE_GROUPS = [
  'subject',
  'class',
  'exam',
  'series',
  'higher education',
  'price',
  'zone',
  'neighbourhood',
  'name',
  'combination',
  'unknown word',
  'nonsense',
] as const;
export type RelevanceGroup = (typeof RELEVANCE_GROUPS)[number];

export interface RelevanceCase {
  query: string;
  want: Want;
  group: RelevanceGroup;
}

const PRIMAIRE: Level = 'Primaire';
const COLLEGE: Level = 'Collège (6e-3e)';
const LYCEE: Level = 'Lycée (2nde-Tle)';
const SUPERIEUR: Level = 'Supérieur';
const TECHNIQUE: Level = 'Formation technique';

/** The subjects of the baccalauréat's series a parent would accept a tutor of. */
const SERIES_A: Subject[] = ['Français', 'Philosophie', 'Anglais', 'Espagnol', 'Allemand'];
const SERIES_C: Subject[] = ['Mathématiques', 'Physique', 'Chimie'];
const SERIES_D: Subject[] = ['Mathématiques', 'Physique', 'Chimie', 'Biologie'];
/** 'pas cher': a parent accepts the lower part of the rates (2 000 – 10 000 FCFA in the catalogue). */
const CHEAP = 4_000;

const section = (group: RelevanceGroup, cases: Array<[query: string, want: Want]>): RelevanceCase[] =>
  cases.map(([query, want]) => ({ query, want, group }));

export const RELEVANCE_CASES: readonly RelevanceCase[] = [
  // A subject, as parents name it: abbreviations, no accents, typos.
  ...section('subject', [
    ['maths', { subjects: ['Mathématiques'] }],
    ['math', { subjects: ['Mathématiques'] }],
    ['mathematqiues', { subjects: ['Mathématiques'] }],
    ['mathématique', { subjects: ['Mathématiques'] }],
    ['phisique', { subjects: ['Physique'] }],
    ['cours de physique', { subjects: ['Physique'] }],
    ['physique chimie', { subjects: ['Physique', 'Chimie'] }],
    ['pc', { anySubject: ['Physique', 'Chimie'] }],
    ['chimi', { subjects: ['Chimie'] }],
    ['philo', { subjects: ['Philosophie'] }],
    ['philosphie', { subjects: ['Philosophie'] }],
    ['svt', { subjects: ['Biologie'] }],
    ['sciences de la vie et de la terre', { subjects: ['Biologie'] }],
    ['englais', { subjects: ['Anglais'] }],
    ['prof d espagnol', { subjects: ['Espagnol'] }],
    ['allmand', { subjects: ['Allemand'] }],
    ['histoire geo', { subjects: ['Histoire-Géographie'] }],
    ['hg', { subjects: ['Histoire-Géographie'] }],
    ['eco', { subjects: ['Économie'] }],
    ['economie', { subjects: ['Économie'] }],
    ['info', { subjects: ['Informatique'] }],
    ['informatque', { subjects: ['Informatique'] }],
    ['répétiteur de français', { subjects: ['Français'] }],
    ['francais', { subjects: ['Français'] }],
  ]),
  // A class, alone or with a subject (CP1 … Terminale as parents write them).
  ...section('class', [
    ['cp1', { level: PRIMAIRE }],
    ['répétiteur CM2', { level: PRIMAIRE }],
    ['francais cm2', { subjects: ['Français'], level: PRIMAIRE }],
    ['encadreur ce1 maths', { subjects: ['Mathématiques'], level: PRIMAIRE }],
    ['6ème', { level: COLLEGE }],
    ['maths 6eme', { subjects: ['Mathématiques'], level: COLLEGE }],
    ['anglais 4eme', { subjects: ['Anglais'], level: COLLEGE }],
    ['francais 5e', { subjects: ['Français'], level: COLLEGE }],
    ['svt 3e', { subjects: ['Biologie'], level: COLLEGE }],
    ['maths 3eme', { subjects: ['Mathématiques'], level: COLLEGE }],
    ['cours de soutien en maths pour ma fille en classe de 3eme', { subjects: ['Mathématiques'], level: COLLEGE }],
    ['2nde', { level: LYCEE }],
    ['physique 2nde', { subjects: ['Physique'], level: LYCEE }],
    ['espagnol seconde', { subjects: ['Espagnol'], level: LYCEE }],
    ['1ère chimie', { subjects: ['Chimie'], level: LYCEE }],
    ['terminale', { level: LYCEE }],
    ['philo terminale', { subjects: ['Philosophie'], level: LYCEE }],
    ['tle philo', { subjects: ['Philosophie'], level: LYCEE }],
    ['chimie terminale', { subjects: ['Chimie'], level: LYCEE }],
    ['cours de maths terminal', { subjects: ['Mathématiques'], level: LYCEE }],
    ['sciences physiques terminale', { subjects: ['Physique', 'Chimie'], level: LYCEE }],
    ['informatique formation technique', { subjects: ['Informatique'], level: TECHNIQUE }],
    ['anglais lycée technique', { subjects: ['Anglais'], level: TECHNIQUE }],
  ]),
  // The exams that close each cycle: CEPE (primary), BEPC (collège), BAC (lycée).
  ...section('exam', [
    ['CEPE', { level: PRIMAIRE }],
    ['préparation au cepe francais', { subjects: ['Français'], level: PRIMAIRE }],
    ['BEPC', { level: COLLEGE }],
    ['bepc francais', { subjects: ['Français'], level: COLLEGE }],
    ['bepc maths', { subjects: ['Mathématiques'], level: COLLEGE }],
    ['BAC', { level: LYCEE }],
    ['bac pc', { anySubject: ['Physique', 'Chimie'], level: LYCEE }],
    ['economie bac', { subjects: ['Économie'], level: LYCEE }],
    ['prépa bac philo', { subjects: ['Philosophie'], level: LYCEE }],
  ]),
  // The series of the baccalauréat: a tutor of one of the series' subjects, at the lycée.
  ...section('series', [
    ['bac série A', { anySubject: SERIES_A, level: LYCEE }],
    ['terminale A2', { anySubject: SERIES_A, level: LYCEE }],
    ['première D', { anySubject: SERIES_D, level: LYCEE }],
    ['tle D', { anySubject: SERIES_D, level: LYCEE }],
    ['bac D', { anySubject: SERIES_D, level: LYCEE }],
    ['terminale C', { anySubject: SERIES_C, level: LYCEE }],
    ['seconde C', { anySubject: SERIES_C, level: LYCEE }],
    ['maths terminale D', { subjects: ['Mathématiques'], level: LYCEE }],
    ['série C physique', { subjects: ['Physique'], level: LYCEE }],
    ['philo 1ère A', { subjects: ['Philosophie'], level: LYCEE }],
  ]),
  // Higher education ('BTS' and 'licence' are also degrees in the tutors' own education).
  ...section('higher education', [
    ['BTS', { level: SUPERIEUR }],
    ['bts informatique', { subjects: ['Informatique'], level: SUPERIEUR }],
    ['licence', { level: SUPERIEUR }],
    ['licence maths', { subjects: ['Mathématiques'], level: SUPERIEUR }],
    ['master economie', { subjects: ['Économie'], level: SUPERIEUR }],
    ['maths fac', { subjects: ['Mathématiques'], level: SUPERIEUR }],
    ['étudiant à la fac en anglais', { subjects: ['Anglais'], level: SUPERIEUR }],
    ['L1 chimie', { subjects: ['Chimie'], level: SUPERIEUR }],
    ['cours niveau universitaire physique', { subjects: ['Physique'], level: SUPERIEUR }],
  ]),
  // Prices: the most (or least) the parent will pay per hour.
  ...section('price', [
    ['moins de 4 000 F', { maxRate: 4_000 }],
    ['max 2500', { maxRate: 2_500 }],
    ['pas cher', { maxRate: CHEAP }],
    ['entre 3000 et 5000', { minRate: 3_000, maxRate: 5_000 }],
    ['à partir de 8000 F', { minRate: 8_000 }],
    ['maths moins de 4000', { subjects: ['Mathématiques'], maxRate: 4_000 }],
    ['anglais pas cher', { subjects: ['Anglais'], maxRate: CHEAP }],
    ['prof de physique max 3000 F', { subjects: ['Physique'], maxRate: 3_000 }],
    ['chimie 5000 F max', { subjects: ['Chimie'], maxRate: 5_000 }],
    ['espagnol budget 3000 fcfa', { subjects: ['Espagnol'], maxRate: 3_000 }],
    ['informatique entre 2000 et 4000 francs', { subjects: ['Informatique'], minRate: 2_000, maxRate: 4_000 }],
  ]),
  // Every commune of Abidjan, the towns and remote lessons, with accents or without, typos.
  ...section('zone', [
    ['svt abobo', { subjects: ['Biologie'], zone: 'abobo' }],
    ['cours particulier de philosophie a abobo', { subjects: ['Philosophie'], zone: 'abobo' }],
    ['adjamé chimie', { subjects: ['Chimie'], zone: 'adjame' }],
    ['anglais attécoubé', { subjects: ['Anglais'], zone: 'attecoube' }],
    ['maths attecoube', { subjects: ['Mathématiques'], zone: 'attecoube' }],
    ['prof de maths a cocody', { subjects: ['Mathématiques'], zone: 'cocody' }],
    ['cours à domicile physique cocody', { subjects: ['Physique'], zone: 'cocody' }],
    ['philo koumassi', { subjects: ['Philosophie'], zone: 'koumassi' }],
    ['repetiteur a koumasi', { zone: 'koumassi' }],
    // Nobody teaches maths in Koumassi, nor English in Yopougon: any tutor of the subject is right.
    ['prof de maths à Koumassi', { subjects: ['Mathématiques'] }],
    ["cours d'anglais à Yopougon", { subjects: ['Anglais'] }],
    ["professeur d'espagnol à Marcory", { subjects: ['Espagnol'], zone: 'marcory' }],
    ['biologie plateau', { subjects: ['Biologie'], zone: 'plateau' }],
    ['chimie port-bouët', { subjects: ['Chimie'], zone: 'port-bouet' }],
    ['port bouet francais', { subjects: ['Français'], zone: 'port-bouet' }],
    ['prof de physique a treichville', { subjects: ['Physique'], zone: 'treichville' }],
    ['treich allemand', { subjects: ['Allemand'], zone: 'treichville' }],
    ['profeseur de philo a treichvile', { subjects: ['Philosophie'], zone: 'treichville' }],
    ['yop informatique', { subjects: ['Informatique'], zone: 'yopougon' }],
    ['informatique yopougn', { subjects: ['Informatique'], zone: 'yopougon' }],
    ['philosophie bingerville', { subjects: ['Philosophie'], zone: 'bingerville' }],
    ['cours à domicile bingerville', { zone: 'bingerville' }],
    ['anglais anyama', { subjects: ['Anglais'], zone: 'anyama' }],
    ['maths songon', { subjects: ['Mathématiques'], zone: 'songon' }],
    ['chimie bouaké', { subjects: ['Chimie'], zone: 'bouake' }],
    ['repetiteur bouake', { zone: 'bouake' }],
    ['biologie yamoussoukro', { subjects: ['Biologie'], zone: 'yamoussoukro' }],
    ['yakro anglais', { subjects: ['Anglais'], zone: 'yamoussoukro' }],
    ['physique san pedro', { subjects: ['Physique'], zone: 'san-pedro' }],
    ['San-Pédro', { zone: 'san-pedro' }],
    ['philo daloa', { subjects: ['Philosophie'], zone: 'daloa' }],
    ['economie korhogo', { subjects: ['Économie'], zone: 'korhogo' }],
    ['informatique à Man', { subjects: ['Informatique'], zone: 'man' }],
    ['espagnol gagnoa', { subjects: ['Espagnol'], zone: 'gagnoa' }],
    ['informatique à distance', { subjects: ['Informatique'], zone: 'distance' }],
    ['cours de maths en ligne', { subjects: ['Mathématiques'], zone: 'distance' }],
  ]),
  // Neighbourhoods, for their commune.
  ...section('neighbourhood', [
    ['maths riviera', { subjects: ['Mathématiques'], zone: 'cocody' }],
    ['riviera 3 anglais', { subjects: ['Anglais'], zone: 'cocody' }],
    ['angré physique', { subjects: ['Physique'], zone: 'cocody' }],
    ['maths angre 8eme tranche', { subjects: ['Mathématiques'], zone: 'cocody' }],
    ['anglais deux plateaux', { subjects: ['Anglais'], zone: 'cocody' }],
    ['2 plateaux economie', { subjects: ['Économie'], zone: 'cocody' }],
    ['palmeraie chimie', { subjects: ['Chimie'], zone: 'cocody' }],
    ['blockhauss maths', { subjects: ['Mathématiques'], zone: 'cocody' }],
    ['niangon informatique', { subjects: ['Informatique'], zone: 'yopougon' }],
    ['selmer francais', { subjects: ['Français'], zone: 'yopougon' }],
    ['toits rouges physique', { subjects: ['Physique'], zone: 'yopougon' }],
    ['zone 4 espagnol', { subjects: ['Espagnol'], zone: 'marcory' }],
    ['biétry anglais', { subjects: ['Anglais'], zone: 'marcory' }],
    ['bietry', { zone: 'marcory' }],
    ['vridi chimie', { subjects: ['Chimie'], zone: 'port-bouet' }],
    ['gonzagueville', { zone: 'port-bouet' }],
    ['williamsville maths', { subjects: ['Mathématiques'], zone: 'adjame' }],
    ['pk18 histoire geo', { subjects: ['Histoire-Géographie'], zone: 'abobo' }],
    ['locodjro anglais', { subjects: ['Anglais'], zone: 'attecoube' }],
    ['grand campement', { zone: 'koumassi' }],
  ]),
  // Tutors' names: first, last, both, with titles and typos.
  ...section('name', [
    ['Kouassi', { name: 'kouassi' }],
    ['mme traore', { name: 'traore' }],
    ['Konan Gnagne', { name: 'konan gnagne' }],
    ['monsieur bamba', { name: 'bamba' }],
    ['Ouatara', { name: 'ouattara' }],
    ['coulibali', { name: 'coulibaly' }],
    ['Diabate', { name: 'diabate' }],
    ['fofana', { name: 'fofana' }],
    ['Aminata', { name: 'aminata' }],
    ['christel', { name: 'christelle' }],
    ['yanick kouadio', { name: 'yannick kouadio' }],
    ['mr soro', { name: 'soro' }],
    ['Salimata Kouamé', { name: 'salimata kouame' }],
    ['ismael dosso', { name: 'ismael dosso' }],
    ['desire kone', { name: 'desire kone' }],
    ['Tanoh', { name: 'tanoh' }],
  ]),
  // Several criteria together.
  ...section('combination', [
    ['anglais college marcory', { subjects: ['Anglais'], level: COLLEGE, zone: 'marcory' }],
    ['maths 6eme riviera', { subjects: ['Mathématiques'], level: COLLEGE, zone: 'cocody' }],
    ['repetiteur primaire cocody', { level: PRIMAIRE, zone: 'cocody' }],
    ['encadreur pour mon fils en cm1 a yopougon', { level: PRIMAIRE, zone: 'yopougon' }],
    ['college koumassi', { level: COLLEGE, zone: 'koumassi' }],
    ['terminale daloa', { level: LYCEE, zone: 'daloa' }],
    ['physique 2nde yopougon', { subjects: ['Physique'], level: LYCEE, zone: 'yopougon' }],
    ['bac philo abobo', { subjects: ['Philosophie'], level: LYCEE, zone: 'abobo' }],
    ['cm2 francais bingerville', { subjects: ['Français'], level: PRIMAIRE, zone: 'bingerville' }],
    ['terminale D bouaké', { anySubject: SERIES_D, level: LYCEE, zone: 'bouake' }],
    ['maths terminale cocody moins de 5000', { subjects: ['Mathématiques'], level: LYCEE, zone: 'cocody', maxRate: 5_000 }],
    ['bepc maths yopougon pas cher', { subjects: ['Mathématiques'], level: COLLEGE, zone: 'yopougon', maxRate: CHEAP }],
    ['chimie en ligne max 4000', { subjects: ['Chimie'], zone: 'distance', maxRate: 4_000 }],
    ['licence economie en ligne', { subjects: ['Économie'], level: SUPERIEUR, zone: 'distance' }],
    ['bts informatique plateau', { subjects: ['Informatique'], level: SUPERIEUR, zone: 'plateau' }],
    ['Kouassi maths', { name: 'kouassi', subjects: ['Mathématiques'] }],
    ['bamba anglais', { name: 'bamba', subjects: ['Anglais'] }],
    ['Mme Touré espagnol', { name: 'toure', subjects: ['Espagnol'] }],
    ['Konan cocody', { name: 'konan', zone: 'cocody' }],
  ]),
  // One word the search does not know among words it understands: the rest still answers.
  ...section('unknown word', [
    ['maths zorglub', { subjects: ['Mathématiques'] }],
    ['anglais xqzw cocody', { subjects: ['Anglais'], zone: 'cocody' }],
    ['physique plouf terminale', { subjects: ['Physique'], level: LYCEE }],
    ['kouassi zorglub', { name: 'kouassi' }],
    ['bac 2025 maths', { subjects: ['Mathématiques'], level: LYCEE }],
    ['cours de maths urgent pour demain', { subjects: ['Mathématiques'] }],
    ['svt avec un prof gentil', { subjects: ['Biologie'] }],
    ['chimie koumassi wxcv', { subjects: ['Chimie'], zone: 'koumassi' }],
  ]),
  // Nothing understood, nothing found: the right answer is none.
  ...section('nonsense', [
    ['zorglub', { nothing: true }],
    ['xqzw', { nothing: true }],
    ['zorglub xqzw', { nothing: true }],
    ['qsdfghjk', { nothing: true }],
    ['wxcv bnvc', { nothing: true }],
  ]),
];

/** The local seed catalogue (`size` tutors) as the snapshot holds it: completed profiles only. */
export function seedCatalogue(size?: number): TutorSummary[] {
  return seedTutors(size)
    .map(({ profile, tutorProfile }) => toTutorSummary(tutorProfile as TutorProfileItem, profile as ProfileItem))
    .filter((tutor): tutor is TutorSummary => tutor !== null);
}

/** Seed tutors the relevance set runs on (see the header: tutors in every zone). */
export const RELEVANCE_CATALOGUE_SIZE = 200;

export function relevanceCatalogue(): TutorSummary[] {
  return seedCatalogue(RELEVANCE_CATALOGUE_SIZE);
}

/** Whether a tutor is what the parent wants, read from the tutor's own data. */
export function isWanted(tutor: TutorSummary, want: Want): boolean {
  if (want.nothing) return false;
  if (want.subjects && !want.subjects.every((subject) => tutor.subjects.includes(subject))) return false;
  if (want.anySubject && !want.anySubject.some((subject) => tutor.subjects.includes(subject))) return false;
  if (want.level && !tutor.levels.includes(want.level)) return false;
  if (want.zone && tutor.location !== want.zone) return false;
  if (want.minRate !== undefined && (tutor.hourly_rate ?? 0) < want.minRate) return false;
  if (want.maxRate !== undefined && (tutor.hourly_rate ?? Infinity) > want.maxRate) return false;
  if (want.name) {
    const names = foldText(tutorName(tutor)).split(/[^a-z0-9]+/);
    if (!want.name.split(' ').every((word) => names.includes(word))) return false;
  }
  return true;
}

export const TOP = 3;

export interface RelevanceOutcome {
  query: string;
  group: RelevanceGroup;
  /** Names of the first three results. */
  top: string[];
  /** How many tutors of the catalogue fit. */
  fitting: number;
  /** A fitting tutor first (for `nothing`: an empty answer). */
  hit1: boolean;
  /** A fitting tutor in the first three (for `nothing`: an empty answer). */
  hit3: boolean;
  /** Share of the first three that fit, out of min(3, tutors that fit); for `nothing`: 1 when empty. */
  precision3: number;
}

/** Runs every query with the default filters (sorted by relevance) and judges its first three results. */
export function judgeRelevance(
  catalogue: readonly TutorSummary[],
  search: (filters: SearchFilters) => readonly TutorSummary[],
  cases: readonly RelevanceCase[] = RELEVANCE_CASES,
): RelevanceOutcome[] {
  return cases.map(({ query, want, group }) => {
    const top = search({ ...DEFAULT_FILTERS, query }).slice(0, TOP);
    const fitting = catalogue.filter((tutor) => isWanted(tutor, want)).length;
    const right = top.map((tutor) => isWanted(tutor, want));
    const hit1 = want.nothing ? top.length === 0 : right[0] === true;
    const hit3 = want.nothing ? top.length === 0 : right.includes(true);
    const precision3 = want.nothing
      ? Number(top.length === 0)
      : fitting
        ? right.filter(Boolean).length / Math.min(TOP, fitting)
        : 0;
    return { query, group, top: top.map(tutorName), fitting, hit1, hit3, precision3 };
  });
}

export interface RelevanceFigures {
  queries: number;
  hit1: number;
  hit3: number;
  precision3: number;
}

/** The means over the outcomes (each a share from 0 to 1). */
export function relevanceFigures(outcomes: readonly RelevanceOutcome[]): RelevanceFigures {
  const mean = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0);
  return {
    queries: outcomes.length,
    hit1: mean(outcomes.map((o) => Number(o.hit1))),
    hit3: mean(outcomes.map((o) => Number(o.hit3))),
    precision3: mean(outcomes.map((o) => o.precision3)),
  };
}

/** `relevance: hit@1 0.93 · hit@3 0.98 · precision@3 0.91 (150 queries, catalogue of 188 tutors)` */
export function relevanceLine(outcomes: readonly RelevanceOutcome[], catalogueSize: number): string {
  const { queries, hit1, hit3, precision3 } = relevanceFigures(outcomes);
  return `relevance: hit@1 ${hit1.toFixed(2)} · hit@3 ${hit3.toFixed(2)} · precision@3 ${precision3.toFixed(2)} (${queries} queries, catalogue of ${catalogueSize} tutors)`;
}
