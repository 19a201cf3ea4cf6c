/**
 * What Paystack says of a booking's payment, applied to the transaction. One place for the rule,
 * used by the webhook (charge.success), by the parent coming back from the checkout or pressing
 * 'Actualiser' (Paystack sends no webhook for a failed or abandoned payment), and by the workflow
 * before it lets an unpaid booking expire.
 * - success, our reference, our amount and currency → `escrow` (confirm_payment);
 * - success that differs → `payment_mismatch`, never escrowed (an admin settles it at Paystack);
 * - failed or reversed → `failed` ('Échec'), the parent may book again;
 * - anything else (abandoned, ongoing, pending, processing, queued…) → still waiting.
 * A payment that succeeds after its booking expired (a checkout left open) is not applied here:
 * `failed` is final. The webhook records it as `late_payment` and logs an error for an operator.
 * A package's lesson is paid by the package's one payment: its check verifies the package's
 * reference and confirms the whole package (packages/payment.ts) — never comparing the lesson's own
 * amount with the package's payment.
 */
import { CURRENCY } from '#shared/constants';
import { formatFcfa } from '#shared/money';
import { canTakeAction } from '#shared/transaction-process';
import { ConflictError } from '#commons/errors';
import { logger } from '#commons/logger';
import { applyTransition, type TransitionRequest } from '../escrow/transitions.js';
import { confirmPackageCharge, getPackage } from '../packages/payment.js';
import { PaystackRejectedError, verifyTransaction, type VerifiedPayment } from './paystack.js';
import type { Transaction } from './transactions.js';

export type PaystackEventRecord = NonNullable<TransitionRequest['paystackEvent']>;

/** Paystack statuses after which the payment can no longer succeed. */
const FAILED_PAYMENT_STATUSES = new Set(['failed', 'reversed']);

export const PAYMENT_FAILED_REASON = 'Paiement refusé ou annulé chez Paystack';

/** A verified successful charge applied to a pending booking. */
export async function applyVerifiedCharge(
  tx: Transaction,
  verified: VerifiedPayment,
  options: { paystackEvent?: (outcome: string) => PaystackEventRecord; wake?: boolean } & Audit = {},
): Promise<'escrowed' | 'amount_mismatch'> {
  const { paystackEvent, wake, actorId, history } = options;
  const reference = tx.reference;
  const matches =
    verified.status === 'success' &&
    verified.reference === reference &&
    verified.amount === tx.amount_total &&
    verified.currency === CURRENCY;
  if (matches) {
    await applyTransition({
      transactionId: tx.id,
      action: 'confirm_payment',
      actor: 'system',
      record: { paid_at: verified.paidAt ?? new Date().toISOString(), paystack_transaction_id: String(verified.id) },
      paystackEvent: paystackEvent?.('escrowed'),
      wake,
      actorId,
      history: history?.('escrowed'),
    });
    return 'escrowed';
  }
  const paid = verified.amount === null ? 'montant invalide' : formatFcfa(verified.amount);
  const reason = `Paiement non conforme : Paystack indique ${verified.status}, ${paid} ${verified.currency} ; attendu ${formatFcfa(tx.amount_total)} ${CURRENCY}`;
  await applyTransition({
    transactionId: tx.id,
    action: 'flag_payment',
    actor: 'system',
    record: { paystack_transaction_id: String(verified.id), attention_reason: reason },
    paystackEvent: paystackEvent?.('amount_mismatch'),
    wake,
    actorId,
    history: history?.('amount_mismatch'),
  });
  logger.warn('Paystack payment does not match the transaction', { transactionId: tx.id });
  return 'amount_mismatch';
}

export type PaymentCheck = 'escrowed' | 'amount_mismatch' | 'failed' | 'waiting' | 'unchanged';

/** Who applies Paystack's answer when it is not the platform itself (the reconciler), for the history. */
interface Audit {
  actorId?: string;
  history?: (outcome: 'escrowed' | 'amount_mismatch' | 'failed') => TransitionRequest['history'];
}

/**
 * Asks Paystack about a pending booking and applies the answer. `unchanged` when the booking is
 * not pending (or another request moved it meanwhile); `waiting` when Paystack knows no outcome
 * yet — including a reference it does not know (the checkout was never opened).
 * PaystackUnavailable propagates: the caller decides (the parent sees an error, the workflow expires).
 */
export async function checkPendingPayment(tx: Transaction, options: { wake?: boolean } & Audit = {}): Promise<PaymentCheck> {
  if (tx.package_id) return checkPackagePayment(tx, tx.package_id, options);
  if (!canTakeAction('confirm_payment', tx.status, 'system')) return 'unchanged';
  let verified: VerifiedPayment;
  try {
    verified = await verifyTransaction(tx.reference);
  } catch (error) {
    if (error instanceof PaystackRejectedError) return 'waiting';
    throw error;
  }
  try {
    if (verified.status === 'success') return await applyVerifiedCharge(tx, verified, options);
    if (!FAILED_PAYMENT_STATUSES.has(verified.status)) return 'waiting';
    await applyTransition({
      transactionId: tx.id,
      action: 'expire_payment',
      actor: 'system',
      record: { attention_reason: PAYMENT_FAILED_REASON },
      wake: options.wake,
      actorId: options.actorId,
      history: options.history?.('failed'),
    });
    return 'failed';
  } catch (error) {
    // A webhook or the workflow moved the booking at the same moment: its answer stands.
    if (error instanceof ConflictError) return 'unchanged';
    throw error;
  }
}

/**
 * A package lesson's check: the package's payment, verified once, applied to every lesson still
 * pending. Run while the PACKAGE is pending — even for a lesson already confirmed, so that the
 * parent's return after a crash between two lessons confirms what is left.
 */
async function checkPackagePayment(tx: Transaction, packageId: string, options: { wake?: boolean } & Audit): Promise<PaymentCheck> {
  const pkg = await getPackage(packageId);
  // No package pending any more (failed, or missing): a lesson still pending waits for nothing — its expiry fails it.
  if (pkg?.status !== 'pending') return tx.status === 'pending' ? 'waiting' : 'unchanged';
  let verified: VerifiedPayment;
  try {
    verified = await verifyTransaction(pkg.reference);
  } catch (error) {
    if (error instanceof PaystackRejectedError) return 'waiting';
    throw error;
  }
  try {
    // `wake: false` is the asking lesson's own workflow step: the package's other lessons are woken.
    const outcome = await confirmPackageCharge(pkg, verified, { ...options, wake: undefined, askedBy: options.wake === false ? tx.id : undefined });
    // Paid after every lesson failed: the webhook records it for an operator; nothing changes here.
    return outcome === 'late_payment' ? 'unchanged' : outcome;
  } catch (error) {
    if (error instanceof ConflictError) return 'unchanged';
    throw error;
  }
}
