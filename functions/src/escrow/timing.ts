/**
 * When the workflow wakes up by itself: payment deadline, automatic release, periodic re-reads.
 * Both windows are settings read at call time, so every function that needs one (booking, the
 * workflow's tasks) reads the same value, and tests run them in seconds:
 * - `PAYMENT_TIMEOUT_SECONDS`: how long a booking may stay unpaid (default 24 h);
 * - `ESCROW_AUTO_RELEASE_SECONDS`, or `ESCROW_AUTO_RELEASE_DAYS` (default 7): how long after the
 *   lesson's end (or the booking, without a date) held funds are released automatically;
 * - `LESSON_ANSWER_SECONDS` (default 24 h): how long a tutor has to accept a lesson request, never
 *   beyond the lesson's start.
 */
import {
  DEFAULT_ANSWER_WINDOW_SECONDS,
  DEFAULT_AUTO_RELEASE_DAYS,
  PAYMENT_TIMEOUT_SECONDS,
  WAITS,
  type TransactionStatus,
} from '#shared/transaction-process';

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

/** How long a tutor has to answer a lesson request, in seconds. */
export function answerWindowSeconds(): number {
  return secondsSetting('LESSON_ANSWER_SECONDS', DEFAULT_ANSWER_WINDOW_SECONDS);
}

/**
 * The lesson's end (its date + its hours; the booking date when no date is given) + the window:
 * the parent has the window after the lesson to confirm or report before the funds go to the tutor.
 */
export function autoReleaseAt(
  createdAt: Date,
  scheduledDate: string | undefined,
  windowSeconds = autoReleaseWindowSeconds(),
  durationHours = 0,
): string {
  const base = scheduledDate ? new Date(scheduledDate).getTime() + durationHours * 3_600_000 : createdAt.getTime();
  return new Date(base + windowSeconds * 1000).toISOString();
}

/**
 * Until when the tutor may answer a request: the window from the payment, and never after the
 * lesson's start (a lesson nobody confirmed does not take place).
 */
export function answerDeadline(tx: { paid_at?: string; created_at: string; course: { scheduled_date?: string } }, windowSeconds = answerWindowSeconds()): Date {
  const from = new Date(tx.paid_at ?? tx.created_at).getTime() + windowSeconds * 1000;
  const start = tx.course.scheduled_date ? Date.parse(tx.course.scheduled_date) : Number.POSITIVE_INFINITY;
  return new Date(Math.min(from, start));
}

export function paymentDeadline(createdAt: string, timeoutSeconds = paymentTimeoutSeconds()): Date {
  return new Date(new Date(createdAt).getTime() + timeoutSeconds * 1000);
}

/** Seconds the workflow waits in `status` before acting (or re-reading) by itself: the status's timer (`WAITS`). */
export function waitSecondsFor(
  tx: {
    status: TransactionStatus;
    created_at: string;
    auto_release_at: string;
    paid_at?: string;
    course?: { scheduled_date?: string };
    credit?: { refund_at: string };
  },
  now: Date,
): number {
  const until = (date: Date) => Math.ceil((date.getTime() - now.getTime()) / 1000);
  const clamp = (seconds: number) => Math.min(Math.max(seconds, 1), MAX_WAIT_SECONDS);
  const timer = WAITS[tx.status]?.timer;
  if (timer === 'payment_window') return clamp(until(paymentDeadline(tx.created_at)));
  if (timer === 'answer_window') return clamp(until(answerDeadline({ ...tx, course: tx.course ?? {} })));
  if (timer === 'auto_release_window') return clamp(until(new Date(tx.auto_release_at)));
  // Issue 32: a credit unspent goes back to the parent at its refund date (a package's end, the guarantee's validity).
  if (timer === 'credit_window' && tx.credit) return clamp(until(new Date(tx.credit.refund_at)));
  return MAX_WAIT_SECONDS;
}
