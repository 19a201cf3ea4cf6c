import { adminPageQuerySchema } from '#shared/payments-schemas';
import { routes } from '#shared/routes';
import { ok } from '#commons/http';
import { apiHandlerWithSecondFactor } from '#commons/http-second-factor';
import { openDisputesPage } from './money.js';

/** `GET /api/admin/disputes[?cursor=]`: one page of the open disputes with their rating, review and transaction. */
export const handler = apiHandlerWithSecondFactor(routes.adminDisputes, { query: adminPageQuerySchema }, async ({ query }) =>
  ok(await openDisputesPage(query.cursor)),
);
