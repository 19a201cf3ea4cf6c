/**
 * The reconciler (issue 11 point 2): every 15 minutes (EventBridge Scheduler; locally a timer of
 * `npm start`), it reads the open transactions (the sparse OPEN_TRANSACTIONS index) and repairs
 * those whose status disagrees with their workflow or with Paystack:
 * - a status that needs a workflow (pending, escrow, disputed, refund_pending) whose recorded
 *   execution is not running (gone, failed, aborted, timed out, ended) → a new attempt, started by
 *   the same code as the booking and the admin's retry (workflow.ts);
 * - a booking still pending → Paystack is asked (payment-check.ts, the webhook's own code): paid →
 *   escrow, refused → failed; still nothing long after the payment window → expired;
 * - a refund asked long ago and never booked → Paystack is asked: refunded → booked as refunded;
 *   charge still standing → asked again through a new execution, or needs_attention when the
 *   running one is stuck;
 * - held funds long past their automatic release → released through a new execution, or
 *   needs_attention when the charge is no longer standing at Paystack or the execution is stuck.
 * needs_attention always goes through the workflow's one path (tasks.ts `markNeedsAttention`).
 * Every repair is a conditional write, recorded in the transaction's history by 'reconciler'. Two
 * runs at once (the scheduler delivers at least once) take a short lease per transaction they
 * repair; the workflow racing a repair loses or wins a conditional write, never moves money twice.
 * A transaction Paystack cannot answer about is left for the next run.
 */
import { randomUUID } from 'node:crypto';
import { DescribeExecutionCommand } from '@aws-sdk/client-sfn';
import type { Context } from 'aws-lambda';
import { DeleteItemCommand } from 'dynamodb-toolbox/entity/actions/delete';
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import { messages } from '#shared/messages';
import { TRANSACTION_STATUS_LABELS } from '#shared/payments';
import { sfn } from '#commons/clients/sfn';
import { isConditionalCheckFailure, kalanTable } from '#commons/db';
import { ConflictError, ValidationError } from '#commons/errors';
import { logger } from '#commons/logger';
import { recordBusinessEvent } from '#commons/metrics';
import { observedHandler } from '#commons/observed';
import * as z from '#shared/zod';
import { OPEN_TRANSACTIONS_INDEX, OpenTransactionEntity, ReconcileLeaseEntity, TransactionHistoryEntity } from '../payments/entities.js';
import { checkPendingPayment } from '../payments/payment-check.js';
import { PaystackRejectedError, PaystackUnavailableError, verifyTransaction } from '../payments/paystack.js';
import { getTransaction, transactionsByIds, type Transaction } from '../payments/transactions.js';
import {
  isSettling,
  needsWorkflow,
  paymentOverdue,
  paystackCheckFor,
  reconcileSettings,
  refundRepair,
  isPartialRefund,
  releaseRepair,
  sharesReference,
  type ExecutionState,
  type ReconcileSettings,
} from './reconcile-rules.js';
import { handler as escrowTask } from './tasks.js';
import { applyTransition } from './transitions.js';
import { executionArnOf, startEscrowWorkflow } from './workflow.js';

/** Who the history names for every repair. */
export const RECONCILER = 'reconciler';

export const REPAIRS = ['redriven', 'escrowed', 'amount_mismatch', 'payment_failed', 'payment_expired', 'refund_confirmed', 'needs_attention'] as const;
export type Repair = (typeof REPAIRS)[number];

export interface ReconcileReport {
  /** Open transactions read. */
  checked: number;
  /** Repairs made, all kinds together, and by kind. */
  repaired: number;
  repairs: Record<Repair, number>;
  /** Left for the next run: Paystack could not answer, the run's time ran out, or another run held the lease. */
  deferred: number;
  /** Transactions whose check failed unexpectedly (logged). */
  errors: number;
  /** False when the run's time ran out before the last open transaction: the next run goes on. */
  complete: boolean;
}

/** Who triggered the run: the schedule, the local timer, or a person (tests, an operator). */
export const reconcileEventSchema = z.strictObject({ source: z.optional(z.enum(['schedule', 'local', 'manual'])) });

/** Transactions checked at the same time (each waits on Step Functions and Paystack, not on the CPU). */
const CONCURRENCY = 8;
/** Time kept at the end of a run to finish the repairs under way before Lambda's time-out. */
const SAFETY_MARGIN_MS = 3000;
/** A lease outlives any run (Lambda stops it after 10 s): a run that died holds it no longer after this. */
const LEASE_SECONDS = 120;

class Deferred extends Error {}

/** The current invocation's Lambda context, handed on to the workflow's task code it calls (one run per container at a time). */
const invocation: { context: Context } = { context: {} as Context };

async function executionStateOf(executionArn: string | undefined): Promise<{ state: ExecutionState; status: string }> {
  if (!executionArn) return { state: 'missing', status: 'aucune' };
  try {
    const { status = 'UNKNOWN' } = await sfn.send(new DescribeExecutionCommand({ executionArn }));
    // PENDING_REDRIVE: Step Functions is already restarting it.
    return { state: status === 'RUNNING' || status === 'PENDING_REDRIVE' ? 'running' : 'stopped', status };
  } catch (error) {
    if ((error as Error).name === 'ExecutionDoesNotExist') return { state: 'missing', status: 'introuvable' };
    throw error;
  }
}

/** Paystack's status of the charge ('inconnue' when Paystack does not know the reference); Deferred when it cannot answer. */
async function paystackStatusOf(tx: Transaction): Promise<string> {
  try {
    return (await verifyTransaction(tx.reference)).status;
  } catch (error) {
    if (error instanceof PaystackRejectedError) return 'inconnue';
    if (error instanceof PaystackUnavailableError) throw new Deferred(error.message);
    throw error;
  }
}

async function takeLease(transactionId: string, runId: string, now: Date): Promise<boolean> {
  try {
    await ReconcileLeaseEntity.build(PutItemCommand)
      .item({ transaction_id: transactionId, run_id: runId, until: new Date(now.getTime() + LEASE_SECONDS * 1000).toISOString() })
      .options({ condition: { or: [{ attr: 'run_id', exists: false }, { attr: 'until', lt: now.toISOString() }] } })
      .send();
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}

async function releaseLease(transactionId: string, runId: string): Promise<void> {
  await ReconcileLeaseEntity.build(DeleteItemCommand)
    .key({ transaction_id: transactionId })
    .options({ condition: { attr: 'run_id', eq: runId } })
    .send()
    .catch((error: Error) => {
      if (!isConditionalCheckFailure(error)) logger.warn('Reconcile lease not released', { transactionId, error: error.message });
    });
}

/** A history entry for a repair that changes no status (a new execution). */
async function recordHistory(tx: Transaction, detail: string): Promise<void> {
  const now = new Date().toISOString();
  await TransactionHistoryEntity.build(PutItemCommand)
    .item({
      transaction_id: tx.id,
      entry: `${now}#${randomUUID().slice(0, 8)}`,
      event: 'reconcile',
      from: tx.status,
      to: tx.status,
      actor: RECONCILER,
      detail,
      at: now,
    })
    .send();
}

const history = (detail: string) => ({ event: 'reconcile' as const, detail });

/** A transition the reconciler tries may have been taken by the workflow or a person first: that is fine. */
async function transitionOrSkip(run: () => Promise<unknown>): Promise<boolean> {
  try {
    await run();
    return true;
  } catch (error) {
    if (error instanceof ConflictError) return false;
    throw error;
  }
}

/** The workflow's one needs_attention path, found by the reconciler. */
async function flagAttention(tx: Transaction, error: string, cause: string): Promise<boolean> {
  const before = tx.status;
  await escrowTask(
    { action: 'markNeedsAttention', transactionId: tx.id, failure: { State: 'Reconciler', Error: error, Cause: cause }, actor: RECONCILER },
    invocation.context,
  );
  return (await getTransaction(tx.id))?.status === 'needs_attention' && before !== 'needs_attention';
}

/** A new attempt replacing an execution that is not running; false when another starter came first. */
async function redrive(tx: Transaction, execution: { status: string }): Promise<boolean> {
  const previous = tx.workflow_attempt ?? 0;
  let executionArn: string;
  try {
    executionArn = await startEscrowWorkflow(tx.id, { expectedAttempt: previous });
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
  await recordHistory(
    tx,
    `Workflow relancé (tentative ${previous + 1}) : l'exécution précédente (tentative ${previous}) est ${execution.status} alors que la transaction est « ${TRANSACTION_STATUS_LABELS[tx.status]} ».`,
  );
  logger.info('Escrow workflow re-driven by the reconciler', { transactionId: tx.id, previousStatus: execution.status, executionArn });
  return true;
}

/** The Paystack-side repairs of a transaction (see the module's comment); its new status is read again after. */
async function repairWithPaystack(tx: Transaction, execution: { state: ExecutionState }, now: Date, settings: ReconcileSettings): Promise<Repair[]> {
  const check = paystackCheckFor(tx, now, settings);
  if (check === 'payment') {
    let outcome;
    try {
      outcome = await checkPendingPayment(tx, {
        actorId: RECONCILER,
        history: (result) => history(`Paystack interrogé par le réconciliateur : paiement ${result === 'escrowed' ? 'reçu (webhook jamais arrivé)' : result === 'failed' ? 'refusé ou annulé' : 'non conforme'}.`),
      });
    } catch (error) {
      if (error instanceof PaystackUnavailableError) throw new Deferred(error.message);
      throw error;
    }
    if (outcome === 'escrowed' || outcome === 'amount_mismatch') return [outcome];
    if (outcome === 'failed') return ['payment_failed'];
    if (outcome === 'waiting' && paymentOverdue(tx, now, settings)) {
      const expired = await transitionOrSkip(() =>
        applyTransition({
          transactionId: tx.id,
          action: 'expire_payment',
          actor: 'system',
          actorId: RECONCILER,
          history: history("Délai de paiement dépassé depuis longtemps et aucun paiement chez Paystack : réservation expirée par le réconciliateur."),
        }),
      );
      return expired ? ['payment_expired'] : [];
    }
    return [];
  }
  if (check === 'refund') {
    const paystackStatus = await paystackStatusOf(tx);
    // Part of the charge (a late cancellation, a credit partly spent, a lesson sharing its reference).
    const repair = refundRepair(paystackStatus, execution.state, isPartialRefund(tx), sharesReference(tx));
    if (repair === 'complete_refund') {
      const booked = await transitionOrSkip(() =>
        applyTransition({
          transactionId: tx.id,
          action: 'complete_refund',
          actor: 'system',
          actorId: RECONCILER,
          history: history('Paystack indique « reversed » : le remboursement fait chez Paystack est enregistré par le réconciliateur.'),
        }),
      );
      return booked ? ['refund_confirmed'] : [];
    }
    if (repair === 'needs_attention') {
      const cause = `Remboursement demandé le ${tx.refund_requested_at ?? tx.updated_at} et jamais confirmé : Paystack indique « ${paystackStatus} », exécution ${execution.state}.`;
      return (await flagAttention(tx, 'RefundNotConfirmed', cause)) ? ['needs_attention'] : [];
    }
    return [];
  }
  if (check === 'release') {
    const paystackStatus = await paystackStatusOf(tx);
    if (releaseRepair(paystackStatus, execution.state) === 'needs_attention') {
      const cause = `Libération automatique due le ${tx.auto_release_at} et jamais faite : Paystack indique « ${paystackStatus} », exécution ${execution.state}.`;
      return (await flagAttention(tx, 'ReleaseNotConfirmed', cause)) ? ['needs_attention'] : [];
    }
  }
  return [];
}

/** Checks one open transaction and repairs it; the repairs made (none for a healthy one). */
export async function reconcileTransaction(
  seen: Transaction,
  runId: string,
  now = new Date(),
  settings = reconcileSettings(),
): Promise<Repair[]> {
  if (!needsWorkflow(seen.status) || isSettling(seen, now, settings)) return [];
  const execution = await executionStateOf(executionArnOf(seen.id, seen.workflow_attempt));
  if (execution.state === 'running' && !paystackCheckFor(seen, now, settings)) return [];

  if (!(await takeLease(seen.id, runId, now))) throw new Deferred('Another run holds the lease');
  try {
    // Read again under the lease (the batch read may be stale): judge only what is true now.
    const tx = await getTransaction(seen.id);
    if (!tx || !needsWorkflow(tx.status) || isSettling(tx, now, settings)) return [];
    // Another run may have replaced the execution meanwhile: judge the one recorded now.
    const current = tx.workflow_attempt === seen.workflow_attempt ? execution : await executionStateOf(executionArnOf(tx.id, tx.workflow_attempt));
    const repairs = await repairWithPaystack(tx, current, now, settings);
    const after = repairs.length ? await getTransaction(tx.id) : tx;
    if (after && needsWorkflow(after.status) && current.state !== 'running' && (await redrive(after, current))) repairs.push('redriven');
    return repairs;
  } finally {
    await releaseLease(seen.id, runId);
  }
}

/** Open transactions, oldest first, one page of the sparse index at a time. */
async function* openTransactionPages(): AsyncGenerator<Transaction[]> {
  const query = kalanTable
    .build(QueryCommand)
    .entities(OpenTransactionEntity)
    .query({ index: 'gsi1', partition: OPEN_TRANSACTIONS_INDEX })
    .options({ limit: 100 });
  for await (const page of query.paginate()) {
    const ids = (page.Items ?? []).map((item) => item.transaction_id);
    if (ids.length) yield await transactionsByIds(ids);
  }
}

export function emptyReport(): ReconcileReport {
  return { checked: 0, repaired: 0, repairs: Object.fromEntries(REPAIRS.map((repair) => [repair, 0])) as Record<Repair, number>, deferred: 0, errors: 0, complete: true };
}

/** One run over every open transaction, until `deadline` (epoch ms). */
export async function reconcileOpenTransactions(deadline = Number.POSITIVE_INFINITY): Promise<ReconcileReport> {
  const runId = randomUUID();
  const report = emptyReport();
  const settings = reconcileSettings();
  for await (const page of openTransactionPages()) {
    if (Date.now() > deadline) {
      report.complete = false;
      break;
    }
    const queue = [...page];
    const worker = async () => {
      for (let tx = queue.shift(); tx; tx = queue.shift()) {
        if (Date.now() > deadline) {
          report.deferred += 1;
          report.complete = false;
          continue;
        }
        report.checked += 1;
        try {
          for (const repair of await reconcileTransaction(tx, runId, new Date(), settings)) {
            report.repairs[repair] += 1;
            report.repaired += 1;
          }
        } catch (error) {
          if (error instanceof Deferred) {
            report.deferred += 1;
          } else {
            report.errors += 1;
            logger.error('Transaction not reconciled', { transactionId: tx.id, error: (error as Error).message });
          }
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  }
  return report;
}

export const handler = observedHandler(async (event: unknown, context: Context): Promise<ReconcileReport> => {
  const parsed = reconcileEventSchema.safeParse(event ?? {});
  if (!parsed.success) {
    logger.error('Reconciler invoked with an invalid event');
    throw new ValidationError(messages.reconcile.invalidEvent);
  }
  invocation.context = context;
  const deadline = Date.now() + context.getRemainingTimeInMillis() - SAFETY_MARGIN_MS;
  const report = await reconcileOpenTransactions(deadline);
  if (report.repaired) recordBusinessEvent('ReconcilerRepair', report.repaired);
  const log = report.errors || report.deferred || !report.complete ? logger.warn.bind(logger) : logger.info.bind(logger);
  log('Reconciler run', { source: parsed.data.source ?? 'manual', ...report });
  return report;
});
