/**
 * A local stack safe by default (issue 12, point 5), against the running test stack: loopback
 * only, Cognito triggers out of the app's reach, tokens without expiry refused, private buckets
 * closed to anonymous readers, French errors, and the security headers CloudFront sends.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { networkInterfaces } from 'node:os';
import { AdminListGroupsForUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { decodeJwt, decodeProtectedHeader, importJWK, SignJWT, type JWK } from 'jose';
import { describe, expect, it } from 'vitest';
import { messages } from '#shared';
import { localConfig } from '../../infra/local/config.js';
import { observatoryHeaderChecks } from '../support/observatory.js';
import { api, cognitoClient, newUser, postConfirmationEvent, stack } from '../support/stack.js';

/** This machine's non-loopback IPv4 addresses: where a neighbour on the network would connect. */
const externalAddresses = Object.values(networkInterfaces())
  .flat()
  .filter((address) => address && address.family === 'IPv4' && !address.internal)
  .map((address) => address!.address);

async function connects(host: string, port: number): Promise<boolean> {
  try {
    await fetch(`http://${host}:${port}/`, { signal: AbortSignal.timeout(5_000) });
    return true;
  } catch {
    return false;
  }
}

describe('loopback by default', () => {
  it('listens on 127.0.0.1 unless KALAN_HOST says otherwise', async () => {
    expect(process.env.KALAN_HOST).toBeUndefined();
    expect(localConfig.host).toBe('127.0.0.1');
    const { ports } = stack();
    expect(await connects('127.0.0.1', ports.app)).toBe(true);
    // The payout providers' doubles: served by the stack, on the loopback only.
    expect(await connects('127.0.0.1', ports.payouts)).toBe(true);
    for (const address of externalAddresses) {
      // Not DynamoDB Local: it has no bind-address option and listens on every interface (docs/decisions.md).
      for (const port of [ports.app, ports.cognito, ports.s3, ports.lambda, ports.sfn, ports.paystack, ports.mailbox, ports.scheduler, ports.payouts]) {
        expect(await connects(address, port), `${address}:${port}`).toBe(false);
      }
    }
  });
});

describe('DynamoDB Local', () => {
  it("answers no CORS: another site's page cannot read the table through a visitor's browser", async () => {
    const { ports } = stack();
    const origin = 'http://evil.example';
    const preflight = await fetch(`http://127.0.0.1:${ports.dynamodb}/`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,x-amz-target' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    const listing = await fetch(`http://127.0.0.1:${ports.dynamodb}/`, {
      method: 'POST',
      headers: {
        origin,
        'content-type': 'application/x-amz-json-1.0',
        'x-amz-target': 'DynamoDB_20120810.ListTables',
        authorization: 'AWS4-HMAC-SHA256 Credential=local/20260101/eu-west-1/dynamodb/aws4_request, SignedHeaders=host, Signature=x',
      },
      body: '{}',
    });
    expect(listing.status).toBe(200);
    expect(listing.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('the local mailbox', () => {
  it('stays on the loopback whatever KALAN_HOST says: its codes open accounts', async () => {
    const { MAILBOX_HOST } = await import('../../infra/local/mailbox.js');
    expect(MAILBOX_HOST).toBe('127.0.0.1');
    expect(await connects('127.0.0.1', stack().ports.mailbox)).toBe(true);
  });
});

describe('Cognito triggers', () => {
  it("cannot be invoked through the app's port: a crafted post-confirmation event makes no admin", async () => {
    const user = await newUser('parent');
    const event = postConfirmationEvent(user, { given_name: 'A', family_name: 'B', 'custom:role': 'admin' });
    for (const name of ['kalan-local-post-confirmation', 'kalan-local-pre-sign-up']) {
      const invoked = await fetch(`${stack().appUrl}/2015-03-31/functions/${name}/invocations`, {
        method: 'POST',
        body: JSON.stringify(event),
      });
      expect(invoked.status).toBe(404);
      expect(await invoked.json()).toEqual({ message: messages.http.notFound });
    }
    const groups = await cognitoClient().send(
      new AdminListGroupsForUserCommand({ UserPoolId: stack().pool.userPoolId, Username: user.sub }),
    );
    expect(groups.Groups?.map((group) => group.GroupName)).toEqual(['parent']);
    expect((await api('/api/me', { token: user.accessToken })).body).toMatchObject({ role: 'parent' });
  });
});

describe("the router's JWT check", () => {
  /** Re-signs a real access token's claims with cognito-local's own key (same kid, issuer, client). */
  async function resign(token: string, change: (claims: Record<string, unknown>) => Record<string, unknown>): Promise<string> {
    const keyFile = createRequire(import.meta.url).resolve('cognito-local/lib/keys/cognitoLocal.private.json');
    const { jwk } = JSON.parse(readFileSync(keyFile, 'utf8')) as { jwk: JWK };
    const key = await importJWK(jwk, 'RS256');
    const header = decodeProtectedHeader(token);
    return new SignJWT(change({ ...decodeJwt(token) }))
      .setProtectedHeader({ alg: 'RS256', kid: header.kid! })
      .sign(key);
  }

  it('refuses a validly signed token without exp, as API Gateway does, and accepts it with one', async () => {
    const user = await newUser('parent');
    // The control: the same claims, re-signed, pass (so the refusal below is about exp alone).
    const withExp = await resign(user.accessToken, (claims) => claims);
    expect((await api('/api/me', { token: withExp })).status).toBe(200);

    const withoutExp = await resign(user.accessToken, ({ exp: _exp, ...claims }) => claims);
    expect(decodeJwt(withoutExp).exp).toBeUndefined();
    const refused = await api('/api/me', { token: withoutExp });
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ message: messages.http.unauthorized });
  });
});

describe('private buckets', () => {
  const bucket = localConfig.buckets.kycDocuments;
  const s3 = () =>
    new S3Client({
      endpoint: `http://127.0.0.1:${stack().ports.s3}`,
      region: localConfig.region,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });

  it('refuse unsigned reads and listings; signed reads still work', async () => {
    const key = `safety/${Date.now()}.pdf`;
    await s3().send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: 'pièce', ContentType: 'application/pdf' }));
    const signed = await s3().send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    expect(await signed.Body!.transformToString()).toBe('pièce');

    const base = `http://127.0.0.1:${stack().ports.s3}`;
    for (const path of [`/${bucket}/${key}`, `/${bucket}`, `/${bucket}?list-type=2`, '/']) {
      const anonymous = await fetch(`${base}${path}`);
      expect(anonymous.status, path).toBe(403);
      expect(await anonymous.text(), path).toContain('AccessDenied');
    }
    // A forged signature is checked by s3rver, not waved through.
    const forged = await fetch(`${base}/${bucket}/${key}?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=S3RVER%2F20260101%2Feu-west-1%2Fs3%2Faws4_request&X-Amz-Date=20260101T000000Z&X-Amz-Expires=60&X-Amz-SignedHeaders=host&X-Amz-Signature=${'0'.repeat(64)}`);
    expect(forged.status).toBe(403);
  });
});

describe('router errors', () => {
  it('are French', async () => {
    const user = await newUser('parent');
    expect(await api('/api/nothing-here', { token: user.accessToken })).toMatchObject({ status: 404 });
    expect(await api('/api/me')).toMatchObject({ status: 401, body: { message: messages.http.unauthorized } });
    const tooLarge = await api('/api/me', { method: 'PUT', token: user.accessToken, body: 'x'.repeat(6 * 1024 * 1024 + 1) });
    expect(tooLarge).toMatchObject({ status: 413, body: { message: messages.http.payloadTooLarge } });
    const missing = await fetch(`${stack().appUrl}/favicon-absent.svg`);
    if (missing.status === 404) expect(await missing.json()).toEqual({ message: messages.http.notFound });
  });
});

describe('security headers', () => {
  it('are sent on the SPA, config.json and the API, and pass the Observatory header tests', async () => {
    const responses = {
      '/': await fetch(`${stack().appUrl}/`),
      '/config.json': await fetch(`${stack().appUrl}/config.json`),
      '/api/me': await fetch(`${stack().appUrl}/api/me`),
    };
    for (const [path, response] of Object.entries(responses)) {
      const checks = observatoryHeaderChecks(response.headers);
      const passed = checks.filter((check) => check.pass).length;
      console.log(`[observatory] ${path}: ${passed}/${checks.length} header tests passed`);
      for (const check of checks) console.log(`  ${check.pass ? 'ok  ' : 'FAIL'} ${check.name}: ${check.detail}`);
      expect(checks.filter((check) => !check.pass), path).toEqual([]);
    }
  });
});
