/**
 * The API contract of search, favourites, search history and AI recommendations (zod/mini),
 * shared by the handlers and the SPA.
 */
import * as z from './zod.js';
import { LEVELS, RATE_MAX, RATE_MIN, SORT_OPTIONS, SORT_ORDERS, SUBJECTS, ZONES } from './constants.js';
import type { QueryUnderstanding, SearchFilters, TutorSummary } from './search.js';
import { validationMessages } from './message-catalogue/validation.js';
import { optionalText } from './schemas.js';

const zoneSchema = z.enum(ZONES, { error: 'Zone inconnue' });
const subjectSchema = z.enum(SUBJECTS, { error: 'Matière inconnue' });
const levelSchema = z.enum(LEVELS, { error: 'Niveau inconnu' });
/** The same choices, or '' for "any" (how the filters of a saved search say it). */
const zoneOrAny = z.enum(['', ...ZONES], { error: 'Zone inconnue' });
const subjectOrAny = z.enum(['', ...SUBJECTS], { error: 'Matière inconnue' });
const levelOrAny = z.enum(['', ...LEVELS], { error: 'Niveau inconnu' });
const rateSchema = z.coerce
  .number({ error: 'Le tarif doit être un nombre entier de FCFA' })
  .check(
    z.int({ error: 'Le tarif doit être un nombre entier de FCFA' }),
    z.gte(RATE_MIN, { error: `Le tarif doit être compris entre ${RATE_MIN} et ${RATE_MAX} FCFA` }),
    z.lte(RATE_MAX, { error: `Le tarif doit être compris entre ${RATE_MIN} et ${RATE_MAX} FCFA` }),
  );

// Where it has always been imported from; declared with the search rules (no zod: a visitor's search).
export { SEARCH_PAGE_SIZE } from './search.js';
export const SEARCH_MAX_PAGE_SIZE = 100;

/** `GET /api/search/tutors` query string. Every parameter is optional. */
export const searchQuerySchema = z
  .strictObject({
    q: optionalText(200),
    location: z.optional(zoneSchema),
    subject: z.optional(subjectSchema),
    level: z.optional(levelSchema),
    minRate: z.optional(rateSchema),
    maxRate: z.optional(rateSchema),
    sortBy: z.optional(z.enum(SORT_OPTIONS, { error: 'Tri inconnu' })),
    sortOrder: z.optional(z.enum(SORT_ORDERS, { error: 'Ordre de tri inconnu' })),
    limit: z.optional(
      z.coerce
        .number()
        .check(
          z.int({ error: 'limit doit être un entier' }),
          z.gte(1, { error: `limit doit être compris entre 1 et ${SEARCH_MAX_PAGE_SIZE}` }),
          z.lte(SEARCH_MAX_PAGE_SIZE, { error: `limit doit être compris entre 1 et ${SEARCH_MAX_PAGE_SIZE}` }),
        ),
    ),
    offset: z.optional(
      z.coerce
        .number()
        .check(z.int({ error: 'offset doit être un entier' }), z.gte(0, { error: 'offset doit être positif' })),
    ),
    /**
     * A parent's search made in the app (not the reload of a shared link): the history entry's id,
     * chosen by the client so a retried request records once. Recorded with the first page.
     */
    record: z.optional(z.uuid({ error: validationMessages.invalidId })),
  })
  .check(
    z.refine((value) => (value.minRate ?? RATE_MIN) <= (value.maxRate ?? RATE_MAX), {
      error: 'Le tarif minimum doit être inférieur ou égal au tarif maximum',
      path: ['minRate'],
    }),
  );
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/** `GET /api/search/tutors` answer: one page of results and the figures of the stat cards. */
export interface SearchResponse {
  tutors: TutorSummary[];
  total: number;
  verified_count: number;
  /** Average hourly rate of the matches that have one, rounded to the franc (null if none). */
  average_rate: number | null;
  offset: number;
  limit: number;
  /** When the catalogue snapshot the answer comes from was built. */
  catalogue_updated_at: string | null;
  /** What the search read in the text (subjects, a zone, a level) and the filters it let go. */
  understanding: QueryUnderstanding;
}

/** Ids are UUIDs in the table; anything else is refused before touching the data. */
const idSchema = z.string({ error: validationMessages.missingId }).check(
  z.trim(),
  z.minLength(1, { error: validationMessages.missingId }),
  z.maxLength(64, { error: validationMessages.invalidId }),
  z.regex(/^[A-Za-z0-9-]+$/, { error: validationMessages.invalidId }),
);

export const addFavoriteSchema = z.strictObject({ tutor_id: idSchema });
export type AddFavoriteInput = z.infer<typeof addFavoriteSchema>;
export const favoriteParamsSchema = z.object({ tutorId: idSchema });

export interface Favorite {
  tutor_id: string;
  created_at: string;
}
/** `GET /api/favorites`: newest first, with the tutors still listed (completed profiles). */
export interface FavoritesResponse {
  favorites: Array<Favorite & { tutor: TutorSummary | null }>;
}

/** The filters saved with a history entry (spec §3 search_history.filters). */
export const historyFiltersSchema = z.strictObject({
  query: z._default(z.string().check(z.trim(), z.maxLength(200, { error: '200 caractères au maximum' })), ''),
  location: z._default(zoneOrAny, ''),
  subject: z._default(subjectOrAny, ''),
  level: z._default(levelOrAny, ''),
  minRate: z._default(rateSchema, RATE_MIN),
  maxRate: z._default(rateSchema, RATE_MAX),
  sortBy: z._default(z.enum(SORT_OPTIONS, { error: 'Tri inconnu' }), 'rating'),
  sortOrder: z._default(z.enum(SORT_ORDERS, { error: 'Ordre de tri inconnu' }), 'desc'),
}) satisfies z.ZodMiniType<SearchFilters, unknown>;

/**
 * `POST /api/search-history`. The client picks the entry's id (a UUID), so that a retried
 * request records the search once.
 */
export const recordSearchSchema = z.strictObject({
  id: z.uuid({ error: validationMessages.invalidId }),
  filters: historyFiltersSchema,
  results_count: z.number({ error: 'Nombre de résultats manquant' }).check(
    z.int({ error: 'Nombre de résultats invalide' }),
    z.gte(0, { error: 'Nombre de résultats invalide' }),
  ),
});
export type RecordSearchInput = z.infer<typeof recordSearchSchema>;

export interface SearchHistoryEntry {
  id: string;
  search_query: string | null;
  filters: SearchFilters;
  results_count: number;
  created_at: string;
}
export interface SearchHistoryResponse {
  entries: SearchHistoryEntry[];
}

/**
 * `POST /api/recommendations` (the spec's 'ai-tutor-recommendations'). The parent is the caller:
 * no parentId is accepted from the body.
 */
export const recommendationsRequestSchema = z.strictObject({
  subject: z.optional(subjectOrAny),
  level: z.optional(levelOrAny),
  location: z.optional(zoneOrAny),
  preferences: optionalText(500),
});
export type RecommendationsRequest = z.infer<typeof recommendationsRequestSchema>;

/** AI preference summary (spec §3). */
export interface PreferenceSummary {
  preferredSubjects: string[];
  preferredLevels: string[];
  preferredLocations: string[];
  totalSearches: number;
  totalFavorites: number;
}

/** Issue 32: a tutor the parent had PACKAGE_SUGGESTION_AFTER_LESSONS lessons released with, and no package running. */
export interface PackageSuggestion {
  tutor_id: string;
  tutor_name: string;
}

export interface RecommendationsResponse {
  recommendations: TutorSummary[];
  /** Issue 32: a monthly package suggested with a tutor the parent already knows (absent when none). */
  package_suggestion?: PackageSuggestion;
  /** One French sentence per recommended tutor, by tutor id. */
  reasoning: Record<string, string>;
  metadata: {
    source: 'bedrock' | 'deterministic';
    model_id: string | null;
    /** Why the deterministic ranking was used: Bedrock off, failed, or answered something invalid. */
    fallback_reason: 'disabled' | 'error' | 'invalid_output' | null;
    /** The model's answer to the same question, kept from an earlier view (no new model call). */
    from_cache: boolean;
    summary: PreferenceSummary;
    candidates_considered: number;
    generated_at: string;
  };
}
