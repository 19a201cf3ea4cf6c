/**
 * Tutor search rules shared by the SPA and the Lambdas (plain functions, no zod, no AWS):
 * the filters and their URL form, the active-filter count and reset (spec §5), the sorts and
 * the relevance score (spec §9), and the compact tutor record the catalogue snapshot holds.
 */
import {
  EXPERIENCE_SCORE,
  LEVELS,
  RATE_MAX,
  RATE_MIN,
  SORT_OPTIONS,
  SORT_ORDERS,
  SUBJECTS,
  ZONE_LABELS,
  ZONES,
  type Experience,
  type Level,
  type SortBy,
  type Subject,
  type Zone,
} from './constants.js';
import { atPlace } from './french.js';
import { searchMessages } from './message-catalogue/search.js';
import { formatAmount } from './money.js';
import type { PhotoVariant } from './photos.js';

/** The tutors of one page of search results (`GET /api/public/tutors`'s `limit`). */
export const SEARCH_PAGE_SIZE = 24;

export type SortOrder = (typeof SORT_ORDERS)[number];

/** Search filters (spec §3). Empty strings mean "any". */
export interface SearchFilters {
  query: string;
  location: string;
  subject: string;
  level: string;
  minRate: number;
  maxRate: number;
  sortBy: SortBy;
  sortOrder: SortOrder;
}

/** A filter the text can set and the search may let go when it leaves nobody (never one chosen in the form). */
export type RelaxedFilter = 'location' | 'level' | 'rate';

/**
 * One thing read in the text, as the results screen shows it (a chip the parent can remove):
 * `without` is the parent's text with the words this chip came from taken out — the search the
 * chip's ✕ runs.
 */
export interface UnderstandingChip {
  kind: 'subject' | 'location' | 'level' | 'rate' | 'word';
  label: string;
  without: string;
}

/**
 * What the search read in the free text, for the UI to show: the zone, level and rate bounds read
 * there and used as filters (null when none was read, or when the form chose one: the form wins),
 * the subjects recognised (abbreviations, series and typos included), the other words searched in
 * names and texts, which filters were let go and which words were dropped because they left no
 * tutor (issue 33: never an empty answer when tutors fit the rest), and the chips.
 */
export interface QueryUnderstanding {
  location: Zone | null;
  level: Level | null;
  subjects: Subject[];
  /** Rate bounds read in the text ('moins de 4 000 F', 'max 2500', 'pas cher'), FCFA per hour. */
  min_rate: number | null;
  max_rate: number | null;
  relaxed: RelaxedFilter[];
  /** Words of the text matched in names and texts (folded). */
  words: string[];
  /** Words of the text let go because no tutor fitting the rest holds them (folded). */
  dropped: string[];
  chips: UnderstandingChip[];
}

/** Default search and reset (spec §5, §9): rates 0 to 10 000, sorted by rating, descending. */
export const DEFAULT_FILTERS: Readonly<SearchFilters> = Object.freeze({
  query: '',
  location: '',
  subject: '',
  level: '',
  minRate: RATE_MIN,
  maxRate: RATE_MAX,
  sortBy: 'rating',
  sortOrder: 'desc',
});

export function resetFilters(): SearchFilters {
  return { ...DEFAULT_FILTERS };
}

/** Query, zone, subject and level count one each; the rate range counts if it is not 0–10 000. */
export function activeFilterCount(filters: SearchFilters): number {
  const texts = [filters.query.trim(), filters.location, filters.subject, filters.level].filter(Boolean).length;
  const rateChanged = filters.minRate !== RATE_MIN || filters.maxRate !== RATE_MAX;
  return texts + (rateChanged ? 1 : 0);
}

/** Sort options as the select shows them, and the words of the badge 'Trié par …'. */
export const SORT_LABELS: Record<SortBy, string> = { rating: 'Pertinence', price: 'Prix', availability: 'Disponibilité' };
export const SORT_BADGE_WORDS: Record<SortBy, string> = {
  rating: 'pertinence',
  price: 'prix',
  availability: 'disponibilité',
};
export const SORT_ORDER_LABELS: Record<SortOrder, string> = { desc: 'Décroissant', asc: 'Croissant' };

export function sortBadge(sortBy: SortBy): string {
  return `Trié par ${SORT_BADGE_WORDS[sortBy]}`;
}

/** The URL parameters of a search (`/search?q=…&zone=…`), so that a search can be shared. */
export const FILTER_PARAMS = {
  query: 'q',
  location: 'zone',
  subject: 'matiere',
  level: 'niveau',
  minRate: 'tarifMin',
  maxRate: 'tarifMax',
  sortBy: 'tri',
  sortOrder: 'ordre',
} as const satisfies Record<keyof SearchFilters, string>;

const isSortBy = (value: string | null): value is SortBy => (SORT_OPTIONS as readonly (string | null)[]).includes(value);
const isSortOrder = (value: string | null): value is SortOrder =>
  (SORT_ORDERS as readonly (string | null)[]).includes(value);

function rateParam(value: string | null, fallback: number): number {
  if (value === null || value.trim() === '') return fallback;
  const rate = Number(value);
  if (!Number.isInteger(rate)) return fallback;
  return Math.min(RATE_MAX, Math.max(RATE_MIN, rate));
}

/** Reads filters from URL parameters; anything missing or unknown falls back to the default. */
export function filtersFromParams(params: URLSearchParams): SearchFilters {
  const text = (name: string) => (params.get(name) ?? '').trim().slice(0, 200);
  const choice = (name: string, allowed: readonly string[]) => {
    const value = text(name);
    return allowed.includes(value) ? value : '';
  };
  let minRate = rateParam(params.get(FILTER_PARAMS.minRate), RATE_MIN);
  let maxRate = rateParam(params.get(FILTER_PARAMS.maxRate), RATE_MAX);
  if (minRate > maxRate) [minRate, maxRate] = [maxRate, minRate];
  const sortBy = params.get(FILTER_PARAMS.sortBy);
  const sortOrder = params.get(FILTER_PARAMS.sortOrder);
  return {
    query: text(FILTER_PARAMS.query),
    location: choice(FILTER_PARAMS.location, ZONES),
    subject: choice(FILTER_PARAMS.subject, SUBJECTS),
    level: choice(FILTER_PARAMS.level, LEVELS),
    minRate,
    maxRate,
    sortBy: isSortBy(sortBy) ? sortBy : DEFAULT_FILTERS.sortBy,
    sortOrder: isSortOrder(sortOrder) ? sortOrder : DEFAULT_FILTERS.sortOrder,
  };
}

/**
 * Writes filters as URL parameters: the texts and rates only when set, the sort always, so that
 * a search with every default still leaves a trace in the URL (the page knows a search was made).
 */
export function filtersToParams(filters: SearchFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.query.trim()) params.set(FILTER_PARAMS.query, filters.query.trim());
  if (filters.location) params.set(FILTER_PARAMS.location, filters.location);
  if (filters.subject) params.set(FILTER_PARAMS.subject, filters.subject);
  if (filters.level) params.set(FILTER_PARAMS.level, filters.level);
  if (filters.minRate !== RATE_MIN) params.set(FILTER_PARAMS.minRate, String(filters.minRate));
  if (filters.maxRate !== RATE_MAX) params.set(FILTER_PARAMS.maxRate, String(filters.maxRate));
  params.set(FILTER_PARAMS.sortBy, filters.sortBy);
  params.set(FILTER_PARAMS.sortOrder, filters.sortOrder);
  return params;
}

/** True when the URL carries a search (any of the filter parameters). */
export function hasSearchParams(params: URLSearchParams): boolean {
  return Object.values(FILTER_PARAMS).some((name) => params.has(name));
}

export function zoneLabel(zone: string | null | undefined): string | undefined {
  return zone ? (ZONE_LABELS[zone as Zone] ?? zone) : undefined;
}

/** What a history entry is called: the query, or zone/subject/level joined (spec §2). */
export function searchLabel(filters: Pick<SearchFilters, 'query' | 'location' | 'subject' | 'level'>): string {
  const query = filters.query.trim();
  if (query) return query;
  return [zoneLabel(filters.location), filters.subject, filters.level].filter(Boolean).join(' · ');
}

export interface AvailabilityDay {
  day: string;
  available: boolean;
  slots: ReadonlyArray<{ start: string; end: string }>;
}

/** Availability sort key: the number of slots on the days marked available (spec §9). */
export function availabilitySlotCount(schedule: ReadonlyArray<AvailabilityDay> | undefined): number {
  return (schedule ?? []).reduce((count, day) => count + (day.available ? day.slots.length : 0), 0);
}

/** Relevance (spec §9): 1 if verified, plus the experience score (débutant 1 … 10 ans et plus 5). */
export function relevanceScore(tutor: { is_verified: boolean; experience?: string | null }): number {
  const experience = tutor.experience ? (EXPERIENCE_SCORE[tutor.experience as Experience] ?? 0) : 0;
  return (tutor.is_verified ? 1 : 0) + experience;
}

/**
 * A completed tutor profile joined with its owner's names and verification: one entry of the
 * catalogue snapshot, and what the search, favourites and recommendations APIs return.
 */
export interface TutorSummary {
  id: string;
  user_id: string;
  first_name: string;
  last_name: string;
  is_verified: boolean;
  bio: string;
  education: string;
  experience: string | null;
  teaching_method: string;
  subjects: string[];
  levels: string[];
  location: string | null;
  hourly_rate: number | null;
  /**
   * In the catalogue, the photo's S3 key; in an answer of the API, an address to show it: its
   * largest variant once the variants are made, a presigned GET of the original until then.
   */
  profile_image_url: string | null;
  /**
   * The layout the photo's variants were made on (the catalogue's mark, absent until they are made
   * on the current one; shared/src/photos.ts `cataloguePhotoState`). Entries written before
   * layout 2 carried `profile_image_ready: true` instead: read as not ready.
   */
  profile_image_layout?: number;
  /** In an answer of the API: the variants for `srcset`, smallest first; empty until they are made. */
  profile_image_variants?: PhotoVariant[];
  /** Slots on available days (the availability sort key). */
  availability_slots: number;
  /**
   * The tutor hid the profile from visitors and search engines (issue 17; absent when not): out
   * of the public search, the public pages and the sitemap (`isListedPublicly` of visitors.ts).
   */
  hidden_from_visitors?: true;
}

/** Structural filters (everything but the free text), as the spec's query applies them. */
export function matchesFilters(
  tutor: Pick<TutorSummary, 'location' | 'subjects' | 'levels' | 'hourly_rate'>,
  filters: Pick<SearchFilters, 'location' | 'subject' | 'level' | 'minRate' | 'maxRate'>,
): boolean {
  if (filters.location && tutor.location !== filters.location) return false;
  if (filters.subject && !tutor.subjects.includes(filters.subject)) return false;
  if (filters.level && !tutor.levels.includes(filters.level)) return false;
  if (filters.minRate > RATE_MIN && (tutor.hourly_rate === null || tutor.hourly_rate < filters.minRate)) return false;
  // The slider's top (10 000) reads "10 000 and more": it sets no upper bound.
  if (filters.maxRate < RATE_MAX && (tutor.hourly_rate === null || tutor.hourly_rate > filters.maxRate)) return false;
  return true;
}

/**
 * The sort key of a tutor for a sort option. A missing rate sorts as the cheapest; ties are
 * broken by id so that the order is the same on every call.
 */
export function sortKey(tutor: TutorSummary, sortBy: SortBy): number {
  if (sortBy === 'price') return tutor.hourly_rate ?? 0;
  if (sortBy === 'availability') return tutor.availability_slots;
  return relevanceScore(tutor);
}

export function compareTutors(sortBy: SortBy, sortOrder: SortOrder): (a: TutorSummary, b: TutorSummary) => number {
  const direction = sortOrder === 'asc' ? 1 : -1;
  return (a, b) => (sortKey(a, sortBy) - sortKey(b, sortBy)) * direction || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** Case and accents folded: 'Mathématiques' → 'mathematiques', 'Élève' → 'eleve'. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

/** The full name shown on a card. */
export function tutorName(tutor: Pick<TutorSummary, 'first_name' | 'last_name'>): string {
  return `${tutor.first_name} ${tutor.last_name}`.trim();
}

/**
 * The rate bounds read in a search text, as a chip and the notice say them: 'moins de 4 000 FCFA/h',
 * 'plus de 2 000 FCFA/h', 'de 2 000 à 4 000 FCFA/h' (amounts grouped with no-break spaces). Null
 * when neither bound is set.
 */
export function rateLabel(minRate: number | null, maxRate: number | null): string | null {
  const fcfa = (amount: number) => `${formatAmount(amount)}\u00a0FCFA/h`;
  if (minRate !== null && maxRate !== null) {
    return minRate === maxRate ? fcfa(maxRate) : `de ${formatAmount(minRate)} à ${fcfa(maxRate)}`;
  }
  if (maxRate !== null) return `moins de ${fcfa(maxRate)}`;
  if (minRate !== null) return `plus de ${fcfa(minRate)}`;
  return null;
}

/** The rate bounds in a sentence: 'à moins de 4 000 FCFA/h', 'de 2 000 à 4 000 FCFA/h'. */
function rateInSentence(minRate: number | null, maxRate: number | null): string | null {
  const label = rateLabel(minRate, maxRate);
  if (!label) return null;
  return label.startsWith('de ') ? label : `à ${label}`;
}

export interface UnderstandingNotice {
  /** 'Compris : Anglais · Yopougon · moins de 4 000 FCFA/h'; null when nothing but free words was read. */
  understood: string | null;
  /** Which filters read in the text were let go to find someone. */
  relaxed: string | null;
  /** Which words were let go because no tutor fitting the rest holds them (m.search.withoutWords). */
  dropped: string | null;
}

/**
 * What the results screen says of a search's understanding: what was read in the text
 * ('Compris : Anglais · Yopougon · moins de 4 000 FCFA/h'), which of those filters were let go
 * because they left no tutor, and which words were let go. Null when there is nothing to say.
 */
export function understandingNotice(understanding: QueryUnderstanding): UnderstandingNotice | null {
  const { subjects, location, level, relaxed, min_rate: minRate, max_rate: maxRate } = understanding;
  const rate = rateLabel(minRate, maxRate);
  const parts = [...subjects, ...(location ? [zoneLabel(location)!] : []), ...(level ? [level] : []), ...(rate ? [rate] : [])];
  const letGo = [
    ...(relaxed.includes('location') && location ? [location === 'distance' ? 'en cours à distance' : atPlace(zoneLabel(location)!)] : []),
    ...(relaxed.includes('level') && level ? [`au niveau ${level}`] : []),
    ...(relaxed.includes('rate') && rate ? [rateInSentence(minRate, maxRate)!] : []),
  ];
  // The dropped words as the parent typed them when a chip remembers it ('Kouassi', not 'kouassi').
  const typed = (word: string) => understanding.chips.find((chip) => chip.kind === 'word' && foldText(chip.label) === word)?.label ?? word;
  const dropped = understanding.dropped.length ? searchMessages.withoutWords(understanding.dropped.map(typed)) : null;
  if (!parts.length && !dropped) return null;
  return {
    understood: parts.length ? `Compris : ${parts.join(' · ')}` : null,
    relaxed: letGo.length ? `Aucun répétiteur ${letGo.join(' et ')} : voici les plus proches de votre recherche.` : null,
    dropped,
  };
}
