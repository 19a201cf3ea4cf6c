/**
 * What both payout clients share: a request with a time-out whose transport failures are the
 * provider's `unavailable` (the workflow retries them), and credentials read once per container
 * from Secrets Manager — or, on the local stack, from the environment, as the Paystack key is.
 */
import { GetSecretValueCommand } from '@aws-sdk/client-secrets-manager';
import type { PayoutProviderName } from '#shared/payouts';
import { secretsManager } from '#commons/clients/secrets-manager';
import { PayoutProviderError } from './provider.js';

/** Beyond it the request is abandoned as `unavailable`; the payout id makes the retry safe. */
export const DEFAULT_TIMEOUT_MS = 10_000;

export interface ProviderAnswer {
  status: number;
  /** The parsed JSON body, or undefined when there was none or it was not JSON. */
  body: unknown;
}

/**
 * One HTTP exchange. No answer, a time-out, a 5xx or a 429 throw `unavailable` (transient);
 * every other answer is returned for the client to read.
 */
export async function exchange(provider: PayoutProviderName, url: string, init: RequestInit, timeoutMs: number): Promise<ProviderAnswer> {
  // Only the path in messages: CinetPay's token travels in the query string.
  const where = new URL(url).pathname;
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const reason = (error as Error & { cause?: { code?: string } }).cause?.code;
    const cause = (error as Error).name === 'TimeoutError' ? `pas de réponse en ${timeoutMs} ms` : `${(error as Error).message}${reason ? ` (${reason})` : ''}`;
    throw new PayoutProviderError(provider, 'unavailable', 'network', `${provider} injoignable (${where}) : ${cause}`);
  }
  const text = await response.text().catch(() => '');
  if (response.status >= 500 || response.status === 429) {
    throw new PayoutProviderError(provider, 'unavailable', String(response.status), `${provider} indisponible (${where}) : HTTP ${response.status}`);
  }
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return { status: response.status, body };
}

/**
 * A secret read once per container (a failed read is retried by the next call). `local` reads the
 * local stack's environment first; production reads the JSON secret named by `secretNameVariable`.
 */
export function cachedSecret<T>(secretNameVariable: string, local: () => T | null, parse: (json: unknown) => T | null): () => Promise<T> {
  let cached: Promise<T> | undefined;
  async function load(): Promise<T> {
    const fromEnvironment = local();
    if (fromEnvironment) return fromEnvironment;
    const name = process.env[secretNameVariable];
    if (!name) throw new Error(`${secretNameVariable} must be set`);
    const { SecretString } = await secretsManager().send(new GetSecretValueCommand({ SecretId: name }));
    let json: unknown;
    try {
      json = JSON.parse(SecretString ?? '');
    } catch {
      json = undefined;
    }
    const value = parse(json);
    // Never the secret's content in the message.
    if (!value) throw new Error(`Secret ${name} is not the expected JSON`);
    return value;
  }
  return () => {
    cached ??= load().catch((error: unknown) => {
      cached = undefined;
      throw error;
    });
    return cached;
  };
}

export function trimmedBaseUrl(variable: string, fallback: string): string {
  return (process.env[variable] ?? fallback).replace(/\/$/, '');
}

export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
