/**
 * The webhook body's schema (functions/src/payments/paystack-event.ts): Paystack's events as its
 * documentation shows them are read, and every bound holds exactly at its edge — so that a real
 * charge is never refused, and nothing unbounded reaches a key or a log line.
 */
import { describe, expect, it } from 'vitest';
import { MAX_METADATA_CHARS, MAX_WEBHOOK_BODY_BYTES, parseWebhookBody } from '../../functions/src/payments/paystack-event.js';

const parse = (value: unknown) => parseWebhookBody(Buffer.from(JSON.stringify(value)));
const parseRaw = (text: string) => parseWebhookBody(Buffer.from(text));

/** A `charge.success` in the shape of Paystack's documentation (fields Kalan never reads included). */
const documented = {
  event: 'charge.success',
  data: {
    id: 302961,
    domain: 'live',
    status: 'success',
    reference: 'kalan-6f1c1c4e-2c52-4c8e-9f8a-3e1f0b7a1d2c',
    amount: 1_000_000,
    message: null,
    gateway_response: 'Approved by Financial Institution',
    paid_at: '2016-09-30T21:10:19.000Z',
    created_at: '2016-09-30T21:09:56.000Z',
    channel: 'card',
    currency: 'XOF',
    ip_address: '41.242.49.37',
    metadata: 0,
    log: null,
    fees: null,
    customer: { id: 68324, first_name: 'Awa', last_name: 'Koné', email: 'awa@exemple.ci', customer_code: 'CUS_qo38as2hpsgk2r0', phone: null, metadata: null, risk_action: 'default' },
    authorization: { authorization_code: 'AUTH_f5rnfq9p', bin: '539999', last4: '8877', exp_month: '08', exp_year: '2020', card_type: 'mastercard DEBIT', bank: 'Guaranty Trust Bank', country_code: 'NG', brand: 'mastercard', reusable: true },
    plan: {},
  },
};

const withData = (data: Record<string, unknown>) => ({ ...documented, data: { ...documented.data, ...data } });

describe('what the webhook reads', () => {
  it("reads a documented charge.success: Paystack's id, our reference, the rest bounded or dropped", () => {
    expect(parse(documented)).toEqual({
      ok: true,
      event: { event: 'charge.success', charge: { id: 302961, reference: documented.data.reference, status: 'success', amount: 1_000_000, currency: 'XOF', metadata: 0 } },
    });
  });

  it('accepts the forms Paystack gives metadata (an object, an empty string, 0) and a string id of digits', () => {
    for (const metadata of [{ transaction_id: 'x' }, '', 0, null]) expect(parse(withData({ metadata })).ok, JSON.stringify(metadata)).toBe(true);
    expect(parse(withData({ id: '302961' })).ok).toBe(true);
  });

  it('acknowledges other events without reading their data beyond its being an object', () => {
    expect(parse({ event: 'transfer.success', data: { id: 'x'.repeat(10_000) } })).toEqual({ ok: true, event: { event: 'transfer.success' } });
  });
});

describe('what the webhook refuses', () => {
  it('says a body that is not JSON is not JSON', () => {
    expect(parseRaw('{"event":')).toMatchObject({ ok: false, error: 'invalid_json' });
  });

  it('refuses what is not an event: null, scalars, arrays, no data, data not an object, an odd event name', () => {
    for (const body of [null, 0, 'charge.success', [], [documented], {}, { event: 'charge.success' }, { event: 'transfer.success', data: [] }, { event: 'x', data: null }, { event: 1, data: {} }, { event: 'charge success', data: {} }, { event: 'e'.repeat(65), data: {} }]) {
      expect(parse(body), JSON.stringify(body)).toMatchObject({ ok: false, error: 'invalid_event' });
    }
  });

  it('refuses a charge without an id or a reference, or with one of another type', () => {
    for (const data of [{ id: undefined }, { reference: undefined }, { id: -1 }, { id: 1.5 }, { id: 2 ** 53 }, { id: '12a' }, { reference: '' }, { reference: 42 }, { reference: 'kalan/../x' }]) {
      const body = withData(data);
      expect(parse(body), JSON.stringify(data)).toMatchObject({ ok: false, error: 'invalid_event' });
    }
  });

  it('holds each bound at its edge: id 20 digits, reference 100, status 32, currency 3 letters, metadata, body', () => {
    const edges: Array<[Record<string, unknown>, Record<string, unknown>]> = [
      [{ id: '1'.repeat(20) }, { id: '1'.repeat(21) }],
      [{ reference: 'r'.repeat(100) }, { reference: 'r'.repeat(101) }],
      [{ status: 's'.repeat(32) }, { status: 's'.repeat(33) }],
      [{ currency: 'XOF' }, { currency: 'xof' }],
      [{ amount: 0 }, { amount: -1 }],
      [{ metadata: 'm'.repeat(MAX_METADATA_CHARS - 2) }, { metadata: 'm'.repeat(MAX_METADATA_CHARS - 1) }],
    ];
    for (const [fits, over] of edges) {
      expect(parse(withData(fits)).ok, JSON.stringify(fits).slice(0, 40)).toBe(true);
      expect(parse(withData(over)).ok, JSON.stringify(over).slice(0, 40)).toBe(false);
    }
    const size = (padding: number) => Buffer.byteLength(JSON.stringify(withData({ log: 'l'.repeat(padding) })));
    const padding = MAX_WEBHOOK_BODY_BYTES - size(0);
    expect(size(padding)).toBe(MAX_WEBHOOK_BODY_BYTES);
    expect(parse(withData({ log: 'l'.repeat(padding) })).ok).toBe(true);
    expect(parse(withData({ log: 'l'.repeat(padding + 1) }))).toMatchObject({ ok: false, error: 'invalid_event' });
  });

  it('refuses metadata nested too deep to be measured, without throwing', () => {
    const depth = 20_000;
    const body = JSON.stringify(documented).replace('"metadata":0', `"metadata":${'['.repeat(depth)}${']'.repeat(depth)}`);
    expect(body.length).toBeLessThan(MAX_WEBHOOK_BODY_BYTES);
    expect(parseRaw(body)).toMatchObject({ ok: false, error: 'invalid_event' });
  });
});
