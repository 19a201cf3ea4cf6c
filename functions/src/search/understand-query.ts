/**
 * Reads a search text the way parents write it ('prof de maths a cocody', 'svt 3e', 'bac pc',
 * 'mathematqiues'): drops stop and filler words, turns the names of subjects into the spec's
 * subjects, and the names of levels and zones into filters; what is left goes to full text.
 * Pure: no index, no I/O.
 */
import type { Level, Subject, Zone } from '#shared/constants';
import type { UnderstandingChip } from '#shared/search';
import {
  FILLER_WORDS,
  LEVEL_WORDS,
  LONGEST_PHRASE,
  STOP_WORDS,
  SUBJECT_WORDS,
  ZONE_WORDS,
  wordsOf,
} from './query-vocabulary.js';
import { typoBudget, withinEdits } from './typo-tolerance.js';

export interface UnderstoodQuery {
  /** Subjects named, in order; each entry lists the subjects any of which will do ('pc'). */
  subjects: Subject[][];
  /** The first zone named, if any (one zone per search). */
  location: Zone | null;
  /** The first level named, if any (one level per search). */
  level: Level | null;
  /** The other words, folded, for the full-text search (names, anything not understood). */
  words: string[];
  /** Rate bounds read in the text ('moins de 4 000 F', 'max 2500', 'pas cher'), FCFA per hour. */
  minRate: number | null;
  maxRate: number | null;
  /** What the results screen shows as removable chips, in the order of the text. */
  chips: UnderstandingChip[];
}

type Meaning =
  | { kind: 'subjects'; subjects: readonly Subject[] }
  | { kind: 'level'; level: Level }
  | { kind: 'zone'; zone: Zone }
  | { kind: 'filler' };

/** The meaning of a word or phrase written exactly as the vocabulary writes it. */
function exactMeaning(phrase: string): Meaning | null {
  const subjects = SUBJECT_WORDS.get(phrase);
  if (subjects) return { kind: 'subjects', subjects };
  const level = LEVEL_WORDS.get(phrase);
  if (level) return { kind: 'level', level };
  const zone = ZONE_WORDS.get(phrase);
  if (zone) return { kind: 'zone', zone };
  if (FILLER_WORDS.has(phrase)) return { kind: 'filler' };
  return null;
}

/** The one-word entries of the vocabulary, tried against a misspelt word. */
const SINGLE_WORDS: ReadonlyArray<readonly [string, Meaning]> = [
  ...SUBJECT_WORDS.keys(),
  ...LEVEL_WORDS.keys(),
  ...ZONE_WORDS.keys(),
  ...FILLER_WORDS,
]
  .filter((word) => !word.includes(' '))
  .map((word) => [word, exactMeaning(word)!] as const);

/** The meaning of a misspelt word ('phisique', 'yopougn', 'terminal'): the nearest entry within its typo budget. */
export function typoMeaning(word: string): Meaning | null {
  const budget = typoBudget(word);
  for (let edits = 1; edits <= budget; edits += 1) {
    const entry = SINGLE_WORDS.find(([known]) => withinEdits(word, known, edits));
    if (entry) return entry[1];
  }
  return null;
}

/** The longest phrase of the vocabulary starting at `start` ('sciences de la vie et de la terre'), if any. */
function phraseAt(words: readonly string[], start: number): { length: number; meaning: Meaning } | null {
  for (let length = Math.min(LONGEST_PHRASE, words.length - start); length >= 2; length -= 1) {
    const meaning = exactMeaning(words.slice(start, start + length).join(' '));
    if (meaning) return { length, meaning };
  }
  return null;
}

/** The meaning of one word: none for stop words and single letters (the "d" of "d'anglais"). */
function wordMeaning(word: string): Meaning | null {
  if (word.length < 2 || STOP_WORDS.has(word)) return { kind: 'filler' };
  return exactMeaning(word) ?? typoMeaning(word);
}

const sameSubjects = (a: readonly Subject[], b: readonly Subject[]) =>
  a.length === b.length && a.every((subject) => b.includes(subject));

export function understandQuery(text: string): UnderstoodQuery {
  const understood: UnderstoodQuery = { subjects: [], location: null, level: null, words: [], minRate: null, maxRate: null, chips: [] };
  const words = wordsOf(text);
  for (let i = 0; i < words.length; ) {
    const phrase = phraseAt(words, i);
    const meaning = phrase?.meaning ?? wordMeaning(words[i]!);
    if (!meaning) understood.words.push(words[i]!);
    else if (meaning.kind === 'subjects') {
      if (!understood.subjects.some((named) => sameSubjects(named, meaning.subjects))) {
        understood.subjects.push([...meaning.subjects]);
      }
    } else if (meaning.kind === 'level') understood.level ??= meaning.level;
    else if (meaning.kind === 'zone') understood.location ??= meaning.zone;
    i += phrase?.length ?? 1;
  }
  return understood;
}
