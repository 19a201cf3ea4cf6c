import { RATE_MAX, RATE_MIN } from '#shared/constants';
import { SEARCH_PAGE_SIZE, searchQuerySchema, type RecordSearchInput, type SearchResponse } from '#shared/discovery-schemas';
import { routes } from '#shared/routes';
import { DEFAULT_FILTERS, type SearchFilters } from '#shared/search';
import { apiHandler, ok } from '#commons/http';
import { logger } from '#commons/logger';
import { recordSearch } from '../history/history.js';
import { withPhotos } from '../photos/variants.js';
import { currentCatalogue } from './catalogue-cache.js';

/**
 * `GET /api/search/tutors`: French full-text search with the spec's filters and sorts, over the
 * in-memory index of the catalogue (no table read per search). Photos leave as presigned
 * addresses, never as storage keys. A parent's search made in the app (`record`, the first page)
 * is written to their history here, in the same call; a failure to record is only logged (spec
 * §8), the results are answered all the same.
 */
export const handler = apiHandler(routes.searchTutors, { query: searchQuerySchema }, async ({ query, caller }) => {
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
