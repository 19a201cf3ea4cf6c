/** The Paystack webhook: signature, re-verification, idempotency — against the sandbox over HTTP. */
import { describe, expect, it } from 'vitest';
import { newUser } from '../support/stack.js';
import {
  bookOk,
  chargeSuccessBody,
  eventually,
  expectBalanced,
  ledgerOf,
  partition,
  postWebhook,
  sandboxControl,
  sign,
  statusOf,
} from './payments-helpers.js';

describe('Paystack webhook', () => {
  it('answers 401 to a forged or missing signature and changes nothing', async () => {
    const parent = await newUser('parent');
    const { id, reference } = await bookOk(parent.accessToken);
    const body = await chargeSuccessBody(reference);
    const before = await partition(id);

    const forged = await postWebhook(body, sign(body, 'sk_test_not_our_key'));
    expect(forged.status).toBe(401);
    expect(forged.body.error.code).toBe('invalid_signature');
    expect((await postWebhook(body)).status).toBe(401);
    // A valid signature of another body does not sign this one.
    const tampered = body.replace(/"amount":\d+/, '"amount":100');
    expect((await postWebhook(tampered, sign(body))).status).toBe(401);

    expect(await partition(id)).toEqual(before);
    expect(await statusOf(id)).toBe('pending');
  });

  it('escrows once when the same event is delivered 10 times concurrently', async () => {
    const parent = await newUser('parent');
    const { id, reference } = await bookOk(parent.accessToken);
    const body = await chargeSuccessBody(reference);
    const signature = sign(body);
    const responses = await Promise.all(Array.from({ length: 10 }, () => postWebhook(body, signature)));
    expect(responses.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(responses.filter((r) => r.body.outcome === 'escrowed')).toHaveLength(1);
    expect(await statusOf(id)).toBe('escrow');
    const ledger = await ledgerOf(id);
    expect(ledger.filter((line) => line.movement === 'payment')).toHaveLength(2);
    expectBalanced(ledger);

    // Paystack retries for days: a late duplicate changes nothing either.
    const late = await postWebhook(body, signature);
    expect(late.status).toBe(200);
    expect(late.body.outcome).toBe('duplicate');
    expect(await ledgerOf(id)).toHaveLength(2);
  });

  it('never escrows a payment whose verified amount differs from ours, and records why', async () => {
    const parent = await newUser('parent');
    const { id, reference } = await bookOk(parent.accessToken);
    const body = await chargeSuccessBody(reference);
    const sandbox = await sandboxControl(reference, { verifyAmount: 100 });
    expect(sandbox.amount).toBe(100);
    const response = await postWebhook(body, sign(body));
    expect(response.status).toBe(200);
    expect(response.body.outcome).toBe('amount_mismatch');
    const tx = (await partition(id)).find((item) => item.sk === 'TRANSACTION')!;
    expect(tx.status).toBe('payment_mismatch');
    expect(tx.attention_reason).toMatch(/Paiement non conforme/);
    expect(await ledgerOf(id)).toEqual([]);
  });

  it('ignores events of other kinds and unknown references without error', async () => {
    const other = JSON.stringify({ event: 'transfer.success', data: { id: 1, reference: 'x' } });
    expect((await postWebhook(other, sign(other))).body.outcome).toBe('ignored');
    const unknown = JSON.stringify({ event: 'charge.success', data: { id: 2, reference: 'kalan-00000000-0000-4000-8000-000000000000' } });
    const response = await postWebhook(unknown, sign(unknown));
    expect(response.status).toBe(200);
    expect(response.body.outcome).toBe('unknown_reference');
  });

  it('lets the workflow wait for the payment and move on once the webhook escrows it', async () => {
    const parent = await newUser('parent');
    const { id, reference } = await bookOk(parent.accessToken);
    // The workflow records its task token while it waits for the payment.
    const waiting = await eventually(
      async () => (await partition(id)).find((item) => item.sk === 'TRANSACTION'),
      (tx) => tx?.task_status === 'pending' && Boolean(tx.task_token),
    );
    expect(waiting?.task_status).toBe('pending');
    const body = await chargeSuccessBody(reference);
    await postWebhook(body, sign(body));
    const holding = await eventually(
      async () => (await partition(id)).find((item) => item.sk === 'TRANSACTION'),
      (tx) => tx?.task_status === 'escrow',
    );
    expect(holding?.status).toBe('escrow');
    expect(holding?.task_token).not.toBe(waiting?.task_token);
  });
});
