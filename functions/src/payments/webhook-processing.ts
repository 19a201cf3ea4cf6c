/**
 * Processing a signed Paystack event. Idempotent by event: the event record is written in the
 * same DynamoDB transaction as the status change, so a duplicate or concurrent delivery finds
 * the work done and changes nothing. The payment is trusted only after Paystack's verify API
 * confirms status, amount and currency.
 */
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import { canTakeAction } from '#shared/transaction-process';
import { isConditionalCheckFailure } from '#commons/db';
import { ConflictError } from '#commons/errors';
import { logger, logTransaction } from '#commons/logger';
import { recordWriteCapacity } from './capacity.js';
import { PaystackEventEntity } from './entities.js';
import { applyVerifiedCharge } from './payment-check.js';
import { transactionIdOf, verifyTransaction } from './paystack.js';
import { getTransaction } from './transactions.js';

export interface PaystackEvent {
  event?: string;
  data?: { id?: number | string; reference?: string; status?: string; amount?: number; currency?: string };
}

export type WebhookOutcome = 'escrowed' | 'amount_mismatch' | 'late_payment' | 'duplicate' | 'ignored' | 'unknown_reference';

async function alreadyProcessed(eventKey: string): Promise<boolean> {
  const { Item } = await PaystackEventEntity.build(GetItemCommand).key({ event_key: eventKey }).options({ consistent: true }).send();
  return Item !== undefined;
}

/** Events that change nothing are still recorded once, for the audit trail. */
async function recordIgnored(eventKey: string, event: string, reference: string, outcome: string, transactionId?: string): Promise<void> {
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
async function lateCharge(transactionId: string, eventKey: string, event: string, reference: string): Promise<WebhookOutcome> {
  const verified = await verifyTransaction(reference);
  if (verified.status !== 'success') {
    await recordIgnored(eventKey, event, reference, 'ignored_status_failed', transactionId);
    return 'duplicate';
  }
  await recordIgnored(eventKey, event, reference, 'late_payment', transactionId);
  logger.error('Payment received after its booking failed: refund it at Paystack', { transactionId, reference });
  return 'late_payment';
}

export async function processPaystackEvent(payload: PaystackEvent): Promise<WebhookOutcome> {
  const event = String(payload.event ?? '');
  const reference = String(payload.data?.reference ?? '');
  const eventKey = `${event}#${payload.data?.id ?? reference}`;
  if (event !== 'charge.success') {
    logger.info('Paystack event ignored', { event });
    return 'ignored';
  }
  const transactionId = transactionIdOf(reference);
  logTransaction(transactionId ?? undefined);
  const tx = transactionId ? await getTransaction(transactionId) : null;
  if (!tx) {
    await recordIgnored(eventKey, event, reference, 'unknown_reference');
    return 'unknown_reference';
  }
  if (await alreadyProcessed(eventKey)) return 'duplicate';
  if (tx.status === 'failed') return lateCharge(tx.id, eventKey, event, reference);
  if (!canTakeAction('confirm_payment', tx.status, 'system')) {
    await recordIgnored(eventKey, event, reference, `ignored_status_${tx.status}`, tx.id);
    return 'duplicate';
  }

  // Never trust the event's body for money: ask Paystack (PaystackUnavailable → 5xx, Paystack retries).
  const verified = await verifyTransaction(reference);
  try {
    return await applyVerifiedCharge(tx, verified, { paystackEvent: (outcome) => ({ eventKey, event, reference, outcome }) });
  } catch (error) {
    // A concurrent delivery of the same event won the conditional write: it recorded the event.
    // Any other refusal (conflicting writes retried in vain, the status moved meanwhile) did not
    // process this event: answer 5xx so that Paystack delivers it again, never 'duplicate'.
    if (error instanceof ConflictError && (await alreadyProcessed(eventKey))) return 'duplicate';
    throw error;
  }
}
