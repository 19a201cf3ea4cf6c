/**
 * The payout clients' reading of their providers (functions/src/payouts/providers): each status
 * and error code as our ProviderStatus and PayoutProviderError names, which failures are transient
 * (the workflow retries them), and which provider pays which operator.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cinetpayError, cinetpayStatusOf, contactNames } from '../../functions/src/payouts/providers/cinetpay.js';
import { exchange } from '../../functions/src/payouts/providers/http.js';
import { providerNameFor } from '../../functions/src/payouts/providers/index.js';
import { waveError, waveStatusOf } from '../../functions/src/payouts/providers/wave.js';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

describe('CinetPay', () => {
  it.each(['NEW', 'REC', 'NOS'])('%s is on its way', (treatment_status) => {
    expect(cinetpayStatusOf({ transaction_id: 'TR1', treatment_status })).toEqual({ state: 'pending', providerReference: 'TR1' });
  });
  it('VAL is paid, REJ failed as rejected with its comment', () => {
    expect(cinetpayStatusOf({ transaction_id: 'TR1', treatment_status: 'VAL' })).toEqual({ state: 'paid', providerReference: 'TR1' });
    expect(cinetpayStatusOf({ transaction_id: 'TR1', treatment_status: 'REJ', comment: 'numéro bloqué' })).toEqual({
      state: 'failed',
      providerReference: 'TR1',
      reason: 'rejected',
      detail: 'CinetPay REJ : numéro bloqué',
    });
  });
  it('an unknown status is an error, never a guess', () => {
    expect(() => cinetpayStatusOf({ treatment_status: 'XYZ' })).toThrow(expect.objectContaining({ errorName: 'unexpected' }));
  });
  it.each([
    ['602', 'balance_too_low', false],
    ['719', 'limit_exceeded', false],
    ['720', 'limit_exceeded', false],
    ['721', 'operator_unavailable', true],
    ['724', 'invalid_destination', false],
    ['725', 'notify_url_missing', false],
    ['801', 'limit_exceeded', false],
    ['717', 'invalid_destination', false],
    ['802', 'invalid_destination', false],
    ['804', 'operator_unavailable', true],
    ['701', 'unauthorized', false],
    ['705', 'unauthorized', false],
    ['805', 'unexpected', false],
    ['999', 'unexpected', false],
  ] as const)('code %s is %s', (code, name, transient) => {
    const error = cinetpayError(code, 'x');
    expect(error.errorName).toBe(name);
    expect(error.providerCode).toBe(code);
    expect(error.transient).toBe(transient);
    expect(error.errorType).toBe(transient ? 'Payout.Transient' : `Payout.${name}`);
  });
  it("splits the holder's name into CinetPay's surname and name", () => {
    expect(contactNames('  Aya  Marie Kouassi ')).toEqual({ surname: 'Aya', name: 'Marie Kouassi' });
    expect(contactNames('Kouassi')).toEqual({ surname: 'Kouassi', name: 'Kouassi' });
  });
});

describe('Wave', () => {
  it('reads processing, succeeded, failed and reversed', () => {
    expect(waveStatusOf({ id: 'pt-1', status: 'processing' })).toEqual({ state: 'pending', providerReference: 'pt-1' });
    expect(waveStatusOf({ id: 'pt-1', status: 'succeeded' })).toEqual({ state: 'paid', providerReference: 'pt-1' });
    expect(waveStatusOf({ id: 'pt-1', status: 'reversed' })).toMatchObject({ state: 'reversed', providerReference: 'pt-1' });
    expect(waveStatusOf({ id: 'pt-1', status: 'failed', payout_error: { error_code: 'recipient-limit-exceeded', error_message: 'limite' } })).toEqual({
      state: 'failed',
      providerReference: 'pt-1',
      reason: 'limit_exceeded',
      detail: 'Wave failed (recipient-limit-exceeded) : limite',
    });
    expect(waveStatusOf({ id: 'pt-1', status: 'failed' })).toMatchObject({ reason: 'rejected' });
  });
  it.each([
    ['insufficient-funds', 400, 'balance_too_low'],
    ['payout-limit-exceeded', 400, 'limit_exceeded'],
    ['invalid-mobile', 400, 'invalid_destination'],
    ['no-matching-api-key', 401, 'unauthorized'],
    ['idempotency-mismatch', 409, 'unexpected'],
    ['', 403, 'unauthorized'],
  ] as const)('error %s (HTTP %i) is %s', (code, status, name) => {
    expect(waveError(code, 'x', status).errorName).toBe(name);
  });
});

describe('transport', () => {
  it('no answer, a time-out, a 5xx or a 429 is `unavailable`, retried by the workflow', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('fetch failed')));
    await expect(exchange('wave', 'http://wave.test/v1/balance', {}, 100)).rejects.toMatchObject({ errorName: 'unavailable', errorType: 'Payout.Transient' });
    for (const status of [500, 503, 429]) {
      vi.stubGlobal('fetch', () => Promise.resolve(new Response('{}', { status })));
      await expect(exchange('cinetpay', 'http://cinetpay.test/v1/x?token=secret', {}, 100)).rejects.toMatchObject({ errorName: 'unavailable' });
    }
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('{"code":0}', { status: 200 })));
    await expect(exchange('cinetpay', 'http://cinetpay.test/v1/x', {}, 100)).resolves.toEqual({ status: 200, body: { code: 0 } });
  });
  it('never puts the query (CinetPay\'s token) in its messages', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('', { status: 502 })));
    const error = await exchange('cinetpay', 'http://cinetpay.test/v1/transfer/check/balance?token=TOPSECRET', {}, 100).catch((e: Error) => e);
    expect(String((error as Error).message)).not.toContain('TOPSECRET');
  });
});

describe('which provider pays which operator', () => {
  it('CinetPay for Orange, MTN and Moov, Wave for Wave, unless PAYOUT_PROVIDER_<OPERATOR> says otherwise', () => {
    expect(['orange', 'mtn', 'moov', 'wave'].map((op) => providerNameFor(op as never))).toEqual(['cinetpay', 'cinetpay', 'cinetpay', 'wave']);
    vi.stubEnv('PAYOUT_PROVIDER_ORANGE', 'wave');
    vi.stubEnv('PAYOUT_PROVIDER_WAVE', ' CinetPay ');
    expect(providerNameFor('orange')).toBe('wave');
    expect(providerNameFor('wave')).toBe('cinetpay');
  });
  it('refuses a misspelt provider rather than sending through the default', () => {
    vi.stubEnv('PAYOUT_PROVIDER_MTN', 'wavee');
    expect(() => providerNameFor('mtn')).toThrow(/PAYOUT_PROVIDER_MTN/);
  });
});
