import { routes } from '#shared/routes';
import { apiHandler, ok } from '#commons/http';
import { listFavorites } from './favorites.js';

/** `GET /api/favorites`: the caller's favourites, newest first, with their tutors. */
export const handler = apiHandler(routes.listFavorites, {}, async ({ caller }) => ok(await listFavorites(caller.userId)));
