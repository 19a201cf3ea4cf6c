/**
 * The escrow workflow's Lambda tasks (functions/src/escrow/tasks.ts) on the real engines: what
 * each task answers the workflow, what it refuses, and that a task finding the work done or the
 * transaction moved on changes nothing; then the refunds as the workflow runs them — a Paystack
 * that already refunded, one briefly down (retried), one refusing (an admin must look, with the
 * reason).
 */
import { describe, expect, it } from 'vitest';
import { invoke } from '../../infra/local/lambda-runtime.js';
import { config, paystackSecret } from './engines.js';
import {
  book,
  bookAndPay,
  call,
  ledgerOf,
  newPerson,
  newTutor,
  sandbox,
  transaction,
  until,
  untilStatus,
  untilWaiting,
} from './harness.js';

const task = (event: unknown) => invoke('escrow/tasks', event);

async function people(rate = 5000) {
  const [parent, tutor] = await Promise.all([newPerson('parent'), newTutor(rate)]);
  return { parent, tutor };
}

describe('what the tasks answer', () => {
  it('refuse an event without a transaction, or with an action or status they do not know', async () => {
    await expect(task({ action: 'load' })).rejects.toThrow('transactionId manquant');
    await expect(task(null)).rejects.toThrow('transactionId manquant');
    await expect(task({ action: 'settle', transactionId: 'x' })).rejects.toThrow('Action inconnue : settle');
    await expect(task({ action: 'recordToken', transactionId: 'x', status: 'sleeping', taskToken: 't' })).rejects.toThrow('Statut inconnu');
  });

  it('load: a missing transaction, a final one (the workflow ends), or the status and the wait', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expect(await task({ action: 'load', transactionId: missing })).toEqual({ transactionId: missing, status: 'missing', waitSeconds: 1 });

    const { parent, tutor } = await people();
    const { id } = await book(parent, tutor);
    const pending = (await task({ action: 'load', transactionId: id })) as { status: string; waitSeconds: number };
    expect(pending.status).toBe('pending');
    // The default payment window (30 minutes) less the moments since the booking.
    expect(pending.waitSeconds).toBeGreaterThan(1_700);
    expect(pending.waitSeconds).toBeLessThanOrEqual(1_800);

    const paid = await bookAndPay(parent, tutor);
    expect((await call('decideEscrow', parent, { params: { id: paid.id }, body: { action: 'release' } })).status).toBe(200);
    expect(await task({ action: 'load', transactionId: paid.id })).toEqual({ transactionId: paid.id, status: 'final', waitSeconds: 1 });
  });

  it('recordToken: keeps the token while the status holds, and lets the workflow go when it has moved on', async () => {
    const { parent, tutor } = await people();
    const { id } = await bookAndPay(parent, tutor);
    await untilWaiting(id, 'escrow');
    expect(await task({ action: 'recordToken', transactionId: id, status: 'escrow', taskToken: 'token-rules-1' })).toEqual({ ok: true });
    expect(await transaction(id)).toMatchObject({ task_token: 'token-rules-1', task_status: 'escrow' });
    // Waiting in pending although the money is already held: the wait ends, and the token of the
    // wait on the held funds is not replaced.
    expect(await task({ action: 'recordToken', transactionId: id, status: 'pending', taskToken: 'token-rules-2' })).toEqual({ ok: true });
    expect(await transaction(id)).toMatchObject({ task_token: 'token-rules-1', task_status: 'escrow' });
  });

  it('expirePayment and autoRelease leave alone a transaction someone else moved first', async () => {
    const { parent, tutor } = await people();
    const { id } = await bookAndPay(parent, tutor);
    const before = await untilWaiting(id, 'escrow');
    expect(await task({ action: 'expirePayment', transactionId: id })).toEqual({ ok: true });
    expect(await task({ action: 'autoRelease', transactionId: id })).toEqual({ ok: true });
    expect(await task({ action: 'refund', transactionId: id })).toEqual({ ok: true });
    expect(await transaction(id)).toEqual(before);
    expect((await sandbox(before.reference)).refundRequests).toEqual([]);
    expect((await ledgerOf(id)).map((line) => line.movement)).toEqual(['payment', 'payment']);
  });

  it('refund: asks nothing of Paystack for a transaction that does not exist', async () => {
    expect(await task({ action: 'refund', transactionId: '00000000-0000-4000-8000-000000000001' })).toEqual({ ok: true });
  });

  it('autoRelease: finds nothing to release for a transaction that does not exist', async () => {
    expect(await task({ action: 'autoRelease', transactionId: '00000000-0000-4000-8000-000000000002' })).toEqual({ ok: true });
  });
});

describe('refunds run by the workflow', () => {
  it('completes a refund Paystack says it already made, without asking twice', async () => {
    const { parent, tutor } = await people();
    const { id, reference } = await bookAndPay(parent, tutor);
    // Paystack refunded it already (an answer lost on the way back, say).
    const first = await fetch(`http://127.0.0.1:${config.ports.paystack}/refund`, {
      method: 'POST',
      headers: { authorization: `Bearer ${paystackSecret}`, 'content-type': 'application/json' },
      body: JSON.stringify({ transaction: reference }),
    });
    expect(first.status).toBe(200);
    expect((await call('decideEscrow', parent, { params: { id }, body: { action: 'refund' } })).status).toBe(200);
    const refunded = await untilStatus(id, 'refunded');
    expect(refunded.paystack_refund_id).toBe('already-refunded');
    expect((await sandbox(reference)).refunds).toBe(1);
    expect((await ledgerOf(id)).filter((line) => line.movement === 'refund')).toHaveLength(2);
  });

  it('retries while Paystack is unavailable, then completes', async () => {
    const { parent, tutor } = await people();
    const { id, reference } = await bookAndPay(parent, tutor);
    await sandbox(reference, { refund: 'unavailable' });
    expect((await call('decideEscrow', parent, { params: { id }, body: { action: 'refund' } })).status).toBe(200);
    await until(() => sandbox(reference), (state) => state.refundRequests.length >= 1, 'une première demande de remboursement');
    expect((await transaction(id)).status).toBe('refund_pending');
    await sandbox(reference, { refund: 'ok' });
    const refunded = await untilStatus(id, 'refunded', 30_000);
    expect(refunded.paystack_refund_id).toMatch(/^\d+$/);
    expect((await sandbox(reference)).refunds).toBe(1);
  });

  it('hands a refused refund to an admin, naming the refusal, with the money still held', async () => {
    const { parent, tutor } = await people();
    const { id, reference } = await bookAndPay(parent, tutor);
    await sandbox(reference, { refund: 'reject' });
    expect((await call('decideEscrow', parent, { params: { id }, body: { action: 'refund' } })).status).toBe(200);
    const stuck = await untilStatus(id, 'needs_attention');
    expect(stuck.attention_reason).toBe('Remboursement refusé ou impossible chez Paystack (PaystackRejected)');
    expect((await ledgerOf(id)).filter((line) => line.movement === 'refund')).toEqual([]);
  });

  it('names an unknown state and cause when the workflow gives none', async () => {
    const { parent, tutor } = await people();
    const { id } = await bookAndPay(parent, tutor);
    await untilWaiting(id, 'escrow');
    expect(await task({ action: 'markNeedsAttention', transactionId: id })).toMatchObject({ transactionId: id, status: 'needs_attention' });
    const stuck = await transaction(id);
    expect(stuck.attention_reason).toBe("Le workflow de séquestre a échoué à l'étape inconnue (Erreur inconnue)");
    expect(stuck.attention).toMatchObject({ state: 'inconnue', status: 'escrow', error: 'Erreur inconnue', cause: 'Erreur inconnue' });
  });
});
