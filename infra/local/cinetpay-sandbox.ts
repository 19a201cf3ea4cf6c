/**
 * A local double of CinetPay Transfer (served under /cinetpay by payouts-sandbox.ts), with its
 * documented shapes: form bodies, `?token=` on every call, a `code` in every answer (0 = success),
 * `data` of the contact and send calls as a list of lists, `treatment_status` NEW → VAL or REJ,
 * and the notification: an unsigned form POST to the transfer's notify_url with transaction_id,
 * client_transaction_id, lot, amount, receiver, operator, treatment_status…
 *
 * As documented, a second send under an existing client_transaction_id is refused (805) and a
 * search that finds nothing answers 723. The double counts the send requests and the transfers per
 * client_transaction_id (`GET /__sandbox/cinetpay/sends`), so a test sees a client that sends twice. A destination number's last digits choose a misbehaviour
 * (payouts-kit.ts, README). Transfers, contacts and counters are journaled (journal.ts): a
 * restarted sandbox still answers for every transfer; tokens are not (a restart asks for a login).
 */
import { randomBytes, randomInt } from 'node:crypto';
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

type TreatmentStatus = 'NEW' | 'REC' | 'NOS' | 'VAL' | 'REJ';

interface Notification {
  treatment_status: TreatmentStatus;
  state: 'pending' | 'delivered' | 'dropped';
  /** Answers received from the notify_url (HTTP statuses; 0 for no answer). */
  answers: number[];
}

interface TransferRecord {
  key: string;
  kind: 'transfer';
  transaction_id: string;
  client_transaction_id: string;
  lot: string;
  amount: number;
  prefix: string;
  phone: string;
  payment_method: string;
  notify_url: string;
  treatment_status: TreatmentStatus;
  comment: string;
  created_at: string;
  validated_at: string | null;
  notifications: Notification[];
}

interface ContactRecord {
  key: string;
  kind: 'contact';
  prefix: string;
  phone: string;
  name: string;
  surname: string;
}

/** Send requests received per client_transaction_id, and transfers made of them. */
interface SendsRecord {
  key: string;
  kind: 'sends';
  client_transaction_id: string;
  requests: number;
  transfers: number;
}

export type CinetPayRecord = TransferRecord | ContactRecord | SendsRecord;

/** The documented codes the double answers (« Annexes : Code API »). */
const ERRORS: Record<string, { message: string; description: string }> = {
  '602': { message: 'INSUFFICIENT_BALANCE', description: 'Your CinetPay transfer balance is insufficient to perform this operation' },
  '701': { message: 'INVALID_CREDENTIALS', description: 'Identifiant de connexion incorrect' },
  '705': { message: 'EXPIRED_TOKEN', description: 'The token has expired' },
  '706': { message: 'INVALID_TOKEN', description: 'Votre token est invalide' },
  '718': { message: 'JSON_PARSE_ERROR', description: 'The emitted JSON contains errors' },
  '719': { message: 'AMOUNT_TOO_SMALL', description: 'The amount must be above the threshold, consult the tranches by country' },
  '720': { message: 'AMOUNT_TOO_LARGE', description: 'The amount must be less than the threshold, consult the tranches by country' },
  '721': { message: 'OPERATOR_NOT_AVAILABLE', description: 'The operator is not supported by CinetPay' },
  '723': { message: 'NOT_FOUND', description: 'No results for this search' },
  '724': { message: 'ERROR_PHONE_NOT_MY_CONTACT', description: 'The phone number does not exist in the list of your CinetPay contacts' },
  '725': { message: 'MISSING_NOTIFY_URL', description: 'Vous devez mentionner une url de notification valide' },
  '801': { message: 'INVALID_AMOUNT', description: 'The amount entered is invalid' },
  '805': { message: 'CLIENT_TRANSACTION_ID_EXIST', description: 'Your transaction ID already exists on CinetPay' },
};

const BEHAVIOUR_CODES: Partial<Record<ReturnType<typeof behaviourOf>, string>> = {
  balance_too_low: '602',
  limit_719: '719',
  limit_720: '720',
  operator_unavailable: '721',
  notify_url_missing: '725',
};

/** A lot number as CinetPay shows them (22 digits). */
const newLot = () => `${Date.now()}${randomInt(100_000_000, 999_999_999)}`.padStart(22, '0');

const failure = (code: string) => ({ code: Number(code), ...ERRORS[code]!, data: [] });

/** Retries of a notification not answered 2xx; then again at the next start. */
const REDELIVERY_DELAYS_MS = [1_000, 2_000, 5_000];

export interface CinetPaySandbox {
  api(req: http.IncomingMessage, res: http.ServerResponse, pathname: string, query: URLSearchParams): Promise<void>;
  control(req: http.IncomingMessage, res: http.ServerResponse, pathname: string): Promise<void>;
  /** Delivers again the notifications a stopped sandbox had not delivered, and re-arms settlements. */
  resume(): void;
  stop(): void;
}

export function createCinetPaySandbox(
  journal: Journal<CinetPayRecord>,
  settings: PayoutsSandboxSettings,
  credentials: { apikey: string; password: string },
): CinetPaySandbox {
  const transfers = new Map<string, TransferRecord>();
  const byClientId = new Map<string, TransferRecord[]>();
  const contacts = new Map<string, ContactRecord>();
  const sends = new Map<string, SendsRecord>();
  const tokens = new Map<string, number>();
  const unavailable: Unavailability = { remaining: 0, on: false };
  const hold = newHold();
  const scheduled = timers();
  let logins = 0;
  let available = 50_000_000;

  function remember(record: CinetPayRecord): void {
    if (record.kind === 'transfer') {
      transfers.set(record.transaction_id, record);
      const list = byClientId.get(record.client_transaction_id) ?? [];
      if (!list.includes(record)) list.push(record);
      byClientId.set(record.client_transaction_id, list);
    } else if (record.kind === 'contact') contacts.set(record.key, record);
    else sends.set(record.client_transaction_id, record);
  }
  for (const record of journal.records) remember(record);
  const save = (record: CinetPayRecord) => journal.append(record);

  const view = (t: TransferRecord) => ({
    transaction_id: t.transaction_id,
    client_transaction_id: t.client_transaction_id,
    lot: t.lot,
    amount: String(t.amount),
    receiver: t.phone,
    receiver_e164: `+${t.prefix}${t.phone}`,
    operator: t.payment_method,
    sending_status: t.treatment_status === 'NEW' ? 'PENDING' : 'CONFIRM',
    transfer_valid: t.treatment_status === 'VAL' ? 'Y' : 'N',
    treatment_status: t.treatment_status,
    comment: t.comment,
    validated_at: t.validated_at,
  });

  function sendsOf(clientId: string): SendsRecord {
    let record = sends.get(clientId);
    if (!record) {
      record = { key: `sends:${clientId}`, kind: 'sends', client_transaction_id: clientId, requests: 0, transfers: 0 };
      sends.set(clientId, record);
    }
    return record;
  }

  /** Posts one notification (a form, as CinetPay does); true when answered 2xx. */
  async function post(t: TransferRecord, status: TreatmentStatus, note: Notification): Promise<boolean> {
    const form = new URLSearchParams(Object.entries({ ...view(t), treatment_status: status }).map(([k, v]) => [k, v === null ? '' : String(v)]));
    const answer = await fetch(t.notify_url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
      signal: AbortSignal.timeout(10_000),
    })
      .then(async (response) => {
        await response.arrayBuffer();
        return response.status;
      })
      .catch(() => 0);
    note.answers.push(answer);
    return answer >= 200 && answer < 300;
  }

  async function deliver(t: TransferRecord, note: Notification, attempt = 0): Promise<void> {
    if (note.state !== 'pending' || !/^https?:\/\//.test(t.notify_url)) return;
    const copies = behaviourOf(t.phone) === 'duplicate_notifications' ? 3 : 1;
    let accepted = false;
    for (let copy = 0; copy < copies; copy += 1) accepted = (await post(t, note.treatment_status, note)) || accepted;
    if (accepted) note.state = 'delivered';
    save(t);
    const delay = REDELIVERY_DELAYS_MS[attempt];
    if (!accepted && delay !== undefined) scheduled.after(delay, () => void deliver(t, note, attempt + 1));
  }

  /** A status change's notification, as the number's behaviour wants it delivered. */
  function notify(t: TransferRecord, status: TreatmentStatus): void {
    const behaviour = behaviourOf(t.phone);
    const note: Notification = { treatment_status: status, state: behaviour === 'drop_notifications' ? 'dropped' : 'pending', answers: [] };
    t.notifications.push(note);
    save(t);
    if (behaviour === 'reorder_notifications') {
      // The first ones wait for the final one, then follow it: the last to arrive is the oldest.
      if (status === 'VAL' || status === 'REJ') {
        void (async () => {
          for (const pending of [...t.notifications].reverse()) await deliver(t, pending);
        })();
      }
      return;
    }
    void deliver(t, note);
  }

  function settle(t: TransferRecord, requested?: unknown): boolean {
    if (t.treatment_status === 'VAL' || t.treatment_status === 'REJ') return false;
    const status: TreatmentStatus = requested === 'VAL' || requested === 'REJ' ? requested : behaviourOf(t.phone) === 'rejected' ? 'REJ' : 'VAL';
    t.treatment_status = status;
    t.validated_at = new Date().toISOString();
    if (status === 'REJ') {
      t.comment = 'Transfert rejeté par l’opérateur';
      available += t.amount;
    }
    save(t);
    notify(t, status);
    return true;
  }

  function scheduleSettle(t: TransferRecord): void {
    if (settings.settleAfterMs !== null) scheduled.after(settings.settleAfterMs, () => settle(t));
  }

  /** null when the token is good, else CinetPay's code: 706 unknown, 705 expired. */
  function tokenProblem(token: string | null): string | null {
    const expiresAt = token ? tokens.get(token) : undefined;
    if (expiresAt === undefined) return '706';
    return expiresAt > Date.now() ? null : '705';
  }

  async function formData(req: http.IncomingMessage): Promise<URLSearchParams> {
    return new URLSearchParams(await readText(req));
  }

  function items(form: URLSearchParams): Array<Record<string, unknown>> | null {
    try {
      const data = JSON.parse(form.get('data') ?? '') as unknown;
      const list = Array.isArray(data) ? data : [data];
      return list.every((item) => typeof item === 'object' && item !== null) ? (list as Array<Record<string, unknown>>) : null;
    } catch {
      return null;
    }
  }

  async function sendOne(item: Record<string, unknown>): Promise<{ entry?: Record<string, unknown>; error?: string; slow?: boolean }> {
    const clientId = String(item.client_transaction_id ?? '');
    const prefix = String(item.prefix ?? '');
    const phone = String(item.phone ?? '');
    const amount = Number(item.amount);
    const counter = sendsOf(clientId);
    counter.requests += 1;
    save(counter);
    const behaviour = behaviourOf(phone);
    if (!item.notify_url) return { error: '725' };
    const code = BEHAVIOUR_CODES[behaviour];
    if (code) return { error: code };
    if (!contacts.has(`contact:${prefix}${phone}`)) return { error: '724' };
    if (!clientId || !Number.isInteger(amount) || amount <= 0) return { error: '801' };
    if (byClientId.has(clientId)) return { error: '805' };
    if (amount > available) return { error: '602' };
    available -= amount;
    const t: TransferRecord = {
      key: `transfer:${randomBytes(8).toString('hex')}`,
      kind: 'transfer',
      transaction_id: `TR${Date.now()}${randomInt(1000, 9999)}`,
      client_transaction_id: clientId,
      lot: newLot(),
      amount,
      prefix,
      phone,
      payment_method: String(item.payment_method ?? ''),
      notify_url: String(item.notify_url),
      treatment_status: 'NEW',
      comment: '',
      created_at: new Date().toISOString(),
      validated_at: null,
      notifications: [],
    };
    t.key = `transfer:${t.transaction_id}`;
    remember(t);
    counter.transfers += 1;
    save(counter);
    save(t);
    notify(t, 'NEW');
    scheduleSettle(t);
    return { entry: { ...item, code: 0, status: 'success', treatment_status: 'NEW', transaction_id: t.transaction_id, lot: t.lot }, slow: behaviour === 'slow' };
  }

  async function api(req: http.IncomingMessage, res: http.ServerResponse, pathname: string, query: URLSearchParams): Promise<void> {
    const method = req.method ?? 'GET';
    if (takeUnavailable(unavailable)) return reply(res, 503, { message: 'Service Unavailable' });
    if (pathname === '/v1/auth/login') {
      const form = await formData(req);
      if (form.get('apikey') !== credentials.apikey || form.get('password') !== credentials.password) return reply(res, 200, failure('701'));
      logins += 1;
      const token = randomBytes(24).toString('hex');
      tokens.set(token, Date.now() + settings.tokenTtlMs);
      return reply(res, 200, { code: 0, message: 'OPERATION_SUCCES', data: { token } });
    }
    const tokenCode = tokenProblem(query.get('token'));
    if (tokenCode) return reply(res, 200, failure(tokenCode));
    if (pathname === '/v1/transfer/check/balance' && method === 'GET') {
      const inUsing = [...transfers.values()].filter((t) => t.treatment_status !== 'VAL' && t.treatment_status !== 'REJ').reduce((sum, t) => sum + t.amount, 0);
      return reply(res, 200, { code: 0, message: 'OPERATION_SUCCES', data: { amount: available + inUsing, inUsing, available } });
    }
    if (pathname === '/v1/transfer/contact' && method === 'POST') {
      const list = items(await formData(req));
      if (!list) return reply(res, 200, failure('718'));
      const entries = list.map((item) => {
        const prefix = String(item.prefix ?? '');
        const phone = String(item.phone ?? '');
        const key = `contact:${prefix}${phone}`;
        if (!/^\d{1,4}$/.test(prefix) || !/^\d{8,10}$/.test(phone)) return { ...item, code: 727, status: 'ERROR_INVALID_PHONE' };
        if (contacts.has(key)) return { ...item, code: 726, status: 'ERROR_PHONE_ALREADY_MY_CONTACT', lot: newLot() };
        // A …724 number is accepted and never kept: the send then answers 724.
        if (behaviourOf(phone) !== 'not_a_contact') {
          const contact: ContactRecord = { key, kind: 'contact', prefix, phone, name: String(item.name ?? ''), surname: String(item.surname ?? '') };
          contacts.set(key, contact);
          save(contact);
        }
        return { ...item, code: 0, status: 'success', lot: newLot() };
      });
      return reply(res, 200, { code: 0, message: 'OPERATION_SUCCES', data: [entries] });
    }
    if (pathname === '/v1/transfer/money/send/contact' && method === 'POST') {
      const list = items(await formData(req));
      if (!list) return reply(res, 200, failure('718'));
      const results = [];
      for (const item of list) results.push(await sendOne(item));
      const error = results.find((result) => result.error)?.error;
      if (error) return reply(res, 200, failure(error));
      // A slow CinetPay: the transfer is made, the answer comes late (after the client's time-out).
      if (results.some((result) => result.slow)) await sleep(settings.slowMs);
      await waitWhileHeld(hold);
      return reply(res, 200, { code: 0, message: 'OPERATION_SUCCES', data: [results.map((result) => result.entry)] });
    }
    if (pathname === '/v1/transfer/check/money' && method === 'GET') {
      const clientId = query.get('client_transaction_id');
      const transactionId = query.get('transaction_id');
      const found = clientId ? (byClientId.get(clientId) ?? []) : transactionId && transfers.has(transactionId) ? [transfers.get(transactionId)!] : [];
      if (found.length === 0) return reply(res, 200, failure('723'));
      return reply(res, 200, { code: 0, message: 'OPERATION_SUCCES', data: found.map(view) });
    }
    return reply(res, 404, { code: 404, message: 'NOT_FOUND', data: [] });
  }

  const find = (id: string) => transfers.get(id) ?? byClientId.get(id)?.at(-1);

  async function control(req: http.IncomingMessage, res: http.ServerResponse, pathname: string): Promise<void> {
    const method = req.method ?? 'GET';
    const body = method === 'POST' ? parseJson(await readText(req)) : {};
    if (pathname === '/sends' && method === 'GET') {
      return reply(res, 200, Object.fromEntries([...sends.values()].map((s) => [s.client_transaction_id, { requests: s.requests, transfers: s.transfers }])));
    }
    if (pathname === '/stats' && method === 'GET') return reply(res, 200, { logins, available, liveTokens: [...tokens.values()].filter((at) => at > Date.now()).length });
    if (pathname === '/expire-token' && method === 'POST') {
      // Expired, not forgotten: CinetPay then answers 705 (EXPIRED_TOKEN).
      for (const token of tokens.keys()) tokens.set(token, 0);
      return reply(res, 200, { expired: true });
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
      if (typeof body.available === 'number') available = body.available;
      return reply(res, 200, { available });
    }
    const settleMatch = /^\/settle\/([^/]+)$/.exec(pathname);
    if (settleMatch && method === 'POST') {
      const t = find(decodeURIComponent(settleMatch[1]!));
      if (!t) return reply(res, 404, { message: 'Transfert inconnu' });
      const changed = settle(t, body.status);
      return reply(res, 200, { changed, transfer: view(t) });
    }
    const transferMatch = /^\/transfers\/([^/]+)$/.exec(pathname);
    if (transferMatch && method === 'GET') {
      const id = decodeURIComponent(transferMatch[1]!);
      const list = transfers.has(id) ? [transfers.get(id)!] : (byClientId.get(id) ?? []);
      if (list.length === 0) return reply(res, 404, { message: 'Transfert inconnu' });
      return reply(res, 200, list.map((t) => ({ ...view(t), notify_url: t.notify_url, notifications: t.notifications })));
    }
    return reply(res, 404, { message: 'Contrôle inconnu' });
  }

  return {
    api,
    control,
    resume() {
      for (const t of transfers.values()) {
        if (t.treatment_status === 'VAL' || t.treatment_status === 'REJ') {
          // Reordered ones wait for the final one: here it exists, so all go.
          for (const note of t.notifications) void deliver(t, note);
        } else {
          scheduleSettle(t);
          if (behaviourOf(t.phone) !== 'reorder_notifications') for (const note of t.notifications) void deliver(t, note);
        }
      }
    },
    stop() {
      setHold(hold, false);
      scheduled.clear();
      journal.close();
    },
  };
}
