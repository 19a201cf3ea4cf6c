/**
 * Wave's Payout API (https://api.wave.com, docs.wave.com/payout): the payout provider of Wave
 * accounts. Its shapes, as documented:
 * - `Authorization: Bearer <API key>` on every call;
 * - `POST /v1/payout` with an `idempotency-key` header and JSON {currency, receive_amount (a
 *   string: what arrives, net of fees), mobile (E.164), name, client_reference} → the payout;
 * - `GET /v1/payout/:id`, and `GET /v1/payouts/search?client_reference=` → `{ result: [...] }`;
 * - a payout's `status`: processing, then succeeded or failed (`payout_error` {error_code,
 *   error_message}); a succeeded payout can later be reversed. No webhook: Kalan polls;
 * - errors: an HTTP 4xx with `{ code, message }` (kebab-case codes);
 * - `GET /v1/balance` → `{ amount, currency }`.
 * Our payout id is both the idempotency key and the client_reference: `send` first looks the
 * payout up by its reference, so a retry long after Wave forgot the key still never pays twice.
 */
import type { PayoutFailureReason } from '#shared/payouts';
import { cachedSecret, DEFAULT_TIMEOUT_MS, exchange, isRecord, trimmedBaseUrl } from './http.js';
import { PROVIDER_ERRORS, PayoutProviderError, type PayoutProvider, type ProviderErrorName, type ProviderStatus } from './provider.js';

/** Wave's error codes (a refused request's `code`, a failed payout's `payout_error.error_code`). */
export const WAVE_ERROR_CODES: Record<string, ProviderErrorName> = {
  'insufficient-funds': 'balance_too_low',
  'payout-limit-exceeded': 'limit_exceeded',
  'recipient-limit-exceeded': 'limit_exceeded',
  'amount-too-small': 'limit_exceeded',
  'invalid-mobile': 'invalid_destination',
  'recipient-not-found': 'invalid_destination',
  'recipient-account-blocked': 'invalid_destination',
  'name-mismatch': 'invalid_destination',
  'service-unavailable': 'unavailable',
  'missing-auth-header': 'unauthorized',
  'invalid-auth': 'unauthorized',
  'api-key-not-provided': 'unauthorized',
  'no-matching-api-key': 'unauthorized',
  'api-key-revoked': 'unauthorized',
};

export function waveError(code: string, message: string, status: number): PayoutProviderError {
  const name = WAVE_ERROR_CODES[code] ?? (status === 401 || status === 403 ? 'unauthorized' : 'unexpected');
  return new PayoutProviderError('wave', name, code || String(status), `Wave ${code || status} : ${message}`);
}

/** A failed payout's reason for the tutor: the error's own reason, else « rejected ». */
function failureReasonOf(code: string): PayoutFailureReason {
  const name = WAVE_ERROR_CODES[code];
  return name && name !== 'unavailable' && name !== 'unauthorized' ? PROVIDER_ERRORS[name].reason : 'rejected';
}

/** A Wave payout object as our ProviderStatus. */
export function waveStatusOf(payout: Record<string, unknown>): ProviderStatus {
  const providerReference = typeof payout.id === 'string' && payout.id ? payout.id : null;
  switch (payout.status) {
    case 'processing':
      return { state: 'pending', providerReference };
    case 'succeeded':
      return { state: 'paid', providerReference };
    case 'failed': {
      const error = isRecord(payout.payout_error) ? payout.payout_error : {};
      const code = typeof error.error_code === 'string' ? error.error_code : '';
      const message = typeof error.error_message === 'string' ? error.error_message : '';
      return { state: 'failed', providerReference, reason: failureReasonOf(code), detail: `Wave failed${code ? ` (${code})` : ''}${message ? ` : ${message}` : ''}` };
    }
    case 'reversed':
      return { state: 'reversed', providerReference, detail: 'Wave : paiement annulé (reversed)' };
    default:
      throw new PayoutProviderError('wave', 'unexpected', String(payout.status ?? 'none'), `Wave : statut de paiement inconnu « ${String(payout.status)} »`);
  }
}

const localKey = (): { apiKey: string } | null => (process.env.PAYOUT_WAVE_API_KEY ? { apiKey: process.env.PAYOUT_WAVE_API_KEY } : null);
const parseKey = (json: unknown): { apiKey: string } | null => (isRecord(json) && typeof json.apiKey === 'string' && json.apiKey ? { apiKey: json.apiKey } : null);

export interface WaveOptions {
  timeoutMs?: number;
  credentials?: () => Promise<{ apiKey: string }>;
}

export function createWaveProvider(options: WaveOptions = {}): PayoutProvider {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const credentials = options.credentials ?? cachedSecret('PAYOUT_WAVE_SECRET_NAME', localKey, parseKey);
  const baseUrl = () => trimmedBaseUrl('WAVE_BASE_URL', 'https://api.wave.com');

  async function call(method: 'GET' | 'POST', path: string, init: { body?: unknown; headers?: Record<string, string> } = {}): Promise<Record<string, unknown> | null> {
    const { apiKey } = await credentials();
    const answer = await exchange(
      'wave',
      `${baseUrl()}${path}`,
      {
        method,
        headers: { authorization: `Bearer ${apiKey}`, accept: 'application/json', ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      },
      timeoutMs,
    );
    const body = isRecord(answer.body) ? answer.body : null;
    if (answer.status === 404 && method === 'GET') return null;
    if (answer.status < 200 || answer.status >= 300) {
      throw waveError(typeof body?.code === 'string' ? body.code : '', typeof body?.message === 'string' ? body.message : `HTTP ${answer.status}`, answer.status);
    }
    if (!body) throw new PayoutProviderError('wave', 'unexpected', String(answer.status), `Wave : réponse illisible sur ${path}`);
    return body;
  }

  /** The payout Wave holds under our reference, or null. */
  async function findByReference(payoutId: string): Promise<Record<string, unknown> | null> {
    const body = await call('GET', `/v1/payouts/search?${new URLSearchParams({ client_reference: payoutId }).toString()}`);
    const result = Array.isArray(body?.result) ? body.result.filter(isRecord) : [];
    const mine = result.filter((payout) => payout.client_reference === payoutId);
    if (mine.length === 0) return null;
    // Several (a double Wave made): the most advanced one counts.
    const rank: Record<string, number> = { succeeded: 4, reversed: 3, processing: 2, failed: 1 };
    return mine.reduce((best, payout) => ((rank[String(payout.status)] ?? 0) > (rank[String(best.status)] ?? 0) ? payout : best));
  }

  async function status(payoutId: string, providerReference: string | null): Promise<ProviderStatus> {
    if (providerReference) {
      const payout = await call('GET', `/v1/payout/${encodeURIComponent(providerReference)}`);
      if (payout) return waveStatusOf(payout);
    }
    const found = await findByReference(payoutId);
    return found ? waveStatusOf(found) : { state: 'unknown' };
  }

  return {
    name: 'wave',
    async send(request) {
      const existing = await findByReference(request.payoutId);
      if (existing) return waveStatusOf(existing);
      const payout = await call('POST', '/v1/payout', {
        headers: { 'idempotency-key': request.payoutId },
        body: { currency: 'XOF', receive_amount: String(request.net), mobile: request.phone, name: request.holderName, client_reference: request.payoutId },
      });
      return waveStatusOf(payout!);
    },
    status,
    async balance() {
      const body = await call('GET', '/v1/balance');
      const amount = Number(body?.amount);
      if (!Number.isFinite(amount)) throw new PayoutProviderError('wave', 'unexpected', 'balance', 'Wave : solde illisible');
      return amount;
    },
  };
}
