/**
 * The full-text index of the catalogue, in typed arrays (issue 33: a text never asked before must
 * answer in a few milliseconds at 100 000 tutors, and every common word — 'lycée', 'élève', a
 * subject — is held by tens of thousands of them).
 *
 * - The vocabulary: every folded term of the tutors' names, subjects, education and bio.
 * - The postings of each term, as one flat array (positions, and the fields holding the term as a
 *   5-bit mask), built once by the indexer and stored prepared (a varint stream), so a container
 *   decodes it in milliseconds instead of tokenizing the catalogue.
 * - The changes since (`set`): the position's prepared postings are ignored from then on and its
 *   terms go to a small overlay; the indexer folds them into a new prepared base on compaction.
 *
 * A word matches its own term, the terms it begins (prefixes), and the terms within its typo budget
 * (typo-tolerance.ts, a swap of two letters counting as one) — the corrector works on the index's
 * own vocabulary. Scores: the boost of the fields holding the term (names 3, subjects 2.5,
 * education 1.2, bio 1) × the term's rarity × how the word matched (exactly, as a prefix, with a
 * typo); summed over the clauses, and over the subjects of an 'any of these subjects' clause.
 * Hits come back unordered: the caller ranks only the page it shows (catalogue-index.ts).
 */
import { foldText } from '#shared/search';
import { STOP_WORDS } from './query-vocabulary.js';
import type { TextClause, TextQuery } from './text-query.js';
import { typoBudget, withinEdits } from './typo-tolerance.js';

/** The indexed fields, in the order of their bit in a posting's mask. */
export const TEXT_FIELDS = ['first_name', 'last_name', 'subjects', 'education', 'bio'] as const;
const BOOSTS = [3, 3, 2.5, 1.2, 1];
const LAST_NAME_BIT = 1 << 1;
/** Splits as MiniSearch did: on spaces and punctuation (the ’ of "l’élève", the — of a degree). */
const SPLIT = /[\n\r\p{Z}\p{P}]+/u;

const EXACT = 1;
const PREFIX = 0.4;
const TYPOS = [1, 0.45, 0.3];

/**
 * Folds case and accents; drops stop words and single letters (the "l" of "l'élève").
 * Memoised: a catalogue repeats the same words, and NFD normalisation is the costly part of
 * indexing (bounded, so odd queries cannot grow it without limit).
 */
const folded = new Map<string, string | null>();
const FOLD_CACHE_MAX = 200_000;
export function processTerm(term: string): string | null {
  let result = folded.get(term);
  if (result !== undefined) return result;
  const value = foldText(term);
  result = value.length < 2 || STOP_WORDS.has(value) ? null : value;
  if (folded.size < FOLD_CACHE_MAX) folded.set(term, result);
  return result;
}

/** The terms of a text, folded, stop words left out. */
export function termsOf(text: string): string[] {
  const terms: string[] = [];
  for (const token of text.split(SPLIT)) {
    if (!token) continue;
    const term = processTerm(token);
    if (term) terms.push(term);
  }
  return terms;
}

/** The text of a tutor, field by field (subjects joined), in TEXT_FIELDS order; null: no tutor. */
export type TextFields = readonly string[] | null;

/** The index as the indexer stores it: the vocabulary and, term by term, its postings. */
export interface PreparedText {
  terms: string[];
  /** How many postings in all. */
  count: number;
  /** Varints: per term, its postings count, then (position delta, field mask) pairs. */
  postings: Uint8Array;
}

/** Hits of a query: positions (unordered) and their scores. */
export interface TextHits {
  positions: Uint32Array;
  scores: Float32Array;
}

/** The score of a posting's field mask, for members and for visitors (no last name). */
const WEIGHTS = Array.from({ length: 32 }, (_, mask) => BOOSTS.reduce((sum, boost, bit) => (mask & (1 << bit) ? sum + boost : sum), 0));
const VISITOR_WEIGHTS = WEIGHTS.map((_, mask) => WEIGHTS[mask & ~LAST_NAME_BIT]!);

interface Expansion {
  term: number;
  quality: number;
}

export class TextIndex {
  private readonly terms: string[];
  private readonly termOf = new Map<string, number>();
  /** Term ids in the alphabetical order of their terms, for prefixes; rebuilt when terms are added. */
  private sorted: Uint32Array | null = null;
  /** Term ids by term length, for the corrector. */
  private byLength: number[][] | null = null;
  /** The prepared postings: term t holds entries start[t] … start[t + 1] - 1. */
  private readonly start: Uint32Array;
  private readonly docs: Uint32Array;
  private readonly masks: Uint8Array;
  /** How many positions the prepared postings cover. */
  private readonly preparedSize: number;
  /** Positions whose prepared postings no longer hold (changed since), and the overlay of their terms. */
  private stale = new Uint8Array(0);
  private anyStale = false;
  private readonly overlay = new Map<number, { docs: number[]; masks: number[] }>();
  private readonly overlayTerms = new Map<number, Map<number, number>>();
  private size: number;
  /** How many listed positions hold each term, and how many positions hold a text (the terms' rarity). */
  private frequencies: Int32Array;
  private live: number;
  /** The prepared terms of each position (built on the first change: only changes need it). */
  private termsAt: { start: Uint32Array; terms: Uint32Array } | null = null;
  /** Scratch arrays, one slot per position, reset after each use. */
  private best = new Float32Array(0);
  private sum = new Float32Array(0);
  private hits = new Uint8Array(0);
  private touched = new Uint32Array(0);

  private constructor(terms: string[], start: Uint32Array, docs: Uint32Array, masks: Uint8Array, size: number) {
    this.terms = terms;
    terms.forEach((term, id) => this.termOf.set(term, id));
    this.start = start;
    this.docs = docs;
    this.masks = masks;
    this.preparedSize = size;
    this.size = size;
    this.reserve(size);
    this.frequencies = new Int32Array(terms.length);
    for (let t = 0; t < terms.length; t += 1) this.frequencies[t] = start[t + 1]! - start[t]!;
    const holding = new Uint8Array(size);
    for (const position of docs) holding[position] = 1;
    this.live = holding.reduce((sum, held) => sum + held, 0);
  }

  /** Inverts the prepared postings: position → its terms. */
  private preparedTermsAt() {
    if (this.termsAt) return this.termsAt;
    const start = new Uint32Array(this.preparedSize + 1);
    for (const position of this.docs) start[position + 1]! += 1;
    for (let p = 0; p < this.preparedSize; p += 1) start[p + 1]! += start[p]!;
    const fill = start.slice(0, this.preparedSize);
    const terms = new Uint32Array(this.docs.length);
    for (let t = 0; t < this.start.length - 1; t += 1) {
      for (let k = this.start[t]!; k < this.start[t + 1]!; k += 1) terms[fill[this.docs[k]!]!++] = t;
    }
    return (this.termsAt = { start, terms });
  }

  /** Builds the index of these tutors' texts, one per position. */
  static build(texts: readonly TextFields[]): TextIndex {
    const termOf = new Map<string, number>();
    const terms: string[] = [];
    const perDoc: Array<Map<number, number>> = [];
    let count = 0;
    for (const fields of texts) {
      const own = new Map<number, number>();
      fields?.forEach((text, field) => {
        for (const term of termsOf(text)) {
          let id = termOf.get(term);
          if (id === undefined) {
            id = terms.length;
            terms.push(term);
            termOf.set(term, id);
          }
          own.set(id, (own.get(id) ?? 0) | (1 << field));
        }
      });
      count += own.size;
      perDoc.push(own);
    }
    const start = new Uint32Array(terms.length + 1);
    for (const own of perDoc) for (const id of own.keys()) start[id + 1]! += 1;
    for (let t = 0; t < terms.length; t += 1) start[t + 1]! += start[t]!;
    const fill = start.slice(0, terms.length);
    const docs = new Uint32Array(count);
    const masks = new Uint8Array(count);
    perDoc.forEach((own, position) => {
      for (const [id, mask] of own) {
        const at = fill[id]!++;
        docs[at] = position;
        masks[at] = mask;
      }
    });
    return new TextIndex(terms, start, docs, masks, texts.length);
  }

  /** Decodes what `toPrepared` wrote (no tokenizing). */
  static fromPrepared(prepared: PreparedText, size: number): TextIndex {
    const bytes = prepared.postings;
    const start = new Uint32Array(prepared.terms.length + 1);
    const docs = new Uint32Array(prepared.count);
    const masks = new Uint8Array(prepared.count);
    let i = 0;
    const next = () => {
      let value = 0;
      let shift = 0;
      let byte: number;
      do {
        byte = bytes[i++]!;
        value += (byte & 0x7f) * 2 ** shift;
        shift += 7;
      } while (byte & 0x80);
      return value;
    };
    let at = 0;
    for (let t = 0; t < prepared.terms.length; t += 1) {
      start[t] = at;
      const n = next();
      let position = 0;
      for (let k = 0; k < n; k += 1) {
        position += next();
        docs[at] = position;
        masks[at] = bytes[i++]!;
        at += 1;
      }
    }
    start[prepared.terms.length] = at;
    return new TextIndex(prepared.terms, start, docs, masks, size);
  }

  /** Only for an index with no change applied (a fresh build). */
  toPrepared(): PreparedText {
    const bytes: number[] = [];
    const push = (value: number) => {
      while (value >= 0x80) {
        bytes.push((value & 0x7f) | 0x80);
        value = Math.floor(value / 128);
      }
      bytes.push(value);
    };
    for (let t = 0; t < this.terms.length; t += 1) {
      push(this.start[t + 1]! - this.start[t]!);
      let previous = 0;
      for (let k = this.start[t]!; k < this.start[t + 1]!; k += 1) {
        push(this.docs[k]! - previous);
        previous = this.docs[k]!;
        bytes.push(this.masks[k]!);
      }
    }
    return { terms: this.terms, count: this.docs.length, postings: Uint8Array.from(bytes) };
  }

  get changed(): boolean {
    return this.overlayTerms.size > 0 || this.size !== this.preparedSize;
  }

  /** The text at this position from now on (null: nobody there). */
  set(position: number, fields: TextFields): void {
    this.reserve(position + 1);
    this.size = Math.max(this.size, position + 1);
    if (position < this.preparedSize && this.stale[position] !== 1) {
      this.stale[position] = 1;
      this.anyStale = true;
      const { start, terms } = this.preparedTermsAt();
      for (let k = start[position]!; k < start[position + 1]!; k += 1) this.frequencies[terms[k]!]! -= 1;
      if (start[position + 1]! > start[position]!) this.live -= 1;
    }
    const previous = this.overlayTerms.get(position);
    if (previous) {
      if (previous.size) this.live -= 1;
      for (const id of previous.keys()) {
        this.frequencies[id]! -= 1;
        const list = this.overlay.get(id)!;
        const at = list.docs.indexOf(position);
        list.docs.splice(at, 1);
        list.masks.splice(at, 1);
      }
      this.overlayTerms.delete(position);
    }
    if (!fields) return;
    const own = new Map<number, number>();
    fields.forEach((text, field) => {
      for (const term of termsOf(text)) {
        let id = this.termOf.get(term);
        if (id === undefined) {
          id = this.terms.length;
          this.terms.push(term);
          this.termOf.set(term, id);
          if (id >= this.frequencies.length) {
            const grown = new Int32Array(Math.max(64, id * 2));
            grown.set(this.frequencies);
            this.frequencies = grown;
          }
          this.sorted = null;
          this.byLength = null;
          this.expansions.clear();
        }
        own.set(id, (own.get(id) ?? 0) | (1 << field));
      }
    });
    if (own.size) this.live += 1;
    for (const [id, mask] of own) {
      this.frequencies[id]! += 1;
      let list = this.overlay.get(id);
      if (!list) this.overlay.set(id, (list = { docs: [], masks: [] }));
      list.docs.push(position);
      list.masks.push(mask);
    }
    this.overlayTerms.set(position, own);
  }

  private reserve(length: number): void {
    if (length <= this.best.length) return;
    const capacity = Math.max(length, this.best.length * 2, 64);
    const stale = new Uint8Array(capacity);
    stale.set(this.stale);
    this.stale = stale;
    this.best = new Float32Array(capacity);
    this.sum = new Float32Array(capacity);
    this.hits = new Uint8Array(capacity);
    this.touched = new Uint32Array(capacity);
  }

  /** Whether a term has a live posting that scores for these weights (stops at the first). */
  private anyPosting(term: number, weights: readonly number[], keep: (position: number) => boolean): boolean {
    if (term < this.start.length - 1) {
      const end = this.start[term + 1]!;
      for (let k = this.start[term]!; k < end; k += 1) {
        const position = this.docs[k]!;
        if (this.stale[position] !== 1 && weights[this.masks[k]!]! > 0 && keep(position)) return true;
      }
    }
    const extra = this.overlay.get(term);
    return !!extra && extra.masks.some((mask, i) => weights[mask]! > 0 && keep(extra.docs[i]!));
  }

  /**
   * A word's expansions, kept until the vocabulary grows (a search asks for the same word when it
   * tells the unmatched words and again for each attempt; the corrector is the costly part).
   */
  private readonly expansions = new Map<string, Expansion[]>();
  private expand(word: string, typos: boolean): Expansion[] {
    const key = typos ? word : `=${word}`;
    let found = this.expansions.get(key);
    if (!found) {
      if (this.expansions.size >= 10_000) this.expansions.clear();
      found = this.expandWord(word, typos);
      this.expansions.set(key, found);
    }
    return found;
  }

  /** The terms a word matches: itself, the terms it begins, those within its typo budget. */
  private expandWord(word: string, typos: boolean): Expansion[] {
    const found = new Map<number, number>();
    const exact = this.termOf.get(word);
    if (exact !== undefined) found.set(exact, EXACT);
    this.sorted ??= Uint32Array.from(this.terms.keys()).sort((a, b) => (this.terms[a]! < this.terms[b]! ? -1 : this.terms[a]! > this.terms[b]! ? 1 : 0));
    let low = 0;
    let high = this.sorted.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (this.terms[this.sorted[middle]!]! < word) low = middle + 1;
      else high = middle;
    }
    for (let i = low; i < this.sorted.length && this.terms[this.sorted[i]!]!.startsWith(word); i += 1) {
      const id = this.sorted[i]!;
      if (!found.has(id)) found.set(id, PREFIX);
    }
    const budget = typos ? typoBudget(word) : 0;
    if (budget) {
      if (!this.byLength) {
        this.byLength = [];
        this.terms.forEach((term, id) => (this.byLength![term.length] ??= []).push(id));
      }
      for (let length = word.length - budget; length <= word.length + budget; length += 1) {
        for (const id of this.byLength[length] ?? []) {
          if (found.has(id)) continue;
          const term = this.terms[id]!;
          if (withinEdits(word, term, 1)) found.set(id, TYPOS[1]!);
          else if (budget > 1 && withinEdits(word, term, 2)) found.set(id, TYPOS[2]!);
        }
      }
    }
    return [...found].map(([term, quality]) => ({ term, quality }));
  }

  /** The terms of a word (several when it holds punctuation, 'jean-marc'); none for a stop word. */
  private wordTerms(word: string): string[] {
    return termsOf(word);
  }

  /**
   * Whether a word matches anything at all (after correction and prefixes) for this audience, among
   * the positions `keep` lets through (a visitor: the tutors listed publicly — a word held only by a
   * hidden tutor must answer as a word held by nobody, or the answer would tell that tutor exists).
   */
  matchesAnything(word: string, visitors: boolean, keep: (position: number) => boolean = () => true): boolean {
    const terms = this.wordTerms(word);
    if (!terms.length) return true;
    const weights = visitors ? VISITOR_WEIGHTS : WEIGHTS;
    return terms.every((term) => this.expand(term, true).some(({ term: id }) => this.anyPosting(id, weights, keep)));
  }

  /** The positions matching every clause, with their scores; null when the query holds no term. */
  search(query: TextQuery, visitors: boolean): TextHits | null {
    const required: TextHits[] = [];
    for (const clause of query.clauses) {
      const hits = this.clause(clause, visitors);
      if (hits) required.push(hits);
    }
    return required.length ? this.combine(required, true) : null;
  }

  private clause(clause: TextClause, visitors: boolean): TextHits | null {
    if ('word' in clause) {
      const terms = this.wordTerms(clause.word);
      return terms.length ? this.combine(terms.map((term) => this.termHits(this.expand(term, true), visitors)), true) : null;
    }
    // Any of these subjects (by name: every term of the name, as prefixes, no typo); a tutor with more of them scores higher.
    const anyOf = clause.subjects
      .map((subject) => termsOf(subject))
      .filter((terms) => terms.length)
      .map((terms) => this.combine(terms.map((term) => this.termHits(this.expand(term, false), visitors)), true));
    return anyOf.length ? this.combine(anyOf, false) : null;
  }

  /** The best match of each position among a word's terms. */
  private termHits(expansions: Expansion[], visitors: boolean): TextHits {
    const weights = visitors ? VISITOR_WEIGHTS : WEIGHTS;
    const best = this.best;
    const touched = this.touched;
    let count = 0;
    const total = Math.max(this.live, 1);
    for (const { term, quality } of expansions) {
      const frequency = this.frequencies[term]!;
      const rarity = Math.log(1 + (total - frequency + 0.5) / (frequency + 0.5));
      const factor = quality * rarity;
      const visit = (position: number, mask: number) => {
        const score = weights[mask]! * factor;
        if (score <= 0) return;
        if (best[position] === 0) touched[count++] = position;
        if (score > best[position]!) best[position] = score;
      };
      // The prepared postings in a plain loop (most of a common word's cost), then the overlay.
      if (term < this.start.length - 1) {
        const { docs, masks, stale } = this;
        const changed = this.anyStale;
        const end = this.start[term + 1]!;
        for (let k = this.start[term]!; k < end; k += 1) {
          const position = docs[k]!;
          if (changed && stale[position] === 1) continue;
          const score = weights[masks[k]!]! * factor;
          if (score <= 0) continue;
          if (best[position] === 0) touched[count++] = position;
          if (score > best[position]!) best[position] = score;
        }
      }
      const extra = this.overlay.get(term);
      if (extra) for (let k = 0; k < extra.docs.length; k += 1) visit(extra.docs[k]!, extra.masks[k]!);
    }
    const positions = touched.slice(0, count);
    const scores = new Float32Array(positions.length);
    for (let i = 0; i < positions.length; i += 1) {
      scores[i] = best[positions[i]!]!;
      best[positions[i]!] = 0;
    }
    return { positions, scores };
  }

  /** All of them (`every`: the positions in each, scores summed) or any of them (scores summed). */
  private combine(parts: TextHits[], every: boolean): TextHits {
    if (parts.length === 1) return parts[0]!;
    const sum = this.sum;
    const hits = this.hits;
    if (every) {
      const ordered = [...parts].sort((a, b) => a.positions.length - b.positions.length);
      const first = ordered[0]!;
      for (let i = 0; i < first.positions.length; i += 1) {
        hits[first.positions[i]!] = 1;
        sum[first.positions[i]!] = first.scores[i]!;
      }
      for (let p = 1; p < ordered.length; p += 1) {
        const { positions, scores } = ordered[p]!;
        for (let i = 0; i < positions.length; i += 1) {
          const position = positions[i]!;
          if (hits[position] === p) {
            hits[position] = p + 1;
            sum[position]! += scores[i]!;
          }
        }
      }
      let n = 0;
      for (const position of first.positions) if (hits[position] === ordered.length) n += 1;
      const positions = new Uint32Array(n);
      const scores = new Float32Array(n);
      n = 0;
      for (const position of first.positions) {
        if (hits[position] === ordered.length) {
          positions[n] = position;
          scores[n++] = sum[position]!;
        }
        hits[position] = 0;
        sum[position] = 0;
      }
      return { positions, scores };
    }
    const touched: number[] = [];
    for (const { positions, scores } of parts) {
      for (let i = 0; i < positions.length; i += 1) {
        const position = positions[i]!;
        if (hits[position] === 0) {
          hits[position] = 1;
          touched.push(position);
        }
        sum[position]! += scores[i]!;
      }
    }
    const positions = Uint32Array.from(touched);
    const scores = new Float32Array(positions.length);
    for (let i = 0; i < positions.length; i += 1) {
      scores[i] = sum[positions[i]!]!;
      sum[positions[i]!] = 0;
      hits[positions[i]!] = 0;
    }
    return { positions, scores };
  }
}
