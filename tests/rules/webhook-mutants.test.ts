/**
 * The Paystack webhook (functions/src/payments/webhook.ts, webhook-processing.ts) on the real
 * engines, for what money-rules.test.ts leaves open: the raw body as API Gateway hands it over
 * (base64 or text), the answer to each kind of delivery (bad signature, bad JSON, another event,
 * an unknown reference, a repeat, Paystack down or refusing), the audit record of every event,
 * and exactly what the transaction records when Paystack confirms or contradicts it.
 */
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import { routes } from '#shared/routes';
import { invoke } from '../../infra/local/lambda-runtime.js';
import { config } from './engines.js';
import {
  book,
  bookAndPay,
  chargeSuccess,
  ledgerOf,
  newPerson,
  newTutor,
  postWebhook,
  sandbox,
  sign,
  transaction,
  untilWaiting,
  withEnv,
  paystackEventRecord,
} from './harness.js';


/** Delivers a raw webhook event as API Gateway does, base64-encoded when asked. */
async function deliverRaw(body: Buffer, { base64, signature }: { base64: boolean; signature: string }) {
  const event: Partial<APIGatewayProxyEventV2> = {
    version: '2.0',
    rawPath: routes.paystackWebhook.path,
    headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
    body: base64 ? body.toString('base64') : body.toString('utf8'),
    isBase64Encoded: base64,
  };
  const result = (await invoke(routes.paystackWebhook.handler, event)) as APIGatewayProxyStructuredResultV2;
  return { status: result.statusCode, body: JSON.parse(String(result.body)) };
}

async function newBooking(rate = 5000) {
  const [parent, tutor] = await Promise.all([newPerson('parent'), newTutor(rate)]);
  return book(parent, tutor);
}

/** An amount as formatFcfa writes it: no-break spaces between digit groups and before FCFA. */
const fcfa = (digits: string) => `${digits} FCFA`.replace(/ /g, '\u00a0');

describe('the raw body', () => {
  it('is checked and read as the bytes Paystack signed, base64-encoded by API Gateway or not', async () => {
    const { id, reference } = await newBooking();
    const body = Buffer.from(await chargeSuccess(reference));
    const response = await deliverRaw(body, { base64: true, signature: sign(body.toString('utf8')) });
    expect(response).toEqual({ status: 200, body: { received: true, outcome: 'escrowed' } });
    expect((await transaction(id)).status).toBe('escrow');
  });

  it('answers 400 to a signed body that is not JSON, or no body at all, and changes nothing', async () => {
    const { id } = await newBooking();
    for (const body of ['{"event":', '']) {
      const response = await deliverRaw(Buffer.from(body), { base64: false, signature: sign(body) });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error).toEqual({ code: 'invalid_json', message: messages.validation.invalidJson });
    }
    const noBody = (await invoke(routes.paystackWebhook.handler, {
      version: '2.0',
      headers: { 'x-paystack-signature': sign('') },
      isBase64Encoded: false,
    })) as APIGatewayProxyStructuredResultV2;
    expect(noBody.statusCode).toBe(400);
    expect((await transaction(id)).status).toBe('pending');
  });

  it('answers 401 with its own code to a missing or wrong signature', async () => {
    const { reference } = await newBooking();
    const body = await chargeSuccess(reference);
    for (const signature of [null, sign(body, 'sk_test_not_ours')]) {
      const response = await postWebhook(body, signature);
      expect(response.status).toBe(401);
      expect(response.body.error).toEqual({ code: 'invalid_signature', message: messages.payments.invalidSignature });
    }
  });
});

describe('each kind of delivery', () => {
  it('ignores other events: nothing changes, nothing is recorded', async () => {
    const { id, reference } = await newBooking();
    await sandbox(reference, { markPaid: true });
    const response = await postWebhook(JSON.stringify({ event: 'charge.failed', data: { id: 31, reference } }));
    expect(response).toEqual({ status: 200, body: { received: true, outcome: 'ignored' } });
    expect((await transaction(id)).status).toBe('pending');
    expect(await paystackEventRecord('charge.failed#31')).toBeUndefined();
    expect(await ledgerOf(id)).toEqual([]);
  });

  it('records a charge of an unknown reference once, for the audit trail', async () => {
    const unknown = `kalan-${randomUUID()}`;
    for (const reference of [unknown, 'not-ours-at-all']) {
      const response = await postWebhook(JSON.stringify({ event: 'charge.success', data: { id: 404, reference } }));
      expect(response.body.outcome, reference).toBe('unknown_reference');
    }
    expect(await paystackEventRecord('charge.success#404')).toMatchObject({ event: 'charge.success', reference: unknown, outcome: 'unknown_reference' });
  });

  it("escrows with Paystack's payment date and id, and records the event with the transaction", async () => {
    const { id, reference } = await newBooking();
    const body = await chargeSuccess(reference);
    const paystack = await sandbox(reference);
    expect((await postWebhook(body)).body.outcome).toBe('escrowed');
    const tx = await transaction(id);
    const paidAt = (JSON.parse(body) as { data: { paid_at: string } }).data.paid_at;
    expect(tx.paid_at).toBe(paidAt);
    expect(tx.paystack_transaction_id).toBe(String(paystack.id));
    expect(await paystackEventRecord(`charge.success#${paystack.id}`)).toMatchObject({
      event: 'charge.success',
      reference,
      transaction_id: id,
      outcome: 'escrowed',
    });
  });

  it('treats a repeat of the same event as a duplicate, and never escrows twice', async () => {
    const [parent, tutor] = await Promise.all([newPerson('parent'), newTutor()]);
    const { id, reference } = await bookAndPay(parent, tutor);
    const event = JSON.parse(await chargeSuccess(reference)) as { data: { id: number } };
    expect((await postWebhook(JSON.stringify(event))).body).toEqual({ received: true, outcome: 'duplicate' });
    // Another event for the same, already escrowed, transaction: recorded, not applied.
    const other = JSON.stringify({ ...event, data: { ...event.data, id: event.data.id + 1 } });
    expect((await postWebhook(other)).body.outcome).toBe('duplicate');
    expect(await paystackEventRecord(`charge.success#${event.data.id + 1}`)).toMatchObject({ outcome: 'ignored_status_escrow', transaction_id: id });
    expect((await ledgerOf(id)).filter((line) => line.movement === 'payment')).toHaveLength(2);
  });

  it('escrows once when the same event arrives several times at once', async () => {
    const { id, reference } = await newBooking();
    await untilWaiting(id, 'pending');
    const body = await chargeSuccess(reference);
    const outcomes = (await Promise.all(Array.from({ length: 4 }, () => postWebhook(body)))).map((response) => {
      expect(response.status).toBe(200);
      return response.body.outcome as string;
    });
    expect(outcomes.sort()).toEqual(['duplicate', 'duplicate', 'duplicate', 'escrowed']);
    expect((await ledgerOf(id)).map((line) => line.line).sort()).toEqual(['payment#1', 'payment#2']);
  });
});

describe('what a contradicted payment records', () => {
  it("names what Paystack says and what was expected, in the admin's words", async () => {
    const { id, reference } = await newBooking(5000);
    const body = await chargeSuccess(reference);
    await sandbox(reference, { verifyAmount: 100, verifyCurrency: 'NGN' });
    const paystack = await sandbox(reference);
    expect((await postWebhook(body)).body.outcome).toBe('amount_mismatch');
    const tx = await transaction(id);
    expect(tx.attention_reason).toBe(`Paiement non conforme : Paystack indique success, ${fcfa('1')} NGN ; attendu ${fcfa('10 000')} XOF`);
    expect(tx.paystack_transaction_id).toBe(String(paystack.id));
    expect(await paystackEventRecord(`charge.success#${paystack.id}`)).toMatchObject({ outcome: 'amount_mismatch', transaction_id: id });
  });

  it('says the amount is invalid when it is not whole francs', async () => {
    const { id, reference } = await newBooking(5000);
    const body = await chargeSuccess(reference);
    await sandbox(reference, { verifyAmount: 1_000_050 });
    expect((await postWebhook(body)).body.outcome).toBe('amount_mismatch');
    expect((await transaction(id)).attention_reason).toBe(
      `Paiement non conforme : Paystack indique success, montant invalide XOF ; attendu ${fcfa('10 000')} XOF`,
    );
  });
});

describe('when Paystack cannot confirm', () => {
  it('answers 503 while Paystack is unreachable, so that Paystack delivers again, and escrows then', async () => {
    const { id, reference } = await newBooking();
    const body = await chargeSuccess(reference);
    const down = await withEnv({ PAYSTACK_BASE_URL: 'http://127.0.0.1:9' }, () => postWebhook(body));
    expect(down.status).toBe(503);
    expect(down.body.error).toEqual({ code: 'provider_unavailable', message: messages.http.internal });
    expect((await transaction(id)).status).toBe('pending');
    expect((await postWebhook(body)).body.outcome).toBe('escrowed');
  });

  it('answers 500 when Paystack refuses the verification, and changes nothing', async () => {
    const { id, reference } = await newBooking();
    const body = await chargeSuccess(reference);
    const refused = await withEnv({ PAYSTACK_BASE_URL: `http://127.0.0.1:${config.ports.paystack}/elsewhere` }, () => postWebhook(body));
    expect(refused.status).toBe(500);
    expect(refused.body.error).toEqual({ code: 'internal', message: messages.http.internal });
    expect((await transaction(id)).status).toBe('pending');
    expect(await ledgerOf(id)).toEqual([]);
  });
});
