/**
 * Our presigner (SDK signer, no S3 client) must produce what the SDK's own S3 presigners produce,
 * for s3rver's path-style endpoint and for real S3's virtual-hosted addresses.
 */
import { GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { presignObjectUrl, presignPost, type PresignContext } from '../../functions/src/commons/s3-presign.js';

const credentials = { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'secret/EXAMPLE+key', sessionToken: 'session-token' };
const signingDate = new Date('2026-11-22T10:11:12Z');
const key = 'user-1/kyc_cni_1795312974000_7f3c.jpg';

const setups: Array<[string, string | undefined]> = [
  ['s3rver (path style)', 'http://127.0.0.1:4569'],
  ['AWS (virtual-hosted)', undefined],
];

function sdkClient(endpoint: string | undefined): S3Client {
  return new S3Client({
    region: 'eu-west-1',
    credentials,
    endpoint,
    forcePathStyle: Boolean(endpoint),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

function ours(endpoint: string | undefined): PresignContext {
  return { region: 'eu-west-1', credentials: async () => credentials, endpoint };
}

function parts(url: string): { base: string; query: Record<string, string> } {
  const parsed = new URL(url);
  return { base: `${parsed.origin}${parsed.pathname}`, query: Object.fromEntries(parsed.searchParams) };
}

afterEach(() => {
  vi.useRealTimers();
});

describe.each(setups)('S3 presigning on %s', (_name, endpoint) => {
  it('signs GET URLs exactly as the SDK presigner does', async () => {
    const expected = await getSignedUrl(sdkClient(endpoint), new GetObjectCommand({ Bucket: 'kalan-kyc-documents', Key: key }), {
      expiresIn: 300,
      signingDate,
    });
    const actual = await presignObjectUrl(ours(endpoint), { bucket: 'kalan-kyc-documents', key, expiresIn: 300, signingDate });
    expect(parts(actual)).toEqual(parts(expected));
    expect(parts(actual).query['X-Amz-Signature']).toMatch(/^[0-9a-f]{64}$/);
  });

  it('signs HEAD URLs exactly as the SDK presigner does', async () => {
    const expected = await getSignedUrl(sdkClient(endpoint), new HeadObjectCommand({ Bucket: 'kalan-tutor-images', Key: key }), {
      expiresIn: 60,
      signingDate,
    });
    const actual = await presignObjectUrl(ours(endpoint), {
      bucket: 'kalan-tutor-images',
      key,
      method: 'HEAD',
      expiresIn: 60,
      signingDate,
    });
    expect(parts(actual)).toEqual(parts(expected));
  });

  it('builds the same POST policy, fields and signature as the SDK', async () => {
    vi.useFakeTimers();
    vi.setSystemTime(signingDate);
    const conditions: Array<['eq', string, string] | ['content-length-range', number, number]> = [
      ['eq', '$Content-Type', 'image/jpeg'],
      ['content-length-range', 1, 5 * 1024 * 1024],
    ];
    const expected = await createPresignedPost(sdkClient(endpoint), {
      Bucket: 'kalan-tutor-images',
      Key: key,
      Conditions: conditions,
      Fields: { 'Content-Type': 'image/jpeg' },
      Expires: 300,
    });
    const actual = await presignPost(ours(endpoint), {
      bucket: 'kalan-tutor-images',
      key,
      conditions,
      fields: { 'Content-Type': 'image/jpeg' },
      expiresIn: 300,
      now: signingDate,
    });
    expect(actual.fields).toEqual(expected.fields);
    expect(new URL(actual.url).href).toBe(new URL(expected.url).href);
  });
});
