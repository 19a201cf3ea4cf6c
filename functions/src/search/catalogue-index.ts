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
import { CatalogueFacets, type FacetColumns } from './facets.js';
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
 * The index as the indexer prepares it (base version 4, prepared-base.ts): the tutors, the
 * full-text postings, the sort orders and the facets' columns.
 */
export interface PreparedCatalogue {
  tutors: TutorSummary[];
  text: PreparedText;
  orders: Record<string, Uint32Array>;
  facets: FacetColumns;
}

/**
 * The tutors of a prepared base as a container holds them: kept as stored, each parsed only when
 * shown, compared or listed (parsing 100 000 tutors is most of a cold start).
 */
export interface StoredTutors {
  size: number;
  /** The tutor at a position (parsed on each call: the index keeps what it parsed). */
  at(position: number): TutorSummary;
  userIds(): string[];
  /** `tutorHash` of each tutor's JSON: `apply` tells a change without parsing the tutor it replaces. */
  hashes: Uint32Array;
  /** Makes every tutor ready to parse, off the main thread (after a cold start's first answer). */
  inflateAll(): Promise<void>;
}

/** FNV-1a of a tutor's JSON (its UTF-16 code units). */
export function tutorHash(json: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < json.length; i += 1) {
    hash ^= json.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
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
  /** The tutor at each position; null where a tutor left the catalogue, undefined: stored, not parsed yet. */
  private readonly slots: (TutorSummary | null | undefined)[];
  private readonly stored: StoredTutors | null;
  private readonly text: TextIndex;
  /** Positions of the listed tutors in each sort order, kept sorted as tutors change. */
  private readonly orders = new Map<string, Uint32Array>();
  /** Built on first use for a prepared base (only changes need it). */
  private positionOfUser: Map<string, number> | null = null;
  private readonly facets: CatalogueFacets;
  private readonly textResults = new TextResultCache(2_000_000);
  private listed = 0;

  constructor(tutors: readonly TutorSummary[]);
  constructor(tutors: StoredTutors, prepared: Omit<PreparedCatalogue, 'tutors'>);
  constructor(tutors: readonly TutorSummary[] | StoredTutors, prepared?: Omit<PreparedCatalogue, 'tutors'>) {
    if (prepared && !Array.isArray(tutors)) {
      const stored = tutors as StoredTutors;
      this.stored = stored;
      this.slots = new Array<TutorSummary | undefined>(stored.size);
      this.listed = stored.size;
      this.facets = CatalogueFacets.fromColumns(prepared.facets);
      this.text = TextIndex.fromPrepared(prepared.text, stored.size);
      for (const key of ORDER_KEYS) this.orders.set(key, prepared.orders[key] ?? new Uint32Array(0));
      return;
    }
    const list = tutors as readonly TutorSummary[];
    this.stored = null;
    this.facets = new CatalogueFacets();
    this.slots = [...list];
    this.positionOfUser = new Map();
    this.slots.forEach((tutor, position) => this.track(position, tutor!));
    this.text = TextIndex.build(list.map(textOf));
    const positions = list.map((_, position) => position);
    for (const key of ORDER_KEYS) {
      const compare = compareOf(key);
      this.orders.set(key, Uint32Array.from([...positions].sort((a, b) => compare(list[a]!, list[b]!))));
    }
  }

  /** The index a container loads: no tokenizing, no sorting (the indexer did it), no tutor parsed. */
  static fromPrepared(prepared: Omit<PreparedCatalogue, 'tutors'> & { tutors: StoredTutors }): CatalogueIndex {
    return new CatalogueIndex(prepared.tutors, prepared);
  }

  /** What `fromPrepared` loads; only for an index with no change applied (a fresh build). */
  toPrepared(): PreparedCatalogue {
    if (this.stored || this.listed !== this.slots.length || this.text.changed) throw new Error('Only a freshly built catalogue index is serialized');
    return {
      tutors: this.slots as TutorSummary[],
      text: this.text.toPrepared(),
      orders: Object.fromEntries(this.orders),
      facets: this.facets.columns(this.slots.length),
    };
  }

  /**
   * Inflates the stored tutors in the background, so that the first searches after a cold start
   * do not each inflate the blocks of the tutors they show.
   */
  prepareTutors(): Promise<void> {
    return this.stored?.inflateAll() ?? Promise.resolve();
  }

  /** The tutor at a position (null: none), parsed from the stored base on first use. */
  private tutorAt(position: number): TutorSummary | null {
    const tutor = this.slots[position];
    if (tutor !== undefined) return tutor;
    if (!this.stored || position >= this.stored.size) return null;
    return (this.slots[position] = this.stored.at(position));
  }

  private users(): Map<string, number> {
    if (!this.positionOfUser) {
      const users = new Map<string, number>();
      this.stored!.userIds().forEach((userId, position) => users.set(userId, position));
      this.positionOfUser = users;
    }
    return this.positionOfUser;
  }

  /** Whether `tutor` is the one at this position already (the stored hash first: no parse when it differs). */
  private holds(position: number, tutor: TutorSummary): boolean {
    const json = JSON.stringify(tutor);
    const parsed = this.slots[position];
    if (parsed === undefined && this.stored && position < this.stored.size && this.stored.hashes[position] !== tutorHash(json)) return false;
    const current = this.tutorAt(position);
    return current !== null && JSON.stringify(current) === json;
  }

  get size(): number {
    return this.listed;
  }

  private listedTutors: TutorSummary[] | null = null;
  /** The listed tutors, in position order (every stored tutor parsed: recommendations read them all). */
  get tutors(): readonly TutorSummary[] {
    if (!this.listedTutors) {
      const listed: TutorSummary[] = [];
      for (let position = 0; position < this.slots.length; position += 1) {
        const tutor = this.tutorAt(position);
        if (tutor) listed.push(tutor);
      }
      this.listedTutors = listed;
    }
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
      const position = this.users().get(userId);
      const listed = position !== undefined && this.slots[position] !== null;
      if (listed && tutor && this.holds(position, tutor)) continue;
      if (!listed && !tutor) continue;
      if (position !== undefined && listed) {
        this.text.set(position, textOf(tutor));
        this.slots[position] = tutor;
        this.track(position, tutor, true);
        touched.add(position);
      } else if (tutor) {
        const next = position ?? this.slots.length;
        if (position === undefined) this.slots.push(tutor);
        else this.slots[next] = tutor;
        this.text.set(next, textOf(tutor));
        this.track(next, tutor, false);
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

  /**
   * The order without the touched positions, then those still listed merged back in place, each
   * found by a binary search (only the tutors compared are parsed).
   */
  private reorder(order: Uint32Array, touched: Set<number>, compare: (a: TutorSummary, b: TutorSummary) => number): Uint32Array {
    const moved = [...touched].filter((position) => this.slots[position]).sort((a, b) => compare(this.slots[a]!, this.slots[b]!));
    const rest = order.filter((position) => !touched.has(position));
    const next = new Uint32Array(this.listed);
    let n = 0;
    let from = 0;
    for (const position of moved) {
      const tutor = this.slots[position]!;
      // The first of the rest that `tutor` comes before (after those it ties with, as a merge would).
      let low = from;
      let high = rest.length;
      while (low < high) {
        const middle = (low + high) >> 1;
        if (compare(tutor, this.tutorAt(rest[middle]!)!) < 0) high = middle;
        else low = middle + 1;
      }
      next.set(rest.subarray(from, low), n);
      n += low - from;
      from = low;
      next[n++] = position;
    }
    next.set(rest.subarray(from), n);
    return next;
  }

  /** Slot `position` holds `tutor` from now on (`wasListed`: it held a listed tutor before). */
  private track(position: number, tutor: TutorSummary | null, wasListed = false): void {
    if (wasListed) this.listed -= 1;
    if (tutor) {
      this.listed += 1;
      this.users().set(tutor.user_id, position);
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

  /**
   * The free words that match nothing at all in the index, even corrected or as a prefix — for a
   * visitor, nothing among the tutors listed publicly (a hidden tutor's name is no word to them).
   */
  unmatchedWords(words: readonly string[], audience: SearchAudience = 'members'): string[] {
    const visitors = audience === 'visitors';
    const keep = visitors ? (position: number) => this.facets.isVisible(position) : undefined;
    return words.filter((word) => !this.text.matchesAnything(word, visitors, keep));
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
      tutors: found.top.slice(page.offset, wanted).map((position) => this.tutorAt(position)!),
      total: found.total,
      verified_count: found.verified,
      average_rate: found.rated ? Math.round(found.rateSum / found.rated) : null,
      understanding: attempt.understanding,
    };
  }

  private matcher(filters: SearchFilters, audience: SearchAudience): (position: number) => boolean {
    return this.facets.compile(filters, (position) => this.tutorAt(position), audience === 'visitors');
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

  /**
   * Without a query: the spec's sort, walking the precomputed order only until the page is full;
   * the stat cards counted in position order (the facets read one after the other, not at the
   * order's random places: the misses were most of a filter-only search).
   */
  private sortedMatches(filters: SearchFilters, audience: SearchAudience, wanted: number) {
    const order = this.orders.get(`${filters.sortBy}:${filters.sortOrder}`)!;
    const keep = this.matcher(filters, audience);
    const { found, count } = this.counter();
    for (let i = 0; i < order.length && found.top.length < wanted; i += 1) {
      if (keep(order[i]!)) found.top.push(order[i]!);
    }
    for (let position = 0; position < this.slots.length; position += 1) {
      if (this.slots[position] !== null && keep(position)) count(position);
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
