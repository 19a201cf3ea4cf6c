/**
 * Reads a search text the way parents write it ('prof de maths a cocody', 'svt 3e', 'bac pc',
 * 'terminale D à Riviera moins de 4 000 F', 'mathematqiues'): drops stop and filler words, turns
 * the names of subjects and series into the spec's subjects, the names of levels, zones and
 * neighbourhoods into filters, price words into rate bounds; what is left goes to full text. Each
 * meaning becomes a chip the parent can remove. Pure: no index, no I/O; the tables are built at
 * module load (./vocabulary), so a text costs a few map look-ups per word.
 */
import { RATE_MAX, RATE_MIN, type Level, type Subject, type Zone } from '#shared/constants';
import { foldText, rateLabel, zoneLabel, type UnderstandingChip } from '#shared/search';
import {
  CHEAP_MAX_RATE,
  CHEAP_WORDS,
  correctWord,
  CURRENCY_WORDS,
  FILLER_WORDS,
  LEVEL_WORDS,
  LONGEST_PHRASE,
  LONGEST_PRICE_PHRASE,
  MAX_WORDS,
  MIN_BARE_AMOUNT,
  MIN_WORDS,
  PER_HOUR_WORDS,
  SERIES,
  SERIES_TRIGGERS,
  STOP_WORDS,
  SUBJECT_WORDS,
  THOUSAND_WORDS,
  TRAILING_MAX_WORDS,
  TRAILING_MIN_WORDS,
  ZONE_WORDS,
  type Series,
} from './vocabulary/index.js';

export interface UnderstoodQuery {
  /** Subjects named, in order; each entry lists the subjects any of which will do ('pc', 'série D'). */
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

/** A word of the text: folded, and where it stands in the parent's original text. */
export interface Token {
  word: string;
  start: number;
  end: number;
}

const isWordChar = (char: string) => (char >= 'a' && char <= 'z') || (char >= '0' && char <= '9');

/**
 * The folded words of a text with their place in it — the same words as `wordsOf` — so that a
 * chip can take its own words out of what the parent typed. Accents and case are folded one
 * character at a time (a combining accent continues its word).
 */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let word = '';
  let start = -1;
  let end = -1;
  for (let i = 0; i < text.length; ) {
    const code = text.codePointAt(i)!;
    const size = code > 0xffff ? 2 : 1;
    const folded = code < 128 ? text[i]!.toLowerCase() : foldText(text.slice(i, i + size));
    for (const char of folded) {
      if (isWordChar(char)) {
        if (start < 0) start = i;
        word += char;
        end = i + size;
      } else if (word) {
        tokens.push({ word, start, end });
        word = '';
        start = -1;
      }
    }
    if (!folded && word) end = i + size; // a combining accent of an NFD text
    i += size;
  }
  if (word) tokens.push({ word, start, end });
  return tokens;
}

type Meaning =
  | { kind: 'subjects'; subjects: readonly Subject[] }
  | { kind: 'level'; level: Level }
  | { kind: 'zone'; zone: Zone }
  | { kind: 'filler' };

/** What one reading of the text claims: a meaning over a run of words [first, last]. */
type Claim = { first: number; last: number; extraStart?: number } & (
  | Meaning
  | { kind: 'series'; series: Series }
  | { kind: 'rate'; min: number | null; max: number | null }
  | { kind: 'word' }
);

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

/** The meaning of one word: none for stop words and single letters (the "d" of "d'anglais"); typos corrected. */
function wordMeaning(word: string): Meaning | null {
  if (word.length < 2 || STOP_WORDS.has(word)) return { kind: 'filler' };
  const exact = exactMeaning(word);
  if (exact) return exact;
  const corrected = correctWord(word);
  return corrected === null ? null : exactMeaning(corrected);
}

/** Whether a word is, or is a typo of, a word after which a letter is a series ('terminal' D). */
const isSeriesTrigger = (word: string) => SERIES_TRIGGERS.has(word) || SERIES_TRIGGERS.has(correctWord(word) ?? '');

const APOSTROPHES = /^['’`ʼ]/;
const NUMBER_GAP = /^[ \u00a0\u202f.]$/;
const AMOUNT = /^(\d+)(k|f|fcfa|cfa|fr|frs|franc|francs|xof)?$/;
const THOUSANDS = /^(\d{3})(k|f|fcfa|cfa|fr|frs|franc|francs|xof)?$/;

const clampRate = (rate: number) => Math.min(RATE_MAX, Math.max(RATE_MIN, rate));

/** Reads one text: `understandQuery` below is its only user. */
class Reading {
  readonly tokens: Token[];
  readonly taken: boolean[];
  readonly claims: Claim[] = [];

  constructor(readonly text: string) {
    this.tokens = tokenize(text);
    this.taken = this.tokens.map(() => false);
  }

  word(index: number): string | undefined {
    return this.tokens[index]?.word;
  }

  /** The text between two neighbouring words. */
  gap(before: number, after: number): string {
    return this.text.slice(before < 0 ? 0 : this.tokens[before]!.end, this.tokens[after]?.start ?? this.text.length);
  }

  claim(claim: Claim): void {
    for (let i = claim.first; i <= claim.last; i += 1) this.taken[i] = true;
    this.claims.push(claim);
  }

  free(first: number, length: number): boolean {
    if (first + length > this.tokens.length) return false;
    for (let i = first; i < first + length; i += 1) if (this.taken[i]) return false;
    return true;
  }

  /** The number of words of the longest phrase of `set` starting at `start` among the free words, or 0. */
  phraseIn(set: ReadonlySet<string>, start: number, longest = LONGEST_PRICE_PHRASE): number {
    for (let length = Math.min(longest, this.tokens.length - start); length >= 1; length -= 1) {
      if (!this.free(start, length)) continue;
      let phrase = this.tokens[start]!.word;
      for (let i = start + 1; i < start + length; i += 1) phrase += ` ${this.tokens[i]!.word}`;
      if (set.has(phrase)) return length;
    }
    return 0;
  }

  /**
   * An amount starting at word `start`: '4000', '4 000', '4.000', '4k', '4 k', '5 mille', then its
   * currency and 'par heure' ('3 000 F CFA/h'). `explicit` when it was written as money (a
   * currency or thousands), which makes it a price even without a price word.
   */
  amountAt(start: number): { value: number; next: number; explicit: boolean } | null {
    if (!this.free(start, 1)) return null;
    const match = AMOUNT.exec(this.tokens[start]!.word);
    if (!match) return null;
    let digits = match[1]!;
    let suffix = match[2];
    let next = start + 1;
    if (!suffix && digits.length <= 3) {
      while (next < this.tokens.length && this.free(next, 1) && NUMBER_GAP.test(this.gap(next - 1, next))) {
        const group = THOUSANDS.exec(this.tokens[next]!.word);
        if (!group) break;
        digits += group[1];
        suffix = group[2];
        next += 1;
        if (suffix) break;
      }
    }
    let value = Number(digits);
    let explicit = suffix !== undefined;
    if (suffix === 'k') value *= 1000;
    else if (!suffix) {
      const thousands = this.phraseIn(THOUSAND_WORDS, next, 1);
      if (thousands) {
        value *= 1000;
        explicit = true;
        next += thousands;
      }
    }
    if (suffix === undefined || suffix === 'k') {
      const currency = this.phraseIn(CURRENCY_WORDS, next);
      if (currency) {
        explicit = true;
        next += currency;
      }
    }
    if (explicit) next += this.phraseIn(PER_HOUR_WORDS, next);
    return { value, next, explicit };
  }

  /** A bound after a price word: an amount written as money, or a number large enough to be one. */
  priceAt(start: number): { value: number; next: number } | null {
    const amount = this.amountAt(start);
    return amount && (amount.explicit || amount.value >= MIN_BARE_AMOUNT) ? amount : null;
  }

  rate(first: number, next: number, min: number | null, max: number | null, extraStart?: number): number {
    this.claim({ kind: 'rate', first, last: next - 1, min: min === null ? null : clampRate(min), max: max === null ? null : clampRate(max), extraStart });
    return next;
  }

  /** The price phrase starting at word `i`, claimed; the index after it, or `i` when there is none. */
  readPrice(i: number): number {
    const cheap = this.phraseIn(CHEAP_WORDS, i);
    if (cheap) return this.rate(i, i + cheap, null, CHEAP_MAX_RATE);
    for (const [words, bound] of [
      [MAX_WORDS, 'max'],
      [MIN_WORDS, 'min'],
    ] as const) {
      const length = this.phraseIn(words, i);
      const price = length ? this.priceAt(i + length) : null;
      if (price) return bound === 'max' ? this.rate(i, price.next, null, price.value) : this.rate(i, price.next, price.value, null);
    }
    // 'entre 2000 et 4000', 'de 2 000 à 4 000 F'
    const opening = this.word(i);
    if (opening === 'entre' || opening === 'de') {
      const low = this.priceAt(i + 1);
      const joint = low ? this.word(low.next) : undefined;
      const high = low && (joint === 'a' || (opening === 'entre' && joint === 'et')) ? this.priceAt(low.next + 1) : null;
      if (low && high) return this.rate(i, high.next, Math.min(low.value, high.value), Math.max(low.value, high.value));
    }
    const amount = this.amountAt(i);
    if (!amount) return i;
    // '2 000 à 4 000 F', '2000-4000 FCFA': a range with no price word must show its currency.
    const joint = this.word(amount.next) === 'a' ? amount.next + 1 : amount.next < this.tokens.length && this.gap(amount.next - 1, amount.next).trim() === '-' ? amount.next : -1;
    const high = joint > 0 ? this.amountAt(joint) : null;
    if (high && (amount.explicit || high.explicit)) {
      return this.rate(i, high.next, Math.min(amount.value, high.value), Math.max(amount.value, high.value));
    }
    // '≤ 4000', '< 4 000 F', '> 2000'
    const before = this.gap(i - 1, i);
    const sign = /[<≤]/.test(before) ? 'max' : /[>≥]/.test(before) ? 'min' : null;
    const signStart = sign ? (i > 0 ? this.tokens[i - 1]!.end : 0) + before.search(/[<≤>≥]/) : undefined;
    if (sign && (amount.explicit || amount.value >= MIN_BARE_AMOUNT)) {
      return sign === 'max' ? this.rate(i, amount.next, null, amount.value, signStart) : this.rate(i, amount.next, amount.value, null, signStart);
    }
    // '3000 F max', '2 000 FCFA minimum', '2500 max'
    if (amount.explicit || amount.value >= MIN_BARE_AMOUNT) {
      const most = this.phraseIn(TRAILING_MAX_WORDS, amount.next);
      if (most) return this.rate(i, amount.next + most, null, amount.value);
      const least = this.phraseIn(TRAILING_MIN_WORDS, amount.next);
      if (least) return this.rate(i, amount.next + least, amount.value, null);
    }
    // '3000 F' alone: a budget, the most the parent will pay.
    if (amount.explicit) return this.rate(i, amount.next, null, amount.value);
    return i;
  }

  readPrices(): void {
    for (let i = 0; i < this.tokens.length; ) {
      const next = this.taken[i] ? i + 1 : this.readPrice(i);
      i = next > i ? next : i + 1;
    }
  }

  /**
   * The series: 'série D', 'bac A1', 'terminale C', 'tle serie D', 'première A'. A letter is a
   * series only after one of SERIES_TRIGGERS; not when an apostrophe follows it ("bac d'anglais");
   * and 'a' only when written 'A', after 'série', or last in the text ('bac à Cocody' is a place).
   */
  readSeries(): void {
    for (let i = 0; i < this.tokens.length; i += 1) {
      if (this.taken[i] || !isSeriesTrigger(this.tokens[i]!.word)) continue;
      let letter = i + 1;
      while (letter < this.tokens.length && !this.taken[letter] && isSeriesTrigger(this.tokens[letter]!.word)) letter += 1;
      const token = this.tokens[letter];
      const series = token && !this.taken[letter] ? SERIES[token.word] : undefined;
      if (!series || APOSTROPHES.test(this.text.slice(token!.end))) continue;
      if (token!.word === 'a') {
        const typed = this.text.slice(token!.start, token!.end);
        const afterSerie = ['serie', 'series'].includes(this.tokens[letter - 1]!.word);
        if (!(typed === 'A' || afterSerie || (letter === this.tokens.length - 1 && typed === 'a'))) continue;
      }
      this.claim({ kind: 'series', series, first: i, last: letter });
      i = letter;
    }
  }

  /** The longest phrase of the vocabulary starting at word `start` ('sciences de la vie et de la terre'). */
  phraseAt(start: number): { length: number; meaning: Meaning } | null {
    for (let length = Math.min(LONGEST_PHRASE, this.tokens.length - start); length >= 2; length -= 1) {
      if (!this.free(start, length)) continue;
      let phrase = this.tokens[start]!.word;
      for (let i = start + 1; i < start + length; i += 1) phrase += ` ${this.tokens[i]!.word}`;
      const meaning = exactMeaning(phrase);
      if (meaning) return { length, meaning };
    }
    return null;
  }

  readVocabulary(): void {
    for (let i = 0; i < this.tokens.length; ) {
      if (this.taken[i]) {
        i += 1;
        continue;
      }
      const phrase = this.phraseAt(i);
      const length = phrase?.length ?? 1;
      const meaning = phrase?.meaning ?? wordMeaning(this.tokens[i]!.word);
      this.claim(meaning ? { ...meaning, first: i, last: i + length - 1 } : { kind: 'word', first: i, last: i });
      i += length;
    }
  }
}

/** Small words a chip takes away with its own when they stand right before it ('à Cocody', 'de maths', 'en 3e'). */
const LEADING_WORDS: Partial<Record<UnderstandingChip['kind'], ReadonlySet<string>>> = {
  subject: new Set(['de', 'du', 'des', 'd', 'en']),
  location: new Set(['a', 'au', 'aux', 'en', 'vers', 'sur', 'dans']),
  level: new Set(['de', 'du', 'd', 'en']),
};

const sameSubjects = (a: readonly Subject[], b: readonly Subject[]) =>
  a.length === b.length && a.every((subject) => b.includes(subject));

/** 'Mathématiques', 'Physique ou Chimie', 'Anglais, Espagnol ou Allemand'. */
const subjectsLabel = (subjects: readonly Subject[]) =>
  subjects.length > 1 ? `${subjects.slice(0, -1).join(', ')} ou ${subjects.at(-1)}` : subjects[0]!;

export function understandQuery(text: string): UnderstoodQuery {
  const reading = new Reading(text);
  reading.readPrices();
  reading.readSeries();
  reading.readVocabulary();
  const { tokens, claims } = reading;
  claims.sort((a, b) => a.first - b.first);

  const understood: UnderstoodQuery = { subjects: [], location: null, level: null, words: [], minRate: null, maxRate: null, chips: [] };
  /** The chips being built: their kind and label, and the character spans of the text they stand for. */
  const chips: Array<{ kind: UnderstandingChip['kind']; label: string; spans: Array<[number, number]>; firstToken: number }> = [];
  const chipOf = (kind: UnderstandingChip['kind'], label: string, claim: Claim) => {
    const chip = { kind, label, spans: [[claim.extraStart ?? tokens[claim.first]!.start, tokens[claim.last]!.end]] as Array<[number, number]>, firstToken: claim.first };
    chips.push(chip);
    return chip;
  };
  // One chip per subject entry: a subject named again ('maths mathématiques') joins its chip.
  const subjectChips: Array<{ subjects: readonly Subject[]; chip: ReturnType<typeof chipOf> }> = [];
  const addSubjects = (subjects: readonly Subject[], label: string, claim: Claim) => {
    const named = subjectChips.find((entry) => sameSubjects(entry.subjects, subjects));
    if (named) named.chip.spans.push([tokens[claim.first]!.start, tokens[claim.last]!.end]);
    else {
      understood.subjects.push([...subjects]);
      subjectChips.push({ subjects, chip: chipOf('subject', label, claim) });
    }
  };
  let rateChip: ReturnType<typeof chipOf> | null = null;

  for (const claim of claims) {
    switch (claim.kind) {
      case 'subjects':
        addSubjects(claim.subjects, subjectsLabel(claim.subjects), claim);
        break;
      case 'series':
        // One chip per meaning: 'terminale D' gives a level chip and a subject chip, and the ✕ of
        // either takes the whole phrase away (without 'terminale' the 'D' means nothing).
        if (understood.level === null) {
          understood.level = claim.series.level;
          chipOf('level', claim.series.level, claim);
        }
        addSubjects(claim.series.subjects, claim.series.label, claim);
        break;
      case 'level':
        if (understood.level === null) {
          understood.level = claim.level;
          chipOf('level', claim.level, claim);
        }
        break;
      case 'zone':
        if (understood.location === null) {
          understood.location = claim.zone;
          chipOf('location', zoneLabel(claim.zone)!, claim);
        }
        break;
      case 'rate':
        // Several price words make one range: 'plus de 2000 et moins de 5000'; the tighter bound wins.
        if (claim.min !== null) understood.minRate = Math.max(understood.minRate ?? RATE_MIN, claim.min);
        if (claim.max !== null) understood.maxRate = Math.min(understood.maxRate ?? RATE_MAX, claim.max);
        if (rateChip) rateChip.spans.push([claim.extraStart ?? tokens[claim.first]!.start, tokens[claim.last]!.end]);
        else rateChip = chipOf('rate', '', claim);
        break;
      case 'word':
        understood.words.push(tokens[claim.first]!.word);
        chipOf('word', text.slice(tokens[claim.first]!.start, tokens[claim.last]!.end), claim);
        break;
      case 'filler':
        break;
    }
  }
  if (understood.minRate !== null && understood.maxRate !== null && understood.minRate > understood.maxRate) {
    [understood.minRate, understood.maxRate] = [understood.maxRate, understood.minRate];
  }
  if (rateChip) rateChip.label = rateLabel(understood.minRate, understood.maxRate)!;

  // The words no chip holds (stop and filler words) that a chip takes with it when they stand
  // right before it: an elided "d'" or "l'", and 'à', 'de', 'en' (LEADING_WORDS).
  const held = new Set<number>();
  for (const claim of claims) if (claim.kind !== 'filler') for (let i = claim.first; i <= claim.last; i += 1) held.add(i);
  const tokenAt = new Map(tokens.map((token, index) => [token.start, index]));
  const takeBefore = (chip: (typeof chips)[number], accept: (before: number) => boolean) => {
    const first = tokenAt.get(chip.spans[0]![0]);
    const before = first === undefined ? -1 : first - 1;
    if (before < 0 || held.has(before) || !accept(before)) return false;
    chip.spans[0]![0] = tokens[before]!.start;
    held.add(before);
    return true;
  };
  for (const chip of chips) {
    // "d'anglais", "N'Dri", "l'anglais": the elided letter goes with its word (and a name's chip shows it).
    const elided = takeBefore(chip, (before) => tokens[before]!.word.length === 1 && APOSTROPHES.test(reading.gap(before, before + 1)));
    if (elided && chip.kind === 'word') chip.label = text.slice(chip.spans[0]![0], chip.spans[0]![1]);
    const leading = LEADING_WORDS[chip.kind];
    if (leading) takeBefore(chip, (before) => leading.has(tokens[before]!.word));
  }
  understood.chips = chips
    .sort((a, b) => a.firstToken - b.firstToken)
    .map(({ kind, label, spans }) => ({ kind, label, without: without(text, spans) }));
  return understood;
}

/** The text with the spans taken out, whitespace collapsed. */
function without(text: string, spans: ReadonlyArray<readonly [number, number]>): string {
  let kept = '';
  let from = 0;
  for (const [start, end] of [...spans].sort((a, b) => a[0] - b[0])) {
    if (start > from) kept += `${text.slice(from, start)} `;
    from = Math.max(from, end);
  }
  kept += text.slice(from);
  return kept.replace(/\s+/g, ' ').trim();
}
