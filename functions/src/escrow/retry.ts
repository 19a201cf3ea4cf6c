/**
 * The admin's retry ('Relancer') of a transaction whose escrow workflow failed (`needs_attention`):
 * 1. ask Paystack what the money did — nothing changes while Paystack cannot answer;
 * 2. replace the workflow: stop the execution that failed (or waits for the admin) and start a new
 *    attempt, which waits for the admin while the status is still `needs_attention`;
 * 3. apply Paystack's answer with ONE conditional transition out of `needs_attention` (two admins
 *    retrying at once: one wins, the other gets 409), recorded in the transaction's history, which
 *    wakes the new execution:
 *    - Paystack gave the money back (`reversed`) on a paid transaction with a reference of its own → refunded;
 *    - a credit (issue 32) waits again for its use or its refund date (`resume_credit`);
 *    - otherwise back to the status the workflow failed in: a refund is asked again, held funds wait
 *      for their decision, a booking waits for its payment — whose outcome Paystack may already
 *      know (payment-check.ts applies it).
 */
import { messages } from '#shared/messages';
import { moneyReceived, RESUME_ACTIONS, type TransactionAction } from '#shared/transaction-process';
import { TRANSACTION_STATUS_LABELS } from '#shared/payments';
import { ConflictError, DomainError, NotFoundError } from '#commons/errors';
import { logger } from '#commons/logger';
import { PaymentProviderError } from '../payments/booking.js';
import { checkPendingPayment } from '../payments/payment-check.js';
import { PaystackRejectedError, PaystackUnavailableError, verifyTransaction } from '../payments/paystack.js';
import { getTransaction, type Transaction } from '../payments/transactions.js';
import { sharesReference } from './reconcile-rules.js';
import { applyTransition } from './transitions.js';
import { executionArnOf, startEscrowWorkflow, stopEscrowWorkflow } from './workflow.js';

/** Paystack's status of the charge; 'inconnue' when Paystack does not know the reference (never paid). */
async function paystackStatusOf(tx: Transaction): Promise<string> {
  try {
    return (await verifyTransaction(tx.reference)).status;
  } catch (error) {
    if (error instanceof PaystackRejectedError) return 'inconnue';
    if (error instanceof PaystackUnavailableError) throw new PaymentProviderError(messages.admin.retryPaystackUnavailable);
    throw error;
  }
}

/** The transition that applies Paystack's answer to a transaction that needs attention. */
export function retryActionFor(
  tx: Pick<Transaction, 'status' | 'paid_at' | 'attention' | 'package_id' | 'funded_by'>,
  paystackStatus: string,
): TransactionAction {
  // A charge shared with other lessons (issue 32: a package's, a credit's) reversed does not say this
  // lesson was refunded: it resumes where it failed (a refund asked again finds its own by our id).
  if (paystackStatus === 'reversed' && moneyReceived(tx) && !sharesReference(tx)) return 'complete_refund';
  // Before `attention` was recorded, only a failed refund led here.
  return RESUME_ACTIONS[tx.attention?.status ?? 'refund_pending'];
}

export interface RetryResult {
  transaction: Transaction;
  message: string;
}

export async function retryTransaction(transactionId: string, adminId: string): Promise<RetryResult> {
  const tx = await getTransaction(transactionId);
  if (!tx) throw new NotFoundError(messages.payments.transactionNotFound);
  if (tx.status !== 'needs_attention') throw new ConflictError(messages.admin.retryNotNeeded);

  const paystackStatus = await paystackStatusOf(tx);
  const action = retryActionFor(tx, paystackStatus);

  await stopEscrowWorkflow(executionArnOf(tx.id, tx.workflow_attempt), `Relancée par ${adminId}`);
  try {
    await startEscrowWorkflow(tx.id);
  } catch (error) {
    logger.error('Could not start the escrow workflow again', error as Error);
    throw new DomainError('workflow_unavailable', 503, messages.admin.retryWorkflowUnavailable);
  }

  const applied = await applyTransition({
    transactionId: tx.id,
    action,
    actor: 'admin',
    actorId: adminId,
    history: {
      event: 'retry',
      detail: `Relance : Paystack indique « ${paystackStatus} » ; l'étape ${tx.attention?.state ?? 'inconnue'} avait échoué (${tx.attention?.error ?? tx.attention_reason ?? 'cause inconnue'}).`,
    },
  });
  // A booking back in `pending`: what Paystack knows of its payment (paid, failed) is applied now.
  if (applied.status === 'pending') {
    await checkPendingPayment(applied).catch((error: Error) => logger.warn('Payment not checked after the retry', { error: error.message }));
  }
  const transaction = (await getTransaction(tx.id)) ?? applied;
  logger.info('Transaction retried by an admin', { transactionId: tx.id, action, paystackStatus, status: transaction.status });
  return { transaction, message: messages.admin.retried[transaction.status] ?? TRANSACTION_STATUS_LABELS[transaction.status] };
}
