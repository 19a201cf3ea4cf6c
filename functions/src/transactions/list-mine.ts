import type { ParentTransactionsResponse } from '#shared/payments-schemas';
import { routes } from '#shared/routes';
import { apiHandler, ok } from '#commons/http';
import { toView, transactionsOfParent } from '../payments/transactions.js';

/** `GET /api/transactions`: Mes Paiements — the caller's own transactions, newest first. */
export const handler = apiHandler(routes.listMyTransactions, {}, async ({ caller }) => {
  const transactions = (await transactionsOfParent(caller.userId)).map(toView);
  const response: ParentTransactionsResponse = {
    transactions,
    summary: {
      total: transactions.length,
      in_escrow: transactions.filter((tx) => tx.status === 'escrow').length,
      released: transactions.filter((tx) => tx.status === 'released').length,
    },
  };
  return ok(response);
});
