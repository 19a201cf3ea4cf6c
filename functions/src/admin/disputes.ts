import { adminPageQuerySchema } from '#shared/payments-schemas';
import { routes } from '#shared/routes';
import { apiHandler, ok } from '#commons/http';
import { openDisputesPage } from './money.js';

/** `GET /api/admin/disputes[?cursor=]`: one page of the open disputes with their rating, review and transaction. */
export const handler = apiHandler(routes.adminDisputes, { query: adminPageQuerySchema }, async ({ query }) =>
  ok(await openDisputesPage(query.cursor)),
);
