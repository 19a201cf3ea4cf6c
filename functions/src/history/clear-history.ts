import { routes } from '#shared/routes';
import { apiHandler, ok } from '#commons/http';
import { clearSearches } from './history.js';

/** `DELETE /api/search-history`: clears the caller's own history, and nobody else's. */
export const handler = apiHandler(routes.clearSearchHistory, {}, async ({ caller }) =>
  ok({ deleted: await clearSearches(caller.userId) }),
);
