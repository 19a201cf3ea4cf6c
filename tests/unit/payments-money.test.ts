import { describe, expect, it } from 'vitest';
import { DURATION_MAX_HOURS, DURATION_MIN_HOURS, RATE_MAX, RATE_MIN, RATE_STEP, priceLesson } from '#shared';
import {
  channelOf,
  fromPaystackSubunits,
  referenceFor,
  signatureMatches,
  toPaystackSubunits,
  transactionIdOf,
} from '../../functions/src/payments/paystack.js';
import { createHmac } from 'node:crypto';

const rates = Array.from({ length: (RATE_MAX - RATE_MIN) / RATE_STEP + 1 }, (_, i) => RATE_MIN + i * RATE_STEP);
const durations = Array.from({ length: DURATION_MAX_HOURS - DURATION_MIN_HOURS + 1 }, (_, i) => DURATION_MIN_HOURS + i);

describe('lesson price, commission and split', () => {
  it.each(durations)('for %i h, at every rate step, total = rate × hours and tutor + 10 %% commission = total', (hours) => {
    for (const rate of rates) {
      const price = priceLesson(rate, hours);
      expect(price.total).toBe(rate * hours);
      expect(price.commission).toBe(Math.round(rate * hours * 0.1));
      expect(price.tutor + price.commission).toBe(price.total);
      expect(Number.isInteger(price.tutor)).toBe(true);
    }
  });

  it('rounds the commission to the franc (2 h at 2 750 FCFA → 550)', () => {
    expect(priceLesson(2750, 2)).toEqual({ total: 5500, commission: 550, tutor: 4950 });
    expect(priceLesson(4005, 1)).toEqual({ total: 4005, commission: 401, tutor: 3604 });
  });

  it('refuses fractional hours and negative rates', () => {
    expect(() => priceLesson(3000, 1.5)).toThrow();
    expect(() => priceLesson(-500, 2)).toThrow();
  });
});

describe('Paystack subunits (only inside the Paystack client)', () => {
  it('sends FCFA × 100 and reads it back', () => {
    expect(toPaystackSubunits(15_000)).toBe(1_500_000);
    expect(fromPaystackSubunits(1_500_000)).toBe(15_000);
    for (const rate of rates) expect(fromPaystackSubunits(toPaystackSubunits(rate * 8))).toBe(rate * 8);
  });

  it('treats subunits that are not whole francs as invalid', () => {
    expect(fromPaystackSubunits(150_050)).toBeNull();
    expect(fromPaystackSubunits(-100)).toBeNull();
    expect(() => toPaystackSubunits(10.5)).toThrow();
  });

  it('maps each payment method to its Paystack channel and provider', () => {
    expect(channelOf('card')).toEqual({ channel: 'card' });
    expect(channelOf('mobile_money_orange')).toEqual({ channel: 'mobile_money', provider: 'orange' });
    expect(channelOf('mobile_money_mtn')).toEqual({ channel: 'mobile_money', provider: 'mtn' });
    expect(channelOf('mobile_money_moov')).toEqual({ channel: 'mobile_money', provider: 'moov' });
    expect(channelOf('mobile_money_wave')).toEqual({ channel: 'mobile_money', provider: 'wave' });
  });

  it('builds a unique reference from the transaction id and reads it back', () => {
    const id = '0f8fad5b-d9cb-469f-a165-70867728950e';
    expect(referenceFor(id)).toMatch(/^[A-Za-z0-9.=-]+$/);
    expect(transactionIdOf(referenceFor(id))).toBe(id);
    expect(transactionIdOf('other-ref')).toBeNull();
  });
});

describe('webhook signature', () => {
  const secret = 'sk_test_unit';
  const body = Buffer.from('{"event":"charge.success","data":{"reference":"kalan-x"}}');
  const good = createHmac('sha512', secret).update(body).digest('hex');

  it('accepts the HMAC-SHA512 of the raw body with the secret key', () => {
    expect(signatureMatches(body, good, secret)).toBe(true);
  });

  it('refuses a missing, malformed, other-key or other-body signature', () => {
    expect(signatureMatches(body, undefined, secret)).toBe(false);
    expect(signatureMatches(body, 'abc', secret)).toBe(false);
    expect(signatureMatches(body, createHmac('sha512', 'other').update(body).digest('hex'), secret)).toBe(false);
    expect(signatureMatches(Buffer.from(`${body} `), good, secret)).toBe(false);
  });
});
