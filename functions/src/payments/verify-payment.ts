import { transactionIdParamsSchema, type PaymentCheckResult } from '#shared/payments-schemas';
import { messages } from '#shared/messages';
import { routes } from '#shared/routes';
import { ForbiddenError, NotFoundError } from '#commons/errors';
import { ok } from '#commons/http';
import { apiHandlerWithSecondFactor } from '#commons/http-second-factor';
import { PaymentProviderError } from './booking.js';
import { checkPendingPayment } from './payment-check.js';
import { PaystackUnavailableError } from './paystack.js';
import { getTransaction } from './transactions.js';

/**
 * `POST /api/transactions/{id}/verify`: the parent is back from Paystack's checkout (its callback
 * URL) or pressed 'Actualiser' — ask Paystack what became of the payment and apply it at once:
 * escrowed, failed ('Échec', book again) or still waiting. For the booking's parent or an admin.
 * Called with a lesson of a package, it verifies the package's one payment and confirms (or fails)
 * all its lessons (payment-check.ts); the answer is that lesson's status.
 */
export const handler = apiHandlerWithSecondFactor(routes.verifyPayment, { params: transactionIdParamsSchema }, async ({ caller, params }) => {
  const tx = await getTransaction(params.id.toLowerCase());
  if (!tx) throw new NotFoundError(messages.payments.transactionNotFound);
  if (!caller.groups.includes('admin') && tx.parent_id !== caller.userId) throw new ForbiddenError();
  let outcome: PaymentCheckResult['outcome'];
  try {
    outcome = await checkPendingPayment(tx);
  } catch (error) {
    if (error instanceof PaystackUnavailableError) throw new PaymentProviderError();
    throw error;
  }
  // Read again: the check may have moved the booking, or found it moved meanwhile (a webhook, the expiry).
  const now = (await getTransaction(tx.id)) ?? tx;
  const result: PaymentCheckResult = { outcome, status: now.status };
  return ok(result);
});
