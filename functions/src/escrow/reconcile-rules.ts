/**
 * The reconciler's rules as plain functions (no AWS): which open transactions disagree with their
 * workflow or with Paystack, and what repairs them. reconcile.ts reads the table, Step Functions
 * and Paystack, and applies what these decide.
 */
import { ATTENTION_STATUSES, type TransactionStatus } from '#shared/transaction-process';
import { paymentDeadline, secondsSetting } from './timing.js';

/** What Step Functions says of the execution recorded on the transaction. */
export type ExecutionState = 'running' | 'stopped' | 'missing';

export interface ReconcileSettings {
  /** A transaction whose status changed less than this ago is left alone: its workflow start or its webhook may be in flight. */
  minAgeSeconds: number;
  /** How long past a deadline (payment window, refund requested, automatic release) before the reconciler steps in. */
  overdueSeconds: number;
}

/**
 * Read at call time, as timing.ts does. Defaults: 5 minutes of quiet (a booking's StartExecution
 * and Paystack's webhook take seconds), 30 minutes past a deadline (the workflow's own retries —
 * about 13 minutes for a refund — have run out by then).
 */
export function reconcileSettings(): ReconcileSettings {
  return {
    minAgeSeconds: secondsSetting('RECONCILE_MIN_AGE_SECONDS', 5 * 60),
    overdueSeconds: secondsSetting('RECONCILE_OVERDUE_SECONDS', 30 * 60),
  };
}

export interface ReconcilableTransaction {
  status: TransactionStatus;
  created_at: string;
  updated_at: string;
  auto_release_at: string;
  refund_requested_at?: string;
}

/**
 * Issue 32: the lesson's Paystack reference is not its own — a package lesson's is the package's
 * one payment, a lesson paid by a credit's is the payment the credit came from (its escrow was
 * funded by the parent's credit account, not by a charge of its own). Paystack's status of that
 * charge speaks for several lessons: a refund of this one is always part of it, and `reversed`
 * does not say this lesson's refund was the one made.
 */
export function sharesReference(tx: { package_id?: string; funded_by?: string }): boolean {
  return tx.package_id !== undefined || tx.funded_by !== undefined;
}

/**
 * The refund asks Paystack for part of the charge: a late cancellation (the tutor's compensation
 * kept), a credit partly spent, or any lesson sharing its reference.
 */
export function isPartialRefund(tx: {
  amount_total: number;
  cancellation?: { refund: number };
  credit?: { transferred?: number };
  package_id?: string;
  funded_by?: string;
}): boolean {
  const amount = (tx.cancellation?.refund ?? tx.amount_total) - (tx.credit?.transferred ?? 0);
  return amount < tx.amount_total || sharesReference(tx);
}

/** Statuses whose workflow must be running: it waits for the payment or a decision, or refunds. */
export function needsWorkflow(status: TransactionStatus): boolean {
  return (ATTENTION_STATUSES as readonly TransactionStatus[]).includes(status);
}

/** Changed too recently to judge. */
export function isSettling(tx: Pick<ReconcilableTransaction, 'updated_at'>, now: Date, settings: ReconcileSettings): boolean {
  return now.getTime() - new Date(tx.updated_at).getTime() < settings.minAgeSeconds * 1000;
}

/** What Paystack must be asked about before anything else is done. */
export type PaystackCheck = 'payment' | 'refund' | 'release';

const overdue = (deadline: Date, now: Date, settings: ReconcileSettings) => deadline.getTime() + settings.overdueSeconds * 1000 <= now.getTime();

/**
 * - a booking still pending: has Paystack taken the money (a webhook that never arrived) or refused it?
 * - a refund asked long ago and never booked: has Paystack refunded it?
 * - held funds long past their automatic release: is the charge still standing at Paystack?
 */
export function paystackCheckFor(tx: ReconcilableTransaction, now: Date, settings: ReconcileSettings): PaystackCheck | null {
  if (tx.status === 'pending') return 'payment';
  if (tx.status === 'refund_pending' && overdue(new Date(tx.refund_requested_at ?? tx.updated_at), now, settings)) return 'refund';
  if (tx.status === 'escrow' && overdue(new Date(tx.auto_release_at), now, settings)) return 'release';
  return null;
}

/** The payment window is over, and the workflow's own expiry should have run long ago. */
export function paymentOverdue(tx: Pick<ReconcilableTransaction, 'created_at'>, now: Date, settings: ReconcileSettings): boolean {
  return overdue(paymentDeadline(tx.created_at), now, settings);
}

export type OverdueRepair = 'complete_refund' | 'redrive' | 'needs_attention';

/**
 * A refund asked and not booked, given Paystack's status of the charge and whether the workflow runs:
 * refunded at Paystack → book the refund; charge still standing → ask again through a new
 * execution, unless one runs and is stuck (an admin must look); anything else (failed, unknown) →
 * the money is not where we think: an admin must look.
 */
export function refundRepair(paystackStatus: string, execution: ExecutionState, partial = false, shared = false): OverdueRepair {
  // A charge shared with other lessons (issue 32) reversed: maybe by their refunds, not this one's.
  if (paystackStatus === 'reversed') return shared ? 'needs_attention' : 'complete_refund';
  // A partial refund (a lesson cancelled late, issue 15) may leave the charge 'success' at Paystack
  // once made: asking again could refund the parent twice. An admin checks Paystack's refunds.
  if (paystackStatus === 'success') return execution === 'running' || partial ? 'needs_attention' : 'redrive';
  return 'needs_attention';
}

/**
 * Held funds long past their automatic release: the charge still standing → release through a
 * new execution, unless one runs and is stuck; refunded or reversed at Paystack meanwhile (a
 * chargeback) → never release money that is gone: an admin must look.
 */
export function releaseRepair(paystackStatus: string, execution: ExecutionState): Exclude<OverdueRepair, 'complete_refund'> {
  if (paystackStatus === 'success') return execution === 'running' ? 'needs_attention' : 'redrive';
  return 'needs_attention';
}
