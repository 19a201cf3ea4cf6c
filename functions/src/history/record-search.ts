import { recordSearchSchema } from '#shared/discovery-schemas';
import { routes } from '#shared/routes';
import { apiHandler, json } from '#commons/http';
import { recordSearch } from './history.js';

/** `POST /api/search-history`: 201 when recorded, 200 when this id was already recorded. */
export const handler = apiHandler(routes.recordSearch, { body: recordSearchSchema }, async ({ caller, body }) => {
  const { entry, created } = await recordSearch(caller.userId, body);
  return json(created ? 201 : 200, entry);
});
