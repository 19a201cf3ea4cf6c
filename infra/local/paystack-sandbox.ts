/**
 * A local double of the part of Paystack's API Kalan calls — transaction/initialize,
 * transaction/verify/:reference, refund (full or partial, several on one payment up to the amount
 * paid, each keeping its merchant_note) and the list of a payment's refunds (GET /refund?transaction=)
 * — with a checkout page (Payer / Échec). Paying sends a
 * correctly signed `charge.success` webhook to the local router, then redirects to the callback
 * URL, as Paystack does. The real Paystack client talks to it through PAYSTACK_BASE_URL.
 *
 * `/__sandbox/*` routes let tests play the parts of a misbehaving Paystack (a different amount
 * at verify, a verify answer held back until released, a refused refund, one unavailable for the
 * next N requests or for good, a refund made whose answer is lost) and read
 * what Kalan asked (the verify calls and refund requests received). The secret key is generated per data directory
 * and never leaves this machine.
 *
 * Like DynamoDB Local, the sandbox keeps its transactions in the data directory unless the stack
 * runs in memory (journal.ts): a restarted stack still finds every reference it issued, so the
 * refunds and webhook retries in flight at a crash complete. A webhook not yet answered 200 is
 * retried, as Paystack does, and again after a restart.
 */
import { createHmac, randomBytes, randomInt } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { localConfig, publicUrl, url, type LocalConfig } from './config.js';
import { memoryJournal, openJournal, type Journal } from './journal.js';

/** A transaction as the sandbox keeps it on disk. */
interface SandboxRecord {
  id: number;
  reference: string;
  accessCode: string;
  amount: number;
  currency: string;
  email: string;
  callbackUrl?: string;
  channels: string[];
  metadata: Record<string, unknown>;
  status: 'pending' | 'success' | 'failed' | 'reversed';
  paidAt?: string;
  /** Test controls. */
  verifyAmount?: number;
  verifyCurrency?: string;
  verifyStatus?: string;
  verifyReference?: string;
  refundBehaviour?: 'ok' | 'reject' | 'unavailable';
  /** The next refund requests answered 503 (Paystack briefly down), before `refundBehaviour` applies. */
  refundFailures: number;
  /** While set, verify requests are answered 503 (Paystack down). */
  verifyUnavailable?: boolean;
  /** How many verify requests were received for this reference. */
  verifyCalls: number;
  refunds: number;
  /** Every refund request received, as sent (subunits), for tests to check what was asked. */
  refundRequests: Array<{ amount: number | null; currency: string | null }>;
  /** The refunds made, as Paystack lists them (absent from a journal written before partial refunds). */
  refundList?: SandboxRefund[];
  /** The next refunds made are answered 503, as if their answer were lost on the way back. */
  lostRefundAnswers?: number;
  /** Paid, and the `charge.success` webhook not yet answered 200. */
  webhookPending?: boolean;
}

/** A refund made, as GET /refund lists it (amounts in subunits). */
interface SandboxRefund {
  id: number;
  transaction: number;
  amount: number;
  currency: string;
  merchant_note: string | null;
  customer_note: string | null;
  status: 'pending' | 'processed';
  created_at: string;
}

/**
 * A test control that keeps requests waiting until it is lifted. Never persisted: the requests
 * it holds die with the process, and a hold nobody lifts after a restart would block for ever.
 */
interface Hold {
  on: boolean;
  waiting: Array<() => void>;
}

interface SandboxTransaction extends SandboxRecord {
  holds: { verify: Hold; refund: Hold };
}

const newHolds = (): SandboxTransaction['holds'] => ({ verify: { on: false, waiting: [] }, refund: { on: false, waiting: [] } });

function setHold(hold: Hold, on: unknown): void {
  if (on === true) hold.on = true;
  if (on === false) {
    hold.on = false;
    for (const release of hold.waiting.splice(0)) release();
  }
}

const waitWhileHeld = (hold: Hold) => (hold.on ? new Promise<void>((resolve) => hold.waiting.push(resolve)) : undefined);

/** Paystack retries a webhook not answered 200 for 72 h; locally a few quick tries, then again at the next start. */
const REDELIVERY_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

function openSandboxJournal(config: LocalConfig): Journal<SandboxRecord> {
  if (config.inMemory) return memoryJournal();
  return openJournal(path.join(config.dataDir, 'paystack-sandbox.jsonl'), (record) => record.reference);
}

/** The local secret key: generated once per data directory (0600), never committed. */
export function localPaystackSecret(config: LocalConfig = localConfig): string {
  const file = path.join(config.dataDir, 'paystack-secret-key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const key = `sk_test_local_${randomBytes(24).toString('hex')}`;
  writeFileSync(file, key, { mode: 0o600 });
  return key;
}

export function signPaystackBody(body: string, secret: string): string {
  return createHmac('sha512', secret).update(body).digest('hex');
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function reply(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

async function readJson(req: http.IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return {};
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return {};
  }
}

function checkoutPage(tx: SandboxTransaction): string {
  const amount = new Intl.NumberFormat('fr-FR').format(tx.amount / 100);
  const method = tx.channels.includes('mobile_money') ? `Mobile money (${String(tx.metadata.provider ?? '')})` : 'Carte bancaire';
  const done = tx.status !== 'pending';
  return `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Paystack (bac à sable) — Paiement</title>
<style>body{font-family:system-ui,sans-serif;background:#f5f5f5;margin:0;padding:24px}main{max-width:420px;margin:auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 2px 8px #0001}
h1{font-size:20px}p{color:#444}.amount{font-size:28px;font-weight:700;color:#111}form{display:inline}button{font-size:16px;padding:12px 20px;border-radius:8px;border:0;margin:8px 8px 0 0;cursor:pointer}
.pay{background:#0ba4db;color:#fff}.fail{background:#eee;color:#b00020}</style></head>
<body><main>
<h1>Paystack — bac à sable local</h1>
<p>Référence : <code>${escapeHtml(tx.reference)}</code></p>
<p class="amount">${amount} ${escapeHtml(tx.currency)}</p>
<p>${escapeHtml(tx.email)} · ${escapeHtml(method)}</p>
${
  done
    ? `<p>Cette transaction est déjà traitée (${escapeHtml(tx.status)}).</p>`
    : `<form method="post" action="/checkout/${tx.accessCode}/pay"><button class="pay" type="submit">Payer</button></form>
<form method="post" action="/checkout/${tx.accessCode}/fail"><button class="fail" type="submit">Échec</button></form>`
}
</main></body></html>`;
}

export interface PaystackSandbox {
  server: http.Server;
  /** Sends the webhook Paystack would send for a paid transaction (signed with the local key). */
  deliverChargeSuccess(reference: string): Promise<number>;
  /** Sends again the webhooks a stopped stack had not delivered (call once Kalan answers). */
  resumeWebhooks(): void;
  /** Cancels the scheduled webhook retries and closes the journal. */
  stop(): void;
}

export function createPaystackSandbox(config: LocalConfig = localConfig, secret = localPaystackSecret(config)): PaystackSandbox {
  const byReference = new Map<string, SandboxTransaction>();
  const byAccessCode = new Map<string, SandboxTransaction>();
  const webhookUrl = `${url(config.ports.app)}/api/webhooks/paystack`;
  const journal = openSandboxJournal(config);
  const retries = new Set<NodeJS.Timeout>();

  function remember(tx: SandboxTransaction): void {
    byReference.set(tx.reference, tx);
    byAccessCode.set(tx.accessCode, tx);
  }
  // Loaded before the server exists: the sandbox never answers without its memory.
  for (const record of journal.records) remember({ ...record, holds: newHolds() });

  /** Writes the transaction's state to disk; called after each change, before answering. */
  function save(tx: SandboxTransaction): void {
    const { holds: _runtimeOnly, ...record } = tx;
    journal.append(record);
  }

  const dataOf = (tx: SandboxTransaction) => ({
    id: tx.id,
    domain: 'test',
    status: tx.verifyStatus ?? tx.status,
    reference: tx.verifyReference ?? tx.reference,
    amount: tx.verifyAmount ?? tx.amount,
    currency: tx.verifyCurrency ?? tx.currency,
    paid_at: tx.paidAt ?? null,
    channel: tx.channels[0] ?? 'card',
    customer: { email: tx.email },
    metadata: tx.metadata,
  });

  async function deliverChargeSuccess(reference: string): Promise<number> {
    const tx = byReference.get(reference);
    if (!tx) throw new Error(`Référence inconnue : ${reference}`);
    const body = JSON.stringify({
      event: 'charge.success',
      data: { ...dataOf(tx), status: tx.status, reference: tx.reference, amount: tx.amount, currency: tx.currency },
    });
    const response = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-paystack-signature': signPaystackBody(body, secret) },
      body,
    });
    await response.arrayBuffer();
    return response.status;
  }

  /** Delivers `charge.success` until Kalan answers 200, as Paystack retries; returns the first answer. */
  async function deliverUntilAccepted(tx: SandboxTransaction, attempt = 0): Promise<number> {
    const status = await deliverChargeSuccess(tx.reference).catch(() => 0);
    if (status === 200) {
      tx.webhookPending = false;
      save(tx);
      return status;
    }
    console.error(`[paystack] webhook ${tx.reference} → ${status}`);
    const delay = REDELIVERY_DELAYS_MS[attempt];
    if (delay !== undefined) {
      const timer = setTimeout(() => {
        retries.delete(timer);
        void deliverUntilAccepted(tx, attempt + 1);
      }, delay);
      timer.unref();
      retries.add(timer);
    }
    return status;
  }

  function markPaid(tx: SandboxTransaction): void {
    tx.status = 'success';
    tx.paidAt = new Date().toISOString();
  }

  /** What is left to refund of the payment (subunits): the amount paid less the refunds made. */
  function refundable(tx: SandboxTransaction): number {
    return tx.amount - (tx.refundList ?? []).reduce((sum, made) => sum + made.amount, 0);
  }

  /**
   * Paystack's answer to a refund request, applied to the transaction: all that is left (no
   * amount), or part of it; several refunds of one payment, up to the amount paid — the last one
   * leaves it `reversed`.
   */
  function refund(
    tx: SandboxTransaction,
    requested: { amount: number | null; currency: string | null; merchantNote: string | null; customerNote: string | null },
  ): [number, unknown] {
    if (tx.refundBehaviour === 'unavailable') return [503, { status: false, message: 'Service unavailable' }];
    if (tx.refundBehaviour === 'reject') return [400, { status: false, message: 'Refund declined' }];
    if (tx.status === 'reversed') return [400, { status: false, message: 'Transaction has been fully reversed' }];
    if (tx.status !== 'success') return [400, { status: false, message: 'Transaction not successful' }];
    const left = refundable(tx);
    // As Paystack: at most what is left of the amount paid, in the transaction's currency.
    if (requested.amount !== null && (!Number.isInteger(requested.amount) || requested.amount <= 0 || requested.amount > left)) {
      return [400, { status: false, message: 'Refund amount cannot be greater than transaction amount' }];
    }
    if (requested.currency !== null && requested.currency !== tx.currency) {
      return [400, { status: false, message: 'Currency does not match the transaction currency' }];
    }
    const made: SandboxRefund = {
      id: randomInt(1_000_000, 2_000_000_000),
      transaction: tx.id,
      amount: requested.amount ?? left,
      currency: tx.currency,
      merchant_note: requested.merchantNote,
      customer_note: requested.customerNote,
      status: 'pending',
      created_at: new Date().toISOString(),
    };
    tx.refundList = [...(tx.refundList ?? []), made];
    if (refundable(tx) === 0) tx.status = 'reversed';
    tx.refunds += 1;
    if ((tx.lostRefundAnswers ?? 0) > 0) {
      // Made, and the answer lost on the way back: Kalan sees a Paystack that did not answer.
      tx.lostRefundAnswers! -= 1;
      return [503, { status: false, message: 'Service unavailable' }];
    }
    return [
      200,
      {
        status: true,
        message: 'Refund has been queued for processing',
        data: { ...made, transaction: { id: tx.id, reference: tx.reference } },
      },
    ];
  }

  /** GET /refund: the refunds of one payment (`transaction` = its id or reference), newest first, paged as Paystack pages. */
  function listRefunds(query: URLSearchParams): [number, unknown] {
    const key = query.get('transaction') ?? query.get('reference');
    const tx = key === null ? undefined : (byReference.get(key) ?? [...byReference.values()].find((candidate) => String(candidate.id) === key));
    const all = key === null ? [...byReference.values()].flatMap((candidate) => candidate.refundList ?? []) : (tx?.refundList ?? []);
    const newestFirst = [...all].sort((a, b) => b.created_at.localeCompare(a.created_at));
    const perPage = Math.min(Math.max(Number(query.get('perPage')) || 50, 1), 100);
    const page = Math.max(Number(query.get('page')) || 1, 1);
    return [
      200,
      {
        status: true,
        message: 'Refunds retrieved',
        data: newestFirst.slice((page - 1) * perPage, page * perPage),
        meta: { total: all.length, skipped: (page - 1) * perPage, perPage, page, pageCount: Math.ceil(all.length / perPage) },
      },
    ];
  }

  const server = http.createServer((req, res) => {
    void (async () => {
      const requestUrl = new URL(req.url ?? '/', 'http://localhost');
      const { pathname } = requestUrl;
      const method = req.method ?? 'GET';

      // The hosted checkout page and its two buttons (no API key: it is the payer's browser).
      const checkout = /^\/checkout\/([a-z0-9]+)(?:\/(pay|fail))?$/.exec(pathname);
      if (checkout) {
        const tx = byAccessCode.get(checkout[1]!);
        if (!tx) return reply(res, 404, { status: false, message: 'Checkout introuvable' });
        if (!checkout[2] && method === 'GET') {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          return res.end(checkoutPage(tx));
        }
        if (checkout[2] && method === 'POST') {
          await readJson(req);
          if (tx.status === 'pending') {
            if (checkout[2] === 'pay') {
              markPaid(tx);
              tx.webhookPending = true;
              save(tx);
              await deliverUntilAccepted(tx);
            } else {
              tx.status = 'failed';
              save(tx);
            }
          }
          const callback = tx.callbackUrl ? new URL(tx.callbackUrl) : null;
          if (!callback) return reply(res, 200, { status: true, message: tx.status });
          callback.searchParams.set('trxref', tx.reference);
          callback.searchParams.set('reference', tx.reference);
          res.writeHead(303, { location: callback.toString() });
          return res.end();
        }
      }

      // Test controls of the sandbox.
      const control = /^\/__sandbox\/transactions\/([^/]+)$/.exec(pathname);
      if (control && method === 'POST') {
        const tx = byReference.get(decodeURIComponent(control[1]!));
        if (!tx) return reply(res, 404, { status: false, message: 'Transaction reference not found' });
        const body = await readJson(req);
        if (typeof body.verifyAmount === 'number') tx.verifyAmount = body.verifyAmount;
        if (typeof body.verifyCurrency === 'string') tx.verifyCurrency = body.verifyCurrency;
        if (typeof body.verifyStatus === 'string') tx.verifyStatus = body.verifyStatus;
        if (typeof body.verifyReference === 'string') tx.verifyReference = body.verifyReference;
        if (body.refund === 'ok' || body.refund === 'reject' || body.refund === 'unavailable') tx.refundBehaviour = body.refund;
        if (typeof body.refundFailures === 'number' && Number.isInteger(body.refundFailures) && body.refundFailures >= 0) {
          tx.refundFailures = body.refundFailures;
        }
        if (typeof body.verifyUnavailable === 'boolean') tx.verifyUnavailable = body.verifyUnavailable;
        if (typeof body.loseRefundAnswers === 'number' && Number.isInteger(body.loseRefundAnswers) && body.loseRefundAnswers >= 0) {
          tx.lostRefundAnswers = body.loseRefundAnswers;
        }
        setHold(tx.holds.verify, body.holdVerify);
        setHold(tx.holds.refund, body.holdRefund);
        // Paid without a webhook: the test plays Paystack's delivery itself.
        if (body.markPaid === true && tx.status === 'pending') markPaid(tx);
        if (Object.keys(body).length > 0) save(tx);
        return reply(res, 200, {
          status: true,
          data: {
            ...dataOf(tx),
            access_code: tx.accessCode,
            refunds: tx.refunds,
            refundRequests: tx.refundRequests,
            refundList: tx.refundList ?? [],
            refunded: tx.amount - refundable(tx),
            verifyCalls: tx.verifyCalls,
            heldVerifies: tx.holds.verify.waiting.length,
            heldRefunds: tx.holds.refund.waiting.length,
            webhookPending: tx.webhookPending ?? false,
          },
        });
      }

      // The API proper: the secret key is required, as on api.paystack.co.
      if (req.headers.authorization !== `Bearer ${secret}`) {
        return reply(res, 401, { status: false, message: 'Invalid key' });
      }
      if (pathname === '/transaction/initialize' && method === 'POST') {
        const body = await readJson(req);
        const reference = String(body.reference ?? `ref_${randomBytes(6).toString('hex')}`);
        const amount = Number(body.amount);
        if (!Number.isInteger(amount) || amount <= 0 || typeof body.email !== 'string') {
          return reply(res, 400, { status: false, message: 'Invalid amount or email' });
        }
        if (byReference.has(reference)) return reply(res, 400, { status: false, message: 'Duplicate Transaction Reference' });
        const accessCode = randomBytes(8).toString('hex');
        const tx: SandboxTransaction = {
          holds: newHolds(),
          id: randomInt(1_000_000, 2_000_000_000),
          reference,
          accessCode,
          amount,
          currency: String(body.currency ?? 'NGN'),
          email: body.email,
          callbackUrl: typeof body.callback_url === 'string' ? body.callback_url : undefined,
          channels: Array.isArray(body.channels) ? body.channels.map(String) : ['card'],
          metadata: (body.metadata as Record<string, unknown>) ?? {},
          status: 'pending',
          verifyCalls: 0,
          refunds: 0,
          refundFailures: 0,
          refundRequests: [],
          refundList: [],
        };
        remember(tx);
        save(tx);
        return reply(res, 200, {
          status: true,
          message: 'Authorization URL created',
          data: { authorization_url: `${publicUrl(config.ports.paystack)}/checkout/${accessCode}`, access_code: accessCode, reference },
        });
      }
      const verify = /^\/transaction\/verify\/([^/]+)$/.exec(pathname);
      if (verify && method === 'GET') {
        const tx = byReference.get(decodeURIComponent(verify[1]!));
        if (!tx) return reply(res, 400, { status: false, message: 'Transaction reference not found' });
        tx.verifyCalls += 1;
        save(tx);
        if (tx.verifyUnavailable) return reply(res, 503, { status: false, message: 'Service unavailable' });
        await waitWhileHeld(tx.holds.verify);
        return reply(res, 200, { status: true, message: 'Verification successful', data: dataOf(tx) });
      }
      if (pathname === '/refund' && method === 'GET') {
        const [status, answer] = listRefunds(requestUrl.searchParams);
        return reply(res, status, answer);
      }
      if (pathname === '/refund' && method === 'POST') {
        const body = await readJson(req);
        const tx = byReference.get(String(body.transaction ?? ''));
        if (!tx) return reply(res, 400, { status: false, message: 'Transaction reference not found' });
        const requested = {
          amount: body.amount === undefined ? null : Number(body.amount),
          currency: body.currency === undefined ? null : String(body.currency),
        };
        tx.refundRequests.push(requested);
        const notes = {
          merchantNote: typeof body.merchant_note === 'string' ? body.merchant_note : null,
          customerNote: typeof body.customer_note === 'string' ? body.customer_note : null,
        };
        if (tx.refundFailures > 0) {
          tx.refundFailures -= 1;
          save(tx);
          return reply(res, 503, { status: false, message: 'Service unavailable' });
        }
        save(tx);
        // A slow Paystack: the request is received, not yet acted on.
        await waitWhileHeld(tx.holds.refund);
        const [status, answer] = refund(tx, { ...requested, ...notes });
        // The refund is on disk before Kalan hears of it: a retry after a crash finds it done.
        save(tx);
        return reply(res, status, answer);
      }
      return reply(res, 404, { status: false, message: 'Not found' });
    })().catch((error: Error) => {
      if (!res.headersSent) reply(res, 500, { status: false, message: error.message });
      else res.end();
    });
  });
  return {
    server,
    deliverChargeSuccess,
    resumeWebhooks() {
      for (const tx of byReference.values()) if (tx.webhookPending) void deliverUntilAccepted(tx);
    },
    stop() {
      for (const timer of retries) clearTimeout(timer);
      retries.clear();
      journal.close();
    },
  };
}
