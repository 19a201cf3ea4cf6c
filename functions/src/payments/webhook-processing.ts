/**
 * Processing a signed Paystack event. Idempotent by event: the event record is written in the
 * same DynamoDB transaction as the status change, so a duplicate or concurrent delivery finds
 * the work done and changes nothing. The payment is trusted only after Paystack's verify API
 * confirms status, amount and currency.
 */
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import { CURRENCY } from '#shared/constants';
import { formatFcfa } from '#shared/money';
import { isConditionalCheckFailure } from '#commons/db';
import { ConflictError } from '#commons/errors';
import { logger } from '#commons/logger';
import { applyTransition } from '../escrow/transitions.js';
import { recordWriteCapacity } from './capacity.js';
import { PaystackEventEntity } from './entities.js';
import { transactionIdOf, verifyTransaction } from './paystack.js';
import { getTransaction } from './transactions.js';

export interface PaystackEvent {
  event?: string;
  data?: { id?: number | string; reference?: string; status?: string; amount?: number; currency?: string };
}

export type WebhookOutcome = 'escrowed' | 'amount_mismatch' | 'duplicate' | 'ignored' | 'unknown_reference';

async function alreadyProcessed(eventKey: string): Promise<boolean> {
  const { Item } = await PaystackEventEntity.build(GetItemCommand).key({ event_key: eventKey }).options({ consistent: true }).send();
  return Item !== undefined;
}

/** Events that change nothing are still recorded once, for the audit trail. */
async function recordIgnored(eventKey: string, event: string, reference: string, outcome: string, transactionId?: string): Promise<void> {
  try {
    const response = await PaystackEventEntity.build(PutItemCommand)
      .item({ event_key: eventKey, event, reference, transaction_id: transactionId, outcome, received_at: new Date().toISOString() })
      .options({ condition: { attr: 'event_key', exists: false }, capacity: 'TOTAL' })
      .send();
    recordWriteCapacity('paystackEvent', response.ConsumedCapacity);
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
  }
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
  const tx = transactionId ? await getTransaction(transactionId) : null;
  if (!tx) {
    await recordIgnored(eventKey, event, reference, 'unknown_reference');
    return 'unknown_reference';
  }
  if (await alreadyProcessed(eventKey)) return 'duplicate';
  if (tx.status !== 'pending') {
    await recordIgnored(eventKey, event, reference, `ignored_status_${tx.status}`, tx.id);
    return 'duplicate';
  }

  // Never trust the event's body for money: ask Paystack (PaystackUnavailable → 5xx, Paystack retries).
  const verified = await verifyTransaction(reference);
  const matches =
    verified.status === 'success' &&
    verified.reference === reference &&
    verified.amount === tx.amount_total &&
    verified.currency === CURRENCY;
  try {
    if (matches) {
      await applyTransition({
        transactionId: tx.id,
        action: 'confirm_payment',
        actor: 'system',
        record: { paid_at: verified.paidAt ?? new Date().toISOString(), paystack_transaction_id: String(verified.id) },
        paystackEvent: { eventKey, event, reference, outcome: 'escrowed' },
      });
      return 'escrowed';
    }
    const paid = verified.amount === null ? 'montant invalide' : formatFcfa(verified.amount);
    await applyTransition({
      transactionId: tx.id,
      action: 'flag_payment',
      actor: 'system',
      record: {
        paystack_transaction_id: String(verified.id),
        attention_reason: `Paiement non conforme : Paystack indique ${verified.status}, ${paid} ${verified.currency} ; attendu ${formatFcfa(tx.amount_total)} ${CURRENCY}`,
      },
      paystackEvent: { eventKey, event, reference, outcome: 'amount_mismatch' },
    });
    logger.warn('Paystack payment does not match the transaction', { transactionId: tx.id });
    return 'amount_mismatch';
  } catch (error) {
    // A concurrent delivery of the same event won the conditional write: it recorded the event.
    // Any other refusal (conflicting writes retried in vain, the status moved meanwhile) did not
    // process this event: answer 5xx so that Paystack delivers it again, never 'duplicate'.
    if (error instanceof ConflictError && (await alreadyProcessed(eventKey))) return 'duplicate';
    throw error;
  }
}
