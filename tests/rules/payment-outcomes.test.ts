/**
 * What becomes of a booking's payment when no webhook tells us (issue 10): Paystack sends none for
 * a failed or abandoned payment, and a webhook can be late. The parent coming back from the
 * checkout or pressing 'Actualiser' asks Paystack (`POST /api/transactions/{id}/verify`), and the
 * workflow asks once more before it lets an unpaid booking expire. Real DynamoDB Local, the
 * Paystack sandbox and the local Step Functions runner; the handlers run in this process.
 */
import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import { invoke } from '../../infra/local/lambda-runtime.js';
import { sfnCalls } from './engines.js';
import {
  book,
  call,
  expectBalanced,
  ledgerOf,
  newPerson,
  newTutor,
  postWebhook,
  chargeSuccess,
  sandbox,
  transaction,
  untilWaiting,
  withEnv,
} from './harness.js';

async function pendingBooking() {
  const [parent, tutor] = await Promise.all([newPerson('parent'), newTutor(5000)]);
  const booking = await book(parent, tutor);
  await untilWaiting(booking.id, 'pending');
  return { parent, tutor, ...booking };
}

const verify = (id: string, caller: Awaited<ReturnType<typeof newPerson>>) => call('verifyPayment', caller, { params: { id } });
const expire = (transactionId: string) => invoke('escrow/tasks', { action: 'expirePayment', transactionId });

describe('the parent back from the checkout, or pressing Actualiser', () => {
  it("sees 'Échec' at once when Paystack refused the payment: the lesson is cancelled, nothing is booked in the ledger", async () => {
    const { parent, id, reference } = await pendingBooking();
    await sandbox(reference, { verifyStatus: 'failed' });
    const answer = await verify(id, parent);
    expect(answer).toMatchObject({ status: 200, body: { outcome: 'failed', status: 'failed' } });
    const tx = await transaction(id);
    expect(tx.status).toBe('failed');
    expect(tx.course.status).toBe('cancelled');
    expect(tx.attention_reason).toBe('Paiement refusé ou annulé chez Paystack');
    expect(await ledgerOf(id)).toEqual([]);
    // No invoice for a payment never received.
    expect((await call('getInvoice', parent, { params: { id } })).status).toBe(409);
    // Asking again changes nothing.
    expect((await verify(id, parent)).body).toEqual({ outcome: 'unchanged', status: 'failed' });
  });

  it('a reversed payment is a failed one too', async () => {
    const { parent, id, reference } = await pendingBooking();
    await sandbox(reference, { verifyStatus: 'reversed' });
    expect((await verify(id, parent)).body).toEqual({ outcome: 'failed', status: 'failed' });
  });

  it('escrows a payment whose webhook has not come yet, once: the late webhook is then a duplicate', async () => {
    const { parent, id, reference } = await pendingBooking();
    await sandbox(reference, { markPaid: true });
    expect((await verify(id, parent)).body).toEqual({ outcome: 'escrowed', status: 'escrow' });
    const held = await ledgerOf(id);
    expectBalanced(held);
    expect(held.filter((line) => line.movement === 'payment')).toHaveLength(2);
    // The workflow was woken into the escrow wait, as by a webhook.
    await untilWaiting(id, 'escrow');
    const late = await postWebhook(await chargeSuccess(reference));
    expect(late.body.outcome).toBe('duplicate');
    expect(await ledgerOf(id)).toEqual(held);
  });

  it('leaves a booking pending while Paystack has no outcome (abandoned, ongoing), and changes nothing', async () => {
    const { parent, id, reference } = await pendingBooking();
    for (const status of ['abandoned', 'ongoing', 'pending']) {
      await sandbox(reference, { verifyStatus: status });
      expect((await verify(id, parent)).body).toEqual({ outcome: 'waiting', status: 'pending' });
    }
    expect((await transaction(id)).status).toBe('pending');
  });

  it('flags a success that is not the payment asked for, never escrowed', async () => {
    const { parent, id, reference } = await pendingBooking();
    await sandbox(reference, { markPaid: true, verifyAmount: 100 });
    expect((await verify(id, parent)).body).toEqual({ outcome: 'amount_mismatch', status: 'payment_mismatch' });
    expect(await ledgerOf(id)).toEqual([]);
  });

  it('answers 502 in French when Paystack cannot be reached, and changes nothing', async () => {
    const { parent, id } = await pendingBooking();
    const answer = await withEnv({ PAYSTACK_BASE_URL: 'http://127.0.0.1:9' }, () => verify(id, parent));
    expect(answer.status).toBe(502);
    expect(answer.body.error).toEqual({ code: 'payment_provider_error', message: messages.payments.providerUnavailable });
    expect((await transaction(id)).status).toBe('pending');
  });

  it("refuses another parent's booking (403) and changes nothing; an admin may ask", async () => {
    const { id, reference } = await pendingBooking();
    await sandbox(reference, { verifyStatus: 'failed' });
    const neighbour = await newPerson('parent');
    expect((await verify(id, neighbour)).status).toBe(403);
    expect((await transaction(id)).status).toBe('pending');
    for (const role of ['tuteur', 'entreprise'] as const) expect((await verify(id, await newPerson(role))).status).toBe(403);
    expect((await verify(id, await newPerson('admin'))).body).toEqual({ outcome: 'failed', status: 'failed' });
    expect((await verify('00000000-0000-4000-8000-000000000000', neighbour)).status).toBe(404);
  });
});

describe('the workflow at the end of the payment window', () => {
  it('escrows a payment Paystack confirms whose webhook was lost, instead of failing it', async () => {
    const { id, reference } = await pendingBooking();
    await sandbox(reference, { markPaid: true });
    const before = sfnCalls.length;
    await expire(id);
    expect((await transaction(id)).status).toBe('escrow');
    expectBalanced(await ledgerOf(id));
    // The workflow's own step: it wakes no wait.
    expect(sfnCalls.slice(before).filter((c) => c.action === 'SendTaskSuccess')).toEqual([]);
  });

  it('fails the booking when Paystack has no outcome, or cannot be reached', async () => {
    const abandoned = await pendingBooking();
    await sandbox(abandoned.reference, { verifyStatus: 'abandoned' });
    await expire(abandoned.id);
    expect((await transaction(abandoned.id)).status).toBe('failed');

    const unreachable = await pendingBooking();
    await withEnv({ PAYSTACK_BASE_URL: 'http://127.0.0.1:9' }, () => expire(unreachable.id));
    expect((await transaction(unreachable.id)).status).toBe('failed');
    expect(await ledgerOf(unreachable.id)).toEqual([]);
  });

  it('a payment confirmed after the booking expired is recorded as late, once, and never escrowed', async () => {
    const { parent, id, reference } = await pendingBooking();
    await sandbox(reference, { verifyStatus: 'abandoned' });
    await expire(id);
    expect((await transaction(id)).status).toBe('failed');
    // The checkout stayed open and the parent paid after all.
    await sandbox(reference, { verifyStatus: 'success' });
    const body = await chargeSuccess(reference);
    const late = await postWebhook(body);
    expect(late).toMatchObject({ status: 200, body: { outcome: 'late_payment' } });
    expect((await postWebhook(body)).body.outcome).toBe('duplicate');
    expect((await transaction(id)).status).toBe('failed');
    expect(await ledgerOf(id)).toEqual([]);
    expect((await verify(id, parent)).body).toEqual({ outcome: 'unchanged', status: 'failed' });
  });
});
