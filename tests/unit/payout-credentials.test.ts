/**
 * Where the payout clients find their credentials: the local stack's environment first, else the
 * JSON secret named by PAYOUT_CINETPAY_SECRET_NAME / PAYOUT_WAVE_SECRET_NAME in Secrets Manager,
 * read once per container (a failed read is tried again), and never shown in an error.
 */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const secrets = mockClient(SecretsManagerClient);
let sent: Array<{ url: string; body: string; authorization: string | null }> = [];

beforeEach(() => {
  secrets.reset();
  sent = [];
  for (const name of ['PAYOUT_CINETPAY_API_KEY', 'PAYOUT_CINETPAY_PASSWORD', 'PAYOUT_WAVE_API_KEY']) vi.stubEnv(name, '');
  vi.stubEnv('CINETPAY_BASE_URL', 'http://cinetpay.test/');
  vi.stubEnv('WAVE_BASE_URL', 'http://wave.test');
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    sent.push({ url, body: String(init.body ?? ''), authorization: new Headers(init.headers).get('authorization') });
    if (url.includes('/v1/auth/login')) return new Response(JSON.stringify({ code: 0, message: 'OPERATION_SUCCES', data: { token: 'tok' } }));
    if (url.includes('/v1/transfer/check/balance')) return new Response(JSON.stringify({ code: 0, data: { available: 1200 } }));
    return new Response(JSON.stringify({ amount: '3400', currency: 'XOF' }));
  });
});

afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

async function providers() {
  vi.resetModules();
  const { createCinetPayProvider } = await import('../../functions/src/payouts/providers/cinetpay.js');
  const { createWaveProvider } = await import('../../functions/src/payouts/providers/wave.js');
  return { cinetpay: createCinetPayProvider(), wave: createWaveProvider() };
}

describe('payout credentials', () => {
  it('come from the local environment when it has them (the local stack)', async () => {
    vi.stubEnv('PAYOUT_CINETPAY_API_KEY', 'local-key');
    vi.stubEnv('PAYOUT_CINETPAY_PASSWORD', 'local-pass');
    vi.stubEnv('PAYOUT_WAVE_API_KEY', 'wave-local');
    const { cinetpay, wave } = await providers();
    expect(await cinetpay.balance()).toBe(1200);
    expect(await wave.balance()).toBe(3400);
    expect(new URLSearchParams(sent[0]!.body).get('apikey')).toBe('local-key');
    expect(sent[0]!.url).toBe('http://cinetpay.test/v1/auth/login?lang=fr');
    expect(sent.at(-1)).toMatchObject({ url: 'http://wave.test/v1/balance', authorization: 'Bearer wave-local' });
    expect(secrets.commandCalls(GetSecretValueCommand)).toHaveLength(0);
  });

  it('else from Secrets Manager, read once per container', async () => {
    vi.stubEnv('PAYOUT_CINETPAY_SECRET_NAME', 'kalan/test/cinetpay');
    vi.stubEnv('PAYOUT_WAVE_SECRET_NAME', 'kalan/test/wave');
    secrets.on(GetSecretValueCommand, { SecretId: 'kalan/test/cinetpay' }).resolves({ SecretString: '{"apikey":"sm-key","password":"sm-pass"}' });
    secrets.on(GetSecretValueCommand, { SecretId: 'kalan/test/wave' }).resolves({ SecretString: '{"apiKey":"sm-wave"}' });
    const { cinetpay, wave } = await providers();
    await cinetpay.balance();
    await wave.balance();
    await wave.balance();
    expect(new URLSearchParams(sent[0]!.body).get('password')).toBe('sm-pass');
    expect(sent.at(-1)!.authorization).toBe('Bearer sm-wave');
    expect(secrets.commandCalls(GetSecretValueCommand)).toHaveLength(2);
  });

  it('a secret that is not the expected JSON fails without its content, and is read again next time', async () => {
    vi.stubEnv('PAYOUT_WAVE_SECRET_NAME', 'kalan/test/wave');
    secrets.on(GetSecretValueCommand).resolvesOnce({ SecretString: 'wave_ci_prod_SECRETVALUE' }).resolves({ SecretString: '{"apiKey":"sm-wave"}' });
    const { wave } = await providers();
    const error = (await wave.balance().catch((e: unknown) => e)) as Error;
    expect(error.message).toMatch(/kalan\/test\/wave/);
    expect(error.message).not.toContain('SECRETVALUE');
    expect(await wave.balance()).toBe(3400);
    expect(secrets.commandCalls(GetSecretValueCommand)).toHaveLength(2);
  });

  it("CinetPay's token is kept for its 5 minutes (less a margin), then a new one is asked for", async () => {
    vi.stubEnv('PAYOUT_CINETPAY_API_KEY', 'local-key');
    vi.stubEnv('PAYOUT_CINETPAY_PASSWORD', 'local-pass');
    vi.resetModules();
    const { createCinetPayProvider } = await import('../../functions/src/payouts/providers/cinetpay.js');
    let clock = 1_000_000;
    const cinetpay = createCinetPayProvider({ now: () => clock });
    const logins = () => sent.filter((request) => request.url.includes('/v1/auth/login')).length;
    await cinetpay.balance();
    clock += 4 * 60_000;
    await cinetpay.balance();
    expect(logins()).toBe(1);
    clock += 31_000;
    await cinetpay.balance();
    expect(logins()).toBe(2);
    // The token travels in the query string, as documented; never the password.
    expect(sent.at(-1)!.url).toBe('http://cinetpay.test/v1/transfer/check/balance?token=tok&lang=fr');
  });

  it('without a local value nor a secret name, says which variable is missing', async () => {
    const { cinetpay } = await providers();
    await expect(cinetpay.balance()).rejects.toThrow(/PAYOUT_CINETPAY_SECRET_NAME/);
  });
});
