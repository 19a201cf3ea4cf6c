import { RATE_MAX, RATE_MIN } from '#shared/constants';
import { SEARCH_PAGE_SIZE, searchQuerySchema, type SearchResponse } from '#shared/discovery-schemas';
import { routes } from '#shared/routes';
import { DEFAULT_FILTERS, type SearchFilters } from '#shared/search';
import { apiHandler, ok } from '#commons/http';
import { withSignedPhotos } from '../uploads/storage.js';
import { currentCatalogue } from './catalogue-cache.js';

/**
 * `GET /api/search/tutors`: French full-text search with the spec's filters and sorts, over the
 * in-memory index of the catalogue snapshot (no table read per search). Photos leave as presigned
 * addresses, never as storage keys.
 */
export const handler = apiHandler(routes.searchTutors, { query: searchQuerySchema }, async ({ query }) => {
  const filters: SearchFilters = {
    query: query.q ?? '',
    location: query.location ?? '',
    subject: query.subject ?? '',
    level: query.level ?? '',
    minRate: query.minRate ?? RATE_MIN,
    maxRate: query.maxRate ?? RATE_MAX,
    sortBy: query.sortBy ?? DEFAULT_FILTERS.sortBy,
    sortOrder: query.sortOrder ?? DEFAULT_FILTERS.sortOrder,
  };
  const offset = query.offset ?? 0;
  const limit = query.limit ?? SEARCH_PAGE_SIZE;
  const catalogue = await currentCatalogue();
  const page = catalogue.index.search(filters, { offset, limit });
  const response: SearchResponse = {
    ...page,
    tutors: await withSignedPhotos(page.tutors),
    offset,
    limit,
    catalogue_updated_at: catalogue.generatedAt,
  };
  return ok(response);
});
