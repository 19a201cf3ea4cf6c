/**
 * The production payout clients (functions/src/payouts/providers) against the local doubles of
 * CinetPay Transfer and Wave (infra/local/payouts-sandbox.ts), through their real HTTP shapes: a
 * payout sent twice is one transfer (the double counts them), each error code arrives by name, an
 * expired token is renewed once, statuses are read back (VAL, REJ, succeeded, reversed), a slow
 * answer after the transfer was made never leads to a second one, notifications misbehave as the
 * number asks, and the doubles' records survive a restart. Only the doubles' server runs here, on
 * a free port, with data on disk; transfers settle on the tests' control calls, not on a timer.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PayoutOperator } from '../../shared/src/payouts.js';
import { createCinetPayProvider } from '../../functions/src/payouts/providers/cinetpay.js';
import type { PayoutProvider, SendPayout } from '../../functions/src/payouts/providers/provider.js';
import { createWaveProvider } from '../../functions/src/payouts/providers/wave.js';
import { localConfig, type LocalConfig } from '../../infra/local/config.js';
import { createPayoutsSandbox, type PayoutsSandbox } from '../../infra/local/payouts-sandbox.js';
import { freePort } from '../support/free-port.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'kalan-payouts-'));
let port = 0;
let sandbox: PayoutsSandbox;
let config: LocalConfig;
let cinetpay: PayoutProvider;
let wave: PayoutProvider;
/** Where CinetPay's notifications land: every form received, in order. */
const notifications: Array<Record<string, string>> = [];
const receiver = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    notifications.push(Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))));
    res.writeHead(200).end('OK');
  });
});
let notifyUrl = '';

/** A short time-out, so that a …555 number (slow) answers after it. */
const TIMEOUT_MS = 1_000;

async function startSandbox(): Promise<void> {
  sandbox = createPayoutsSandbox(config, { settleAfterMs: null, slowMs: 2 * TIMEOUT_MS });
  await new Promise<void>((resolve) => sandbox.server.listen(port, '127.0.0.1', resolve));
}

async function stopSandbox(): Promise<void> {
  sandbox.stop();
  sandbox.server.closeAllConnections();
  await new Promise<void>((resolve) => sandbox.server.close(() => resolve()));
}

beforeAll(async () => {
  port = await freePort();
  config = { ...localConfig, dataDir, inMemory: false, ports: { ...localConfig.ports, payouts: port } };
  await startSandbox();
  process.env.CINETPAY_BASE_URL = `http://127.0.0.1:${port}/cinetpay`;
  process.env.WAVE_BASE_URL = `http://127.0.0.1:${port}/wave`;
  const { credentials } = sandbox;
  cinetpay = createCinetPayProvider({ timeoutMs: TIMEOUT_MS, credentials: async () => credentials.cinetpay });
  wave = createWaveProvider({ timeoutMs: TIMEOUT_MS, credentials: async () => credentials.wave });
  const receiverPort = await freePort();
  await new Promise<void>((resolve) => receiver.listen(receiverPort, '127.0.0.1', resolve));
  notifyUrl = `http://127.0.0.1:${receiverPort}/api/webhooks/cinetpay-transfer`;
});

afterAll(async () => {
  await stopSandbox();
  receiver.closeAllConnections();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
  rmSync(dataDir, { recursive: true, force: true });
});

const control = async (pathname: string, body?: unknown) => {
  const response = await fetch(`http://127.0.0.1:${port}/__sandbox${pathname}`, body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) });
  return (await response.json()) as Record<string, unknown>;
};

/** A payout to a number whose last three digits choose the double's behaviour. */
function payout(operator: PayoutOperator, suffix: string, net = 4_925): SendPayout {
  const prefix = operator === 'mtn' ? '05' : operator === 'moov' ? '01' : '07';
  return { payoutId: randomUUID(), operator, phone: `+225${prefix}0102${String(Math.floor(Math.random() * 10))}${suffix}`, net, holderName: 'Aya Kouassi', notifyUrl };
}

async function until<T>(read: () => T | Promise<T>, accept: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (accept(value)) return value;
    if (Date.now() > deadline) throw new Error(`Not reached in ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('CinetPay Transfer', () => {
  it('sends a payout once, however often it is sent, and reads its status back to VAL', async () => {
    const request = payout('orange', '100');
    const first = await cinetpay.send(request);
    expect(first).toMatchObject({ state: 'pending', providerReference: expect.stringMatching(/^TR/) });
    const again = await Promise.all([cinetpay.send(request), cinetpay.send(request)]);
    const sends = await control('/cinetpay/sends');
    // Asked once: the later sends found the transfer under our id first.
    expect(sends[request.payoutId]).toEqual({ requests: 1, transfers: 1 });
    for (const status of again) expect(status).toEqual(first);
    expect(await cinetpay.status(request.payoutId, null)).toEqual(first);
    await control(`/cinetpay/settle/${request.payoutId}`, {});
    expect(await cinetpay.status(request.payoutId, null)).toEqual({ state: 'paid', providerReference: first.state === 'pending' ? first.providerReference : null });
    // What was asked: the net amount, our id, the operator's method, the national number.
    const [transfer] = (await control(`/cinetpay/transfers/${request.payoutId}`)) as unknown as Array<Record<string, unknown>>;
    expect(transfer).toMatchObject({ amount: '4925', client_transaction_id: request.payoutId, operator: 'OM', receiver: request.phone.slice(4) });
  });

  it('two sends at once (a retry racing the first): CinetPay refuses the second (805), both read the one transfer', async () => {
    const request = payout('orange', '100');
    const [a, b] = await Promise.all([cinetpay.send(request), cinetpay.send(request)]);
    expect(a).toEqual(b);
    expect(a).toMatchObject({ state: 'pending' });
    expect((await control('/cinetpay/sends'))[request.payoutId]).toMatchObject({ transfers: 1 });
  });

  it('says `unknown` of a payout it never received', async () => {
    expect(await cinetpay.status(randomUUID(), null)).toEqual({ state: 'unknown' });
  });

  it.each([
    ['602', 'balance_too_low'],
    ['719', 'limit_exceeded'],
    ['720', 'limit_exceeded'],
    ['721', 'operator_unavailable'],
    ['724', 'invalid_destination'],
    ['725', 'notify_url_missing'],
  ])('a number ending %s fails with %s, and no transfer is made', async (suffix, name) => {
    const request = payout('mtn', suffix);
    await expect(cinetpay.send(request)).rejects.toMatchObject({ name: 'PayoutProviderError', errorName: name, providerCode: suffix });
    expect(await cinetpay.status(request.payoutId, null)).toEqual({ state: 'unknown' });
  });

  it('without a notify URL, CinetPay answers 725', async () => {
    await expect(cinetpay.send({ ...payout('moov', '100'), notifyUrl: '' })).rejects.toMatchObject({ errorName: 'notify_url_missing' });
  });

  it('renews an expired token once, and keeps a live one', async () => {
    await cinetpay.balance();
    const before = (await control('/cinetpay/stats')).logins as number;
    await cinetpay.balance();
    expect((await control('/cinetpay/stats')).logins).toBe(before);
    await control('/cinetpay/expire-token', {});
    expect(await cinetpay.balance()).toBeGreaterThan(0);
    expect((await control('/cinetpay/stats')).logins).toBe(before + 1);
  });

  it('reads REJ as failed (rejected)', async () => {
    const request = payout('orange', '444');
    await cinetpay.send(request);
    await control(`/cinetpay/settle/${request.payoutId}`, {});
    expect(await cinetpay.status(request.payoutId, null)).toMatchObject({ state: 'failed', reason: 'rejected' });
  });

  it('a slow answer after the transfer was made: unavailable, then found — never a second transfer', async () => {
    const request = payout('orange', '555');
    await expect(cinetpay.send(request)).rejects.toMatchObject({ errorName: 'unavailable', transient: true });
    expect(await cinetpay.send(request)).toMatchObject({ state: 'pending' });
    expect((await control('/cinetpay/sends'))[request.payoutId]).toEqual({ requests: 1, transfers: 1 });
  });

  it('a 503 is unavailable (transient) and the retry sends once', async () => {
    const request = payout('orange', '100');
    await control('/cinetpay/unavailable', { requests: 1 });
    await expect(cinetpay.send(request)).rejects.toMatchObject({ errorName: 'unavailable' });
    expect(await cinetpay.send(request)).toMatchObject({ state: 'pending' });
    expect((await control('/cinetpay/sends'))[request.payoutId]).toEqual({ requests: 1, transfers: 1 });
  });

  it('notifies by form at each status, and duplicates, reorders or drops as the number asks', async () => {
    const sent = { normal: payout('orange', '100'), duplicate: payout('orange', '661'), reorder: payout('orange', '662'), drop: payout('orange', '663') };
    for (const request of Object.values(sent)) {
      await cinetpay.send(request);
      await control(`/cinetpay/settle/${request.payoutId}`, {});
    }
    const of = (request: SendPayout) => notifications.filter((form) => form.client_transaction_id === request.payoutId).map((form) => form.treatment_status);
    await until(() => of(sent.normal), (list) => list.length === 2);
    expect(of(sent.normal)).toEqual(['NEW', 'VAL']);
    expect(notifications.find((form) => form.client_transaction_id === sent.normal.payoutId)).toMatchObject({ amount: '4925', transaction_id: expect.stringMatching(/^TR/), lot: expect.any(String) });
    await until(() => of(sent.duplicate), (list) => list.length === 6);
    expect(of(sent.duplicate).sort()).toEqual(['NEW', 'NEW', 'NEW', 'VAL', 'VAL', 'VAL']);
    await until(() => of(sent.reorder), (list) => list.length === 2);
    expect(of(sent.reorder)).toEqual(['VAL', 'NEW']);
    const [dropped] = (await control(`/cinetpay/transfers/${sent.drop.payoutId}`)) as unknown as Array<{ notifications: Array<{ state: string }> }>;
    expect(dropped!.notifications.map((note) => note.state)).toEqual(['dropped', 'dropped']);
    expect(of(sent.drop)).toEqual([]);
  });

  it('reads its balance', async () => {
    expect(await cinetpay.balance()).toBeGreaterThan(0);
  });
});

describe('Wave', () => {
  it('sends a payout once (idempotency-key and client_reference) and reads it back to succeeded', async () => {
    const request = payout('wave', '100');
    const first = await wave.send(request);
    expect(first).toMatchObject({ state: 'pending', providerReference: expect.stringMatching(/^pt-/) });
    expect(await wave.send(request)).toEqual(first);
    expect((await control('/wave/sends'))[request.payoutId]).toEqual({ requests: 1, payouts: 1 });
    await control(`/wave/settle/${request.payoutId}`, {});
    const reference = first.state === 'pending' ? first.providerReference : null;
    expect(await wave.status(request.payoutId, reference)).toEqual({ state: 'paid', providerReference: reference });
    expect(await wave.status(request.payoutId, null)).toEqual({ state: 'paid', providerReference: reference });
    const asked = await control(`/wave/payouts/${request.payoutId}`);
    expect(asked).toMatchObject({ receive_amount: '4925', currency: 'XOF', mobile: request.phone, name: 'Aya Kouassi', client_reference: request.payoutId });
  });

  it('a second request under the same idempotency key (a lost answer) is the same payout', async () => {
    const request = payout('wave', '555');
    await expect(wave.send(request)).rejects.toMatchObject({ errorName: 'unavailable' });
    expect(await wave.send(request)).toMatchObject({ state: 'pending' });
    expect((await control('/wave/sends'))[request.payoutId]).toEqual({ requests: 1, payouts: 1 });
  });

  it('an answer held at Wave (the payout made, no reply yet): the retry finds it, one payout', async () => {
    const request = payout('wave', '100');
    await control('/wave/hold', { on: true });
    const first = wave.send(request).catch((error: unknown) => error);
    await until(() => control('/wave/hold', {}), (hold) => hold.waiting === 1);
    expect(await first).toMatchObject({ errorName: 'unavailable' });
    await control('/wave/hold', { on: false });
    expect(await wave.send(request)).toMatchObject({ state: 'pending' });
    expect((await control('/wave/sends'))[request.payoutId]).toEqual({ requests: 1, payouts: 1 });
  });

  it.each([
    ['602', 'balance_too_low'],
    ['719', 'limit_exceeded'],
    ['720', 'limit_exceeded'],
    ['721', 'unavailable'],
    ['724', 'invalid_destination'],
  ])('a number ending %s fails with %s', async (suffix, name) => {
    const request = payout('wave', suffix);
    await expect(wave.send(request)).rejects.toMatchObject({ errorName: name });
    expect(await wave.status(request.payoutId, null)).toEqual({ state: 'unknown' });
  });

  it('reads a failed payout (…444) and a reversal after success', async () => {
    const failed = payout('wave', '444');
    await wave.send(failed);
    await control(`/wave/settle/${failed.payoutId}`, {});
    expect(await wave.status(failed.payoutId, null)).toMatchObject({ state: 'failed', reason: 'invalid_destination' });
    const reversed = payout('wave', '777');
    const sent = await wave.send(reversed);
    await control(`/wave/settle/${reversed.payoutId}`, {});
    expect(await wave.status(reversed.payoutId, null)).toMatchObject({ state: 'paid' });
    await control(`/wave/reverse/${reversed.payoutId}`, {});
    expect(await wave.status(reversed.payoutId, sent.state === 'pending' ? sent.providerReference : null)).toMatchObject({ state: 'reversed' });
  });

  it('reads its balance', async () => {
    expect(await wave.balance()).toBeGreaterThan(0);
  });
});

describe('settling by themselves (as under npm start)', () => {
  it('a transfer settles after settleAfterMs, and a …777 Wave payout is reversed reverseAfterMs later', async () => {
    await control('/settings', { settleAfterMs: 50, reverseAfterMs: 50 });
    try {
      const viaCinetPay = payout('moov', '100');
      const viaWave = payout('wave', '777');
      await cinetpay.send(viaCinetPay);
      await wave.send(viaWave);
      await until(() => cinetpay.status(viaCinetPay.payoutId, null), (status) => status.state === 'paid');
      await until(() => wave.status(viaWave.payoutId, null), (status) => status.state === 'reversed');
    } finally {
      await control('/settings', { settleAfterMs: null });
    }
  });
});

describe('a restart of the doubles', () => {
  it('keeps every transfer, payout and counter', async () => {
    const viaCinetPay = payout('orange', '100');
    const viaWave = payout('wave', '100');
    const cinetpaySent = await cinetpay.send(viaCinetPay);
    const waveSent = await wave.send(viaWave);
    await control(`/wave/settle/${viaWave.payoutId}`, {});
    await stopSandbox();
    await startSandbox();
    // The connections the clients kept to the old process are gone: wait until the new one answers them.
    await until(() => fetch(`http://127.0.0.1:${port}/__sandbox/settings`).then((r) => r.ok, () => false), Boolean);
    // The token died with the old process: the client logs in again by itself.
    expect(await cinetpay.status(viaCinetPay.payoutId, null)).toEqual(cinetpaySent);
    expect(await cinetpay.send(viaCinetPay)).toEqual(cinetpaySent);
    expect((await control('/cinetpay/sends'))[viaCinetPay.payoutId]).toEqual({ requests: 1, transfers: 1 });
    expect(await wave.send(viaWave)).toMatchObject({ state: 'paid', providerReference: waveSent.state === 'pending' ? waveSent.providerReference : null });
    expect((await control('/wave/sends'))[viaWave.payoutId]).toEqual({ requests: 1, payouts: 1 });
    await control(`/cinetpay/settle/${viaCinetPay.payoutId}`, {});
    expect(await cinetpay.status(viaCinetPay.payoutId, null)).toMatchObject({ state: 'paid' });
  });
});
