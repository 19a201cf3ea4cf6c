/** What the escrow refunds of a transaction (functions/src/payments/refunds.ts, issue 32). */
import { describe, expect, it } from 'vitest';
import { refundAmountOf } from '../../functions/src/payments/refunds.js';

const cancellation = (refund: number) => ({ by: 'parent' as const, at: '2026-11-27T10:00:00.000Z', refund, tutor: 0, commission: 0 });
const credit = (transferred?: number) => ({ reason: 'guarantee' as const, at: '2026-11-27T10:00:00.000Z', rebook_until: 'x', refund_at: 'x', ...(transferred === undefined ? {} : { transferred }) });

describe('refundAmountOf', () => {
  it('gives back all that was paid when nothing was cancelled nor spent', () => {
    expect(refundAmountOf({ amount_total: 10_500 })).toBe(10_500);
  });

  it('gives back what the cancellation policy gave, not the amount paid', () => {
    expect(refundAmountOf({ amount_total: 10_500, cancellation: cancellation(5_250) })).toBe(5_250);
  });

  it('keeps back what a credit already paid for another lesson', () => {
    expect(refundAmountOf({ amount_total: 10_500, credit: credit(7_000) })).toBe(3_500);
    expect(refundAmountOf({ amount_total: 10_500, credit: credit() })).toBe(10_500);
    expect(refundAmountOf({ amount_total: 10_500, cancellation: cancellation(10_500), credit: credit(4_000) })).toBe(6_500);
  });
});
