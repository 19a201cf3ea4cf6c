/**
 * The Paystack client: the only place that knows Paystack's subunits, its secret key and its
 * HTTP API (initialize, verify, refunds and their list, webhook signatures). PAYSTACK_BASE_URL points it at the
 * local sandbox; the secret comes from Secrets Manager (PAYSTACK_SECRET_NAME), read once per
 * container, or locally from PAYSTACK_SECRET_KEY.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { GetSecretValueCommand } from '@aws-sdk/client-secrets-manager';
import { CURRENCY, type PaymentMethod } from '#shared/constants';
import type { Fcfa } from '#shared/money';
import { secretsManager } from '#commons/clients/secrets-manager';

/** Paystack counts every currency, XOF included, in hundredths. */
const SUBUNITS_PER_FCFA = 100;
const REQUEST_TIMEOUT_MS = 5000;

export function toPaystackSubunits(amount: Fcfa): number {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError(`Montant FCFA invalide : ${amount}`);
  return amount * SUBUNITS_PER_FCFA;
}

/** Paystack subunits back to FCFA; null when they are not a whole number of francs. */
export function fromPaystackSubunits(subunits: number): Fcfa | null {
  if (!Number.isSafeInteger(subunits) || subunits < 0 || subunits % SUBUNITS_PER_FCFA !== 0) return null;
  return subunits / SUBUNITS_PER_FCFA;
}

/** Paystack's channel for a payment method, and the mobile money provider when there is one. */
export function channelOf(method: PaymentMethod): { channel: 'card' | 'mobile_money'; provider?: string } {
  if (method === 'card') return { channel: 'card' };
  return { channel: 'mobile_money', provider: method.replace('mobile_money_', '') };
}

/** Paystack could not be reached or failed (5xx, timeout): worth retrying. */
export class PaystackUnavailableError extends Error {
  override readonly name = 'PaystackUnavailable';
}

/** Paystack refused the request (4xx): retrying the same request will not help. */
export class PaystackRejectedError extends Error {
  override readonly name = 'PaystackRejected';
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

let secretKey: Promise<string> | undefined;

async function loadSecretKey(): Promise<string> {
  const local = process.env.PAYSTACK_SECRET_KEY;
  if (local) return local;
  const name = process.env.PAYSTACK_SECRET_NAME;
  if (!name) throw new Error('PAYSTACK_SECRET_NAME or PAYSTACK_SECRET_KEY must be set');
  const { SecretString } = await secretsManager().send(new GetSecretValueCommand({ SecretId: name }));
  if (!SecretString) throw new Error(`Secret ${name} is empty`);
  return SecretString.trim();
}

/** Read once per container; a failed read is retried by the next call. */
function paystackSecret(): Promise<string> {
  secretKey ??= loadSecretKey().catch((error: unknown) => {
    secretKey = undefined;
    throw error;
  });
  return secretKey;
}

function baseUrl(): string {
  return (process.env.PAYSTACK_BASE_URL ?? 'https://api.paystack.co').replace(/\/$/, '');
}

interface PaystackEnvelope<T> {
  status: boolean;
  message: string;
  data: T;
}

async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const key = await paystackSecret();
  let response: Response;
  try {
    response = await fetch(`${baseUrl()}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', accept: 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    throw new PaystackUnavailableError(`Paystack injoignable : ${(error as Error).message}`);
  }
  const payload = (await response.json().catch(() => undefined)) as PaystackEnvelope<T> | undefined;
  if (response.status >= 500 || response.status === 429) {
    throw new PaystackUnavailableError(`Paystack ${response.status} sur ${path}`);
  }
  if (!response.ok || !payload?.status) {
    throw new PaystackRejectedError(payload?.message ?? `Paystack ${response.status}`, response.status);
  }
  return payload.data;
}

export interface InitializeInput {
  email: string;
  amount: Fcfa;
  reference: string;
  method: PaymentMethod;
  callbackUrl: string;
  phone?: string;
  metadata: Record<string, string>;
}

export async function initializeTransaction(input: InitializeInput): Promise<{ authorizationUrl: string; reference: string }> {
  const { channel, provider } = channelOf(input.method);
  const data = await call<{ authorization_url: string; access_code: string; reference: string }>(
    'POST',
    '/transaction/initialize',
    {
      email: input.email,
      amount: toPaystackSubunits(input.amount),
      currency: CURRENCY,
      reference: input.reference,
      callback_url: input.callbackUrl,
      channels: [channel],
      ...(provider ? { mobile_money: { phone: input.phone, provider } } : {}),
      metadata: { ...input.metadata, ...(provider ? { provider } : {}) },
    },
  );
  return { authorizationUrl: data.authorization_url, reference: data.reference };
}

export interface VerifiedPayment {
  id: number;
  status: string;
  reference: string;
  /** In FCFA; null when Paystack's subunits are not whole francs. */
  amount: Fcfa | null;
  currency: string;
  paidAt?: string;
}

export async function verifyTransaction(reference: string): Promise<VerifiedPayment> {
  const data = await call<{ id: number; status: string; reference: string; amount: number; currency: string; paid_at?: string }>(
    'GET',
    `/transaction/verify/${encodeURIComponent(reference)}`,
  );
  return {
    id: data.id,
    status: data.status,
    reference: data.reference,
    amount: fromPaystackSubunits(data.amount),
    currency: data.currency,
    paidAt: data.paid_at ?? undefined,
  };
}

/** A refund as Paystack lists it: ours carry our transaction's id as `merchant_note`. */
export interface PaystackRefund {
  id: string;
  status: string;
  /** In FCFA; null when Paystack's subunits are not whole francs. */
  amount: Fcfa | null;
  merchantNote?: string;
}

/** Paystack pages its lists; a payment has at most a package's lessons' refunds, far fewer than this. */
const REFUNDS_PER_PAGE = 100;
const MAX_REFUND_PAGES = 10;

/** Every refund Paystack made of the payment `reference` (GET /refund?transaction=…), page after page. */
export async function listRefunds(reference: string): Promise<PaystackRefund[]> {
  const refunds: PaystackRefund[] = [];
  for (let page = 1; page <= MAX_REFUND_PAGES; page++) {
    const query = new URLSearchParams({ transaction: reference, perPage: String(REFUNDS_PER_PAGE), page: String(page) });
    const data = await call<Array<{ id: number | string; status?: string; amount?: number; merchant_note?: string | null }>>(
      'GET',
      `/refund?${query}`,
    );
    // Read wrong, a list would say "not refunded yet" and the payment would be refunded twice.
    if (!Array.isArray(data)) throw new PaystackRejectedError('Paystack : liste des remboursements illisible', 200);
    for (const refund of data) {
      refunds.push({
        id: String(refund.id),
        status: refund.status ?? 'pending',
        amount: typeof refund.amount === 'number' ? fromPaystackSubunits(refund.amount) : null,
        merchantNote: refund.merchant_note ?? undefined,
      });
    }
    if (data.length < REFUNDS_PER_PAGE) break;
  }
  return refunds;
}

/**
 * Refunds `amount` of the payment `reference` — all of it, or part of it (a package's payment is
 * refunded lesson by lesson). Idempotent by `merchantNote` (our transaction's id): a refund of
 * this payment already carrying it — asked before an answer that never came back — is returned
 * instead of refunding twice. Paystack answers 'pending' and completes a refund in 2–3 days.
 */
export async function refundTransaction(reference: string, amount: Fcfa, merchantNote: string): Promise<{ id: string; status: string }> {
  const made = (await listRefunds(reference)).find((refund) => refund.merchantNote === merchantNote);
  if (made) return { id: made.id, status: made.status };
  const data = await call<{ id?: number; status?: string; transaction?: { id: number } }>('POST', '/refund', {
    transaction: reference,
    amount: toPaystackSubunits(amount),
    currency: CURRENCY,
    merchant_note: merchantNote,
  });
  return { id: String(data.id ?? data.transaction?.id ?? ''), status: data.status ?? 'pending' };
}

/** HMAC-SHA512 of the raw body with the secret key, compared in constant time. */
export function signatureMatches(rawBody: Buffer, signature: string | undefined, secret: string): boolean {
  if (!signature || !/^[0-9a-f]{128}$/i.test(signature)) return false;
  const expected = createHmac('sha512', secret).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

export async function isSignedByPaystack(rawBody: Buffer, signature: string | undefined): Promise<boolean> {
  return signatureMatches(rawBody, signature, await paystackSecret());
}

/** Our reference for a transaction: unique, allowed characters only (alphanumeric, -, ., =). */
export function referenceFor(transactionId: string): string {
  return `kalan-${transactionId}`;
}

export function transactionIdOf(reference: string): string | null {
  const match = /^kalan-([0-9a-f-]{36})$/i.exec(reference);
  return match ? match[1]!.toLowerCase() : null;
}
