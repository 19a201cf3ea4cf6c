/** When the workflow wakes up by itself: payment deadline, automatic release, periodic re-reads. */
import { DEFAULT_AUTO_RELEASE_DAYS, PAYMENT_TIMEOUT_SECONDS, type TransactionStatus } from '#shared/payments';

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * Longest single wait (20 days). Longer deadlines are reached by waiting again: it keeps every
 * timer within what a JavaScript timer holds (the local runner) and lets the workflow re-read
 * the table now and then.
 */
export const MAX_WAIT_SECONDS = 20 * 24 * 60 * 60;

/** The window after the lesson date before held funds are released (ESCROW_AUTO_RELEASE_DAYS). */
export function autoReleaseDays(): number {
  const value = Number(process.env.ESCROW_AUTO_RELEASE_DAYS ?? DEFAULT_AUTO_RELEASE_DAYS);
  return Number.isFinite(value) && value >= 0 ? value : DEFAULT_AUTO_RELEASE_DAYS;
}

/** Lesson date (or booking date when none is given) + the window. */
export function autoReleaseAt(createdAt: Date, scheduledDate: string | undefined, days = autoReleaseDays()): string {
  const base = scheduledDate ? new Date(scheduledDate) : createdAt;
  return new Date(base.getTime() + days * DAY_MS).toISOString();
}

export function paymentDeadline(createdAt: string): Date {
  return new Date(new Date(createdAt).getTime() + PAYMENT_TIMEOUT_SECONDS * 1000);
}

/** Seconds the workflow waits in `status` before acting (or re-reading) by itself. */
export function waitSecondsFor(
  tx: { status: TransactionStatus; created_at: string; auto_release_at: string },
  now: Date,
): number {
  const until = (date: Date) => Math.ceil((date.getTime() - now.getTime()) / 1000);
  const clamp = (seconds: number) => Math.min(Math.max(seconds, 1), MAX_WAIT_SECONDS);
  if (tx.status === 'pending') return clamp(until(paymentDeadline(tx.created_at)));
  if (tx.status === 'escrow') return clamp(until(new Date(tx.auto_release_at)));
  return MAX_WAIT_SECONDS;
}
