/**
 * Browser uploads (S3 POST Object with a signed policy) checked the way S3 checks them, in front of
 * s3rver, which stores any multipart POST it is sent: without this, anyone reaching the local S3
 * port could write any key of any bucket, and tests could not prove what the upload policy pins.
 *
 * Checked, as S3 does (https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-HTTPPOSTConstructPolicy.html):
 * the policy's SigV4 signature (with s3rver's own key pairs), its expiration, every condition
 * (exact match, `eq`, `starts-with`, `content-length-range` on the file's size), and that every
 * form field is covered by a condition. Refusals answer S3's error codes and status: 403
 * AccessDenied, 400 EntityTooLarge / EntityTooSmall / InvalidPolicyDocument.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import type { IncomingMessage } from 'node:http';
import type S3rver from 's3rver';

/** A body bigger than this is refused before it is parsed (S3's own POST limit is 5 GB; no Kalan upload nears this). */
const MAX_BODY_BYTES = 50 * 1024 * 1024;

/** Fields S3 leaves out of the "every field has a condition" rule. */
const EXEMPT_FIELDS = new Set(['policy', 'x-amz-signature', 'file']);

/** s3rver's registry of access key ids (its dummy account's S3RVER/S3RVER, as the signature of GETs uses). */
const { registry } = createRequire(import.meta.url)('s3rver/lib/models/account') as {
  registry: Map<string, { accessKeys: Map<string, string> }>;
};

/** What this reads of s3rver's Koa context (@types/s3rver does not say s3rver is a Koa app). */
interface Context {
  method: string;
  path: string;
  req: IncomingMessage;
  request: { req: IncomingMessage };
  status: number;
  type: string;
  body: unknown;
  is(type: string): string | false | null;
  get(header: string): string;
  set(header: string, value: string): void;
}
type Middleware = (ctx: Context, next: () => Promise<void>) => Promise<void>;

class PolicyError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

function secretOf(accessKeyId: string): string | undefined {
  return registry.get(accessKeyId)?.accessKeys.get(accessKeyId);
}

function hmac(key: Buffer | string, data: string): Buffer {
  return createHmac('sha256', key).update(data, 'utf8').digest();
}

/** Checks the form against its policy; returns nothing when S3 would store the file. */
export function checkPostPolicy(bucket: string, fields: Map<string, string>, fileSize: number, now = new Date()): void {
  const policyText = fields.get('policy');
  const signature = fields.get('x-amz-signature');
  const credential = fields.get('x-amz-credential');
  if (!policyText || !signature || !credential || fields.get('x-amz-algorithm') !== 'AWS4-HMAC-SHA256') {
    throw new PolicyError(403, 'AccessDenied', 'Access Denied');
  }
  const [accessKeyId, date, region, service, terminator] = credential.split('/');
  const secret = accessKeyId ? secretOf(accessKeyId) : undefined;
  if (!secret || !date || !region || service !== 's3' || terminator !== 'aws4_request') {
    throw new PolicyError(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
  }
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), 's3'), 'aws4_request');
  const expected = createHmac('sha256', signingKey).update(policyText, 'utf8').digest('hex');
  if (expected.length !== signature.length || !timingSafeEqual(Buffer.from(expected), Buffer.from(signature))) {
    throw new PolicyError(403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided.');
  }

  let policy: { expiration?: unknown; conditions?: unknown };
  try {
    policy = JSON.parse(Buffer.from(policyText, 'base64').toString('utf8')) as typeof policy;
  } catch {
    throw new PolicyError(400, 'InvalidPolicyDocument', 'Invalid Policy: Invalid JSON.');
  }
  const expiration = typeof policy.expiration === 'string' ? Date.parse(policy.expiration) : NaN;
  if (Number.isNaN(expiration) || !Array.isArray(policy.conditions)) {
    throw new PolicyError(400, 'InvalidPolicyDocument', 'Invalid Policy: expiration and conditions are required.');
  }
  if (now.valueOf() > expiration) throw new PolicyError(403, 'AccessDenied', 'Invalid according to Policy: Policy expired.');

  const value = (name: string) => (name === 'bucket' ? bucket : (fields.get(name) ?? ''));
  const covered = new Set<string>();
  for (const condition of policy.conditions as unknown[]) {
    if (Array.isArray(condition) && condition[0] === 'content-length-range') {
      const [, min, max] = condition as [string, number, number];
      if (fileSize > max) throw new PolicyError(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size');
      if (fileSize < min) throw new PolicyError(400, 'EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed size');
      continue;
    }
    const [operator, rawName, expected] = Array.isArray(condition)
      ? (condition as [string, string, string])
      : ['eq', ...(Object.entries(condition as Record<string, string>)[0] ?? ['', ''])];
    const name = String(rawName).replace(/^\$/, '').toLowerCase();
    covered.add(name);
    const actual = value(name);
    const holds = operator === 'eq' ? actual === expected : operator === 'starts-with' ? actual.startsWith(expected) : false;
    if (!holds) throw new PolicyError(403, 'AccessDenied', `Invalid according to Policy: Policy Condition failed: ["${operator}", "$${name}", "${expected}"]`);
  }
  for (const name of fields.keys()) {
    if (!EXEMPT_FIELDS.has(name) && !name.startsWith('x-ignore-') && !covered.has(name)) {
      throw new PolicyError(403, 'AccessDenied', `Invalid according to Policy: Extra input fields: ${name}`);
    }
  }
}

function refuse(ctx: Context, error: PolicyError): void {
  ctx.status = error.status;
  ctx.type = 'application/xml';
  ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${error.code}</Code><Message>${error.message}</Message></Error>`;
}

/**
 * Puts the check in front of s3rver's routes. Only a multipart POST on a bucket (a browser upload)
 * is read; the body is then handed on to s3rver unchanged.
 */
export function enforcePostPolicies(server: S3rver): void {
  const middleware: Middleware = async (ctx, next) => {
    const bucket = /^\/([^/?]+)\/?$/.exec(ctx.path)?.[1];
    if (ctx.method !== 'POST' || !bucket || !ctx.is('multipart/form-data')) return next();
    if (Number(ctx.get('content-length') || 0) > MAX_BODY_BYTES) {
      refuse(ctx, new PolicyError(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size'));
      ctx.set('Connection', 'close');
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        refuse(ctx, new PolicyError(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size'));
        ctx.set('Connection', 'close');
        return;
      }
      chunks.push(chunk);
    }
    const body = Buffer.concat(chunks);
    // The multipart parser of Node's fetch (undici), as a browser would read the form.
    let form: FormData;
    try {
      form = await new Response(body, { headers: { 'content-type': ctx.get('content-type') } }).formData();
    } catch {
      refuse(ctx, new PolicyError(400, 'MalformedPOSTRequest', 'The body of your POST request is not well-formed multipart/form-data.'));
      return;
    }
    const fields = new Map<string, string>();
    let fileSize = -1;
    form.forEach((entry, name) => {
      if (fileSize >= 0) return; // S3 ignores every field after the file
      if (name === 'file') fileSize = typeof entry === 'string' ? Buffer.byteLength(entry) : entry.size;
      else if (typeof entry === 'string') fields.set(name.toLowerCase(), entry);
    });
    if (fileSize < 0) {
      refuse(ctx, new PolicyError(400, 'InvalidArgument', 'POST requires exactly one file upload per request.'));
      return;
    }
    try {
      checkPostPolicy(bucket, fields, fileSize);
    } catch (error) {
      if (error instanceof PolicyError) return refuse(ctx, error);
      throw error;
    }
    // Hand s3rver the same body, as if it had just arrived.
    const { headers, rawHeaders, url, method, httpVersion, httpVersionMajor, httpVersionMinor, socket } = ctx.req;
    const replay = Object.assign(Readable.from([body]), { headers, rawHeaders, url, method, httpVersion, httpVersionMajor, httpVersionMinor, socket });
    ctx.req = ctx.request.req = replay as unknown as IncomingMessage;
    return next();
  };
  // First of all, before s3rver's logger and routes.
  (server as unknown as { middleware: Middleware[] }).middleware.unshift(middleware);
}
