/**
 * How many typos a searched word may carry: none under 5 letters (too many false hits), one in
 * words of 5 or 6 letters, two from 7 ('mathematqiues', 'philosphie', 'phisiqe'). The same budget
 * serves the full-text index and the recognition of subject, level and zone words.
 */
export const ONE_TYPO_FROM = 5;
export const TWO_TYPOS_FROM = 7;

export function typoBudget(word: string): number {
  if (word.length >= TWO_TYPOS_FROM) return 2;
  if (word.length >= ONE_TYPO_FROM) return 1;
  return 0;
}

/**
 * The number of edits from `typed` to `known` if it is at most `max`, else `max + 1`: insertions,
 * deletions, substitutions and swaps of two neighbouring letters ('mathematqiues' is one swap
 * from 'mathematiques'). Optimal string alignment distance, stopped as soon as a row exceeds `max`.
 */
export function editsWithin(typed: string, known: string, max: number): number {
  if (typed === known) return 0;
  if (Math.abs(typed.length - known.length) > max || max === 0) return max + 1;
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: known.length + 1 }, (_, j) => j);
  for (let i = 1; i <= typed.length; i += 1) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= known.length; j += 1) {
      const cost = typed[i - 1] === known[j - 1] ? 0 : 1;
      let distance = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && typed[i - 1] === known[j - 2] && typed[i - 2] === known[j - 1]) {
        distance = Math.min(distance, beforePrevious[j - 2]! + 1);
      }
      current.push(distance);
      rowMin = Math.min(rowMin, distance);
    }
    if (rowMin > max) return max + 1;
    beforePrevious = previous;
    previous = current;
  }
  return Math.min(previous[known.length]!, max + 1);
}

/** Whether `typed` is at most `max` edits away from `known`. */
export function withinEdits(typed: string, known: string, max: number): boolean {
  return editsWithin(typed, known, max) <= max;
}

const LETTERS = 36; // a–z and 0–9: the alphabet of folded words

function letterCounts(word: string): Uint8Array {
  const counts = new Uint8Array(LETTERS);
  for (let i = 0; i < word.length; i += 1) {
    const code = word.charCodeAt(i);
    counts[code >= 97 ? code - 97 : code - 48 + 26]! += 1;
  }
  return counts;
}

/**
 * Fewest edits two words can be apart judging by their letters alone (a swap keeps the letters;
 * a substitution changes one on each side): a cheap bound that skips most of the vocabulary
 * before the edit distance is computed.
 */
function letterBound(a: Uint8Array, b: Uint8Array): number {
  let missing = 0;
  let extra = 0;
  for (let i = 0; i < LETTERS; i += 1) {
    const difference = a[i]! - b[i]!;
    if (difference > 0) extra += difference;
    else missing -= difference;
  }
  return Math.max(missing, extra);
}

/**
 * Finds the vocabulary word nearest to a misspelt word within its typo budget. The words are
 * bucketed by length, so a word is compared only with those its budget can reach, and each
 * comparison starts with the letter bound. Answers are memoised (bounded): parents repeat words.
 */
export class TypoCorrector {
  readonly #byLength = new Map<number, Array<{ word: string; letters: Uint8Array }>>();
  readonly #protected: ReadonlySet<string>;
  readonly #memo = new Map<string, string | null>();
  static readonly MEMO_MAX = 20_000;

  /**
   * `words`: the correctable vocabulary (folded single words; when two are as near, the shorter,
   * then the first given, wins); `protectedWords`: typed words never corrected (names).
   */
  constructor(words: Iterable<string>, protectedWords: ReadonlySet<string> = new Set()) {
    this.#protected = protectedWords;
    for (const word of words) {
      if (!/^[a-z0-9]+$/.test(word)) continue;
      const bucket = this.#byLength.get(word.length) ?? [];
      bucket.push({ word, letters: letterCounts(word) });
      this.#byLength.set(word.length, bucket);
    }
  }

  /** The nearest known word within the typo budget of `typed`, or null (numbers and protected words: always null). */
  correct(typed: string): string | null {
    const budget = typoBudget(typed);
    if (budget === 0 || this.#protected.has(typed) || /^[0-9]+$/.test(typed) || !/^[a-z0-9]+$/.test(typed)) return null;
    const known = this.#memo.get(typed);
    if (known !== undefined) return known;
    const letters = letterCounts(typed);
    let best: string | null = null;
    let bestEdits = budget + 1;
    for (let length = typed.length - budget; length <= typed.length + budget; length += 1) {
      for (const entry of this.#byLength.get(length) ?? []) {
        const bound = letterBound(letters, entry.letters);
        if (bound >= bestEdits) continue;
        const edits = editsWithin(typed, entry.word, bestEdits - 1);
        if (edits < bestEdits) {
          best = entry.word;
          bestEdits = edits;
        }
      }
    }
    if (this.#memo.size >= TypoCorrector.MEMO_MAX) this.#memo.clear();
    this.#memo.set(typed, best);
    return best;
  }
}
