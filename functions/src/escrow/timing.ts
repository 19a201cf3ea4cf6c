/**
 * When the workflow wakes up by itself: payment deadline, automatic release, periodic re-reads.
 * Both windows are settings read at call time, so every function that needs one (booking, the
 * workflow's tasks) reads the same value, and tests run them in seconds:
 * - `PAYMENT_TIMEOUT_SECONDS`: how long a booking may stay unpaid (default 24 h);
 * - `ESCROW_AUTO_RELEASE_SECONDS`, or `ESCROW_AUTO_RELEASE_DAYS` (default 7): how long after the
 *   lesson date (or the booking, without a date) held funds are released automatically.
 */
import { DEFAULT_AUTO_RELEASE_DAYS, PAYMENT_TIMEOUT_SECONDS, WAITS, type TransactionStatus } from '#shared/transaction-process';

const DAY_SECONDS = 24 * 60 * 60;
/**
 * Longest single wait (20 days). Longer deadlines are reached by waiting again: it keeps every
 * timer within what a JavaScript timer holds (the local runner) and lets the workflow re-read
 * the table now and then.
 */
export const MAX_WAIT_SECONDS = 20 * DAY_SECONDS;

/** A non-negative number of seconds from the environment, or the fallback when unset or invalid. */
export function secondsSetting(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  return Number.isFinite(value) && value >= 0 ? value : fallback;
}

/** The window after the lesson date before held funds are released, in seconds. */
export function autoReleaseWindowSeconds(): number {
  const days = secondsSetting('ESCROW_AUTO_RELEASE_DAYS', DEFAULT_AUTO_RELEASE_DAYS);
  return secondsSetting('ESCROW_AUTO_RELEASE_SECONDS', days * DAY_SECONDS);
}

/** How long a booking may wait for its payment, in seconds. */
export function paymentTimeoutSeconds(): number {
  return secondsSetting('PAYMENT_TIMEOUT_SECONDS', PAYMENT_TIMEOUT_SECONDS);
}

/** Lesson date (or booking date when none is given) + the window. */
export function autoReleaseAt(createdAt: Date, scheduledDate: string | undefined, windowSeconds = autoReleaseWindowSeconds()): string {
  const base = scheduledDate ? new Date(scheduledDate) : createdAt;
  return new Date(base.getTime() + windowSeconds * 1000).toISOString();
}

export function paymentDeadline(createdAt: string, timeoutSeconds = paymentTimeoutSeconds()): Date {
  return new Date(new Date(createdAt).getTime() + timeoutSeconds * 1000);
}

/** Seconds the workflow waits in `status` before acting (or re-reading) by itself: the status's timer (`WAITS`). */
export function waitSecondsFor(
  tx: { status: TransactionStatus; created_at: string; auto_release_at: string },
  now: Date,
): number {
  const until = (date: Date) => Math.ceil((date.getTime() - now.getTime()) / 1000);
  const clamp = (seconds: number) => Math.min(Math.max(seconds, 1), MAX_WAIT_SECONDS);
  const timer = WAITS[tx.status]?.timer;
  if (timer === 'payment_window') return clamp(until(paymentDeadline(tx.created_at)));
  if (timer === 'auto_release_window') return clamp(until(new Date(tx.auto_release_at)));
  return MAX_WAIT_SECONDS;
}
