import { transactionIdParamsSchema, type RetryTransactionResult } from '#shared/payments-schemas';
import { routes } from '#shared/routes';
import { ok } from '#commons/http';
import { apiHandlerWithSecondFactor } from '#commons/http-second-factor';
import { retryTransaction } from '../escrow/retry.js';
import { toView } from '../payments/transactions.js';

/**
 * `POST /api/admin/transactions/{id}/retry` ('Relancer'): re-verifies with Paystack, applies its
 * answer and re-drives the escrow workflow of a transaction that needs attention (409 otherwise).
 */
export const handler = apiHandlerWithSecondFactor(routes.adminRetryTransaction, { params: transactionIdParamsSchema }, async ({ caller, params }) => {
  const { transaction, message } = await retryTransaction(params.id.toLowerCase(), caller.userId);
  const result: RetryTransactionResult = { transaction: toView(transaction), message };
  return ok(result);
});
