/**
 * The Paystack webhook (functions/src/payments/webhook-processing.ts) when things go wrong or
 * arrive oddly, on the real engines: a delivery Kalan could not record or apply is answered 5xx so
 * that Paystack delivers it again (a failed audit write, a payment that expired while Paystack was
 * verifying it, conflicting writes retried in vain), never 'duplicate'; a redelivery racing the
 * first delivery is answered from the event record, without asking Paystack again; the check for
 * an already processed event is a strongly consistent read; and signed events with no `data` or
 * no reference are answered and recorded as they came.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import { applyTransition } from '../../functions/src/escrow/transitions.js';
import {
  attr,
  holdDynamoAnswer,
  injectDynamoFault,
  readsItem,
  throttled,
  transactionCancelled,
  type DynamoFault,
  type InjectedFault,
} from './faults.js';
import {
  book,
  chargeSuccess,
  ledgerOf,
  newPerson,
  newTutor,
  postWebhook,
  sandbox,
  transaction,
  until,
  untilWaiting,
  type SandboxState,
  paystackEventRecord,
} from './harness.js';


/** What the sandbox knows of a reference, with what Kalan asked it (verify calls, held answers). */
type Paystack = SandboxState & { verifyCalls: number; heldVerifies: number };
const paystack = (reference: string, controls: Record<string, unknown> = {}) => sandbox(reference, controls) as Promise<Paystack>;

/** The event record's partition key a PutItem writes, if it writes one. */
const eventPutKey = (input: Record<string, any>) => attr(input.Item?.pk);

async function newBooking() {
  const [parent, tutor] = await Promise.all([newPerson('parent'), newTutor()]);
  const booking = await book(parent, tutor);
  await untilWaiting(booking.id, 'pending');
  return booking;
}

const internalError = { code: 'internal', message: messages.http.internal };

/** The write of the audit record of event `eventId` fails once (throttled). */
const recordFailsOnce = (eventId: number): DynamoFault => ({
  command: 'PutItemCommand',
  times: 1,
  when: (input) => eventPutKey(input) === `PAYSTACK_EVENT#charge.success#${eventId}`,
  error: throttled,
});

/** Delivers `body` while `fault` is injected: answered 500 (internal). Returns the fault, removed. */
async function deliveredAgainst(body: string, fault: DynamoFault): Promise<InjectedFault> {
  const injected = injectDynamoFault(fault);
  try {
    const refused = await postWebhook(body);
    expect(refused.status).toBe(500);
    expect(refused.body.error).toEqual(internalError);
    return injected;
  } finally {
    injected.remove();
  }
}

describe('the check for an already processed event', () => {
  it('reads the event record strongly consistently, so that it sees a record just written by a concurrent delivery', async () => {
    const { reference } = await newBooking();
    const body = await chargeSuccess(reference);
    const spy = injectDynamoFault({ command: 'GetItemCommand', times: 0, when: (input) => attr(input.Key?.pk)?.startsWith('PAYSTACK_EVENT#') ?? false });
    try {
      expect((await postWebhook(body)).body.outcome).toBe('escrowed');
      // Again once the transaction is escrowed: the repeat is answered from the record.
      expect((await postWebhook(body)).body.outcome).toBe('duplicate');
    } finally {
      spy.remove();
    }
    expect(spy.calls.length).toBeGreaterThanOrEqual(1);
    for (const { input } of spy.calls) expect(input.ConsistentRead, JSON.stringify(input.Key)).toBe(true);
  });

  it('answers a redelivery racing the first delivery from the record, without asking Paystack to verify again', async () => {
    const { id, reference } = await newBooking();
    const body = await chargeSuccess(reference);
    // The redelivery reads the transaction still pending, then is slowed down...
    const hold = holdDynamoAnswer('GetItemCommand', readsItem(id, 'TRANSACTION'));
    let redelivery: ReturnType<typeof postWebhook> | undefined;
    try {
      redelivery = postWebhook(body);
      await hold.answered;
      // ...while the first delivery verifies the payment and escrows it.
      expect((await postWebhook(body)).body.outcome).toBe('escrowed');
      expect((await paystack(reference)).verifyCalls).toBe(1);
    } finally {
      hold.release();
      hold.remove();
    }
    const late = await redelivery;
    expect(late).toEqual({ status: 200, body: { received: true, outcome: 'duplicate' } });
    expect((await paystack(reference)).verifyCalls).toBe(1);
    expect((await transaction(id)).status).toBe('escrow');
    expect((await ledgerOf(id)).map((line) => line.line).sort()).toEqual(['payment#1', 'payment#2']);
  });
});

describe('a delivery Kalan could not record or apply is delivered again (5xx), never a duplicate', () => {
  it('answers 500 when the audit record of an unknown reference cannot be written, and records it at the next delivery', async () => {
    const eventId = randomInt(1_000_000, 2_000_000_000);
    const reference = `kalan-${randomUUID()}`;
    const body = JSON.stringify({ event: 'charge.success', data: { id: eventId, reference } });
    const fault = await deliveredAgainst(body, recordFailsOnce(eventId));
    expect(fault.failed).toBe(1);
    expect(await paystackEventRecord(`charge.success#${eventId}`)).toBeUndefined();
    expect((await postWebhook(body)).body.outcome).toBe('unknown_reference');
    expect(await paystackEventRecord(`charge.success#${eventId}`)).toMatchObject({ reference, outcome: 'unknown_reference' });
  });

  it('answers 500 when the audit record of an event for a settled transaction cannot be written', async () => {
    const { id, reference } = await newBooking();
    const first = JSON.parse(await chargeSuccess(reference)) as { event: string; data: { id: number } };
    expect((await postWebhook(JSON.stringify(first))).body.outcome).toBe('escrowed');
    const otherId = first.data.id + 1;
    const other = JSON.stringify({ ...first, data: { ...first.data, id: otherId } });
    await deliveredAgainst(other, recordFailsOnce(otherId));
    expect(await paystackEventRecord(`charge.success#${otherId}`)).toBeUndefined();
    expect((await postWebhook(other)).body.outcome).toBe('duplicate');
    expect(await paystackEventRecord(`charge.success#${otherId}`)).toMatchObject({ outcome: 'ignored_status_escrow', transaction_id: id });
  });

  it('answers 500 when the payment expired while Paystack was verifying it, and records the event at the next delivery', async () => {
    const { id, reference } = await newBooking();
    const body = await chargeSuccess(reference);
    const eventId = (JSON.parse(body) as { data: { id: number } }).data.id;
    await paystack(reference, { holdVerify: true });
    let delivery: ReturnType<typeof postWebhook> | undefined;
    try {
      delivery = postWebhook(body);
      await until(() => paystack(reference), (state) => state.heldVerifies === 1, 'la vérification attend chez Paystack');
      // The booking fails meanwhile (the workflow's expiry, which could not reach Paystack).
      await applyTransition({ transactionId: id, action: 'expire_payment', actor: 'system', wake: false });
      expect((await transaction(id)).status).toBe('failed');
    } finally {
      await paystack(reference, { holdVerify: false });
    }
    const response = await delivery;
    expect(response.status).toBe(500);
    expect(response.body.error).toEqual(internalError);
    expect(await paystackEventRecord(`charge.success#${eventId}`)).toBeUndefined();
    expect((await transaction(id)).status).toBe('failed');
    expect(await ledgerOf(id)).toEqual([]);
    // Paystack's next delivery finds the booking failed but paid: recorded once as a late payment.
    expect((await postWebhook(body)).body.outcome).toBe('late_payment');
    expect(await paystackEventRecord(`charge.success#${eventId}`)).toMatchObject({ outcome: 'late_payment', transaction_id: id });
    expect((await transaction(id)).status).toBe('failed');
    expect(await ledgerOf(id)).toEqual([]);
    expect((await postWebhook(body)).body.outcome).toBe('duplicate');
  });

  it('answers 500 when conflicting writes keep cancelling the escrow, and escrows at the next delivery', async () => {
    const { id, reference } = await newBooking();
    const body = await chargeSuccess(reference);
    const eventId = (JSON.parse(body) as { data: { id: number } }).data.id;
    const fault = await deliveredAgainst(body, {
      command: 'TransactWriteItemsCommand',
      when: (input) => JSON.stringify(input.TransactItems ?? []).includes(`TX#${id}`),
      error: () => transactionCancelled('TransactionConflict', 'None', 'None', 'None'),
    });
    // The first try and every retry were refused.
    expect(fault.failed).toBe(5);
    expect(await paystackEventRecord(`charge.success#${eventId}`)).toBeUndefined();
    expect((await transaction(id)).status).toBe('pending');
    expect((await postWebhook(body)).body.outcome).toBe('escrowed');
  });
});

describe('signed events as they come', () => {
  it('ignores a signed event with no data at all', async () => {
    for (const body of ['{"event":"transfer.success"}', '{}']) {
      expect(await postWebhook(body), body).toEqual({ status: 200, body: { received: true, outcome: 'ignored' } });
    }
  });

  it('records a charge without a reference under its id, with an empty reference, or under the bare event name', async () => {
    const eventId = randomInt(1_000_000, 2_000_000_000);
    expect((await postWebhook(JSON.stringify({ event: 'charge.success', data: { id: eventId } }))).body.outcome).toBe('unknown_reference');
    expect(await paystackEventRecord(`charge.success#${eventId}`)).toMatchObject({ event: 'charge.success', reference: '', outcome: 'unknown_reference' });
    expect((await postWebhook(JSON.stringify({ event: 'charge.success', data: {} }))).body.outcome).toBe('unknown_reference');
    expect(await paystackEventRecord('charge.success#')).toMatchObject({ event: 'charge.success', reference: '', outcome: 'unknown_reference' });
  });
});
