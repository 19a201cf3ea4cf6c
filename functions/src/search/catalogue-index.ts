/**
 * The in-memory search index over the catalogue: French full text with MiniSearch (case and
 * accents folded, one typo allowed in words of 5+ letters, prefixes), the spec's structural
 * filters, text relevance when there is a query and the spec's sorts otherwise.
 */
import MiniSearch, { type SearchOptions } from 'minisearch';
import type { SortBy } from '#shared/constants';
import {
  compareTutors,
  foldText,
  matchesFilters,
  type SearchFilters,
  type SortOrder,
  type TutorSummary,
} from '#shared/search';

/** Words too common in French to tell two tutors apart; they are neither indexed nor searched. */
const STOP_WORDS = new Set(
  'a au aux avec ce ces dans de des du elle en et il je la le les leur lui ma mais me mes moi mon ne nos notre nous on ou par pas pour qu que qui sa se ses son sur ta te tes toi ton tu un une vos votre vous est sont'.split(
    ' ',
  ),
);

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

/** One typo in words of five letters or more; none in shorter ones (too many false hits). */
const fuzzy = (term: string): number | false => (term.length >= 5 ? 1 : false);

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
    const query = filters.query.trim();
    const positions = query ? this.textMatches(query, filters) : this.sortedMatches(filters);
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
  private textMatches(query: string, filters: SearchFilters): number[] {
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
