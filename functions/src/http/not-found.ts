import { messages } from '#shared/messages';
import { routes } from '#shared/routes';
import { apiHandler, json } from '#commons/http';

/** Any /api path that no route matches: a JSON 404 in French. */
export const handler = apiHandler(routes.notFound, {}, async () =>
  json(404, { error: { code: 'route_not_found', message: messages.http.routeNotFound } }),
);
