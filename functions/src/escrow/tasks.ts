/**
 * The escrow workflow's Lambda tasks (one module, dispatched by `action`). Each task reads the
 * transaction and changes it only through conditional transitions, so a retried or resumed
 * workflow never moves money twice.
 */
import { UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { isFinalStatus, TRANSACTION_STATUSES, type TransactionStatus } from '#shared/payments';
import { isConditionalCheckFailure } from '#commons/db';
import { ConflictError } from '#commons/errors';
import { logger } from '#commons/logger';
import { recordWriteCapacity } from '../payments/capacity.js';
import { TransactionEntity } from '../payments/entities.js';
import { checkPendingPayment } from '../payments/payment-check.js';
import { PaystackRejectedError, refundTransaction } from '../payments/paystack.js';
import { getTransaction } from '../payments/transactions.js';
import { waitSecondsFor } from './timing.js';
import { applyTransition } from './transitions.js';
import { sendTaskToken } from './workflow.js';

export type EscrowTaskEvent =
  | { action: 'load'; transactionId: string }
  | { action: 'recordToken'; transactionId: string; status: TransactionStatus; taskToken: string }
  | { action: 'expirePayment'; transactionId: string }
  | { action: 'autoRelease'; transactionId: string }
  | { action: 'refund'; transactionId: string }
  | { action: 'failRefund'; transactionId: string; error?: { Error?: string; Cause?: string } };

export interface LoadResult {
  transactionId: string;
  /** `final` for released, refunded and failed: the workflow ends. */
  status: TransactionStatus | 'final' | 'missing';
  waitSeconds: number;
}

/** A transition the workflow tries may have been taken by someone else first: that is fine. */
async function tryTransition(run: () => Promise<unknown>): Promise<void> {
  try {
    await run();
  } catch (error) {
    if (error instanceof ConflictError) return;
    throw error;
  }
}

async function load(transactionId: string): Promise<LoadResult> {
  const tx = await getTransaction(transactionId);
  if (!tx) return { transactionId, status: 'missing', waitSeconds: 1 };
  if (isFinalStatus(tx.status)) return { transactionId, status: 'final', waitSeconds: 1 };
  return { transactionId, status: tx.status, waitSeconds: waitSecondsFor(tx, new Date()) };
}

/**
 * Keeps the task token on the transaction while the workflow waits in `status`. If the status has
 * already moved on (the webhook or a decision came first), the wait ends at once.
 */
async function recordToken(transactionId: string, status: TransactionStatus, taskToken: string): Promise<void> {
  try {
    const response = await TransactionEntity.build(UpdateItemCommand)
      .item({ id: transactionId, task_token: taskToken, task_status: status })
      .options({ condition: { attr: 'status', eq: status }, capacity: 'TOTAL' })
      .send();
    recordWriteCapacity('recordToken', response.ConsumedCapacity);
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
    const tx = await getTransaction(transactionId);
    await sendTaskToken(taskToken, tx?.status ?? status);
  }
}

async function refund(transactionId: string): Promise<void> {
  const tx = await getTransaction(transactionId);
  if (!tx || tx.status !== 'refund_pending') return;
  let refundId: string;
  try {
    refundId = (await refundTransaction(tx.reference, tx.amount_total)).id;
  } catch (error) {
    // A retry after a lost answer: Paystack already refunded it in full.
    if (error instanceof PaystackRejectedError && /fully (reversed|refunded)|already/i.test(error.message)) {
      refundId = 'already-refunded';
    } else {
      throw error;
    }
  }
  await tryTransition(() =>
    applyTransition({
      transactionId,
      action: 'complete_refund',
      actor: 'system',
      record: { paystack_refund_id: refundId },
      wake: false,
    }),
  );
}

/**
 * The payment window has passed. Paystack is asked once more first — a payment whose webhook is
 * late is escrowed, not failed; if Paystack still has no outcome, or cannot answer, the booking
 * fails (a payment arriving later is flagged for an admin: payment-check.ts).
 */
async function expirePayment(transactionId: string): Promise<void> {
  const tx = await getTransaction(transactionId);
  if (tx?.status === 'pending') {
    try {
      const outcome = await checkPendingPayment(tx, { wake: false });
      if (outcome !== 'waiting') return;
    } catch (error) {
      logger.warn('Paystack could not be asked before the payment expiry', { transactionId, error: (error as Error).message });
    }
  }
  await tryTransition(() => applyTransition({ transactionId, action: 'expire_payment', actor: 'system', wake: false }));
}

export const handler = async (event: EscrowTaskEvent): Promise<LoadResult | { ok: true }> => {
  if (!event || typeof event.transactionId !== 'string') throw new Error('transactionId manquant');
  switch (event.action) {
    case 'load':
      return load(event.transactionId);
    case 'recordToken':
      if (!(TRANSACTION_STATUSES as readonly string[]).includes(event.status)) throw new Error('Statut inconnu');
      await recordToken(event.transactionId, event.status, event.taskToken);
      return { ok: true };
    case 'expirePayment':
      await expirePayment(event.transactionId);
      return { ok: true };
    case 'autoRelease': {
      const tx = await getTransaction(event.transactionId);
      if (tx?.status === 'escrow' && new Date(tx.auto_release_at).getTime() <= Date.now()) {
        await tryTransition(() =>
          applyTransition({ transactionId: event.transactionId, action: 'auto_release', actor: 'system', wake: false }),
        );
      }
      return { ok: true };
    }
    case 'refund':
      await refund(event.transactionId);
      return { ok: true };
    case 'failRefund': {
      const cause = event.error?.Error ?? 'Erreur inconnue';
      logger.error('Refund failed at Paystack', { transactionId: event.transactionId, cause });
      await tryTransition(() =>
        applyTransition({
          transactionId: event.transactionId,
          action: 'fail_refund',
          actor: 'system',
          record: { attention_reason: `Remboursement refusé ou impossible chez Paystack (${cause})` },
          wake: false,
        }),
      );
      return { ok: true };
    }
    default:
      throw new Error(`Action inconnue : ${(event as { action?: string }).action}`);
  }
};
