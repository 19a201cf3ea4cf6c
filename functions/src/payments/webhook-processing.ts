/**
 * Processing a signed Paystack event (paystack-event.ts has parsed it). Idempotent by event: the
 * event record is written in the same DynamoDB transaction as the status change, so a duplicate or
 * concurrent delivery finds the work done and changes nothing. An event for a transaction no
 * longer awaiting its payment — settled by another event, the parent's return or the expiry, even
 * while this one was being verified — is recorded once, changes nothing and is answered 200. The
 * payment is trusted only after Paystack's verify API confirms status, amount and currency.
 * A package's payment (`kalan-pkg-<id>`) confirms all its lessons at once (packages/payment.ts).
 */
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import { canTakeAction } from '#shared/transaction-process';
import { isConditionalCheckFailure } from '#commons/db';
import { ConflictError } from '#commons/errors';
import { logger, logTransaction } from '#commons/logger';
import { packageIdOf } from '../packages/entities.js';
import { confirmPackageCharge, getPackage, type Package } from '../packages/payment.js';
import { recordWriteCapacity } from './capacity.js';
import { PaystackEventEntity } from './entities.js';
import { applyVerifiedCharge } from './payment-check.js';
import type { PaystackEvent } from './paystack-event.js';
import { transactionIdOf, verifyTransaction, type VerifiedPayment } from './paystack.js';
import { getTransaction, type Transaction } from './transactions.js';

export type WebhookOutcome = 'escrowed' | 'amount_mismatch' | 'late_payment' | 'duplicate' | 'ignored' | 'unknown_reference';

/** The charge event being processed: its idempotency key, its name and our reference. */
interface ChargeEvent {
  eventKey: string;
  event: string;
  reference: string;
}

async function alreadyProcessed(eventKey: string): Promise<boolean> {
  const { Item } = await PaystackEventEntity.build(GetItemCommand).key({ event_key: eventKey }).options({ consistent: true }).send();
  return Item !== undefined;
}

/** Events that change nothing are still recorded once, for the audit trail. */
async function recordIgnored({ eventKey, event, reference }: ChargeEvent, outcome: string, transactionId?: string): Promise<void> {
  try {
    const response = await PaystackEventEntity.build(PutItemCommand)
      .item({ event_key: eventKey, event, reference, transaction_id: transactionId, outcome, received_at: new Date().toISOString() })
      .options({ condition: { attr: 'event_key', exists: false }, capacity: 'INDEXES' })
      .send();
    recordWriteCapacity('paystackEvent', response.ConsumedCapacity);
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
  }
}

/**
 * A charge for a booking that already failed (its checkout stayed open past the payment window):
 * `failed` is final, so nothing is escrowed; if Paystack confirms the money was taken, the event is
 * recorded as `late_payment` and an error tells an operator to refund it at Paystack.
 */
async function lateCharge(transactionId: string, charge: ChargeEvent, verified?: VerifiedPayment): Promise<WebhookOutcome> {
  const { status } = verified ?? (await verifyTransaction(charge.reference));
  if (status !== 'success') {
    await recordIgnored(charge, 'ignored_status_failed', transactionId);
    return 'duplicate';
  }
  await recordIgnored(charge, 'late_payment', transactionId);
  logger.error('Payment received after its booking failed: refund it at Paystack', { transactionId, reference: charge.reference });
  return 'late_payment';
}

/**
 * What an event gets when its transaction no longer awaits the payment: recorded once, nothing
 * changed (a late payment flagged for a refund); null while the payment is still awaited.
 */
async function settledOutcome(tx: Transaction, charge: ChargeEvent, verified?: VerifiedPayment): Promise<WebhookOutcome | null> {
  if (tx.status === 'failed') return lateCharge(tx.id, charge, verified);
  if (canTakeAction('confirm_payment', tx.status, 'system')) return null;
  await recordIgnored(charge, `ignored_status_${tx.status}`, tx.id);
  return 'duplicate';
}

/** What an event gets when its package no longer awaits the payment; null while it does. */
async function settledPackageOutcome(pkg: Package, charge: ChargeEvent, verified?: VerifiedPayment): Promise<WebhookOutcome | null> {
  if (pkg.status === 'failed') return lateCharge(pkg.id, charge, verified);
  if (pkg.status === 'pending') return null;
  await recordIgnored(charge, `ignored_status_${pkg.status}`, pkg.id);
  return 'duplicate';
}

/**
 * A package's payment: every lesson still pending confirmed (or flagged) by one event, each
 * lesson's change recorded under `<eventKey>#<lesson id>` and the package's under the event's key,
 * so a redelivery confirms only what a crash left pending and then answers `duplicate`.
 */
async function processPackageCharge(packageId: string, charge: ChargeEvent): Promise<WebhookOutcome> {
  const pkg = await getPackage(packageId);
  if (!pkg) {
    await recordIgnored(charge, 'unknown_reference');
    return 'unknown_reference';
  }
  if (await alreadyProcessed(charge.eventKey)) return 'duplicate';
  const settled = await settledPackageOutcome(pkg, charge);
  if (settled) return settled;
  const verified = await verifyTransaction(charge.reference);
  let outcome;
  try {
    outcome = await confirmPackageCharge(pkg, verified, { charged: true, paystackEvent: (result) => ({ ...charge, outcome: result }) });
  } catch (error) {
    if (!(error instanceof ConflictError)) throw error;
    outcome = 'unchanged' as const;
  }
  if (outcome === 'escrowed' || outcome === 'amount_mismatch') return outcome;
  if (outcome === 'late_payment') {
    await recordIgnored(charge, 'late_payment', pkg.id);
    return 'late_payment';
  }
  // Settled at the same moment by a concurrent delivery or another path: answered as if after it;
  // still pending (a lesson not confirmed), 5xx and Paystack delivers it again.
  if (await alreadyProcessed(charge.eventKey)) return 'duplicate';
  const current = await getPackage(pkg.id);
  const after = current && (await settledPackageOutcome(current, charge, verified));
  if (after) return after;
  throw new ConflictError(`Forfait ${pkg.id} : paiement pas encore appliqué`);
}

export async function processPaystackEvent(payload: PaystackEvent): Promise<WebhookOutcome> {
  const { event, charge: data } = payload;
  if (!data) {
    logger.info('Paystack event ignored', { event });
    return 'ignored';
  }
  const charge: ChargeEvent = { eventKey: `${event}#${data.id}`, event, reference: data.reference };
  const packageId = packageIdOf(charge.reference);
  if (packageId) return processPackageCharge(packageId, charge);
  const transactionId = transactionIdOf(charge.reference);
  logTransaction(transactionId ?? undefined);
  const tx = transactionId ? await getTransaction(transactionId) : null;
  if (!tx) {
    await recordIgnored(charge, 'unknown_reference');
    return 'unknown_reference';
  }
  if (await alreadyProcessed(charge.eventKey)) return 'duplicate';
  const settled = await settledOutcome(tx, charge);
  if (settled) return settled;

  // Never trust the event's body for money: ask Paystack (PaystackUnavailable → 5xx, Paystack retries).
  const verified = await verifyTransaction(charge.reference);
  try {
    return await applyVerifiedCharge(tx, verified, { paystackEvent: (outcome) => ({ ...charge, outcome }) });
  } catch (error) {
    if (!(error instanceof ConflictError)) throw error;
    // Refused: a concurrent delivery of this event recorded it, or something settled the
    // transaction meanwhile (another event of the charge, the parent's return, the expiry) —
    // answered as if this event had come after it. Otherwise (conflicting writes retried in vain,
    // the payment still awaited) this event was not processed: 5xx, and Paystack delivers it again.
    if (await alreadyProcessed(charge.eventKey)) return 'duplicate';
    const current = await getTransaction(tx.id);
    const outcome = current && (await settledOutcome(current, charge, verified));
    if (outcome) return outcome;
    throw error;
  }
}
