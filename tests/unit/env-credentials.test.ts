/**
 * A bundled Lambda's credentials (the SDK's default chain is aliased to env-credentials.ts by
 * infra/lib/kalan-function.ts): read from the environment Lambda sets, session token included.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { defaultProvider } from '../../functions/src/commons/clients/env-credentials.js';

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
});

describe('credentials of a bundled Lambda', () => {
  it("are the role's credentials Lambda puts in the environment", async () => {
    Object.assign(process.env, { AWS_ACCESS_KEY_ID: 'ASIAEXAMPLE', AWS_SECRET_ACCESS_KEY: 'secret', AWS_SESSION_TOKEN: 'token' });
    await expect(defaultProvider()()).resolves.toMatchObject({ accessKeyId: 'ASIAEXAMPLE', secretAccessKey: 'secret', sessionToken: 'token' });
  });

  it('fail clearly when the environment holds none', async () => {
    delete process.env.AWS_ACCESS_KEY_ID;
    delete process.env.AWS_SECRET_ACCESS_KEY;
    await expect(defaultProvider()()).rejects.toThrow();
  });
});
