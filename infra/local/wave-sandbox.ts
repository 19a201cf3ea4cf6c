/**
 * A local double of Wave's Payout API (served under /wave by payouts-sandbox.ts), with its
 * documented shapes: `Authorization: Bearer <key>`, `POST /v1/payout` with an `idempotency-key`
 * header (the same key again answers the same payout, a different body under it 409), JSON
 * payouts {id, currency, receive_amount, fee, mobile, name, client_reference, status,
 * payout_error, timestamp}, `GET /v1/payout/:id`, `GET /v1/payouts/search?client_reference=` →
 * {result}, `GET /v1/balance`, errors as `{ code, message }`. Statuses: processing → succeeded or
 * failed; a succeeded payout may later be reversed. Wave sends no payout webhook.
 *
 * The number's last digits choose a misbehaviour (payouts-kit.ts, README); payouts and counters
 * are journaled (journal.ts) and survive a restart.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { Journal } from './journal.js';
import {
  applyUnavailable,
  behaviourOf,
  newHold,
  parseJson,
  readText,
  reply,
  setHold,
  sleep,
  takeUnavailable,
  timers,
  waitWhileHeld,
  type PayoutsSandboxSettings,
  type Unavailability,
} from './payouts-kit.js';

type WaveStatus = 'processing' | 'succeeded' | 'failed' | 'reversed';

interface PayoutRecord {
  key: string;
  kind: 'payout';
  id: string;
  idempotency_key: string;
  /** The request's body, to refuse the same key with another body. */
  fingerprint: string;
  currency: string;
  receive_amount: string;
  fee: string;
  mobile: string;
  name: string;
  client_reference: string;
  status: WaveStatus;
  payout_error: { error_code: string; error_message: string } | null;
  timestamp: string;
  reversed_at: string | null;
}

interface SendsRecord {
  key: string;
  kind: 'sends';
  client_reference: string;
  requests: number;
  payouts: number;
}

export type WaveRecord = PayoutRecord | SendsRecord;

const REFUSALS: Partial<Record<ReturnType<typeof behaviourOf>, { status: number; code: string; message: string }>> = {
  balance_too_low: { status: 400, code: 'insufficient-funds', message: 'Your wallet does not have enough funds for this payout.' },
  limit_719: { status: 400, code: 'payout-limit-exceeded', message: 'This payout exceeds your payout limit.' },
  limit_720: { status: 400, code: 'recipient-limit-exceeded', message: "The recipient's account limit would be exceeded." },
  operator_unavailable: { status: 503, code: 'service-unavailable', message: 'Service temporarily unavailable.' },
  not_a_contact: { status: 400, code: 'invalid-mobile', message: 'The mobile number is not a Wave account.' },
};

export interface WaveSandbox {
  api(req: http.IncomingMessage, res: http.ServerResponse, pathname: string, query: URLSearchParams): Promise<void>;
  control(req: http.IncomingMessage, res: http.ServerResponse, pathname: string): Promise<void>;
  /** Re-arms the settlements and reversals a stopped sandbox had pending. */
  resume(): void;
  stop(): void;
}

export function createWaveSandbox(journal: Journal<WaveRecord>, settings: PayoutsSandboxSettings, apiKey: string): WaveSandbox {
  const payouts = new Map<string, PayoutRecord>();
  const byKey = new Map<string, PayoutRecord>();
  const sends = new Map<string, SendsRecord>();
  const unavailable: Unavailability = { remaining: 0, on: false };
  const hold = newHold();
  const scheduled = timers();
  let balance = 50_000_000;

  function remember(record: WaveRecord): void {
    if (record.kind === 'payout') {
      payouts.set(record.id, record);
      byKey.set(record.idempotency_key, record);
    } else sends.set(record.client_reference, record);
  }
  for (const record of journal.records) remember(record);
  const save = (record: WaveRecord) => journal.append(record);

  const view = ({ key: _key, kind: _kind, idempotency_key: _idem, fingerprint: _fp, reversed_at: _rev, ...payout }: PayoutRecord) => ({
    ...payout,
    ...(payout.payout_error ? {} : { payout_error: undefined }),
  });

  function sendsOf(reference: string): SendsRecord {
    let record = sends.get(reference);
    if (!record) {
      record = { key: `sends:${reference}`, kind: 'sends', client_reference: reference, requests: 0, payouts: 0 };
      sends.set(reference, record);
    }
    return record;
  }

  function reverse(p: PayoutRecord): boolean {
    if (p.status !== 'succeeded') return false;
    p.status = 'reversed';
    p.reversed_at = new Date().toISOString();
    balance += Number(p.receive_amount) + Number(p.fee);
    save(p);
    return true;
  }

  function settle(p: PayoutRecord, requested?: unknown): boolean {
    if (p.status !== 'processing') return false;
    const status: WaveStatus = requested === 'succeeded' || requested === 'failed' ? requested : behaviourOf(p.mobile) === 'rejected' ? 'failed' : 'succeeded';
    p.status = status;
    if (status === 'failed') {
      p.payout_error = { error_code: 'recipient-account-blocked', error_message: "The recipient's account cannot receive this payout." };
      balance += Number(p.receive_amount) + Number(p.fee);
    }
    save(p);
    if (status === 'succeeded' && behaviourOf(p.mobile) === 'reversed_later' && settings.settleAfterMs !== null) {
      scheduled.after(settings.reverseAfterMs, () => reverse(p));
    }
    return true;
  }

  function scheduleSettle(p: PayoutRecord): void {
    if (settings.settleAfterMs !== null) scheduled.after(settings.settleAfterMs, () => settle(p));
  }

  async function api(req: http.IncomingMessage, res: http.ServerResponse, pathname: string, query: URLSearchParams): Promise<void> {
    const method = req.method ?? 'GET';
    const auth = req.headers.authorization;
    if (!auth) return reply(res, 401, { code: 'missing-auth-header', message: 'Your request should include an HTTP auth header.' });
    if (auth !== `Bearer ${apiKey}`) return reply(res, 401, { code: 'no-matching-api-key', message: "The key you provided doesn't exist in our system." });
    if (takeUnavailable(unavailable)) return reply(res, 503, { code: 'service-unavailable', message: 'Service temporarily unavailable.' });

    if (pathname === '/v1/payout' && method === 'POST') {
      const text = await readText(req);
      const body = parseJson(text);
      const key = req.headers['idempotency-key'];
      if (typeof key !== 'string' || !key) return reply(res, 400, { code: 'missing-idempotency-key', message: 'An idempotency-key header is required.' });
      const reference = typeof body.client_reference === 'string' ? body.client_reference : '';
      const counter = sendsOf(reference);
      counter.requests += 1;
      save(counter);
      const fingerprint = JSON.stringify([body.currency, body.receive_amount, body.mobile, body.name, body.client_reference]);
      const known = byKey.get(key);
      if (known) {
        if (known.fingerprint !== fingerprint) return reply(res, 409, { code: 'idempotency-mismatch', message: 'This idempotency key was used with another request.' });
        return reply(res, 200, view(known));
      }
      const mobile = typeof body.mobile === 'string' ? body.mobile : '';
      const amount = Number(body.receive_amount);
      if (body.currency !== 'XOF' || typeof body.receive_amount !== 'string' || !Number.isInteger(amount) || amount <= 0 || !/^\+\d{8,15}$/.test(mobile)) {
        return reply(res, 400, { code: 'request-validation-error', message: 'Invalid payout request.' });
      }
      const refusal = REFUSALS[behaviourOf(mobile)];
      if (refusal) return reply(res, refusal.status, { code: refusal.code, message: refusal.message });
      const fee = Math.ceil(amount * 0.01);
      if (amount + fee > balance) return reply(res, 400, { code: 'insufficient-funds', message: 'Your wallet does not have enough funds for this payout.' });
      balance -= amount + fee;
      const p: PayoutRecord = {
        key: '',
        kind: 'payout',
        id: `pt-${randomBytes(10).toString('hex')}`,
        idempotency_key: key,
        fingerprint,
        currency: 'XOF',
        receive_amount: String(amount),
        fee: String(fee),
        mobile,
        name: typeof body.name === 'string' ? body.name : '',
        client_reference: reference,
        status: 'processing',
        payout_error: null,
        timestamp: new Date().toISOString(),
        reversed_at: null,
      };
      p.key = `payout:${p.id}`;
      remember(p);
      counter.payouts += 1;
      save(counter);
      save(p);
      scheduleSettle(p);
      // A slow Wave: the payout is made, the answer comes late.
      if (behaviourOf(mobile) === 'slow') await sleep(settings.slowMs);
      await waitWhileHeld(hold);
      return reply(res, 200, view(p));
    }
    const one = /^\/v1\/payout\/([^/]+)$/.exec(pathname);
    if (one && method === 'GET') {
      const p = payouts.get(decodeURIComponent(one[1]!));
      return p ? reply(res, 200, view(p)) : reply(res, 404, { code: 'payout-not-found', message: 'No payout with this id.' });
    }
    if (pathname === '/v1/payouts/search' && method === 'GET') {
      const reference = query.get('client_reference');
      if (!reference) return reply(res, 400, { code: 'request-validation-error', message: 'client_reference is required.' });
      return reply(res, 200, { result: [...payouts.values()].filter((p) => p.client_reference === reference).map(view) });
    }
    if (pathname === '/v1/balance' && method === 'GET') return reply(res, 200, { amount: String(balance), currency: 'XOF' });
    return reply(res, 404, { code: 'not-found', message: 'Not found.' });
  }

  const find = (id: string) => payouts.get(id) ?? [...payouts.values()].filter((p) => p.client_reference === id).at(-1);

  async function control(req: http.IncomingMessage, res: http.ServerResponse, pathname: string): Promise<void> {
    const method = req.method ?? 'GET';
    const body = method === 'POST' ? parseJson(await readText(req)) : {};
    if (pathname === '/sends' && method === 'GET') {
      return reply(res, 200, Object.fromEntries([...sends.values()].map((s) => [s.client_reference, { requests: s.requests, payouts: s.payouts }])));
    }
    if (pathname === '/hold' && method === 'POST') {
      setHold(hold, body.on);
      return reply(res, 200, { on: hold.on, waiting: hold.waiting.length });
    }
    if (pathname === '/unavailable' && method === 'POST') {
      applyUnavailable(unavailable, body);
      return reply(res, 200, unavailable);
    }
    if (pathname === '/balance' && method === 'POST') {
      if (typeof body.amount === 'number') balance = body.amount;
      return reply(res, 200, { amount: balance });
    }
    const action = /^\/(settle|reverse|payouts)\/([^/]+)$/.exec(pathname);
    if (action) {
      const p = find(decodeURIComponent(action[2]!));
      if (!p) return reply(res, 404, { message: 'Paiement inconnu' });
      if (action[1] === 'payouts' && method === 'GET') return reply(res, 200, view(p));
      if (action[1] === 'settle' && method === 'POST') return reply(res, 200, { changed: settle(p, body.status), payout: view(p) });
      if (action[1] === 'reverse' && method === 'POST') return reply(res, 200, { changed: reverse(p), payout: view(p) });
    }
    return reply(res, 404, { message: 'Contrôle inconnu' });
  }

  return {
    api,
    control,
    resume() {
      for (const p of payouts.values()) {
        if (p.status === 'processing') scheduleSettle(p);
        if (p.status === 'succeeded' && behaviourOf(p.mobile) === 'reversed_later' && settings.settleAfterMs !== null) scheduled.after(settings.reverseAfterMs, () => reverse(p));
      }
    },
    stop() {
      setHold(hold, false);
      scheduled.clear();
      journal.close();
    },
  };
}
