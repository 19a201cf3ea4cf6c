/**
 * The escrow's clocks (functions/src/escrow/timing.ts): the two windows read from the settings at
 * call time (with their defaults: 24 h to pay, 7 days after the lesson to release), the dates they
 * give, and how long the workflow waits before it acts or reads the table again.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  autoReleaseAt,
  autoReleaseWindowSeconds,
  MAX_WAIT_SECONDS,
  paymentDeadline,
  paymentTimeoutSeconds,
  waitSecondsFor,
} from '../../functions/src/escrow/timing.js';

const SETTINGS = ['PAYMENT_TIMEOUT_SECONDS', 'ESCROW_AUTO_RELEASE_DAYS', 'ESCROW_AUTO_RELEASE_SECONDS'];

function settings(values: Record<string, string | undefined>): void {
  for (const name of SETTINGS) vi.stubEnv(name, values[name] as string);
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('the windows', () => {
  it('default to 30 minutes to pay and 7 days to release', () => {
    settings({});
    expect(paymentTimeoutSeconds()).toBe(30 * 60);
    expect(autoReleaseWindowSeconds()).toBe(7 * 24 * 60 * 60);
  });

  it('read a number of seconds (or of days for the release) from the settings, 0 included', () => {
    settings({ PAYMENT_TIMEOUT_SECONDS: '2', ESCROW_AUTO_RELEASE_DAYS: '3' });
    expect(paymentTimeoutSeconds()).toBe(2);
    expect(autoReleaseWindowSeconds()).toBe(3 * 86_400);
    settings({ PAYMENT_TIMEOUT_SECONDS: '0', ESCROW_AUTO_RELEASE_DAYS: '3', ESCROW_AUTO_RELEASE_SECONDS: '0.5' });
    expect(paymentTimeoutSeconds()).toBe(0);
    // Seconds win over days (tests run the windows in seconds).
    expect(autoReleaseWindowSeconds()).toBe(0.5);
  });

  it('fall back to the default on a blank, non-numeric, infinite or negative setting', () => {
    for (const raw of ['', '   ', 'abc', 'Infinity', '-1']) {
      settings({ PAYMENT_TIMEOUT_SECONDS: raw, ESCROW_AUTO_RELEASE_DAYS: raw, ESCROW_AUTO_RELEASE_SECONDS: raw });
      expect(paymentTimeoutSeconds(), JSON.stringify(raw)).toBe(30 * 60);
      expect(autoReleaseWindowSeconds(), JSON.stringify(raw)).toBe(7 * 86_400);
    }
  });

  it('are read at each call, never cached', () => {
    settings({ PAYMENT_TIMEOUT_SECONDS: '5' });
    expect(paymentDeadline('2026-03-18T15:00:00.000Z').toISOString()).toBe('2026-03-18T15:00:05.000Z');
    settings({ PAYMENT_TIMEOUT_SECONDS: '7', ESCROW_AUTO_RELEASE_SECONDS: '60' });
    expect(paymentDeadline('2026-03-18T15:00:00.000Z').toISOString()).toBe('2026-03-18T15:00:07.000Z');
    expect(autoReleaseAt(new Date('2026-03-18T15:00:00.000Z'), undefined)).toBe('2026-03-18T15:01:00.000Z');
  });
});

describe('the dates', () => {
  const created = new Date('2026-03-18T15:00:00.000Z');

  it('release the window after the lesson date, or after the booking without one', () => {
    expect(autoReleaseAt(created, '2026-03-20T09:00:00.000Z', 3600)).toBe('2026-03-20T10:00:00.000Z');
    expect(autoReleaseAt(created, undefined, 3600)).toBe('2026-03-18T16:00:00.000Z');
    expect(autoReleaseAt(created, '', 3600)).toBe('2026-03-18T16:00:00.000Z');
  });

  it('fail the payment the timeout after the booking', () => {
    expect(paymentDeadline(created.toISOString(), 90).toISOString()).toBe('2026-03-18T15:01:30.000Z');
  });
});

describe('how long the workflow waits', () => {
  const now = new Date('2026-03-18T15:00:00.000Z');
  const at = (ms: number) => new Date(now.getTime() + ms).toISOString();

  it('waits for a payment until its deadline, rounded up to the second', () => {
    settings({ PAYMENT_TIMEOUT_SECONDS: '10' });
    expect(waitSecondsFor({ status: 'pending', created_at: at(-4_500), auto_release_at: at(999_999_000) }, now)).toBe(6);
  });

  it('waits with held funds until the automatic release, rounded up to the second', () => {
    expect(waitSecondsFor({ status: 'escrow', created_at: at(-10_000_000), auto_release_at: at(42_001) }, now)).toBe(43);
    expect(waitSecondsFor({ status: 'escrow', created_at: at(0), auto_release_at: at(1_000) }, now)).toBe(1);
    expect(waitSecondsFor({ status: 'escrow', created_at: at(0), auto_release_at: at(2_000) }, now)).toBe(2);
  });

  it('waits at least a second, even past the date, and at most 20 days', () => {
    expect(waitSecondsFor({ status: 'escrow', created_at: at(0), auto_release_at: at(-60_000) }, now)).toBe(1);
    expect(waitSecondsFor({ status: 'escrow', created_at: at(0), auto_release_at: at(0) }, now)).toBe(1);
    expect(MAX_WAIT_SECONDS).toBe(20 * 86_400);
    expect(waitSecondsFor({ status: 'escrow', created_at: at(0), auto_release_at: at(MAX_WAIT_SECONDS * 1000 + 5_000) }, now)).toBe(MAX_WAIT_SECONDS);
    expect(waitSecondsFor({ status: 'escrow', created_at: at(0), auto_release_at: at(MAX_WAIT_SECONDS * 1000 - 5_000) }, now)).toBe(MAX_WAIT_SECONDS - 5);
  });

  it('only re-reads the table now and then in the statuses where an admin decides', () => {
    for (const status of ['disputed', 'needs_attention', 'refund_pending'] as const) {
      expect(waitSecondsFor({ status, created_at: at(0), auto_release_at: at(1_000) }, now), status).toBe(MAX_WAIT_SECONDS);
    }
  });
});
