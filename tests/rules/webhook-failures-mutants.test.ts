/**
 * The Paystack webhook (functions/src/payments/webhook-processing.ts) when things go wrong or
 * arrive oddly, on the real engines: a delivery Kalan could not record or apply is answered 5xx so
 * that Paystack delivers it again (a failed audit write, conflicting writes retried in vain, the
 * table failing after a refused write), never 'duplicate'; a delivery that loses the race to
 * whatever settled its transaction meanwhile (another event, the expiry) is answered 200 as a
 * late event, recorded once, changing nothing; a redelivery racing the first delivery is answered
 * from the event record, without asking Paystack again; the check for an already processed event
 * is a strongly consistent read; and signed bodies that are not Paystack events are refused (400)
 * without a record.
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

/** The body of another event of the same charge: Paystack's id moved on by `by`. */
function otherEventOf(body: string, by: number): { body: string; eventId: number } {
  const event = JSON.parse(body) as { event: string; data: { id: number } };
  const eventId = event.data.id + by;
  return { body: JSON.stringify({ ...event, data: { ...event.data, id: eventId } }), eventId };
}

/**
 * Delivers `body`, holds it just after its first read of the transaction (still pending, its event
 * not recorded), runs `meanwhile`, then lets it go on and returns its answer.
 */
async function deliveredAround(id: string, body: string, meanwhile: () => Promise<void>): Promise<Awaited<ReturnType<typeof postWebhook>>> {
  const hold = holdDynamoAnswer('GetItemCommand', readsItem(id, 'TRANSACTION'));
  let delivery: ReturnType<typeof postWebhook> | undefined;
  try {
    delivery = postWebhook(body);
    await hold.answered;
    await meanwhile();
  } finally {
    hold.release();
    hold.remove();
  }
  return delivery;
}

describe('a delivery that loses the race to what settled its transaction', () => {
  it('is answered 200 and recorded once when another event of the charge escrowed it meanwhile, the payment booked once', async () => {
    const { id, reference } = await newBooking();
    const body = await chargeSuccess(reference);
    const eventId = (JSON.parse(body) as { data: { id: number } }).data.id;
    const other = otherEventOf(body, 1);
    const late = await deliveredAround(id, body, async () => {
      expect((await postWebhook(other.body)).body.outcome).toBe('escrowed');
    });
    expect(late).toEqual({ status: 200, body: { received: true, outcome: 'duplicate' } });
    expect(await paystackEventRecord(`charge.success#${eventId}`)).toMatchObject({ outcome: 'ignored_status_escrow', transaction_id: id });
    expect(await paystackEventRecord(`charge.success#${other.eventId}`)).toMatchObject({ outcome: 'escrowed', transaction_id: id });
    expect((await transaction(id)).status).toBe('escrow');
    expect((await ledgerOf(id)).map((line) => line.line).sort()).toEqual(['payment#1', 'payment#2']);
    expect((await postWebhook(body)).body.outcome).toBe('duplicate');
  });

  it('is answered 200 as a late payment when the booking expired while Paystack was verifying it, nothing escrowed', async () => {
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
    expect(await delivery).toEqual({ status: 200, body: { received: true, outcome: 'late_payment' } });
    // Paystack confirmed the money (asked once): recorded once as a late payment, for an operator to refund.
    expect(await paystackEventRecord(`charge.success#${eventId}`)).toMatchObject({ outcome: 'late_payment', transaction_id: id });
    expect((await paystack(reference)).verifyCalls).toBe(1);
    expect((await transaction(id)).status).toBe('failed');
    expect(await ledgerOf(id)).toEqual([]);
    expect((await postWebhook(body)).body.outcome).toBe('duplicate');
  });

  it('is answered 500 when the table fails after the refused write, and recorded at the next delivery', async () => {
    const { id, reference } = await newBooking();
    const body = await chargeSuccess(reference);
    const eventId = (JSON.parse(body) as { data: { id: number } }).data.id;
    const other = otherEventOf(body, 1);
    // The event's second read of its record — the look after the refused write — fails (throttled).
    let reads = 0;
    const fault = injectDynamoFault({
      command: 'GetItemCommand',
      times: 1,
      when: (input) => attr(input.Key?.pk) === `PAYSTACK_EVENT#charge.success#${eventId}` && ++reads === 2,
      error: throttled,
    });
    let response: Awaited<ReturnType<typeof postWebhook>>;
    try {
      response = await deliveredAround(id, body, async () => {
        expect((await postWebhook(other.body)).body.outcome).toBe('escrowed');
      });
    } finally {
      fault.remove();
    }
    expect(fault.failed).toBe(1);
    expect(response.status).toBe(500);
    expect(response.body.error).toEqual(internalError);
    expect(await paystackEventRecord(`charge.success#${eventId}`)).toBeUndefined();
    expect((await ledgerOf(id)).map((line) => line.line).sort()).toEqual(['payment#1', 'payment#2']);
    // Paystack's next delivery is answered and recorded.
    expect((await postWebhook(body)).body.outcome).toBe('duplicate');
    expect(await paystackEventRecord(`charge.success#${eventId}`)).toMatchObject({ outcome: 'ignored_status_escrow', transaction_id: id });
  });
});

describe('signed bodies that are not Paystack events', () => {
  it('are refused with 400 and recorded nowhere: no data, no reference, no Paystack id', async () => {
    const eventId = randomInt(1_000_000, 2_000_000_000);
    const reference = `kalan-${randomUUID()}`;
    const bodies = [
      '{"event":"transfer.success"}',
      '{}',
      JSON.stringify({ event: 'charge.success', data: { id: eventId } }),
      JSON.stringify({ event: 'charge.success', data: {} }),
      JSON.stringify({ event: 'charge.success', data: { reference } }),
    ];
    for (const body of bodies) {
      expect(await postWebhook(body), body).toEqual({
        status: 400,
        body: { error: { code: 'invalid_event', message: messages.payments.invalidWebhookEvent } },
      });
    }
    for (const key of [`charge.success#${eventId}`, 'charge.success#', `charge.success#${reference}`]) expect(await paystackEventRecord(key), key).toBeUndefined();
  });
});
