/**
 * Presigned S3 requests (GET and HEAD URLs, POST upload policies) made with the SDK's own SigV4
 * signer, without the S3 client: the client and its endpoint rules would add ~170 KB to every
 * Lambda that only hands out links. Output is the same as `@aws-sdk/s3-request-presigner` and
 * `@aws-sdk/s3-presigned-post` (tests/unit/s3-presign.test.ts compares them).
 *
 * Addresses: path style on the endpoint of AWS_ENDPOINT_URL_S3 when it is set (s3rver locally),
 * otherwise virtual-hosted `https://<bucket>.s3.<region>.amazonaws.com`.
 */
import { createHash, createHmac } from 'node:crypto';
import { fromEnv } from '@aws-sdk/credential-provider-env';
import { HttpRequest } from '@smithy/core/protocols';
import { createScope, getSigningKey, SignatureV4 } from '@smithy/signature-v4';
import type { AwsCredentialIdentity, Checksum, SourceData } from '@smithy/types';

/** SHA-256 / HMAC-SHA-256 for the signer, on Node's crypto. */
export class Sha256 implements Checksum {
  private hash;

  constructor(secret?: SourceData) {
    this.hash = secret === undefined ? createHash('sha256') : createHmac('sha256', toBuffer(secret));
  }

  update(data: SourceData): void {
    this.hash.update(toBuffer(data));
  }

  async digest(): Promise<Uint8Array> {
    return new Uint8Array(this.hash.digest());
  }

  reset(): void {
    throw new Error('not supported');
  }
}

function toBuffer(data: SourceData): Buffer {
  if (typeof data === 'string') return Buffer.from(data, 'utf8');
  if (ArrayBuffer.isView(data)) return Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  return Buffer.from(data);
}

export interface PresignContext {
  region: string;
  credentials: () => Promise<AwsCredentialIdentity>;
  /** e.g. http://127.0.0.1:4569 locally; undefined on AWS. */
  endpoint?: string;
}

/** The Lambda's own credentials and region (Lambda and the local stack both set them in the environment). */
export function environmentContext(): PresignContext {
  const region = process.env.AWS_REGION;
  if (!region) throw new Error('Missing environment variable AWS_REGION');
  return { region, credentials: fromEnv(), endpoint: process.env.AWS_ENDPOINT_URL_S3 || undefined };
}

const encodeKey = (key: string) => key.split('/').map(encodeURIComponent).join('/');

function bucketAddress(context: PresignContext, bucket: string): { protocol: string; hostname: string; port?: number; basePath: string } {
  if (context.endpoint) {
    const url = new URL(context.endpoint);
    return {
      protocol: url.protocol,
      hostname: url.hostname,
      port: url.port ? Number(url.port) : undefined,
      basePath: `${url.pathname.replace(/\/$/, '')}/${bucket}`,
    };
  }
  return { protocol: 'https:', hostname: `${bucket}.s3.${context.region}.amazonaws.com`, basePath: '' };
}

function formatUrl(request: HttpRequest): string {
  const port = request.port ? `:${request.port}` : '';
  const query = Object.entries(request.query)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`)
    .join('&');
  return `${request.protocol}//${request.hostname}${port}${request.path}${query ? `?${query}` : ''}`;
}

/** A presigned GET (or HEAD) URL of one object, valid `expiresIn` seconds from `signingDate`. */
export async function presignObjectUrl(
  context: PresignContext,
  input: { bucket: string; key: string; method?: 'GET' | 'HEAD'; expiresIn: number; signingDate?: Date },
): Promise<string> {
  const { protocol, hostname, port, basePath } = bucketAddress(context, input.bucket);
  const method = input.method ?? 'GET';
  const request = new HttpRequest({
    method,
    protocol,
    hostname,
    port,
    path: `${basePath}/${encodeKey(input.key)}`,
    // The SDK tags GetObject requests with x-id; HeadObject carries none.
    query: method === 'GET' ? { 'x-id': 'GetObject' } : {},
    headers: { host: `${hostname}${port ? `:${port}` : ''}`, 'X-Amz-Content-Sha256': 'UNSIGNED-PAYLOAD' },
  });
  const signer = new SignatureV4({
    service: 's3',
    region: context.region,
    credentials: context.credentials,
    sha256: Sha256,
    uriEscapePath: false,
    applyChecksum: false,
  });
  const signed = await signer.presign(request, {
    expiresIn: input.expiresIn,
    signingDate: input.signingDate,
    unsignableHeaders: new Set(['content-type']),
  });
  return formatUrl(signed as HttpRequest);
}

export type PostCondition = Record<string, string> | [string, string, string] | [string, number, number];

const iso8601 = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** A browser upload form (POST policy) for exactly one key, with the given extra conditions. */
export async function presignPost(
  context: PresignContext,
  input: { bucket: string; key: string; conditions?: PostCondition[]; fields?: Record<string, string>; expiresIn: number; now?: Date },
): Promise<{ url: string; fields: Record<string, string> }> {
  const now = input.now ?? new Date();
  const signingDate = iso8601(now).replace(/[-:]/g, '');
  const shortDate = signingDate.slice(0, 8);
  const credentials = await context.credentials();
  const fields: Record<string, string> = {
    ...input.fields,
    bucket: input.bucket,
    'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
    'X-Amz-Credential': `${credentials.accessKeyId}/${createScope(shortDate, context.region, 's3')}`,
    'X-Amz-Date': signingDate,
    ...(credentials.sessionToken ? { 'X-Amz-Security-Token': credentials.sessionToken } : {}),
  };
  const conditions = new Set<string>();
  for (const condition of input.conditions ?? []) conditions.add(JSON.stringify(condition));
  for (const [name, value] of Object.entries(fields)) conditions.add(JSON.stringify({ [name]: value }));
  conditions.add(JSON.stringify({ key: input.key }));
  const policy = Buffer.from(
    JSON.stringify({
      expiration: iso8601(new Date(now.valueOf() + input.expiresIn * 1000)),
      conditions: [...conditions].map((condition) => JSON.parse(condition) as unknown),
    }),
    'utf8',
  ).toString('base64');
  const signingKey = await getSigningKey(Sha256, credentials, shortDate, context.region, 's3');
  const signature = createHmac('sha256', signingKey).update(policy, 'utf8').digest('hex');
  const { protocol, hostname, port, basePath } = bucketAddress(context, input.bucket);
  return {
    url: `${protocol}//${hostname}${port ? `:${port}` : ''}${basePath || '/'}`,
    fields: { ...fields, key: input.key, Policy: policy, 'X-Amz-Signature': signature },
  };
}

/**
 * One signed S3 request on an object (SigV4 in the Authorization header, the payload hashed), for
 * the few calls a Lambda makes itself rather than hand to a browser: PutObjectTagging for the KYC
 * retention rule, the profile photos' originals read and their variants written (a binary body).
 * `query` names the sub-resource (`{ tagging: '' }`). Returns what `fetch` needs.
 */
export async function signObjectRequest<Body extends string | Uint8Array<ArrayBuffer> = string>(
  context: PresignContext,
  input: {
    bucket: string;
    key: string;
    method: 'PUT' | 'GET' | 'DELETE';
    query?: Record<string, string>;
    body?: Body;
    headers?: Record<string, string>;
  },
): Promise<{ url: string; method: string; headers: Record<string, string>; body?: Body }> {
  const { protocol, hostname, port, basePath } = bucketAddress(context, input.bucket);
  const body: string | Uint8Array = input.body ?? '';
  const request = new HttpRequest({
    method: input.method,
    protocol,
    hostname,
    port,
    path: `${basePath}/${encodeKey(input.key)}`,
    query: input.query ?? {},
    headers: {
      ...input.headers,
      host: `${hostname}${port ? `:${port}` : ''}`,
      'x-amz-content-sha256': (typeof body === 'string' ? createHash('sha256').update(body, 'utf8') : createHash('sha256').update(body)).digest('hex'),
    },
    body: input.body,
  });
  const signer = new SignatureV4({ service: 's3', region: context.region, credentials: context.credentials, sha256: Sha256, uriEscapePath: false });
  const signed = (await signer.sign(request)) as HttpRequest;
  const { host: _host, ...headers } = signed.headers;
  return { url: formatUrl(signed), method: input.method, headers, body: input.body };
}
