import { describe, expect, it } from 'vitest';
import { periodStart, type TransactionView } from '#shared';
import { computeEarnings } from '../../functions/src/transactions/earnings-report.js';
import { autoReleaseAt, MAX_WAIT_SECONDS, waitSecondsFor } from '../../functions/src/escrow/timing.js';

const now = new Date('2026-03-18T15:00:00.000Z');

function tx(overrides: Partial<TransactionView> & { rating?: number }): TransactionView {
  const { rating, ...rest } = overrides;
  return {
    id: crypto.randomUUID(),
    invoice_number: 'X',
    reference: 'r',
    amount_total: 10_000,
    amount_tutor: 9_000,
    commission_amount: 1_000,
    hourly_rate: 5_000,
    status: 'released',
    payment_method: 'card',
    description: '',
    created_at: '2026-03-10T10:00:00.000Z',
    escrow_released_at: '2026-03-12T10:00:00.000Z',
    parent_id: 'p',
    parent_name: 'Aya K',
    tutor_id: 't',
    tutor_user_id: 'u',
    tutor_name: 'Koffi B',
    courses: [{ id: 'c', subject: 'Maths', level: 'Primaire', duration_hours: 2, status: 'completed', parent_rating: rating }],
    ...rest,
  };
}

describe('earnings periods', () => {
  it('starts the week 7 days back, the month on the 1st and the year on 1 January', () => {
    expect(periodStart('week', now).toISOString()).toBe('2026-03-11T15:00:00.000Z');
    expect(periodStart('month', now).toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(periodStart('year', now).toISOString()).toBe('2026-01-01T00:00:00.000Z');
  });

  it('sums released tutor shares of the period, pending held funds, lessons and the average rating', () => {
    const list = [
      tx({ rating: 5 }),
      tx({ escrow_released_at: '2026-02-20T10:00:00.000Z', rating: 2 }),
      tx({ status: 'escrow', escrow_released_at: undefined, amount_tutor: 4_500, courses: [] }),
      tx({ status: 'disputed', escrow_released_at: undefined, amount_tutor: 1_800, courses: [] }),
    ];
    const month = computeEarnings('month', list, now);
    expect(month).toMatchObject({ received: 9_000, pending: 6_300, lessons_given: 1, average_rating: 3.5, rated_courses: 2 });
    expect(month.chart).toHaveLength(18);
    expect(month.chart.find((p) => p.bucket === '2026-03-12')?.received).toBe(9_000);
    const year = computeEarnings('year', list, now);
    expect(year.received).toBe(18_000);
    expect(year.chart.map((p) => p.label)).toEqual(['janv.', 'févr.', 'mars']);
    expect(computeEarnings('week', list, now).received).toBe(9_000);
  });
});

describe('escrow timing', () => {
  it('releases automatically 7 days after the lesson date by default, or after the booking without a date', () => {
    expect(autoReleaseAt(now, '2026-03-20T09:00:00.000Z', 7 * 86_400)).toBe('2026-03-27T09:00:00.000Z');
    expect(autoReleaseAt(now, undefined, 7 * 86_400)).toBe('2026-03-25T15:00:00.000Z');
  });

  it('never waits longer than a timer can hold, and at least a second', () => {
    const far = { status: 'escrow' as const, created_at: now.toISOString(), auto_release_at: '2027-01-01T00:00:00.000Z' };
    expect(waitSecondsFor(far, now)).toBe(MAX_WAIT_SECONDS);
    expect(waitSecondsFor({ ...far, auto_release_at: '2026-03-01T00:00:00.000Z' }, now)).toBe(1);
    expect(waitSecondsFor({ ...far, status: 'pending' }, now)).toBe(30 * 60);
    expect(MAX_WAIT_SECONDS * 1000).toBeLessThan(2 ** 31 - 1);
  });
});
