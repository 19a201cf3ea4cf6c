import { describe, expect, it } from 'vitest';
import {
  commissionOf,
  DURATION_MAX_HOURS,
  DURATION_MIN_HOURS,
  formatAmount,
  formatFcfa,
  priceLesson,
  RATE_MAX,
  RATE_STEP,
} from '#shared';

describe('FCFA formatting', () => {
  it('groups thousands with a no-break space and appends FCFA', () => {
    expect(formatFcfa(15000)).toBe('15\u00a0000\u00a0FCFA');
    expect(formatFcfa(1234567)).toBe('1\u00a0234\u00a0567\u00a0FCFA');
    expect(formatFcfa(0)).toBe('0\u00a0FCFA');
    expect(formatAmount(999)).toBe('999');
  });

  it('reads like "15 000 FCFA" once the no-break spaces are shown as spaces', () => {
    expect(formatFcfa(15000).replace(/\u00a0/g, ' ')).toBe('15 000 FCFA');
  });
});

describe('commission', () => {
  it('is 10 % of the total, rounded to the franc', () => {
    expect(commissionOf(15000)).toBe(1500);
    expect(commissionOf(2345)).toBe(235);
    expect(commissionOf(2344)).toBe(234);
    expect(commissionOf(0)).toBe(0);
  });

  it('refuses amounts that are not whole positive francs', () => {
    expect(() => commissionOf(10.5)).toThrow(RangeError);
    expect(() => commissionOf(-100)).toThrow(RangeError);
  });

  it('splits every rate step and duration so that tutor share + commission = total', () => {
    for (let rate = 0; rate <= RATE_MAX; rate += RATE_STEP) {
      for (let hours = DURATION_MIN_HOURS; hours <= DURATION_MAX_HOURS; hours += 1) {
        const price = priceLesson(rate, hours);
        expect(price.total).toBe(rate * hours);
        expect(price.commission).toBe(Math.round(rate * hours * 0.1));
        expect(price.tutor + price.commission).toBe(price.total);
        expect(Number.isInteger(price.tutor)).toBe(true);
      }
    }
  });

  it('refuses a duration that is not a whole positive number of hours', () => {
    expect(() => priceLesson(5000, 0)).toThrow(RangeError);
    expect(() => priceLesson(5000, 1.5)).toThrow(RangeError);
  });
});
