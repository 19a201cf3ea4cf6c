/**
 * The in-memory search index over the catalogue: the query is understood first (stop and filler
 * words dropped, subjects recognised, zone and level words turned into filters), then French full
 * text with MiniSearch (case and accents folded, prefixes, one typo in words of 5+ letters and two
 * in words of 8+), the spec's structural filters, text relevance when there is a query and the
 * spec's sorts otherwise.
 */
import MiniSearch, { type Query, type SearchOptions } from 'minisearch';
import type { SortBy } from '#shared/constants';
import {
  compareTutors,
  foldText,
  matchesFilters,
  type QueryUnderstanding,
  type SearchFilters,
  type SortOrder,
  type TutorSummary,
} from '#shared/search';
import { STOP_WORDS } from './query-vocabulary.js';
import { searchAttempts, type SearchAttempt } from './search-attempts.js';
import { textQuery } from './text-query.js';
import { typoBudget } from './typo-tolerance.js';
import { understandQuery } from './understand-query.js';

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

const TEXT_FIELDS = ['first_name', 'last_name', 'subjects', 'education', 'bio'] as const;

/** One typo in words of 5+ letters, two in words of 8+; none in shorter ones (too many false hits). */
const fuzzy = (term: string): number | false => typoBudget(term) || false;

const SEARCH_OPTIONS: SearchOptions = {
  combineWith: 'AND',
  prefix: true,
  fuzzy,
  boost: { first_name: 3, last_name: 3, subjects: 2.5, education: 1.2, bio: 1 },
};

export interface SearchPage {
  tutors: TutorSummary[];
  total: number;
  verified_count: number;
  average_rate: number | null;
  /** What was read in the free text and how it was applied. */
  understanding: QueryUnderstanding;
}

const ORDER_KEYS = ['rating', 'price', 'availability'].flatMap((sortBy) =>
  ['desc', 'asc'].map((order) => `${sortBy}:${order}`),
);

export class CatalogueIndex {
  readonly tutors: readonly TutorSummary[];
  private readonly text: MiniSearch<TutorSummary>;
  /** Positions of the tutors in each sort order, computed once so a search only walks them. */
  private readonly orders = new Map<string, Uint32Array>();

  constructor(tutors: readonly TutorSummary[]) {
    this.tutors = tutors;
    this.text = new MiniSearch<TutorSummary>({
      idField: 'position',
      fields: [...TEXT_FIELDS],
      storeFields: [],
      processTerm,
      extractField: (tutor, field) => {
        if (field === 'position') return (tutor as TutorSummary & { position: number }).position;
        const value = tutor[field as keyof TutorSummary];
        return Array.isArray(value) ? value.join(' ') : (value as string);
      },
      searchOptions: SEARCH_OPTIONS,
    });
    this.text.addAll(tutors.map((tutor, position) => ({ ...tutor, position })));
    const positions = tutors.map((_, position) => position);
    for (const key of ORDER_KEYS) {
      const [sortBy, order] = key.split(':') as [SortBy, SortOrder];
      const compare = compareTutors(sortBy, order);
      this.orders.set(key, Uint32Array.from([...positions].sort((a, b) => compare(tutors[a]!, tutors[b]!))));
    }
  }

  /** Position → rank in a sort order (the inverse of the order), built on first use. */
  private readonly ranks = new Map<string, Uint32Array>();
  private rankOf(key: string): Uint32Array {
    let rank = this.ranks.get(key);
    if (!rank) {
      const order = this.orders.get(key)!;
      rank = new Uint32Array(order.length);
      order.forEach((position, i) => {
        rank![position] = i;
      });
      this.ranks.set(key, rank);
    }
    return rank;
  }

  get size(): number {
    return this.tutors.length;
  }

  search(filters: SearchFilters, page: { offset: number; limit: number }): SearchPage {
    const understood = understandQuery(filters.query);
    const query = textQuery(understood);
    const matchesOf = ({ filters: applied }: SearchAttempt) =>
      query ? this.textMatches(query, applied) : this.sortedMatches(applied);
    const [first, ...relaxations] = searchAttempts(filters, understood);
    let attempt = first!;
    let positions = matchesOf(attempt);
    // Only when the zone or level read in the text found nobody: let them go, one after the other.
    for (const relaxed of relaxations) {
      if (positions.length) break;
      attempt = relaxed;
      positions = matchesOf(attempt);
    }
    let verified = 0;
    let rateSum = 0;
    let rated = 0;
    for (const position of positions) {
      const tutor = this.tutors[position]!;
      if (tutor.is_verified) verified += 1;
      if (tutor.hourly_rate !== null) {
        rateSum += tutor.hourly_rate;
        rated += 1;
      }
    }
    return {
      tutors: positions.slice(page.offset, page.offset + page.limit).map((position) => this.tutors[position]!),
      total: positions.length,
      verified_count: verified,
      average_rate: rated ? Math.round(rateSum / rated) : null,
      understanding: attempt.understanding,
    };
  }

  /** Without a query: the spec's sort, walking the precomputed order and keeping the matches. */
  private sortedMatches(filters: SearchFilters): number[] {
    const order = this.orders.get(`${filters.sortBy}:${filters.sortOrder}`)!;
    const matches: number[] = [];
    for (const position of order) {
      if (matchesFilters(this.tutors[position]!, filters)) matches.push(position);
    }
    return matches;
  }

  /**
   * With a query: MiniSearch finds the matches; "Pertinence" then means text relevance (ties
   * broken by the spec's relevance score), while price and availability keep their own order.
   */
  private textMatches(query: Query, filters: SearchFilters): number[] {
    const results = this.text.search(query, {
      filter: (result) => matchesFilters(this.tutors[result.id as number]!, filters),
    });
    if (filters.sortBy === 'rating') {
      const direction = filters.sortOrder === 'asc' ? -1 : 1;
      // Ties of text score: the spec's relevance, then the precomputed rank (stable, cheap).
      const rank = this.rankOf(`rating:${filters.sortOrder}`);
      return results
        .sort((a, b) => (b.score - a.score) * direction || rank[a.id as number]! - rank[b.id as number]!)
        .map((result) => result.id as number);
    }
    // Price and availability: the precomputed order's rank is the sort key.
    const rank = this.rankOf(`${filters.sortBy}:${filters.sortOrder}`);
    return results.map((result) => result.id as number).sort((a, b) => rank[a]! - rank[b]!);
  }
}
