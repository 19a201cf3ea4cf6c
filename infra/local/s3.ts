/**
 * S3 emulated by s3rver, in this process. Browser uploads are checked against
 * their signed POST policy (s3-post-policy.ts); conditional PUTs (If-Match, If-None-Match) are
 * honoured as S3 honours them (s3-conditional-writes.ts).
 *
 * s3rver serves anonymous requests as if every bucket were public; Kalan's buckets are all private
 * (infra/lib/private-bucket.ts blocks public access), so a guard in front of s3rver refuses what
 * S3 would refuse: any request carrying no signature (s3rver then checks the signatures it gets).
 * Two exceptions, as in S3: CORS preflights, which never carry credentials, and the browser's
 * presigned POST uploads, whose signature travels in the form body.
 * Objects written to the tutor-images bucket are notified to the photo resizer (s3-events.ts).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import S3rver from 's3rver';
import { localConfig, type LocalConfig } from './config.js';
import { onStop } from './processes.js';
import { enforceConditionalWrites } from './s3-conditional-writes.js';
import { notifyPhotoResizer } from './s3-events.js';
import { enforcePostPolicies } from './s3-post-policy.js';

/** The parts of Koa's context the guard uses (koa ships no types here). */
interface Context {
  method: string;
  path: string;
  headers: Record<string, unknown>;
  query: Record<string, unknown>;
  status: number;
  type: string;
  body: unknown;
  is(type: string): string | false | null;
}
type Next = () => Promise<void>;

function isSigned(ctx: Context): boolean {
  return 'authorization' in ctx.headers || 'X-Amz-Algorithm' in ctx.query || 'Signature' in ctx.query;
}

/** A POST form upload to a bucket's root (presigned POST): `POST /<bucket>` in multipart/form-data. */
function isFormUpload(ctx: Context): boolean {
  return ctx.method === 'POST' && /^\/[^/]+\/?$/.test(ctx.path) && ctx.is('multipart/form-data') === 'multipart/form-data';
}

/** S3's answer to an anonymous request on a private bucket. */
async function refuseUnsigned(ctx: Context, next: Next): Promise<void> {
  if (ctx.method === 'OPTIONS' || isSigned(ctx) || isFormUpload(ctx)) return next();
  ctx.status = 403;
  ctx.type = 'application/xml';
  ctx.body =
    '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code><Message>Accès refusé : requête non signée sur un compartiment privé</Message></Error>';
}

/** Starts s3rver on `config.ports.s3` (0: a free port) and returns the port it listens on. */
export async function startS3(config: LocalConfig = localConfig): Promise<{ port: number; close: () => Promise<void> }> {
  const directory = path.join(config.dataDir, 's3');
  mkdirSync(directory, { recursive: true });
  const cors = `<CORSConfiguration><CORSRule><AllowedOrigin>*</AllowedOrigin><AllowedMethod>GET</AllowedMethod><AllowedMethod>POST</AllowedMethod><AllowedMethod>PUT</AllowedMethod><AllowedMethod>HEAD</AllowedMethod><AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader><MaxAgeSeconds>3000</MaxAgeSeconds></CORSRule></CORSConfiguration>`;
  const server = new S3rver({
    address: config.host,
    port: config.ports.s3,
    directory,
    silent: true,
    configureBuckets: Object.values(config.buckets).map((name) => ({ name, configs: [cors] })),
  });
  enforcePostPolicies(server);
  enforceConditionalWrites(server);
  // A profile photo uploaded → its variants, as the bucket's notification does in AWS.
  notifyPhotoResizer(server as unknown as Parameters<typeof notifyPhotoResizer>[0], config);
  // s3rver is a Koa app: the guard runs before its own middleware (Koa composes on each request).
  (server as unknown as { middleware: Array<(ctx: Context, next: Next) => Promise<void>> }).middleware.unshift(refuseUnsigned);
  const { port } = await server.run();
  const close = () => server.close();
  onStop(close);
  return { port, close };
}
