import { describe, expect, it } from 'vitest';
import { CANCELLATION_POLICY, cancellationOutcome } from '#shared/cancellation-policy';

const start = new Date('2026-12-01T09:00:00.000Z');
const before = (ms: number) => new Date(start.getTime() - ms);
const HOUR = 3_600_000;

describe('a parent cancels', () => {
  it('24 h before or more: everything back', () => {
    expect(cancellationOutcome({ by: 'parent', lessonStart: start, now: before(24 * HOUR), amount: 15_000 })).toMatchObject({ refund: 15_000, tutor: 0, commission: 0 });
    expect(cancellationOutcome({ by: 'parent', lessonStart: start, now: before(72 * HOUR), amount: 15_000 })!.band.refund_percent).toBe(100);
  });

  it('later than 24 h before: half back, the other half the tutor’s, minus the commission', () => {
    expect(cancellationOutcome({ by: 'parent', lessonStart: start, now: before(24 * HOUR - 1), amount: 15_000 })).toMatchObject({ refund: 7_500, tutor: 6_750, commission: 750 });
  });

  it('across midnight and a month end, the band is counted in hours, not in dates', () => {
    // 08:59 on 30 November for a lesson at 09:00 on 1 December: 24 h 01 min before.
    expect(cancellationOutcome({ by: 'parent', lessonStart: start, now: new Date('2026-11-30T08:59:00.000Z'), amount: 10_000 })!.refund).toBe(10_000);
    // 23:59 on 30 November: 9 h 01 min before.
    expect(cancellationOutcome({ by: 'parent', lessonStart: start, now: new Date('2026-11-30T23:59:00.000Z'), amount: 10_000 })!.refund).toBe(5_000);
  });

  it('at the start or after: too late to cancel', () => {
    expect(cancellationOutcome({ by: 'parent', lessonStart: start, now: start, amount: 15_000 })).toBeNull();
    expect(cancellationOutcome({ by: 'parent', lessonStart: start, now: new Date(start.getTime() + 1), amount: 15_000 })).toBeNull();
  });
});

describe('a tutor cancels', () => {
  it('everything back to the parent at any time before the start, and it counts', () => {
    expect(cancellationOutcome({ by: 'tuteur', lessonStart: start, now: before(1), amount: 15_000 })).toMatchObject({ refund: 15_000, tutor: 0, commission: 0 });
    expect(CANCELLATION_POLICY.tutor_cancellation_counts).toBe(true);
  });
});

describe('the money stays balanced', () => {
  it('refund + tutor + commission = the amount, in whole FCFA, for odd amounts too', () => {
    for (const amount of [0, 1, 499, 500, 7_501, 15_001, 80_000]) {
      for (const hours of [0.5, 23.9, 24, 48]) {
        const outcome = cancellationOutcome({ by: 'parent', lessonStart: start, now: before(hours * HOUR), amount })!;
        expect(outcome.refund + outcome.tutor + outcome.commission, `${amount} FCFA, ${hours} h`).toBe(amount);
        for (const part of [outcome.refund, outcome.tutor, outcome.commission]) expect(Number.isInteger(part) && part >= 0).toBe(true);
      }
    }
  });
});
