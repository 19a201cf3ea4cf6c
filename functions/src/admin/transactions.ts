import { adminTransactionsQuerySchema } from '#shared/payments-schemas';
import { routes } from '#shared/routes';
import { ok } from '#commons/http';
import { apiHandlerWithSecondFactor } from '#commons/http-second-factor';
import { ADMIN_LIST_PAGE_SIZE } from '#commons/page-cursor';
import { transactionsPage } from '../payments/transactions.js';

/**
 * `GET /api/admin/transactions[?view=attention][&cursor=]`: one page of the transactions with parent
 * and tutor names, newest first — all of them, or those needing attention (a sparse index).
 */
export const handler = apiHandlerWithSecondFactor(routes.adminTransactions, { query: adminTransactionsQuerySchema }, async ({ query }) =>
  ok(await transactionsPage(query.view ?? 'all', query.cursor, ADMIN_LIST_PAGE_SIZE)),
);
