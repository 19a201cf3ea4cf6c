/**
 * The search of tutors, two routes in one Lambda (the stack's resource budget; docs/decisions.md),
 * chosen by API Gateway's `routeKey`, each with its own handler (validation, French errors):
 *
 * - `GET /api/search/tutors`, signed in: French full-text search with the spec's filters and
 *   sorts, over the in-memory index of the catalogue (no table read per search). Photos leave as
 *   presigned addresses, never as storage keys. A parent's search made in the app (`record`, the
 *   first page) is written to their history here, in the same call; a failure to record is only
 *   logged (spec §8), the results are answered all the same.
 * - `GET /api/public/tutors`, visitors (issue 17): the same parameters and index, over the tutors
 *   listed publicly only, each card built of `PUBLIC_TUTOR_CARD_KEYS` alone (the visitor's name,
 *   the photo's variants, never a last name, an id of the account or an original photo).
 */
import type { Context } from 'aws-lambda';
import { RATE_MAX, RATE_MIN } from '#shared/constants';
import { SEARCH_PAGE_SIZE, searchQuerySchema, type RecordSearchInput, type SearchQuery, type SearchResponse } from '#shared/discovery-schemas';
import { messages } from '#shared/messages';
import { cataloguePhotoState, isPhotoReady } from '#shared/photos';
import { routeKey, routes } from '#shared/routes';
import { DEFAULT_FILTERS, type SearchFilters } from '#shared/search';
import { publicTutorCard, type PublicSearchResponse } from '#shared/visitors';
import { apiHandler, json, ok, publicApiHandler, type ApiEvent, type ApiResult } from '#commons/http';
import { logger } from '#commons/logger';
import { recordSearch } from '../history/history.js';
import { publicPhoto, withPhotos } from '../photos/variants.js';
import { currentCatalogue } from './catalogue-cache.js';

function searchOf(query: SearchQuery): { filters: SearchFilters; offset: number; limit: number } {
  return {
    filters: {
      query: query.q ?? '',
      location: query.location ?? '',
      subject: query.subject ?? '',
      level: query.level ?? '',
      minRate: query.minRate ?? RATE_MIN,
      maxRate: query.maxRate ?? RATE_MAX,
      sortBy: query.sortBy ?? DEFAULT_FILTERS.sortBy,
      sortOrder: query.sortOrder ?? DEFAULT_FILTERS.sortOrder,
    },
    offset: query.offset ?? 0,
    limit: query.limit ?? SEARCH_PAGE_SIZE,
  };
}

const searchTutors = apiHandler(routes.searchTutors, { query: searchQuerySchema }, async ({ query, caller }) => {
  const { filters, offset, limit } = searchOf(query);
  const catalogue = await currentCatalogue();
  const page = catalogue.index.search(filters, { offset, limit });
  const recording =
    query.record && offset === 0 && caller.groups.includes('parent')
      ? recordSearch(caller.userId, { id: query.record, filters: filters as RecordSearchInput['filters'], results_count: page.total }).catch(
          (error: unknown) => logger.warn('Search not recorded in the history', { error }),
        )
      : undefined;
  // The history write and the photos' signatures at the same time.
  const [tutors] = await Promise.all([withPhotos(page.tutors), recording]);
  const response: SearchResponse = {
    ...page,
    tutors,
    offset,
    limit,
    catalogue_updated_at: catalogue.generatedAt,
  };
  return ok(response);
});

/** Nothing is recorded for a visitor (`record` is read by the signed-in route only). */
const publicSearchTutors = publicApiHandler(routes.publicSearchTutors, { query: searchQuerySchema }, async ({ query }) => {
  const { filters, offset, limit } = searchOf(query);
  const catalogue = await currentCatalogue();
  const page = catalogue.index.search(filters, { offset, limit }, 'visitors');
  const response: PublicSearchResponse = {
    tutors: page.tutors.map((tutor) => publicTutorCard(tutor, publicPhoto(tutor.profile_image_url, isPhotoReady(cataloguePhotoState(tutor))))),
    total: page.total,
    verified_count: page.verified_count,
    average_rate: page.average_rate,
    offset,
    limit,
    catalogue_updated_at: catalogue.generatedAt,
    understanding: page.understanding,
  };
  return ok(response);
});

const byRoute: Record<string, (event: ApiEvent, context: Context) => Promise<ApiResult>> = {
  [routeKey(routes.searchTutors)]: searchTutors,
  [routeKey(routes.publicSearchTutors)]: publicSearchTutors,
};

export const handler = async (event: ApiEvent, context: Context): Promise<ApiResult> => {
  const route = byRoute[event.routeKey];
  if (!route) return json(404, { error: { code: 'not_found', message: messages.http.notFound } });
  return route(event, context);
};
