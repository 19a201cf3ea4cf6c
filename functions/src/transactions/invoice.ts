import { moneyReceived } from '#shared/transaction-process';
import { invoiceNumber } from '#shared/payments';
import { transactionIdParamsSchema, type InvoiceView } from '#shared/payments-schemas';
import { messages } from '#shared/messages';
import { routes } from '#shared/routes';
import { DomainError, NotFoundError } from '#commons/errors';
import { ok } from '#commons/http';
import { apiHandlerWithSecondFactor } from '#commons/http-second-factor';
import { getTransaction, toView } from '../payments/transactions.js';

/**
 * `GET /api/transactions/{id}/invoice`: the invoice data, for the transaction's parent, its tutor
 * or an admin. Anyone else gets 404, as if it did not exist. No invoice before the money is
 * received (409 to those who may read it): it would say "Total payé" for nothing paid.
 */
export const handler = apiHandlerWithSecondFactor(routes.getInvoice, { params: transactionIdParamsSchema }, async ({ caller, params }) => {
  const tx = await getTransaction(params.id.toLowerCase(), false);
  const allowed =
    tx &&
    (caller.groups.includes('admin') ||
      (caller.groups.includes('parent') && tx.parent_id === caller.userId) ||
      (caller.groups.includes('tuteur') && tx.tutor_user_id === caller.userId));
  if (!tx || !allowed) throw new NotFoundError(messages.payments.transactionNotFound);
  if (!moneyReceived(tx)) {
    const message = tx.status === 'pending' ? messages.payments.invoiceAwaitingPayment : messages.payments.invoiceNoPayment;
    throw new DomainError('invoice_unavailable', 409, message);
  }
  const invoice: InvoiceView = {
    invoice_number: invoiceNumber(tx.id),
    issued_at: tx.paid_at ?? tx.created_at,
    transaction: toView(tx),
    parent: { name: tx.parent_name, email: tx.email },
    tutor: { name: tx.tutor_name },
  };
  return ok(invoice);
});
