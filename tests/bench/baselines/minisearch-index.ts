/**
 * BENCH-ONLY BASELINE — the pre-issue-33 catalogue index (MiniSearch), kept only so that
 * `npm run bench -- search` can print the ratio of the current index (functions/src/search/
 * catalogue-index.ts) to the previous one on the same run. Nothing in production imports it.
 * Unchanged but for its imports, its own copy of the old MiniSearch text query, and Float32 scores.
 *
 * The in-memory search index over the catalogue: the query is understood first (stop and filler
 * words dropped, subjects recognised, zone and level words turned into filters), then French full
 * text with MiniSearch (case and accents folded, prefixes, one typo in words of 5+ letters and two
 * in words of 8+), the spec's structural filters, text relevance when there is a query and the
 * spec's sorts otherwise.
 *
 * A search container loads it prepared (the MiniSearch index and the sort orders as the indexer
 * serialized them, `fromPrepared`) rather than building it, then applies the catalogue's changes
 * one tutor at a time (`apply`): nothing is rebuilt when one tutor edits their profile.
 */
import MiniSearch, { type AsPlainObject, type Options, type Query, type SearchOptions } from 'minisearch';
import type { SortBy } from '#shared/constants';
import {
  compareTutors,
  foldText,
  type QueryUnderstanding,
  type SearchFilters,
  type SortOrder,
  type TutorSummary,
} from '#shared/search';
import { CatalogueFacets } from '../../../functions/src/search/facets.js';
import { TextResultCache } from '../../../functions/src/search/text-results.js';
import { STOP_WORDS } from '../../../functions/src/search/query-vocabulary.js';
import { searchAttempts, type SearchAttempt } from '../../../functions/src/search/search-attempts.js';
import { typoBudget } from '../../../functions/src/search/typo-tolerance.js';
import { understandQuery } from '../../../functions/src/search/understand-query.js';

/**
 * Folds case and accents; drops stop words and single letters (the "l" of "l'élève").
 * Memoised: a catalogue repeats the same words, and NFD normalisation is the costly part of
 * indexing (bounded, so odd queries cannot grow it without limit).
 */
/** The pre-issue-33 text query, as a MiniSearch expression. */
function textQuery(understood: { subjects: string[][]; words: string[] }): Query | null {
  const required: Query[] = understood.subjects.map((anyOf) => ({
    combineWith: 'OR',
    queries: anyOf.map((subject) => ({ combineWith: 'AND', prefix: true, fuzzy: false, queries: [subject] })),
  }));
  required.push(...understood.words);
  return required.length ? { combineWith: 'AND', queries: required } : null;
}

const folded = new Map<string, string | null>();
const FOLD_CACHE_MAX = 200_000;
function processTerm(term: string): string | null {
  let result = folded.get(term);
  if (result !== undefined) return result;
  const value = foldText(term);
  result = value.length < 2 || STOP_WORDS.has(value) ? null : value;
  if (folded.size < FOLD_CACHE_MAX) folded.set(term, result);
  return result;
}

const TEXT_FIELDS = ['first_name', 'last_name', 'subjects', 'education', 'bio'] as const;
/** A visitor's text never matches a last name, which the public answers never show (issue 17). */
const VISITOR_TEXT_FIELDS = TEXT_FIELDS.filter((field) => field !== 'last_name');

/**
 * Who searches: a signed-in user sees every listed tutor; a visitor only those listed publicly
 * (`isListedPublicly`), found by the fields a visitor sees.
 */
type SearchAudience = 'members' | 'visitors';

/** One typo in words of 5+ letters, two in words of 8+; none in shorter ones (too many false hits). */
const fuzzy = (term: string): number | false => typoBudget(term) || false;

const SEARCH_OPTIONS: SearchOptions = {
  combineWith: 'AND',
  prefix: true,
  fuzzy,
  boost: { first_name: 3, last_name: 3, subjects: 2.5, education: 1.2, bio: 1 },
};

interface SearchPage {
  tutors: TutorSummary[];
  total: number;
  verified_count: number;
  average_rate: number | null;
  /** What was read in the free text and how it was applied. */
  understanding: QueryUnderstanding;
}

/** A change of the catalogue: this user's listed tutor is now `tutor` (null: no longer listed). */
interface CatalogueChange {
  user_id: string;
  tutor: TutorSummary | null;
}

/** The index as the indexer serializes it: the tutors, the full-text index and the sort orders. */
interface PreparedCatalogue {
  tutors: TutorSummary[];
  text: AsPlainObject;
  orders: Record<string, number[]>;
}

const ORDER_KEYS = ['rating', 'price', 'availability'].flatMap((sortBy) =>
  ['desc', 'asc'].map((order) => `${sortBy}:${order}`),
);

const compareOf = (key: string) => {
  const [sortBy, order] = key.split(':') as [SortBy, SortOrder];
  return compareTutors(sortBy, order);
};

type Positioned = TutorSummary & { position: number };

const MINISEARCH_OPTIONS: Options<Positioned> = {
  idField: 'position',
  fields: [...TEXT_FIELDS],
  storeFields: [],
  processTerm,
  extractField: (tutor, field) => {
    if (field === 'position') return tutor.position as unknown as string;
    const value = tutor[field as keyof TutorSummary];
    return Array.isArray(value) ? value.join(' ') : (value as string);
  },
  searchOptions: SEARCH_OPTIONS,
};

export class MiniSearchCatalogueIndex {
  /** The tutor at each position; null where a tutor left the catalogue since it was prepared. */
  private readonly slots: (TutorSummary | null)[];
  private readonly text: MiniSearch<Positioned>;
  /** Positions of the listed tutors in each sort order, kept sorted as tutors change. */
  private readonly orders = new Map<string, Uint32Array>();
  private readonly positionOfUser = new Map<string, number>();
  private readonly facets = new CatalogueFacets();
  private readonly textResults = new TextResultCache(2_000_000);
  private listed = 0;

  constructor(tutors: readonly TutorSummary[], prepared?: { text: AsPlainObject; orders: Record<string, number[]> }) {
    this.slots = [...tutors];
    this.slots.forEach((tutor, position) => this.track(position, tutor));
    if (prepared) {
      this.text = MiniSearch.loadJS(prepared.text, MINISEARCH_OPTIONS);
      for (const key of ORDER_KEYS) this.orders.set(key, Uint32Array.from(prepared.orders[key] ?? []));
      return;
    }
    this.text = new MiniSearch<Positioned>(MINISEARCH_OPTIONS);
    this.text.addAll(tutors.map((tutor, position) => ({ ...tutor, position })));
    const positions = tutors.map((_, position) => position);
    for (const key of ORDER_KEYS) {
      const compare = compareOf(key);
      this.orders.set(key, Uint32Array.from([...positions].sort((a, b) => compare(tutors[a]!, tutors[b]!))));
    }
  }

  /** The index a container loads: no tokenizing, no sorting (the indexer did it). */
  static fromPrepared(prepared: PreparedCatalogue): MiniSearchCatalogueIndex {
    return new MiniSearchCatalogueIndex(prepared.tutors, prepared);
  }

  /** What `fromPrepared` loads; only for an index with no change applied (a fresh build). */
  toPrepared(): PreparedCatalogue {
    if (this.listed !== this.slots.length) throw new Error('Only a freshly built catalogue index is serialized');
    return {
      tutors: this.slots as TutorSummary[],
      text: this.text.toJSON(),
      orders: Object.fromEntries([...this.orders].map(([key, order]) => [key, Array.from(order)])),
    };
  }

  get size(): number {
    return this.listed;
  }

  private listedTutors: TutorSummary[] | null = null;
  /** The listed tutors, in position order. */
  get tutors(): readonly TutorSummary[] {
    this.listedTutors ??= this.slots.filter((tutor): tutor is TutorSummary => tutor !== null);
    return this.listedTutors;
  }

  /**
   * Applies the catalogue's changes (the last one of a user wins): the full-text entries of those
   * tutors only, their facets, and their place in each sort order.
   */
  apply(changes: readonly CatalogueChange[]): number {
    const latest = new Map(changes.map((change) => [change.user_id, change.tutor]));
    const touched = new Set<number>();
    for (const [userId, tutor] of latest) {
      const position = this.positionOfUser.get(userId);
      const current = position === undefined ? null : this.slots[position]!;
      if (current && tutor && JSON.stringify(current) === JSON.stringify(tutor)) continue;
      if (!current && !tutor) continue;
      if (position !== undefined && current) {
        if (tutor) this.text.replace({ ...tutor, position });
        else this.text.discard(position);
        this.slots[position] = tutor;
        this.track(position, tutor, current);
        touched.add(position);
      } else if (tutor) {
        const next = position ?? this.slots.length;
        if (position === undefined) this.slots.push(tutor);
        else this.slots[next] = tutor;
        this.text.add({ ...tutor, position: next });
        this.track(next, tutor, null);
        touched.add(next);
      }
    }
    if (!touched.size) return 0;
    for (const key of ORDER_KEYS) this.orders.set(key, this.reorder(this.orders.get(key)!, touched, compareOf(key)));
    this.ranks.clear();
    this.textResults.clear();
    this.listedTutors = null;
    return touched.size;
  }

  /** The order without the touched positions, then those still listed merged back in place. */
  private reorder(order: Uint32Array, touched: Set<number>, compare: (a: TutorSummary, b: TutorSummary) => number): Uint32Array {
    const moved = [...touched].filter((position) => this.slots[position]).sort((a, b) => compare(this.slots[a]!, this.slots[b]!));
    const next = new Uint32Array(this.listed);
    let m = 0;
    let n = 0;
    for (const position of order) {
      if (touched.has(position)) continue;
      while (m < moved.length && compare(this.slots[moved[m]!]!, this.slots[position]!) < 0) next[n++] = moved[m++]!;
      next[n++] = position;
    }
    while (m < moved.length) next[n++] = moved[m++]!;
    return next;
  }

  private track(position: number, tutor: TutorSummary | null, previous: TutorSummary | null = null): void {
    if (previous) this.listed -= 1;
    if (tutor) {
      this.listed += 1;
      this.positionOfUser.set(tutor.user_id, position);
    }
    this.facets.set(position, tutor);
  }

  /** Position → rank in a sort order (the inverse of the order), built on first use. */
  private readonly ranks = new Map<string, Uint32Array>();
  private rankOf(key: string): Uint32Array {
    let rank = this.ranks.get(key);
    if (!rank) {
      const order = this.orders.get(key)!;
      rank = new Uint32Array(this.slots.length);
      order.forEach((position, i) => {
        rank![position] = i;
      });
      this.ranks.set(key, rank);
    }
    return rank;
  }

  search(filters: SearchFilters, page: { offset: number; limit: number }, audience: SearchAudience = 'members'): SearchPage {
    const understood = understandQuery(filters.query);
    const matchesOf = ({ filters: applied, words }: SearchAttempt) => {
      const query = textQuery({ subjects: understood.subjects, words });
      return query ? this.textMatches(query, applied, audience) : this.sortedMatches(applied, audience);
    };
    const [first, ...relaxations] = searchAttempts(filters, understood);
    let attempt = first!;
    let positions = matchesOf(attempt);
    // Only when what the text set found nobody: let it go, one after the other (search-attempts.ts).
    for (const relaxed of relaxations) {
      if (positions.length) break;
      attempt = relaxed;
      positions = matchesOf(attempt);
    }
    let verified = 0;
    let rateSum = 0;
    let rated = 0;
    for (const position of positions) {
      if (this.facets.isVerified(position)) verified += 1;
      const rate = this.facets.rateAt(position);
      if (rate !== null) {
        rateSum += rate;
        rated += 1;
      }
    }
    return {
      tutors: positions.slice(page.offset, page.offset + page.limit).map((position) => this.slots[position]!),
      total: positions.length,
      verified_count: verified,
      average_rate: rated ? Math.round(rateSum / rated) : null,
      understanding: attempt.understanding,
    };
  }

  private matcher(filters: SearchFilters, audience: SearchAudience): (position: number) => boolean {
    return this.facets.compile(filters, (position) => this.slots[position] ?? null, audience === 'visitors');
  }

  /** Without a query: the spec's sort, walking the precomputed order and keeping the matches. */
  private sortedMatches(filters: SearchFilters, audience: SearchAudience): number[] {
    const order = this.orders.get(`${filters.sortBy}:${filters.sortOrder}`)!;
    const keep = this.matcher(filters, audience);
    const matches: number[] = [];
    for (const position of order) {
      if (keep(position)) matches.push(position);
    }
    return matches;
  }

  /** The benchmark measures searches as if each text were new. */
  forgetRecentResults(): void {
    this.textResults.clear();
  }

  /** MiniSearch's results for a text query (best first), from the cache when it was asked lately. */
  private textHits(query: Query, audience: SearchAudience): { positions: Uint32Array; scores: Float32Array } {
    const key = audience === 'visitors' ? `visitors:${JSON.stringify(query)}` : JSON.stringify(query);
    const cached = this.textResults.get(key);
    if (cached) return cached;
    const results = audience === 'visitors' ? this.text.search(query, { fields: VISITOR_TEXT_FIELDS }) : this.text.search(query);
    const hits = {
      positions: Uint32Array.from(results, (result) => result.id as number),
      scores: Float32Array.from(results, (result) => result.score),
    };
    this.textResults.set(key, hits);
    return hits;
  }

  /**
   * With a query: MiniSearch finds the matches; "Pertinence" then means text relevance (ties
   * broken by the spec's relevance score), while price and availability keep their own order.
   */
  private textMatches(query: Query, filters: SearchFilters, audience: SearchAudience): number[] {
    const { positions, scores } = this.textHits(query, audience);
    const keep = this.matcher(filters, audience);
    const kept: number[] = [];
    for (let i = 0; i < positions.length; i += 1) {
      if (keep(positions[i]!)) kept.push(i);
    }
    if (filters.sortBy === 'rating') {
      const direction = filters.sortOrder === 'asc' ? -1 : 1;
      // Ties of text score: the spec's relevance, then the precomputed rank (stable, cheap).
      const rank = this.rankOf(`rating:${filters.sortOrder}`);
      return kept
        .sort((a, b) => (scores[b]! - scores[a]!) * direction || rank[positions[a]!]! - rank[positions[b]!]!)
        .map((i) => positions[i]!);
    }
    // Price and availability: the precomputed order's rank is the sort key.
    const rank = this.rankOf(`${filters.sortBy}:${filters.sortOrder}`);
    return kept.map((i) => positions[i]!).sort((a, b) => rank[a]! - rank[b]!);
  }
}
