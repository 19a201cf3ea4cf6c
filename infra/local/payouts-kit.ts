/**
 * What the local CinetPay Transfer and Wave payout doubles share (payouts-sandbox.ts serves both):
 * the behaviours a destination number asks for (README, « Bacs à sable des retraits »), the
 * settings tests and `npm start` choose, the local credentials and small HTTP helpers.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { LocalConfig } from './config.js';

/**
 * What a destination number makes the doubles do, by its last three digits. Any other number is
 * paid normally: NEW / processing at the send, VAL / succeeded once settled.
 */
export const NUMBER_BEHAVIOURS = {
  '602': 'balance_too_low',
  '719': 'limit_719',
  '720': 'limit_720',
  '721': 'operator_unavailable',
  '724': 'not_a_contact',
  '725': 'notify_url_missing',
  '444': 'rejected',
  '555': 'slow',
  '661': 'duplicate_notifications',
  '662': 'reorder_notifications',
  '663': 'drop_notifications',
  '777': 'reversed_later',
} as const;
export type NumberBehaviour = (typeof NUMBER_BEHAVIOURS)[keyof typeof NUMBER_BEHAVIOURS] | 'normal';

/** The behaviour of a number (national 10 digits, or E.164 +225…). */
export function behaviourOf(phone: string): NumberBehaviour {
  const digits = phone.replace(/\D/g, '');
  return (NUMBER_BEHAVIOURS as Record<string, NumberBehaviour>)[digits.slice(-3)] ?? 'normal';
}

export interface PayoutsSandboxSettings {
  /** A transfer settles (VAL / succeeded, or REJ / failed for …444) this long after its send; null: only on `/__sandbox/…/settle/:id`. */
  settleAfterMs: number | null;
  /** How long a …555 number's send waits before answering (the transfer is recorded first). */
  slowMs: number;
  /** How long after success a …777 Wave payout is reversed (when settling by itself). */
  reverseAfterMs: number;
  /** CinetPay's token lifetime (5 minutes, as documented). */
  tokenTtlMs: number;
}

export const DEFAULT_SETTINGS: PayoutsSandboxSettings = { settleAfterMs: 3_000, slowMs: 15_000, reverseAfterMs: 10_000, tokenTtlMs: 5 * 60_000 };

export function applySettings(settings: PayoutsSandboxSettings, body: Record<string, unknown>): void {
  if (body.settleAfterMs === null || (typeof body.settleAfterMs === 'number' && body.settleAfterMs >= 0)) settings.settleAfterMs = body.settleAfterMs;
  for (const name of ['slowMs', 'reverseAfterMs', 'tokenTtlMs'] as const) {
    const value = body[name];
    if (typeof value === 'number' && Number.isFinite(value) && value >= 0) settings[name] = value;
  }
}

export interface PayoutCredentials {
  cinetpay: { apikey: string; password: string };
  wave: { apiKey: string };
}

/** The doubles' credentials: generated once per data directory (0600), never committed. */
export function localPayoutCredentials(config: LocalConfig): PayoutCredentials {
  const file = path.join(config.dataDir, 'payouts-credentials.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as PayoutCredentials;
  const credentials: PayoutCredentials = {
    cinetpay: { apikey: `local_${randomBytes(12).toString('hex')}`, password: randomBytes(16).toString('hex') },
    wave: { apiKey: `wave_ci_local_${randomBytes(24).toString('hex')}` },
  };
  writeFileSync(file, JSON.stringify(credentials), { mode: 0o600 });
  return credentials;
}

export function reply(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

export async function readText(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export function parseJson(text: string): Record<string, unknown> {
  if (!text) return {};
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Test control: the next N API requests (or all, while `on`) answered 503. */
export interface Unavailability {
  remaining: number;
  on: boolean;
}

export function applyUnavailable(state: Unavailability, body: Record<string, unknown>): void {
  if (typeof body.requests === 'number' && Number.isInteger(body.requests) && body.requests >= 0) state.remaining = body.requests;
  if (typeof body.on === 'boolean') state.on = body.on;
}

/** True when this request is to be answered 503 (and counts it). */
export function takeUnavailable(state: Unavailability): boolean {
  if (state.on) return true;
  if (state.remaining > 0) {
    state.remaining -= 1;
    return true;
  }
  return false;
}

/**
 * Test control: send answers held (the transfer already made) until lifted — a provider that
 * received the request and has not answered yet. Never persisted: a restart drops what it held.
 */
export interface Hold {
  on: boolean;
  waiting: Array<() => void>;
}

export const newHold = (): Hold => ({ on: false, waiting: [] });

export function setHold(hold: Hold, on: unknown): void {
  if (on === true) hold.on = true;
  if (on === false) {
    hold.on = false;
    for (const release of hold.waiting.splice(0)) release();
  }
}

export const waitWhileHeld = (hold: Hold) => (hold.on ? new Promise<void>((resolve) => hold.waiting.push(resolve)) : undefined);

/** A set of timers cancelled together at stop. */
export function timers() {
  const pending = new Set<NodeJS.Timeout>();
  return {
    after(ms: number, run: () => void): void {
      const timer = setTimeout(() => {
        pending.delete(timer);
        run();
      }, ms);
      timer.unref();
      pending.add(timer);
    },
    clear(): void {
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    },
  };
}

/** Unref'd: a slow answer in progress never keeps a stopping stack alive. */
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());
