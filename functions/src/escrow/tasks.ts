/**
 * The escrow workflow's Lambda tasks (one module, dispatched by `action`). Each task reads the
 * transaction and changes it only through conditional transitions, so a retried or resumed
 * workflow never moves money twice.
 */
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import {
  canTakeAction,
  isFinalStatus,
  isLesson,
  TRANSACTION_STATUSES,
  type AttentionStatus,
  type TransactionAction,
  type TransactionStatus,
} from '#shared/transaction-process';
import { ConflictError } from '#commons/errors';
import { logger, logTransaction } from '#commons/logger';
import { observedHandler } from '#commons/observed';
import { recordWriteCapacity } from '../payments/capacity.js';
import { WorkflowTokenEntity } from '../payments/entities.js';
import { failExpiredPackage } from '../packages/payment.js';
import { checkPendingPayment } from '../payments/payment-check.js';
import { PaystackRejectedError, refundTransaction } from '../payments/paystack.js';
import { refundAmountOf } from '../payments/refunds.js';
import { getTransaction } from '../payments/transactions.js';
import { answerDeadline, waitSecondsFor } from './timing.js';
import { applyTransition } from './transitions.js';
import { attemptOf, sendTaskToken } from './workflow.js';

export type EscrowTaskEvent =
  | { action: 'load'; transactionId: string }
  | { action: 'recordToken'; transactionId: string; status: TransactionStatus; taskToken: string }
  | { action: 'expirePayment'; transactionId: string }
  | { action: 'autoRelease'; transactionId: string }
  | { action: 'autoDecline'; transactionId: string }
  | { action: 'expireCredit'; transactionId: string }
  | { action: 'refund'; transactionId: string }
  | { action: 'markNeedsAttention'; transactionId: string; failure?: WorkflowFailure; execution?: string; actor?: string };

/**
 * The system transition each task of escrow.asl.json tries (shared/src/transaction-process.ts):
 * tests/unit/transaction-process.test.ts checks the state machine's tasks against the process.
 */
export const TASK_ACTIONS = {
  expirePayment: 'expire_payment',
  autoRelease: 'auto_release',
  autoDecline: 'auto_decline',
  expireCredit: 'expire_credit',
  refund: 'complete_refund',
  markNeedsAttention: 'flag_attention',
} as const satisfies Record<string, TransactionAction>;

/** What a Catch hands on: Step Functions' error and cause, and the state (named by a Pass state). */
export interface WorkflowFailure {
  Error?: string;
  Cause?: string;
  State?: string;
}

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
 * Keeps the task token of the wait in `status` (its own small item, `TOKEN#<status>`), then reads
 * the transaction: if the status has already moved on (the webhook or a decision came first), the
 * wait ends at once. Whoever changes the status reads the token after its write (wakeWorkflow), so
 * one of the two always sees the other: a change before this read is seen here, a change after
 * the token's write finds the token. Both may send it; the second is refused as gone.
 */
async function recordToken(transactionId: string, status: TransactionStatus, taskToken: string): Promise<void> {
  const response = await WorkflowTokenEntity.build(PutItemCommand)
    .item({ transaction_id: transactionId, task_status: status, task_token: taskToken })
    .options({ capacity: 'INDEXES' })
    .send();
  recordWriteCapacity('recordToken', response.ConsumedCapacity);
  const tx = await getTransaction(transactionId);
  if (tx?.status !== status) await sendTaskToken(taskToken, tx?.status ?? status);
}

async function refund(transactionId: string): Promise<void> {
  const tx = await getTransaction(transactionId);
  if (!tx || !canTakeAction(TASK_ACTIONS.refund, tx.status, 'system')) return;
  let refundId: string;
  try {
    // What the policy gives back, less a credit spent (refunds.ts). Part of a package's payment for
    // a package lesson; idempotent by our id (a retry after a lost answer finds the refund made).
    refundId = (await refundTransaction(tx.reference, refundAmountOf(tx), tx.id)).id;
  } catch (error) {
    // Refunded in full before refunds carried our id: Paystack says so.
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
  if (tx && canTakeAction(TASK_ACTIONS.expirePayment, tx.status, 'system')) {
    try {
      const outcome = await checkPendingPayment(tx, { wake: false });
      if (outcome !== 'waiting') return;
    } catch (error) {
      logger.warn('Paystack could not be asked before the payment expiry', { transactionId, error: (error as Error).message });
    }
  }
  await tryTransition(() => applyTransition({ transactionId, action: 'expire_payment', actor: 'system', wake: false }));
  // A package's lesson: once none of its lessons waits for the payment and none was paid, the
  // package fails too (else it would show 'awaiting payment' forever; a later payment is late).
  if (tx?.package_id) await failExpiredPackage(tx.package_id);
}

/** Longest cause kept on the transaction: a Lambda's cause may carry a whole stack trace. */
const MAX_CAUSE_LENGTH = 500;

/** A Lambda error's cause is JSON ({errorType, errorMessage, trace}): its message is what an admin reads. */
function causeOf(failure: WorkflowFailure): string {
  const raw = failure.Cause ?? '';
  let cause = raw;
  try {
    const parsed = JSON.parse(raw) as { errorMessage?: unknown };
    if (typeof parsed?.errorMessage === 'string') cause = parsed.errorMessage;
  } catch {
    // Not JSON: the cause as given.
  }
  return (cause || 'Erreur inconnue').slice(0, MAX_CAUSE_LENGTH);
}

/** The reason an admin reads in the list ('Action requise'). */
function attentionReasonOf(state: string, error: string): string {
  return state === 'Refund'
    ? `Remboursement refusé ou impossible chez Paystack (${error})`
    : `Le workflow de séquestre a échoué à l'étape ${state} (${error})`;
}

/**
 * The one path of every workflow failure: the transaction moves to `needs_attention` (or stays
 * there, recording the newer failure) with where, why and in which attempt it failed, and the
 * status it failed in (where the admin's retry resumes it). A transaction someone else moved
 * meanwhile is left alone (the workflow goes on from its status), and a settled one has nothing to
 * look at. Answers as `load` does, so the workflow routes on the status that results.
 */
async function markNeedsAttention(transactionId: string, failure: WorkflowFailure = {}, execution = '', actor?: string): Promise<LoadResult> {
  const state = failure.State ?? 'inconnue';
  const error = failure.Error ?? 'Erreur inconnue';
  const cause = causeOf(failure);
  logger.error('Escrow workflow step failed', { transactionId, state, error, cause, execution });
  const tx = await getTransaction(transactionId);
  if (tx && !isFinalStatus(tx.status)) {
    // Before this path existed only a failed refund reached needs_attention without a recorded status.
    const failedIn: AttentionStatus = tx.status === 'needs_attention' ? (tx.attention?.status ?? 'refund_pending') : (tx.status as AttentionStatus);
    const attention = { state, status: failedIn, error, cause, attempt: attemptOf(execution) || (tx.workflow_attempt ?? 0), at: new Date().toISOString() };
    await tryTransition(() =>
      applyTransition({
        transactionId,
        action: 'flag_attention',
        actor: 'system',
        // Who found the failure, in the history: the workflow (system) or the reconciler.
        actorId: actor,
        record: { attention, attention_reason: attentionReasonOf(state, error) },
        history: { event: 'needs_attention', detail: `Échec à l'étape ${state} (tentative ${attention.attempt}) : ${error} — ${cause}` },
        wake: false,
      }),
    );
  }
  return load(transactionId);
}

/** Every Task of escrow.asl.json also passes its execution's correlation id, which its lines carry. */
type EscrowTaskInvocation = EscrowTaskEvent & { correlationId?: string };

export const handler = observedHandler(async (event: EscrowTaskInvocation): Promise<LoadResult | { ok: true }> => {
  if (!event || typeof event.transactionId !== 'string') throw new Error('transactionId manquant');
  logTransaction(event.transactionId);
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
      if (tx && canTakeAction(TASK_ACTIONS.autoRelease, tx.status, 'system') && new Date(tx.auto_release_at).getTime() <= Date.now()) {
        await tryTransition(() =>
          applyTransition({ transactionId: event.transactionId, action: 'auto_release', actor: 'system', wake: false }),
        );
      }
      return { ok: true };
    }
    case 'autoDecline': {
      // The tutor has not answered in time: the request is declined, the parent refunded in full.
      const tx = await getTransaction(event.transactionId);
      if (tx && canTakeAction(TASK_ACTIONS.autoDecline, tx.status, 'system', true, isLesson(tx)) && answerDeadline(tx).getTime() <= Date.now()) {
        await tryTransition(() =>
          applyTransition({ transactionId: event.transactionId, action: 'auto_decline', actor: 'system', wake: false }),
        );
      }
      return { ok: true };
    }
    case 'expireCredit': {
      // A credit not spent by its refund date goes back to the parent (refund_pending → the refund).
      const tx = await getTransaction(event.transactionId);
      if (tx?.credit && canTakeAction(TASK_ACTIONS.expireCredit, tx.status, 'system') && new Date(tx.credit.refund_at).getTime() <= Date.now()) {
        await tryTransition(() =>
          applyTransition({ transactionId: event.transactionId, action: 'expire_credit', actor: 'system', wake: false }),
        );
      }
      return { ok: true };
    }
    case 'refund':
      await refund(event.transactionId);
      return { ok: true };
    case 'markNeedsAttention':
      return markNeedsAttention(event.transactionId, event.failure, event.execution, event.actor);
    default:
      throw new Error(`Action inconnue : ${(event as { action?: string }).action}`);
  }
}, { correlationIdOf: (event) => (typeof event?.correlationId === 'string' ? event.correlationId : undefined) });
