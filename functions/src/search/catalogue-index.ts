/**
 * The in-memory search index over the catalogue: the query is understood first (stop and filler
 * words dropped, subjects recognised, zone, level and price words turned into filters), then French
 * full text over typed-array postings (text-index.ts: case and accents folded, prefixes, typos
 * corrected against the index's own vocabulary), the spec's structural filters, text relevance
 * when there is a query and the spec's sorts otherwise.
 *
 * Only the page shown is ranked (the best `offset + limit` hits, kept in a small heap), and the
 * stat cards (total, verified, average rate) are counted from the facets' typed arrays: nothing
 * sorts or copies every hit of a common word (issue 33: 10 ms at 100 000 tutors for any text).
 *
 * A search container loads it prepared (the postings and the sort orders as the indexer
 * serialized them, `fromPrepared`) rather than building it, then applies the catalogue's changes
 * one tutor at a time (`apply`): nothing is rebuilt when one tutor edits their profile.
 */
import type { SortBy } from '#shared/constants';
import {
  compareTutors,
  foldText,
  type QueryUnderstanding,
  type SearchFilters,
  type SortOrder,
  type TutorSummary,
} from '#shared/search';
import { CatalogueFacets } from './facets.js';
import { TextResultCache } from './text-results.js';
import { searchAttempts, type SearchAttempt } from './search-attempts.js';
import { TextIndex, TEXT_FIELDS, type PreparedText, type TextFields, type TextHits } from './text-index.js';
import { textQuery, type TextQuery } from './text-query.js';
import { understandQuery } from './understand-query.js';

export { processTerm } from './text-index.js';

/**
 * Who searches: a signed-in user sees every listed tutor; a visitor only those listed publicly
 * (`isListedPublicly`), found by the fields a visitor sees.
 */
export type SearchAudience = 'members' | 'visitors';

export interface SearchPage {
  tutors: TutorSummary[];
  total: number;
  verified_count: number;
  average_rate: number | null;
  /** What was read in the free text and how it was applied. */
  understanding: QueryUnderstanding;
}

/** A change of the catalogue: this user's listed tutor is now `tutor` (null: no longer listed). */
export interface CatalogueChange {
  user_id: string;
  tutor: TutorSummary | null;
}

/**
 * The index as the indexer serializes it (base version 3): the tutors, the full-text postings and
 * the sort orders (base64 of their Uint32 positions).
 */
export interface PreparedCatalogue {
  tutors: TutorSummary[];
  text: PreparedText;
  orders: Record<string, string>;
}

const ORDER_KEYS = ['rating', 'price', 'availability'].flatMap((sortBy) =>
  ['desc', 'asc'].map((order) => `${sortBy}:${order}`),
);

const compareOf = (key: string) => {
  const [sortBy, order] = key.split(':') as [SortBy, SortOrder];
  return compareTutors(sortBy, order);
};

const textOf = (tutor: TutorSummary | null): TextFields =>
  tutor && TEXT_FIELDS.map((field) => (field === 'subjects' ? tutor.subjects.join(' ') : tutor[field]));

const encodeOrder = (order: Uint32Array) => Buffer.from(order.buffer, order.byteOffset, order.byteLength).toString('base64');
const decodeOrder = (text: string) => {
  const bytes = Buffer.from(text, 'base64');
  const order = new Uint32Array(bytes.length / 4);
  new Uint8Array(order.buffer).set(bytes);
  return order;
};

/** The best `size` items for `better`, kept in a binary heap whose root is the worst kept. */
function best(size: number, better: (a: number, b: number) => boolean) {
  const heap: number[] = [];
  const swap = (i: number, j: number) => ([heap[i], heap[j]] = [heap[j]!, heap[i]!]);
  return {
    offer(item: number): void {
      if (size <= 0) return;
      if (heap.length < size) {
        heap.push(item);
        for (let i = heap.length - 1; i > 0; ) {
          const parent = (i - 1) >> 1;
          if (!better(heap[parent]!, heap[i]!)) break;
          swap(i, parent);
          i = parent;
        }
        return;
      }
      if (!better(item, heap[0]!)) return;
      heap[0] = item;
      for (let i = 0; ; ) {
        const left = 2 * i + 1;
        const right = left + 1;
        let worst = i;
        if (left < heap.length && better(heap[worst]!, heap[left]!)) worst = left;
        if (right < heap.length && better(heap[worst]!, heap[right]!)) worst = right;
        if (worst === i) break;
        swap(i, worst);
        i = worst;
      }
    },
    /** Best first. */
    sorted: () => [...heap].sort((a, b) => (better(a, b) ? -1 : better(b, a) ? 1 : 0)),
  };
}

export class CatalogueIndex {
  /** The tutor at each position; null where a tutor left the catalogue since it was prepared. */
  private readonly slots: (TutorSummary | null)[];
  private readonly text: TextIndex;
  /** Positions of the listed tutors in each sort order, kept sorted as tutors change. */
  private readonly orders = new Map<string, Uint32Array>();
  private readonly positionOfUser = new Map<string, number>();
  private readonly facets = new CatalogueFacets();
  private readonly textResults = new TextResultCache(2_000_000);
  private listed = 0;

  constructor(tutors: readonly TutorSummary[], prepared?: Omit<PreparedCatalogue, 'tutors'>) {
    this.slots = [...tutors];
    this.slots.forEach((tutor, position) => this.track(position, tutor));
    if (prepared) {
      this.text = TextIndex.fromPrepared(prepared.text, tutors.length);
      for (const key of ORDER_KEYS) this.orders.set(key, prepared.orders[key] ? decodeOrder(prepared.orders[key]) : new Uint32Array(0));
      return;
    }
    this.text = TextIndex.build(tutors.map(textOf));
    const positions = tutors.map((_, position) => position);
    for (const key of ORDER_KEYS) {
      const compare = compareOf(key);
      this.orders.set(key, Uint32Array.from([...positions].sort((a, b) => compare(tutors[a]!, tutors[b]!))));
    }
  }

  /** The index a container loads: no tokenizing, no sorting (the indexer did it). */
  static fromPrepared(prepared: PreparedCatalogue): CatalogueIndex {
    return new CatalogueIndex(prepared.tutors, prepared);
  }

  /** What `fromPrepared` loads; only for an index with no change applied (a fresh build). */
  toPrepared(): PreparedCatalogue {
    if (this.listed !== this.slots.length || this.text.changed) throw new Error('Only a freshly built catalogue index is serialized');
    return {
      tutors: this.slots as TutorSummary[],
      text: this.text.toPrepared(),
      orders: Object.fromEntries([...this.orders].map(([key, order]) => [key, encodeOrder(order)])),
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
        this.text.set(position, textOf(tutor));
        this.slots[position] = tutor;
        this.track(position, tutor, current);
        touched.add(position);
      } else if (tutor) {
        const next = position ?? this.slots.length;
        if (position === undefined) this.slots.push(tutor);
        else this.slots[next] = tutor;
        this.text.set(next, textOf(tutor));
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

  /** The free words that match nothing at all in the index, even corrected or as a prefix. */
  unmatchedWords(words: readonly string[], audience: SearchAudience = 'members'): string[] {
    return words.filter((word) => !this.text.matchesAnything(word, audience === 'visitors'));
  }

  search(filters: SearchFilters, page: { offset: number; limit: number }, audience: SearchAudience = 'members'): SearchPage {
    const understood = understandQuery(filters.query);
    const wanted = page.offset + page.limit;
    const matchesOf = ({ filters: applied, words }: SearchAttempt) => {
      const query = textQuery({ subjects: understood.subjects, words });
      const hits = query && this.textHits(query, audience);
      return hits ? this.textMatches(hits, applied, audience, wanted) : this.sortedMatches(applied, audience, wanted);
    };
    const [first, ...relaxations] = searchAttempts(filters, understood, this.unmatchedWords(understood.words, audience));
    let attempt = first!;
    let found = matchesOf(attempt);
    // Only when what the text set found nobody: let it go, one after the other (search-attempts.ts).
    for (const relaxed of relaxations) {
      if (found.total) break;
      attempt = relaxed;
      found = matchesOf(attempt);
    }
    return {
      tutors: found.top.slice(page.offset, wanted).map((position) => this.slots[position]!),
      total: found.total,
      verified_count: found.verified,
      average_rate: found.rated ? Math.round(found.rateSum / found.rated) : null,
      understanding: attempt.understanding,
    };
  }

  private matcher(filters: SearchFilters, audience: SearchAudience): (position: number) => boolean {
    return this.facets.compile(filters, (position) => this.slots[position] ?? null, audience === 'visitors');
  }

  /** The stat cards of the matches, counted from the facets as they are found. */
  private counter() {
    const facets = this.facets;
    const found = { top: [] as number[], total: 0, verified: 0, rateSum: 0, rated: 0 };
    const count = (position: number) => {
      found.total += 1;
      if (facets.isVerified(position)) found.verified += 1;
      const rate = facets.rateAt(position);
      if (rate !== null) {
        found.rateSum += rate;
        found.rated += 1;
      }
    };
    return { found, count };
  }

  /** Without a query: the spec's sort, walking the precomputed order; the first page kept, all counted. */
  private sortedMatches(filters: SearchFilters, audience: SearchAudience, wanted: number) {
    const order = this.orders.get(`${filters.sortBy}:${filters.sortOrder}`)!;
    const keep = this.matcher(filters, audience);
    const { found, count } = this.counter();
    for (const position of order) {
      if (!keep(position)) continue;
      if (found.total < wanted) found.top.push(position);
      count(position);
    }
    return found;
  }

  /** The benchmark measures searches as if each text were new. */
  forgetRecentResults(): void {
    this.textResults.clear();
  }

  /** How many text searches the recent results answered (the benchmark reports it). */
  get recentResultHits(): number {
    return this.textResults.hits;
  }

  /** The text index's hits for a query (unordered), from the cache when it was asked lately. */
  private textHits(query: TextQuery, audience: SearchAudience): TextHits | null {
    const key = audience === 'visitors' ? `visitors:${JSON.stringify(query)}` : JSON.stringify(query);
    const cached = this.textResults.get(key);
    if (cached) return cached;
    const hits = this.text.search(query, audience === 'visitors');
    if (hits) this.textResults.set(key, hits);
    return hits;
  }

  /**
   * With a query: "Pertinence" means text relevance (ties broken by the spec's relevance score),
   * while price and availability keep their own order. Every hit is tested and counted, but only
   * the best `wanted` are kept (a heap): nothing sorts every hit.
   */
  private textMatches({ positions, scores }: TextHits, filters: SearchFilters, audience: SearchAudience, wanted: number) {
    const keep = this.matcher(filters, audience);
    const { found, count } = this.counter();
    let better: (a: number, b: number) => boolean;
    if (filters.sortBy === 'rating') {
      const direction = filters.sortOrder === 'asc' ? -1 : 1;
      // Ties of text score: the spec's relevance, then the precomputed rank (stable, cheap).
      const rank = this.rankOf(`rating:${filters.sortOrder}`);
      better = (a, b) => {
        const byScore = (scores[a]! - scores[b]!) * direction;
        return byScore > 0 || (byScore === 0 && rank[positions[a]!]! < rank[positions[b]!]!);
      };
    } else {
      // Price and availability: the precomputed order's rank is the sort key.
      const rank = this.rankOf(`${filters.sortBy}:${filters.sortOrder}`);
      better = (a, b) => rank[positions[a]!]! < rank[positions[b]!]!;
    }
    const page = best(wanted, better);
    for (let i = 0; i < positions.length; i += 1) {
      if (!keep(positions[i]!)) continue;
      count(positions[i]!);
      page.offer(i);
    }
    found.top = page.sorted().map((i) => positions[i]!);
    return found;
  }
}
