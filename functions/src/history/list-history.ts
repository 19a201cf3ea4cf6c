import { HISTORY_SHOWN } from '#shared/constants';
import type { SearchHistoryResponse } from '#shared/discovery-schemas';
import { routes } from '#shared/routes';
import { apiHandler, ok } from '#commons/http';
import { recentSearches } from './history.js';

/** `GET /api/search-history`: the caller's 10 newest searches. */
export const handler = apiHandler(routes.listSearchHistory, {}, async ({ caller }) => {
  const response: SearchHistoryResponse = { entries: await recentSearches(caller.userId, HISTORY_SHOWN) };
  return ok(response);
});
