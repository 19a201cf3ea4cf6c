import { addFavoriteSchema } from '#shared/discovery-schemas';
import { routes } from '#shared/routes';
import { apiHandler, json } from '#commons/http';
import { addFavorite } from './favorites.js';

/** `POST /api/favorites` {tutor_id}: 201, or 409 when the tutor is already a favourite. */
export const handler = apiHandler(routes.addFavorite, { body: addFavoriteSchema }, async ({ caller, body }) =>
  json(201, await addFavorite(caller.userId, body.tutor_id)),
);
