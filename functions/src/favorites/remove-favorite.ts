import { favoriteParamsSchema } from '#shared/discovery-schemas';
import { routes } from '#shared/routes';
import { apiHandler, json } from '#commons/http';
import { removeFavorite } from './favorites.js';

/** `DELETE /api/favorites/{tutorId}`: removes one of the caller's own favourites. */
export const handler = apiHandler(routes.removeFavorite, { params: favoriteParamsSchema }, async ({ caller, params }) => {
  await removeFavorite(caller.userId, params.tutorId);
  return json(204, undefined);
});
