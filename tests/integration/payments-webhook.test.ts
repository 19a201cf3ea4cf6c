/** The Paystack webhook: signature, re-verification, idempotency — against the sandbox over HTTP. */
import { describe, expect, it } from 'vitest';
import { newUser } from '../support/stack.js';
import {
  bookOk,
  chargeSuccessBody,
  eventKeyOf,
  expectBalanced,
  ledgerOf,
  partition,
  paystackEvent,
  postWebhook,
  sandboxControl,
  sign,
  statusOf,
  workflowWaitingIn,
} from './payments-helpers.js';

describe('Paystack webhook', () => {
  it('answers 401 to a forged or missing signature and changes nothing', async () => {
    const parent = await newUser('parent');
    const { id, reference } = await bookOk(parent.accessToken);
    // The workflow stores its task token on the transaction shortly after the booking: snapshot
    // once it waits for the payment, when nothing but a caller changes the partition any more.
    await workflowWaitingIn(id, 'pending');
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
    expect(await paystackEvent(eventKeyOf(body)), "aucun événement n'est enregistré").toBeUndefined();
  });

  it('escrows once when the same event is delivered 10 times concurrently', async () => {
    const parent = await newUser('parent');
    const { id, reference } = await bookOk(parent.accessToken);
    const body = await chargeSuccessBody(reference);
    const signature = sign(body);
    const responses = await Promise.all(Array.from({ length: 10 }, () => postWebhook(body, signature)));
    expect(responses.map((r) => r.status), JSON.stringify(responses.map((r) => r.body))).toEqual(Array(10).fill(200));
    const outcomes = responses.map((r) => r.body.outcome as string).sort();
    expect(outcomes).toEqual(['duplicate', 'duplicate', 'duplicate', 'duplicate', 'duplicate', 'duplicate', 'duplicate', 'duplicate', 'duplicate', 'escrowed']);
    expect(await statusOf(id)).toBe('escrow');
    // 'duplicate' is only ever said of an event that one delivery did process and record.
    expect(await paystackEvent(eventKeyOf(body))).toMatchObject({ transaction_id: id, outcome: 'escrowed' });
    const ledger = await ledgerOf(id);
    expect(ledger.filter((line) => line.movement === 'payment')).toHaveLength(2);
    expectBalanced(ledger);

    // Paystack retries for days: a late duplicate changes nothing either.
    const late = await postWebhook(body, signature);
    expect(late.status).toBe(200);
    expect(late.body.outcome).toBe('duplicate');
    expect(await ledgerOf(id)).toHaveLength(2);
  });

  it('answers 200 to 20 different charge.success events of one booking sent at once, and escrows once', async () => {
    const parent = await newUser('parent');
    const { id, reference } = await bookOk(parent.accessToken);
    await workflowWaitingIn(id, 'pending');
    const paid = JSON.parse(await chargeSuccessBody(reference)) as { event: string; data: { id: number } };
    // One charge, twenty event ids: each delivery is a new event to the idempotency key, so only the
    // transaction's status (and not the event's record) tells the nineteen late ones that it is settled.
    const bodies = Array.from({ length: 20 }, (_, i) => JSON.stringify({ ...paid, data: { ...paid.data, id: paid.data.id + i } }));
    const responses = await Promise.all(bodies.map((body) => postWebhook(body, sign(body))));

    expect(responses.map((r) => r.status), JSON.stringify(responses.map((r) => r.body))).toEqual(Array(20).fill(200));
    expect(responses.map((r) => r.body.outcome as string).sort()).toEqual([...Array<string>(19).fill('duplicate'), 'escrowed']);
    // Escrowed once: the workflow moved on once, the payment's two ledger lines written once, balanced.
    await workflowWaitingIn(id, 'escrow');
    const ledger = await ledgerOf(id);
    expect(ledger.map((line) => line.line).sort()).toEqual(['payment#1', 'payment#2']);
    expectBalanced(ledger);
    // Every event recorded once: the one applied, the others as changing nothing.
    const records = await Promise.all(bodies.map((body) => paystackEvent(eventKeyOf(body))));
    expect(records.map((record) => record?.outcome as string).sort()).toEqual(['escrowed', ...Array<string>(19).fill('ignored_status_escrow')]);
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
    const waiting = await workflowWaitingIn(id, 'pending');
    const body = await chargeSuccessBody(reference);
    expect((await postWebhook(body, sign(body))).body.outcome).toBe('escrowed');
    // Woken by the webhook, it loads the transaction again and waits for the decision.
    const holding = await workflowWaitingIn(id, 'escrow');
    expect(holding.task_token).not.toBe(waiting.task_token);
  });
});
