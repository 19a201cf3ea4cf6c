import { routes } from '#shared/routes';
import { json } from '#commons/http';
import { apiHandlerWithSecondFactor } from '#commons/http-second-factor';
import { exportOf } from './export.js';

/** `GET /api/me/export`: everything Kalan holds about the caller, as one JSON document to download. */
export const handler = apiHandlerWithSecondFactor(routes.exportMyData, {}, async ({ caller }) => {
  const document = await exportOf(caller);
  const day = document.exported_at.slice(0, 10);
  const response = json(200, document);
  response.headers = { ...response.headers, 'content-disposition': `attachment; filename="kalan-mes-donnees-${day}.json"` };
  return response;
});
