/**
 * Rules the second mutation pass found unguarded (docs/mutation.md, "(c) Second pass survivors"),
 * on the real engines, failures and races injected at the DynamoDB SDK boundary (faults.ts):
 * - the parent's payment check (payments/payment-check.ts, verify-payment.ts): a settled booking
 *   is never asked about at Paystack; a reference Paystack does not know is still waiting; a
 *   failed write answers 500; a check overtaken by the workflow's expiry lets the expiry stand and
 *   answers the status now stored;
 * - the expiry step (escrow/tasks.ts) never fails a booking Paystack says is paid, even when the
 *   escrow could not be written this time; a token recorded for a transaction that does not exist
 *   still ends the wait;
 * - a charge for a failed booking that Paystack does not confirm is recorded, never a late payment;
 * - an admin closing a dispute (admin/close-dispute.ts): 404 without a dispute, 500 on a failed
 *   write, 409 on any refusal;
 * - what a status change writes (escrow/transitions.ts) is conditional on its own: the owner, the
 *   ledger lines (append-only) and the dispute (written once) — even when the read before it said
 *   otherwise.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import { invoke } from '../../infra/local/lambda-runtime.js';
import { applyTransition } from '../../functions/src/escrow/transitions.js';
import { sfnCalls } from './engines.js';
import { holdDynamoAnswer, injectDynamoFault, readsItem, throttled, transactionCancelled } from './faults.js';
import {
  book,
  bookAndPay,
  call,
  disputeOf,
  ledgerOf,
  newPerson,
  newTutor,
  paystackEventRecord,
  postWebhook,
  chargeSuccess,
  putInPartition,
  sandbox,
  setOnTransaction,
  transaction,
  until,
  untilWaiting,
  withEnv,
  type Person,
  type SandboxState,
} from './harness.js';

type Paystack = SandboxState & { verifyCalls: number; heldVerifies: number };
const paystack = (reference: string, controls: Record<string, unknown> = {}) => sandbox(reference, controls) as Promise<Paystack>;

const verify = (id: string, caller: Person) => call('verifyPayment', caller, { params: { id } });
const task = (event: unknown) => invoke('escrow/tasks', event);
const internalError = { code: 'internal', message: messages.http.internal };

/** The DynamoDB transactions that write this transaction's partition. */
const writesOf = (transactionId: string) => (input: Record<string, any>) =>
  JSON.stringify(input.TransactItems ?? []).includes(`TX#${transactionId}`);

async function pendingBooking() {
  const [parent, tutor] = await Promise.all([newPerson('parent'), newTutor()]);
  const booking = await book(parent, tutor);
  await untilWaiting(booking.id, 'pending');
  return { parent, ...booking };
}

/** Funds held in escrow, the workflow waiting on them (so nothing else writes the transaction). */
async function heldPayment() {
  const [parent, tutor, admin] = await Promise.all([newPerson('parent'), newTutor(), newPerson('admin')]);
  const booking = await bookAndPay(parent, tutor);
  await untilWaiting(booking.id, 'escrow');
  return { parent, admin, ...booking };
}

/** Released funds with a dispute opened by a low rating after the release: the admin closes it. */
async function disputeAfterRelease() {
  const held = await heldPayment();
  expect((await call('decideEscrow', held.parent, { params: { id: held.id }, body: { action: 'release' } })).status).toBe(200);
  expect((await call('rateCourse', held.parent, { params: { id: held.id }, body: { rating: 2, review: 'Bof' } })).status).toBe(200);
  expect(await disputeOf(held.id)).toMatchObject({ status: 'open' });
  return held;
}

describe("the parent's payment check", () => {
  it('never asks Paystack about a booking already settled, and answers it even when Paystack is down', async () => {
    const { id, parent, reference } = await heldPayment();
    const asked = (await paystack(reference)).verifyCalls;
    expect(await verify(id, parent)).toEqual({ status: 200, body: { outcome: 'unchanged', status: 'escrow' } });
    const down = await withEnv({ PAYSTACK_BASE_URL: 'http://127.0.0.1:9' }, () => verify(id, parent));
    expect(down).toEqual({ status: 200, body: { outcome: 'unchanged', status: 'escrow' } });
    expect((await paystack(reference)).verifyCalls).toBe(asked);
  });

  it('a reference Paystack does not know (the checkout never opened) is still waiting, not an error', async () => {
    const { id, parent } = await pendingBooking();
    await setOnTransaction(id, { reference: `kalan-${randomUUID()}` });
    expect(await verify(id, parent)).toEqual({ status: 200, body: { outcome: 'waiting', status: 'pending' } });
    expect((await transaction(id)).status).toBe('pending');
  });

  it('answers 500 when the escrow cannot be written (not a Paystack failure), and escrows when asked again', async () => {
    const { id, parent, reference } = await pendingBooking();
    await sandbox(reference, { markPaid: true });
    const fault = injectDynamoFault({ command: 'TransactWriteItemsCommand', times: 1, when: writesOf(id), error: throttled });
    try {
      const answer = await verify(id, parent);
      expect(answer.status).toBe(500);
      expect(answer.body.error).toEqual(internalError);
      expect(fault.failed).toBe(1);
    } finally {
      fault.remove();
    }
    expect((await transaction(id)).status).toBe('pending');
    expect(await ledgerOf(id)).toEqual([]);
    expect((await verify(id, parent)).body).toEqual({ outcome: 'escrowed', status: 'escrow' });
  });

  it("overtaken by the workflow's expiry while Paystack answers: the expiry stands, and the answer gives the status now stored", async () => {
    const { id, parent, reference } = await pendingBooking();
    await paystack(reference, { markPaid: true, holdVerify: true });
    let checking: ReturnType<typeof verify> | undefined;
    try {
      checking = verify(id, parent);
      await until(() => paystack(reference), (state) => state.heldVerifies === 1, 'la vérification attend chez Paystack');
      await applyTransition({ transactionId: id, action: 'expire_payment', actor: 'system', wake: false });
    } finally {
      await paystack(reference, { holdVerify: false });
    }
    expect(await checking).toEqual({ status: 200, body: { outcome: 'unchanged', status: 'failed' } });
    expect((await transaction(id)).status).toBe('failed');
    expect(await ledgerOf(id)).toEqual([]);
  });
});

describe('the workflow at the end of the payment window', () => {
  it('never fails a booking Paystack says is paid, even when its escrow could not be written this time', async () => {
    const { id, reference } = await pendingBooking();
    await sandbox(reference, { markPaid: true });
    const conflicts = injectDynamoFault({
      command: 'TransactWriteItemsCommand',
      times: 5,
      when: writesOf(id),
      error: () => transactionCancelled('TransactionConflict', 'None', 'None'),
    });
    try {
      await task({ action: 'expirePayment', transactionId: id });
      // The escrow's first try and its four retries were refused.
      expect(conflicts.failed).toBe(5);
    } finally {
      conflicts.remove();
    }
    expect((await transaction(id)).status).toBe('pending');
    // The next expiry (the workflow comes back to it) escrows the payment.
    await task({ action: 'expirePayment', transactionId: id });
    expect((await transaction(id)).status).toBe('escrow');
  }, 20_000);

  it('a task token recorded for a transaction that does not exist ends the wait (the token is sent), without failing', async () => {
    const before = sfnCalls.length;
    const answer = await task({ action: 'recordToken', transactionId: randomUUID(), status: 'pending', taskToken: 'token-of-nothing' });
    expect(answer).toEqual({ ok: true });
    expect(sfnCalls.slice(before).filter((c) => c.action === 'SendTaskSuccess')).toHaveLength(1);
  });
});

describe('a charge.success for a booking that already failed', () => {
  it('that Paystack does not confirm is recorded as such, never as a late payment', async () => {
    const { id, reference } = await pendingBooking();
    await sandbox(reference, { verifyStatus: 'abandoned' });
    await task({ action: 'expirePayment', transactionId: id });
    expect((await transaction(id)).status).toBe('failed');
    // The event claims a success; Paystack's verify still answers 'abandoned'.
    const body = await chargeSuccess(reference);
    const eventId = (JSON.parse(body) as { data: { id: number } }).data.id;
    expect(await postWebhook(body)).toEqual({ status: 200, body: { received: true, outcome: 'duplicate' } });
    expect(await paystackEventRecord(`charge.success#${eventId}`)).toMatchObject({ outcome: 'ignored_status_failed', transaction_id: id });
    expect((await transaction(id)).status).toBe('failed');
    expect(await ledgerOf(id)).toEqual([]);
  });
});

describe('an admin closing a dispute', () => {
  it('answers 404 for a transaction without a dispute, and for one that does not exist', async () => {
    const { id, admin } = await heldPayment();
    for (const target of [id, randomUUID()]) {
      const response = await call('adminCloseDispute', admin, { params: { id: target }, body: {} });
      expect(response.status, target).toBe(404);
      expect(response.body.error).toEqual({ code: 'not_found', message: messages.payments.disputeNotFound });
    }
    expect(await disputeOf(id)).toBeUndefined();
  });

  it('answers 500 when the close cannot be written (throttled), the dispute still open', async () => {
    const { id, admin } = await disputeAfterRelease();
    const fault = injectDynamoFault({ command: 'TransactWriteItemsCommand', times: 1, when: writesOf(id), error: throttled });
    try {
      const response = await call('adminCloseDispute', admin, { params: { id }, body: {} });
      expect(response.status).toBe(500);
      expect(response.body.error).toEqual(internalError);
    } finally {
      fault.remove();
    }
    expect(await disputeOf(id)).toMatchObject({ status: 'open' });
  });

  it('answers 409 "already decided" to a refusal DynamoDB gives no reason for', async () => {
    const { id, admin } = await disputeAfterRelease();
    const fault = injectDynamoFault({ command: 'TransactWriteItemsCommand', times: 1, when: writesOf(id), error: () => transactionCancelled() });
    try {
      const response = await call('adminCloseDispute', admin, { params: { id }, body: {} });
      expect(response.status).toBe(409);
      expect(response.body.error).toEqual({ code: 'conflict', message: messages.payments.alreadyDecided });
    } finally {
      fault.remove();
    }
    expect(await disputeOf(id)).toMatchObject({ status: 'open' });
  });
});

describe('a status change is conditional on what it writes, not only on the read before it', () => {
  it("a parent's decision is refused if the transaction is no longer theirs when it is written", async () => {
    const { id, parent } = await heldPayment();
    const other = await newPerson('parent');
    // The decision has read the transaction (the parent's); it changes hands before the write.
    const hold = holdDynamoAnswer('GetItemCommand', readsItem(id, 'TRANSACTION'));
    let deciding: ReturnType<typeof call> | undefined;
    try {
      deciding = call('decideEscrow', parent, { params: { id }, body: { action: 'release' } });
      await hold.answered;
      await setOnTransaction(id, { parent_id: other.userId });
    } finally {
      hold.release();
      hold.remove();
    }
    const response = await deciding;
    expect(response.status).toBe(409);
    expect((await transaction(id)).status).toBe('escrow');
    expect((await ledgerOf(id)).filter((line) => line.movement !== 'payment')).toEqual([]);
  });

  it('the ledger is append-only: a movement one of whose lines is already there is refused as a whole', async () => {
    const { id, parent, reference } = await pendingBooking();
    const stray = { transaction_id: id, line: 'payment#1', movement: 'payment', account: 'paystack_clearing', debit: 1, credit: 0, created_at: new Date().toISOString() };
    await putInPartition(id, 'LEDGER#payment#1', stray);
    await sandbox(reference, { markPaid: true });
    expect((await verify(id, parent)).body).toEqual({ outcome: 'unchanged', status: 'pending' });
    expect((await ledgerOf(id)).map(({ pk, sk, ...line }) => line)).toEqual([stray]);
  });

  it('a dispute is written once: one already there is never replaced, while the funds are held or after the release', async () => {
    const held = await heldPayment();
    const released = await heldPayment();
    expect((await call('decideEscrow', released.parent, { params: { id: released.id }, body: { action: 'release' } })).status).toBe(200);
    for (const { id, parent } of [held, released]) {
      const before = await transaction(id);
      const earlier = { transaction_id: id, parent_id: parent.userId, tutor_user_id: before.tutor_user_id, rating: 1, status: 'resolved', opened_at: '2024-01-01T00:00:00.000Z', resolution: 'closed' };
      await putInPartition(id, 'DISPUTE', earlier);
      const response = await call('rateCourse', parent, { params: { id }, body: { rating: 1, review: 'Absent' } });
      expect(response.status, before.status).toBe(409);
      expect(await disputeOf(id)).toMatchObject(earlier);
      expect(await transaction(id)).toEqual(before);
    }
  });
});
