/**
 * The Paystack client (functions/src/payments/paystack.ts) against a recorded fake of `fetch`:
 * what it asks Paystack for (FCFA × 100, in XOF, with our secret key), how it reads the answers,
 * which failures are worth a retry (5xx, 429, no answer) and which are refusals, where the secret
 * comes from, and which signatures and references it accepts.
 */
import { createHmac } from 'node:crypto';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Paystack = typeof import('../../functions/src/payments/paystack.js');

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
  signal: unknown;
}

const secrets = mockClient(SecretsManagerClient);
let sent: Sent[] = [];
let answer: () => Response | Promise<Response>;
/** What Paystack answers to the list of a payment's refunds (GET /refund?…), asked before each refund. */
let refundList: () => Response | Promise<Response>;

const reply = (status: number, body: unknown) => () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });

/** A fresh module: the secret is cached per container, so each test gets its own container. */
async function client(env: Record<string, string | undefined> = { PAYSTACK_SECRET_KEY: 'sk_test_unit', PAYSTACK_BASE_URL: 'http://paystack.test/' }): Promise<Paystack> {
  for (const name of ['PAYSTACK_SECRET_KEY', 'PAYSTACK_SECRET_NAME', 'PAYSTACK_BASE_URL']) vi.stubEnv(name, env[name] as string);
  vi.resetModules();
  return import('../../functions/src/payments/paystack.js');
}

beforeEach(() => {
  sent = [];
  answer = reply(200, { status: true, message: 'ok', data: {} });
  refundList = reply(200, { status: true, message: 'ok', data: [], meta: { total: 0 } });
  secrets.reset();
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    sent.push({
      url,
      method: String(init.method),
      headers: init.headers as Record<string, string>,
      body: init.body === undefined ? undefined : JSON.parse(String(init.body)),
      signal: init.signal,
    });
    return String(url).includes('/refund?') ? refundList() : answer();
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

describe('what Kalan asks Paystack', () => {
  it('initialises a card payment in XOF subunits, with our key, and returns the checkout address', async () => {
    const paystack = await client();
    answer = reply(200, { status: true, message: 'ok', data: { authorization_url: 'https://checkout.test/abc', access_code: 'abc', reference: 'kalan-1' } });
    const result = await paystack.initializeTransaction({
      email: 'awa@exemple.ci',
      amount: 10_500,
      reference: 'kalan-1',
      method: 'card',
      callbackUrl: 'https://kalan.test/paiement',
      metadata: { transaction_id: '1' },
    });
    expect(result).toEqual({ authorizationUrl: 'https://checkout.test/abc', reference: 'kalan-1' });
    expect(sent).toHaveLength(1);
    const [request] = sent;
    expect(request).toMatchObject({ url: 'http://paystack.test/transaction/initialize', method: 'POST' });
    expect(request!.headers).toEqual({ authorization: 'Bearer sk_test_unit', 'content-type': 'application/json', accept: 'application/json' });
    expect(request!.body).toEqual({
      email: 'awa@exemple.ci',
      amount: 1_050_000,
      currency: 'XOF',
      reference: 'kalan-1',
      callback_url: 'https://kalan.test/paiement',
      channels: ['card'],
      metadata: { transaction_id: '1' },
    });
    // Never left waiting on Paystack: every request carries a time limit.
    expect(request!.signal).toBeInstanceOf(AbortSignal);
  });

  it('initialises a mobile money payment with the provider and the phone', async () => {
    const paystack = await client();
    answer = reply(200, { status: true, message: 'ok', data: { authorization_url: 'u', access_code: 'a', reference: 'kalan-2' } });
    await paystack.initializeTransaction({
      email: 'awa@exemple.ci',
      amount: 5_000,
      reference: 'kalan-2',
      method: 'mobile_money_orange',
      callbackUrl: 'https://kalan.test/paiement',
      phone: '+2250700000000',
      metadata: { transaction_id: '2' },
    });
    expect(sent[0]!.body).toMatchObject({
      amount: 500_000,
      channels: ['mobile_money'],
      mobile_money: { phone: '+2250700000000', provider: 'orange' },
      metadata: { transaction_id: '2', provider: 'orange' },
    });
  });

  it("talks to Paystack's own API unless told otherwise", async () => {
    const paystack = await client({ PAYSTACK_SECRET_KEY: 'sk_test_unit' });
    answer = reply(200, { status: true, message: 'ok', data: { id: 1, status: 'success', reference: 'kalan-3', amount: 100, currency: 'XOF' } });
    await paystack.verifyTransaction('kalan-3');
    expect(sent[0]!.url).toBe('https://api.paystack.co/transaction/verify/kalan-3');
  });

  it('verifies a payment by its reference and reads the amount back in FCFA', async () => {
    const paystack = await client();
    answer = reply(200, {
      status: true,
      message: 'ok',
      data: { id: 77, status: 'success', reference: 'kalan 4/x', amount: 1_050_000, currency: 'XOF', paid_at: '2026-03-18T15:00:00.000Z' },
    });
    expect(await paystack.verifyTransaction('kalan 4/x')).toEqual({
      id: 77,
      status: 'success',
      reference: 'kalan 4/x',
      amount: 10_500,
      currency: 'XOF',
      paidAt: '2026-03-18T15:00:00.000Z',
    });
    expect(sent[0]).toMatchObject({ url: 'http://paystack.test/transaction/verify/kalan%204%2Fx', method: 'GET', body: undefined });

    answer = reply(200, { status: true, message: 'ok', data: { id: 78, status: 'success', reference: 'r', amount: 1_050_050, currency: 'XOF', paid_at: null } });
    const odd = await paystack.verifyTransaction('r');
    expect(odd.amount).toBeNull();
    expect(odd.paidAt).toBeUndefined();
    expect('paidAt' in odd && odd.paidAt === undefined).toBe(true);
  });

  it("lists the payment's refunds, then asks for a refund of the amount, in XOF subunits, named by our transaction", async () => {
    const paystack = await client();
    answer = reply(200, { status: true, message: 'ok', data: { id: 9001, status: 'processed' } });
    expect(await paystack.refundTransaction('kalan-5', 10_500, 'tx-5')).toEqual({ id: '9001', status: 'processed' });
    expect(sent.map((request) => `${request.method} ${request.url}`)).toEqual([
      'GET http://paystack.test/refund?transaction=kalan-5&perPage=100&page=1',
      'POST http://paystack.test/refund',
    ]);
    expect(sent[1]).toMatchObject({ body: { transaction: 'kalan-5', amount: 1_050_000, currency: 'XOF', merchant_note: 'tx-5' } });
  });

  it('refunds once: a refund of the payment already named by our transaction is returned, not asked again', async () => {
    const paystack = await client();
    refundList = reply(200, {
      status: true,
      message: 'ok',
      data: [
        { id: 11, status: 'pending', amount: 500_000, merchant_note: 'another-lesson' },
        { id: 12, status: 'processed', amount: 500_000, merchant_note: 'tx-9' },
      ],
    });
    expect(await paystack.refundTransaction('kalan-pkg-9', 5_000, 'tx-9')).toEqual({ id: '12', status: 'processed' });
    expect(sent.map((request) => request.method)).toEqual(['GET']);
    // Another lesson of the same payment: its own refund is asked.
    answer = reply(200, { status: true, message: 'ok', data: { id: 13, status: 'pending' } });
    expect(await paystack.refundTransaction('kalan-pkg-9', 5_000, 'tx-10')).toEqual({ id: '13', status: 'pending' });
    expect(sent.map((request) => request.method)).toEqual(['GET', 'GET', 'POST']);
  });

  it('reads the list page after page, and refuses a list it cannot read rather than refund twice', async () => {
    const paystack = await client();
    let page = 0;
    refundList = () => {
      page += 1;
      const data = page === 1 ? Array.from({ length: 100 }, (_, i) => ({ id: i, amount: 100, merchant_note: `other-${i}` })) : [{ id: 500, amount: 100, merchant_note: 'tx-p' }];
      return new Response(JSON.stringify({ status: true, message: 'ok', data }), { status: 200 });
    };
    expect(await paystack.refundTransaction('kalan-p', 1, 'tx-p')).toEqual({ id: '500', status: 'pending' });
    expect(sent.map((request) => request.url.replace('http://paystack.test', ''))).toEqual([
      '/refund?transaction=kalan-p&perPage=100&page=1',
      '/refund?transaction=kalan-p&perPage=100&page=2',
    ]);
    refundList = reply(200, { status: true, message: 'ok', data: {} });
    await expect(paystack.refundTransaction('kalan-p', 1, 'tx-q')).rejects.toThrow(paystack.PaystackRejectedError);
    expect(sent.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it("names a refund by its id, else by the transaction's, and counts it pending until Paystack says", async () => {
    const paystack = await client();
    answer = reply(200, { status: true, message: 'ok', data: { transaction: { id: 42 } } });
    expect(await paystack.refundTransaction('kalan-6', 100, 'tx-6')).toEqual({ id: '42', status: 'pending' });
    answer = reply(200, { status: true, message: 'ok', data: {} });
    expect(await paystack.refundTransaction('kalan-6', 100, 'tx-6')).toEqual({ id: '', status: 'pending' });
  });
});

describe('failures', () => {
  it('worth a retry: no answer, a 5xx or a 429', async () => {
    const paystack = await client();
    answer = () => Promise.reject(new Error('connect ECONNREFUSED'));
    const unreachable = paystack.verifyTransaction('kalan-7');
    await expect(unreachable).rejects.toThrow(paystack.PaystackUnavailableError);
    await expect(unreachable).rejects.toThrow('Paystack injoignable : connect ECONNREFUSED');
    for (const status of [500, 503, 429]) {
      answer = reply(status, { status: false, message: 'busy' });
      const failed = paystack.refundTransaction('kalan-7', 100, 'tx-7');
      await expect(failed, String(status)).rejects.toThrow(paystack.PaystackUnavailableError);
      await expect(failed, String(status)).rejects.toThrow(`Paystack ${status} sur /refund`);
    }
  });

  it("refusals: a 4xx or a false status, with Paystack's message and status", async () => {
    const paystack = await client();
    for (const status of [400, 404, 499]) {
      answer = reply(status, { status: false, message: 'Transaction has been fully reversed' });
      const refused = await paystack.refundTransaction('kalan-8', 100, 'tx-8').catch((error: unknown) => error);
      expect(refused, String(status)).toBeInstanceOf(paystack.PaystackRejectedError);
      expect(refused).toMatchObject({ message: 'Transaction has been fully reversed', status });
    }
    answer = reply(200, { status: false, message: 'Invalid key' });
    await expect(paystack.verifyTransaction('kalan-8')).rejects.toMatchObject({ message: 'Invalid key', status: 200 });
    answer = reply(502, 'Bad gateway');
    await expect(paystack.verifyTransaction('kalan-8')).rejects.toThrow(paystack.PaystackUnavailableError);
    answer = reply(400, '<html>nope</html>');
    await expect(paystack.verifyTransaction('kalan-8')).rejects.toMatchObject({ message: 'Paystack 400', status: 400 });
  });

  it('a success status whose body is not JSON is a refusal, not a crash', async () => {
    const paystack = await client();
    for (const body of ['<html>Paystack</html>', '']) {
      answer = reply(200, body);
      const refused = await paystack.initializeTransaction({
        email: 'awa@exemple.ci',
        amount: 5_000,
        reference: 'kalan-13',
        method: 'card',
        callbackUrl: 'https://kalan.test/paiement',
        metadata: {},
      }).catch((error: unknown) => error);
      expect(refused, JSON.stringify(body)).toBeInstanceOf(paystack.PaystackRejectedError);
      expect(refused).toMatchObject({ message: 'Paystack 200', status: 200 });
    }
  });

  it('carry the names the escrow workflow retries on', async () => {
    const paystack = await client();
    expect(new paystack.PaystackUnavailableError('x').name).toBe('PaystackUnavailable');
    expect(new paystack.PaystackRejectedError('x', 400).name).toBe('PaystackRejected');
  });
});

describe('the secret key', () => {
  it('comes from PAYSTACK_SECRET_KEY locally', async () => {
    const paystack = await client({ PAYSTACK_SECRET_KEY: 'sk_local', PAYSTACK_SECRET_NAME: 'kalan/paystack' });
    await paystack.verifyTransaction('kalan-9').catch(() => undefined);
    expect(sent[0]!.headers.authorization).toBe('Bearer sk_local');
    expect(secrets.commandCalls(GetSecretValueCommand)).toHaveLength(0);
  });

  it('comes from Secrets Manager in the cloud, trimmed, read once per container', async () => {
    secrets.on(GetSecretValueCommand, { SecretId: 'kalan/paystack' }).resolves({ SecretString: '  sk_live_cloud\n' });
    const paystack = await client({ PAYSTACK_SECRET_NAME: 'kalan/paystack', PAYSTACK_BASE_URL: 'http://paystack.test' });
    await paystack.verifyTransaction('kalan-10').catch(() => undefined);
    await paystack.verifyTransaction('kalan-10').catch(() => undefined);
    expect(sent.map((request) => request.headers.authorization)).toEqual(['Bearer sk_live_cloud', 'Bearer sk_live_cloud']);
    expect(secrets.commandCalls(GetSecretValueCommand)).toHaveLength(1);
  });

  it('is read again after a failed read', async () => {
    secrets.on(GetSecretValueCommand).rejectsOnce(new Error('throttled')).resolves({ SecretString: 'sk_live_again' });
    const paystack = await client({ PAYSTACK_SECRET_NAME: 'kalan/paystack', PAYSTACK_BASE_URL: 'http://paystack.test' });
    await expect(paystack.verifyTransaction('kalan-11')).rejects.toThrow('throttled');
    await paystack.verifyTransaction('kalan-11').catch(() => undefined);
    expect(sent.map((request) => request.headers.authorization)).toEqual(['Bearer sk_live_again']);
  });

  it('must be configured, and not empty', async () => {
    const unset = await client({});
    await expect(unset.verifyTransaction('kalan-12')).rejects.toThrow('PAYSTACK_SECRET_NAME or PAYSTACK_SECRET_KEY must be set');
    secrets.on(GetSecretValueCommand).resolves({ SecretString: '' });
    const empty = await client({ PAYSTACK_SECRET_NAME: 'kalan/empty' });
    await expect(empty.verifyTransaction('kalan-12')).rejects.toThrow('Secret kalan/empty is empty');
    expect(sent).toEqual([]);
  });

  it('signs the webhooks Kalan accepts', async () => {
    const paystack = await client({ PAYSTACK_SECRET_KEY: 'sk_webhook' });
    const body = Buffer.from('{"event":"charge.success"}');
    const signature = createHmac('sha512', 'sk_webhook').update(body).digest('hex');
    expect(await paystack.isSignedByPaystack(body, signature)).toBe(true);
    expect(await paystack.isSignedByPaystack(body, createHmac('sha512', 'sk_other').update(body).digest('hex'))).toBe(false);
  });
});

describe('signatures and references', () => {
  it('accepts the signature in either case, and nothing longer, shorter or not hexadecimal', async () => {
    const paystack = await client();
    const body = Buffer.from('{"event":"charge.success"}');
    const good = createHmac('sha512', 'sk').update(body).digest('hex');
    expect(paystack.signatureMatches(body, good.toUpperCase(), 'sk')).toBe(true);
    expect(paystack.signatureMatches(body, `${good}00`, 'sk')).toBe(false);
    expect(paystack.signatureMatches(body, `00${good}`, 'sk')).toBe(false);
    expect(paystack.signatureMatches(body, good.slice(2), 'sk')).toBe(false);
    expect(paystack.signatureMatches(body, `zz${good.slice(2)}`, 'sk')).toBe(false);
    expect(paystack.signatureMatches(body, '', 'sk')).toBe(false);
  });

  it('reads a transaction id back from our reference only, lower-cased', async () => {
    const paystack = await client();
    const id = '0f8fad5b-d9cb-469f-a165-70867728950e';
    expect(paystack.referenceFor(id)).toBe(`kalan-${id}`);
    expect(paystack.transactionIdOf(`KALAN-${id.toUpperCase()}`)).toBe(id);
    expect(paystack.transactionIdOf(`xkalan-${id}`)).toBeNull();
    expect(paystack.transactionIdOf(`kalan-${id}0`)).toBeNull();
    expect(paystack.transactionIdOf(`kalan-${id.slice(1)}`)).toBeNull();
    expect(paystack.transactionIdOf(`kalan-${id.replace('0f', 'zz')}`)).toBeNull();
  });

  it('converts whole FCFA only, zero included', async () => {
    const paystack = await client();
    expect(paystack.toPaystackSubunits(0)).toBe(0);
    expect(paystack.fromPaystackSubunits(0)).toBe(0);
    expect(paystack.fromPaystackSubunits(100.5)).toBeNull();
    expect(paystack.fromPaystackSubunits(2 ** 60)).toBeNull();
    expect(() => paystack.toPaystackSubunits(-1)).toThrow('Montant FCFA invalide : -1');
    expect(() => paystack.toPaystackSubunits(2 ** 60)).toThrow(RangeError);
  });
});
