/**
 * CinetPay Transfer (https://client.cinetpay.com, docs.cinetpay.com « API de transfert »): the
 * payout provider of Orange Money, MTN MoMo and Moov Money. Its shapes, as documented:
 * - `POST /v1/auth/login` (form: apikey, password) → a token valid 5 minutes, passed as `?token=`
 *   to every other call; cached here and renewed before it ends, and once more when CinetPay says
 *   706 (INVALID_TOKEN) anyway;
 * - `POST /v1/transfer/contact` (form: `data` = JSON list of {prefix, phone, name, surname, email}):
 *   money only goes to a contact (else 724); 726 says the contact already exists;
 * - `POST /v1/transfer/money/send/contact` (form: `data` = JSON list of {prefix, phone, amount,
 *   client_transaction_id, notify_url, payment_method}); the answer's `data` is a list of lists;
 * - `GET /v1/transfer/check/money?client_transaction_id=` → the transfers under our id, with
 *   `treatment_status` NEW / REC / NOS (on its way), VAL (paid) or REJ (rejected);
 * - `GET /v1/transfer/check/balance` → `available`.
 * Answers carry a `code` (0 = success, 723 nothing found, 805 the client_transaction_id exists…)
 * that is the truth whatever the HTTP status. Our payout id is the `client_transaction_id`: `send`
 * first asks whether a transfer exists under it, and reads it (never a second send) when CinetPay
 * says 805. The credentials (apikey, password) and the token are never logged.
 */
import { nationalDigits, OPERATOR_RULES, type PayoutFailureReason } from '#shared/payouts';
import { cachedSecret, DEFAULT_TIMEOUT_MS, exchange, isRecord, trimmedBaseUrl } from './http.js';
import { PayoutProviderError, type PayoutProvider, type ProviderErrorName, type ProviderStatus, type SendPayout } from './provider.js';

export interface CinetPayCredentials {
  apikey: string;
  password: string;
}

/** The token lives 5 minutes at CinetPay; renewed a little before, so that no call carries a dying one. */
const TOKEN_LIFETIME_MS = 5 * 60_000;
const TOKEN_MARGIN_MS = 30_000;
/** Côte d'Ivoire's country prefix, CinetPay's `prefix`. */
const PREFIX = '225';

/** CinetPay's error codes Kalan handles by name (docs.cinetpay.com, « Annexes : Code API »). */
export const CINETPAY_ERROR_CODES: Record<string, ProviderErrorName> = {
  /** INSUFFICIENT_BALANCE: our transfer balance (the float) is too low. */
  '602': 'balance_too_low',
  /** INVALID_CREDENTIALS, INVALID_USER: our configuration. */
  '701': 'unauthorized',
  '703': 'unauthorized',
  /** EXPIRED_TOKEN, INVALID_TOKEN, CANT_REFRESH_TOKEN: renewed once; twice in a row, our configuration. */
  '705': 'unauthorized',
  '706': 'unauthorized',
  '707': 'unauthorized',
  /** ERROR_PHONE_NOT_PARTICULAR, INVALID_PHONE: not an account CinetPay can pay. */
  '717': 'invalid_destination',
  '802': 'invalid_destination',
  /** AMOUNT_TOO_SMALL, AMOUNT_TOO_LARGE (the operator's tranches), INVALID_AMOUNT. */
  '719': 'limit_exceeded',
  '720': 'limit_exceeded',
  '801': 'limit_exceeded',
  /** OPERATOR_NOT_AVAILABLE, OPERATOR_UNAVAILABLE: worth a retry later. */
  '721': 'operator_unavailable',
  '804': 'operator_unavailable',
  /** ERROR_PHONE_NOT_MY_CONTACT (after we added it): CinetPay will not keep this number. */
  '724': 'invalid_destination',
  /** MISSING_NOTIFY_URL: our configuration. */
  '725': 'notify_url_missing',
};
const TOKEN_CODES = new Set(['705', '706', '707']);
/** NOT_FOUND: « No results for this search » — no transfer under our id. */
const NOT_FOUND = '723';
const CONTACT_MISSING = '724';
/** ERROR_PHONE_ALREADY_MY_CONTACT: adding a contact that exists is a success. */
const ALREADY_A_CONTACT = '726';
/** CLIENT_TRANSACTION_ID_EXIST: a transfer under our id exists — read it, never send again. */
const ALREADY_SENT = '805';

export const codeOf = (value: unknown): string => (value === undefined || value === null ? '' : String(value));

export function cinetpayError(code: string, message: string): PayoutProviderError {
  const name = CINETPAY_ERROR_CODES[code] ?? 'unexpected';
  return new PayoutProviderError('cinetpay', name, code || 'none', `CinetPay ${code || '?'} : ${message}`);
}

/** One transfer as `check/money` (and the send's answer) describes it. */
export interface CinetPayTransfer {
  transaction_id?: unknown;
  client_transaction_id?: unknown;
  treatment_status?: unknown;
  comment?: unknown;
}

/** A transfer's `treatment_status` as our ProviderStatus. */
export function cinetpayStatusOf(transfer: CinetPayTransfer): ProviderStatus {
  const providerReference = transfer.transaction_id ? String(transfer.transaction_id) : null;
  const status = String(transfer.treatment_status ?? '').toUpperCase();
  switch (status) {
    case 'NEW':
    case 'REC':
    case 'NOS':
      return { state: 'pending', providerReference };
    case 'VAL':
      return { state: 'paid', providerReference };
    case 'REJ': {
      const comment = typeof transfer.comment === 'string' && transfer.comment.trim() ? transfer.comment.trim() : null;
      return { state: 'failed', providerReference, reason: 'rejected' satisfies PayoutFailureReason, detail: comment ? `CinetPay REJ : ${comment}` : 'CinetPay REJ' };
    }
    default:
      throw new PayoutProviderError('cinetpay', 'unexpected', status || 'none', `CinetPay : statut de transfert inconnu « ${status} »`);
  }
}

/** Of several transfers under one id (CinetPay refuses a second one: 805; should it happen), the most advanced one counts. */
function mostAdvanced(transfers: CinetPayTransfer[]): ProviderStatus {
  const statuses = transfers.map(cinetpayStatusOf);
  const rank = { paid: 3, pending: 2, failed: 1, reversed: 0, unknown: -1 } as const;
  return statuses.reduce((best, status) => (rank[status.state] > rank[best.state] ? status : best));
}

/** The holder's name as CinetPay's contact wants it: `surname` (first names) and `name` (the rest). */
export function contactNames(holderName: string): { name: string; surname: string } {
  const words = holderName.trim().split(/\s+/).filter(Boolean);
  if (words.length <= 1) return { name: words[0] ?? '', surname: words[0] ?? '' };
  return { surname: words[0]!, name: words.slice(1).join(' ') };
}

const localCredentials = (): CinetPayCredentials | null => {
  const apikey = process.env.PAYOUT_CINETPAY_API_KEY;
  const password = process.env.PAYOUT_CINETPAY_PASSWORD;
  return apikey && password ? { apikey, password } : null;
};

const parseCredentials = (json: unknown): CinetPayCredentials | null =>
  isRecord(json) && typeof json.apikey === 'string' && typeof json.password === 'string' && json.apikey && json.password
    ? { apikey: json.apikey, password: json.password }
    : null;

export interface CinetPayOptions {
  timeoutMs?: number;
  credentials?: () => Promise<CinetPayCredentials>;
  now?: () => number;
}

export function createCinetPayProvider(options: CinetPayOptions = {}): PayoutProvider {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const credentials = options.credentials ?? cachedSecret('PAYOUT_CINETPAY_SECRET_NAME', localCredentials, parseCredentials);
  const now = options.now ?? Date.now;
  let token: { value: Promise<string>; expiresAt: number } | undefined;

  const baseUrl = () => trimmedBaseUrl('CINETPAY_BASE_URL', 'https://client.cinetpay.com');

  async function login(): Promise<string> {
    const { apikey, password } = await credentials();
    const answer = await exchange(
      'cinetpay',
      `${baseUrl()}/v1/auth/login?lang=fr`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({ apikey, password }).toString(),
      },
      timeoutMs,
    );
    const body = isRecord(answer.body) ? answer.body : {};
    const code = codeOf(body.code);
    const data = isRecord(body.data) ? body.data : {};
    if (code !== '0' || typeof data.token !== 'string' || !data.token) {
      throw cinetpayError(code === '0' ? '' : code, `authentification refusée (${String(body.message ?? answer.status)})`);
    }
    return data.token;
  }

  /** The cached token, or a new one; concurrent callers share one login. */
  function currentToken(): Promise<string> {
    if (!token || token.expiresAt <= now()) {
      const value = login();
      const entry = { value, expiresAt: now() + TOKEN_LIFETIME_MS - TOKEN_MARGIN_MS };
      token = entry;
      value.catch(() => {
        if (token === entry) token = undefined;
      });
    }
    return token.value;
  }

  /** A call with the token; CinetPay's 705 / 706 / 707 (the token died early) renew it once. */
  async function call(method: 'GET' | 'POST', path: string, params: { query?: Record<string, string>; data?: unknown[] }): Promise<Record<string, unknown>> {
    for (let attempt = 0; ; attempt += 1) {
      const pending = currentToken();
      const value = await pending;
      const query = new URLSearchParams({ token: value, lang: 'fr', ...params.query });
      const answer = await exchange(
        'cinetpay',
        `${baseUrl()}${path}?${query.toString()}`,
        params.data
          ? {
              method,
              headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
              body: new URLSearchParams({ data: JSON.stringify(params.data) }).toString(),
            }
          : { method, headers: { accept: 'application/json' } },
        timeoutMs,
      );
      if (!isRecord(answer.body)) {
        throw new PayoutProviderError('cinetpay', 'unexpected', String(answer.status), `CinetPay : réponse illisible sur ${path} (HTTP ${answer.status})`);
      }
      const code = codeOf(answer.body.code);
      if (TOKEN_CODES.has(code) && attempt === 0) {
        // Forget the token unless another call already replaced it.
        if (token?.value === pending) token = undefined;
        continue;
      }
      if (code !== '0') throw cinetpayError(code, String(answer.body.description ?? answer.body.message ?? `HTTP ${answer.status}`));
      return answer.body;
    }
  }

  /** The transfers CinetPay holds under our id (none: never sent). */
  async function transfersOf(payoutId: string): Promise<CinetPayTransfer[]> {
    let body: Record<string, unknown>;
    try {
      body = await call('GET', '/v1/transfer/check/money', { query: { client_transaction_id: payoutId } });
    } catch (error) {
      if (error instanceof PayoutProviderError && error.providerCode === NOT_FOUND) return [];
      throw error;
    }
    const data = body.data;
    const list = Array.isArray(data) ? data : isRecord(data) ? [data] : [];
    return list.filter(isRecord).filter((transfer) => transfer.client_transaction_id === undefined || String(transfer.client_transaction_id) === payoutId);
  }

  async function status(payoutId: string): Promise<ProviderStatus> {
    const transfers = await transfersOf(payoutId);
    return transfers.length === 0 ? { state: 'unknown' } : mostAdvanced(transfers);
  }

  /** The first entry of a per-item answer (`data` is a list of lists, or a list). */
  function firstEntry(body: Record<string, unknown>): Record<string, unknown> {
    const data = body.data;
    const first = Array.isArray(data) ? (Array.isArray(data[0]) ? data[0][0] : data[0]) : undefined;
    if (!isRecord(first)) throw new PayoutProviderError('cinetpay', 'unexpected', 'none', 'CinetPay : réponse sans élément');
    return first;
  }

  async function addContact(digits: string, holderName: string): Promise<void> {
    const contact = { prefix: PREFIX, phone: digits, ...contactNames(holderName), ...(process.env.PAYOUT_CINETPAY_CONTACT_EMAIL ? { email: process.env.PAYOUT_CINETPAY_CONTACT_EMAIL } : {}) };
    const entry = firstEntry(await call('POST', '/v1/transfer/contact', { data: [contact] }));
    const code = codeOf(entry.code);
    if (code === '0' || code === ALREADY_A_CONTACT) return;
    throw new PayoutProviderError('cinetpay', CINETPAY_ERROR_CODES[code] ?? 'invalid_destination', code || 'none', `CinetPay refuse le contact : ${String(entry.status ?? code)}`);
  }

  async function transfer(request: SendPayout, digits: string): Promise<Record<string, unknown>> {
    const method = OPERATOR_RULES[request.operator].cinetpayMethod;
    const item = {
      prefix: PREFIX,
      phone: digits,
      amount: request.net,
      client_transaction_id: request.payoutId,
      notify_url: request.notifyUrl,
      ...(method ? { payment_method: method } : {}),
    };
    const entry = firstEntry(await call('POST', '/v1/transfer/money/send/contact', { data: [item] }));
    const code = codeOf(entry.code);
    if (code !== '0') throw cinetpayError(code, String(entry.status ?? entry.message ?? 'transfert refusé'));
    return entry;
  }

  return {
    name: 'cinetpay',
    async send(request) {
      const digits = nationalDigits(request.phone);
      if (!digits) throw new PayoutProviderError('cinetpay', 'invalid_destination', 'phone', 'Numéro ivoirien invalide');
      // Never a second transfer: one already under this id (a retry, a crash after the send) is the answer.
      const existing = await status(request.payoutId);
      if (existing.state !== 'unknown') return existing;
      await addContact(digits, request.holderName);
      let entry: Record<string, unknown>;
      try {
        entry = await transfer(request, digits);
      } catch (error) {
        if (!(error instanceof PayoutProviderError)) throw error;
        // Sent meanwhile (a concurrent retry): the transfer under our id is the answer.
        if (error.providerCode === ALREADY_SENT) return status(request.payoutId);
        // The contact vanished between the two calls: added again, sent once more (724: nothing was sent).
        if (error.providerCode !== CONTACT_MISSING) throw error;
        await addContact(digits, request.holderName);
        entry = await transfer(request, digits);
      }
      return entry.treatment_status ? cinetpayStatusOf(entry) : { state: 'pending', providerReference: entry.transaction_id ? String(entry.transaction_id) : null };
    },
    status: (payoutId) => status(payoutId),
    async balance() {
      const body = await call('GET', '/v1/transfer/check/balance', {});
      const data = isRecord(body.data) ? body.data : {};
      const available = Number(data.available);
      if (!Number.isFinite(available)) throw new PayoutProviderError('cinetpay', 'unexpected', 'balance', 'CinetPay : solde illisible');
      return available;
    },
  };
}
