/** The reconciler's rules as plain functions (functions/src/escrow/reconcile-rules.ts). */
import { describe, expect, it } from 'vitest';
import { TRANSACTION_STATUSES } from '#shared/transaction-process';
import {
  isSettling,
  needsWorkflow,
  paymentOverdue,
  paystackCheckFor,
  reconcileSettings,
  refundRepair,
  isPartialRefund,
  sharesReference,
  releaseRepair,
  type ReconcilableTransaction,
} from '../../functions/src/escrow/reconcile-rules.js';

const now = new Date('2026-11-23T12:00:00.000Z');
const settings = { minAgeSeconds: 300, overdueSeconds: 1800 };
const minutesBefore = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();
const tx = (overrides: Partial<ReconcilableTransaction>): ReconcilableTransaction => ({
  status: 'escrow',
  created_at: minutesBefore(60),
  updated_at: minutesBefore(60),
  auto_release_at: minutesBefore(-7 * 24 * 60),
  ...overrides,
});

describe('reconciler rules', () => {
  it('expects a running workflow exactly in the statuses it waits or refunds in', () => {
    expect(TRANSACTION_STATUSES.filter(needsWorkflow)).toEqual(['pending', 'requested', 'escrow', 'disputed', 'refund_pending', 'credited']);
  });

  it('leaves a transaction changed within the quiet period alone', () => {
    expect(isSettling(tx({ updated_at: minutesBefore(4) }), now, settings)).toBe(true);
    expect(isSettling(tx({ updated_at: minutesBefore(5) }), now, settings)).toBe(false);
  });

  it('asks Paystack about every pending booking, refunds and releases only once overdue', () => {
    expect(paystackCheckFor(tx({ status: 'pending' }), now, settings)).toBe('payment');
    expect(paystackCheckFor(tx({ status: 'refund_pending', refund_requested_at: minutesBefore(29) }), now, settings)).toBeNull();
    expect(paystackCheckFor(tx({ status: 'refund_pending', refund_requested_at: minutesBefore(30) }), now, settings)).toBe('refund');
    expect(paystackCheckFor(tx({ status: 'escrow', auto_release_at: minutesBefore(29) }), now, settings)).toBeNull();
    expect(paystackCheckFor(tx({ status: 'escrow', auto_release_at: minutesBefore(30) }), now, settings)).toBe('release');
    for (const status of ['disputed', 'needs_attention', 'released', 'refunded', 'failed', 'payment_mismatch'] as const) {
      expect(paystackCheckFor(tx({ status, auto_release_at: minutesBefore(600) }), now, settings), status).toBeNull();
    }
  });

  it('expires a booking only 30 minutes after its payment window (30 minutes) closed', () => {
    expect(paymentOverdue({ created_at: minutesBefore(59) }, now, settings)).toBe(false);
    expect(paymentOverdue({ created_at: minutesBefore(60) }, now, settings)).toBe(true);
  });

  it('books a refund Paystack made, asks again when the charge stands and nothing runs, else an admin looks', () => {
    expect(refundRepair('reversed', 'running')).toBe('complete_refund');
    expect(refundRepair('reversed', 'missing')).toBe('complete_refund');
    expect(refundRepair('success', 'stopped')).toBe('redrive');
    expect(refundRepair('success', 'missing')).toBe('redrive');
    expect(refundRepair('success', 'running')).toBe('needs_attention');
    expect(refundRepair('failed', 'stopped')).toBe('needs_attention');
    expect(refundRepair('inconnue', 'missing')).toBe('needs_attention');
    // A partial refund (a lesson cancelled late) never asked twice: the charge may still read 'success' once refunded.
    expect(refundRepair('success', 'stopped', true)).toBe('needs_attention');
    expect(refundRepair('success', 'missing', true)).toBe('needs_attention');
    expect(refundRepair('reversed', 'missing', true)).toBe('complete_refund');
    // Issue 32: a charge shared with other lessons (a package's, a credit's) reversed says nothing of this lesson.
    expect(refundRepair('reversed', 'missing', true, true)).toBe('needs_attention');
  });

  it('knows which refunds are part of a charge (issue 32: packages, credits)', () => {
    const base = { amount_total: 10_000 };
    expect(isPartialRefund(base)).toBe(false);
    expect(isPartialRefund({ ...base, cancellation: { refund: 10_000 } })).toBe(false);
    expect(isPartialRefund({ ...base, cancellation: { refund: 5_000 } })).toBe(true);
    expect(isPartialRefund({ ...base, credit: { transferred: 6_000 } })).toBe(true);
    expect(isPartialRefund({ ...base, package_id: 'p' })).toBe(true);
    expect(isPartialRefund({ ...base, funded_by: 't' })).toBe(true);
    expect(sharesReference({})).toBe(false);
    expect(sharesReference({ package_id: 'p' })).toBe(true);
    expect(sharesReference({ funded_by: 't' })).toBe(true);
  });

  it('never releases money Paystack no longer holds', () => {
    expect(releaseRepair('success', 'stopped')).toBe('redrive');
    expect(releaseRepair('success', 'running')).toBe('needs_attention');
    expect(releaseRepair('reversed', 'stopped')).toBe('needs_attention');
    expect(releaseRepair('inconnue', 'missing')).toBe('needs_attention');
  });

  it('reads its settings from the environment, falling back on invalid values', () => {
    const before = { ...process.env };
    try {
      process.env.RECONCILE_MIN_AGE_SECONDS = '0';
      process.env.RECONCILE_OVERDUE_SECONDS = 'abc';
      expect(reconcileSettings()).toEqual({ minAgeSeconds: 0, overdueSeconds: 1800 });
      delete process.env.RECONCILE_MIN_AGE_SECONDS;
      expect(reconcileSettings().minAgeSeconds).toBe(300);
    } finally {
      process.env = before;
    }
  });
});
