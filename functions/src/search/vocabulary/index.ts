/**
 * The vocabulary of tutor search, built once at module load from the data files of this folder:
 * which words carry no meaning, and which name a subject, a level, a series or a zone of the spec
 * (shared/src/constants.ts) the way parents write them, and the corrector of their typos. Keys are
 * folded (lower case, no accents) and written as their words separated by one space.
 */
import { SUBJECTS, ZONE_LABELS, ZONES, type Level, type Subject, type Zone } from '#shared/constants';
import { TypoCorrector } from '../typo-tolerance.js';
import { NAME_WORDS } from './names.js';
import { CHEAP_WORDS, CURRENCY_WORDS, MAX_WORDS, MIN_WORDS, PER_HOUR_WORDS } from './prices.js';
import { LEVEL_SYNONYMS, SERIES_TRIGGERS } from './school.js';
import { SUBJECT_SYNONYMS } from './subjects.js';
import { FILLER_WORDS, STOP_WORDS, wordsOf } from './words.js';
import { NEIGHBOURHOOD_TYPOS_FROM, NEIGHBOURHOODS, ZONE_SHORT_NAMES } from './zones.js';

export { FILLER_WORDS, STOP_WORDS, wordsOf } from './words.js';
export { NAME_WORDS } from './names.js';
export * from './prices.js';
export { SERIES, SERIES_TRIGGERS, type Series } from './school.js';
export { NEIGHBOURHOODS } from './zones.js';

const key = (text: string) => wordsOf(text).join(' ');

/** Every name of a subject: its name in the spec, then the synonyms. */
export const SUBJECT_WORDS: ReadonlyMap<string, readonly Subject[]> = new Map([
  ...SUBJECTS.map((subject) => [key(subject), [subject]] as const),
  ...Object.entries(SUBJECT_SYNONYMS),
]);

/** Every name of a level: classes, exams, higher education (the spec's labels, 'Collège (6e-3e)', are not typed). */
export const LEVEL_WORDS: ReadonlyMap<string, Level> = new Map(Object.entries(LEVEL_SYNONYMS));

/**
 * Every name of a zone: its id and label in the spec ('port bouet', 'cours a distance'), its short
 * names, then the neighbourhoods of the Abidjan district for their commune.
 */
export const ZONE_WORDS: ReadonlyMap<string, Zone> = new Map([
  ...ZONES.flatMap((zone) => [[key(zone), zone] as const, [key(ZONE_LABELS[zone]), zone] as const]),
  ...Object.entries(ZONE_SHORT_NAMES),
  ...Object.entries(NEIGHBOURHOODS),
]);

/** The most words a key of the tables above spans ('sciences de la vie et de la terre': 8). */
export const LONGEST_PHRASE = Math.max(
  ...[...SUBJECT_WORDS.keys(), ...LEVEL_WORDS.keys(), ...ZONE_WORDS.keys()].map((phrase) => phrase.split(' ').length),
);

/** The words of the price phrases: never taken for a typo of something else ('maxi', 'mille'). */
const PRICE_WORDS = new Set(
  [...CHEAP_WORDS, ...MAX_WORDS, ...MIN_WORDS, ...CURRENCY_WORDS, ...PER_HOUR_WORDS].flatMap((phrase) => phrase.split(' ')),
);

/**
 * The one-word entries the corrector may land on: subjects, levels, series words, zones (a
 * neighbourhood only from NEIGHBOURHOOD_TYPOS_FROM letters) and filler words. Typed words that
 * are names, stop words or price words are never corrected.
 */
export const CORRECTABLE_WORDS: readonly string[] = [
  ...SUBJECT_WORDS.keys(),
  ...LEVEL_WORDS.keys(),
  ...SERIES_TRIGGERS,
  ...[...ZONE_WORDS.keys()].filter(
    (word) => !(word in NEIGHBOURHOODS) || word.length >= NEIGHBOURHOOD_TYPOS_FROM,
  ),
  ...FILLER_WORDS,
].filter((word, index, all) => !word.includes(' ') && all.indexOf(word) === index);

const corrector = new TypoCorrector(CORRECTABLE_WORDS, new Set([...NAME_WORDS, ...STOP_WORDS, ...PRICE_WORDS]));

/** The vocabulary word a misspelt word stands for ('phisique' → 'physique'), or null. */
export function correctWord(word: string): string | null {
  return corrector.correct(word);
}
