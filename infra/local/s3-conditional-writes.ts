/**
 * S3's conditional writes, which s3rver ignores: a PUT with `If-None-Match: *` fails with 412
 * PreconditionFailed when the object exists, one with `If-Match: <etag>` when the object's ETag is
 * another (404 NoSuchKey when there is no object), and the check and the write are one step —
 * PUTs of the same key wait for each other, as S3 serialises them. The search catalogue's journal
 * relies on it: two indexers writing at once must not lose a change.
 */
import type S3rver from 's3rver';

interface Context {
  method: string;
  path: string;
  querystring: string;
  status: number;
  type: string;
  body: unknown;
  get(header: string): string;
  store: { getMetadata(bucket: string, key: string): Promise<{ etag: string }> };
}
type Middleware = (ctx: Context, next: () => Promise<void>) => Promise<void>;

const unquoted = (etag: string) => etag.trim().replace(/^W\//, '').replace(/^"|"$/g, '');

function refuse(ctx: Context, status: number, code: string, message: string): void {
  ctx.status = status;
  ctx.type = 'application/xml';
  ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`;
}

async function currentEtag(ctx: Context, bucket: string, key: string): Promise<string | null> {
  try {
    return unquoted((await ctx.store.getMetadata(bucket, key)).etag);
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return null;
    throw error;
  }
}

export function enforceConditionalWrites(server: S3rver): void {
  const writing = new Map<string, Promise<void>>();
  const middleware: Middleware = async (ctx, next) => {
    const ifMatch = ctx.get('if-match');
    const ifNoneMatch = ctx.get('if-none-match');
    const object = /^\/([^/]+)\/(.+)$/.exec(ctx.path);
    // A PUT of the object itself (the SDK adds `x-id=PutObject`), not of a subresource or a part.
    const subresource = /(^|&)(tagging|acl|uploadId|partNumber|retention|legal-hold)(=|&|$)/.test(ctx.querystring);
    if (ctx.method !== 'PUT' || !object || subresource || (!ifMatch && !ifNoneMatch)) return next();
    const [, bucket, key] = object as unknown as [string, string, string];
    const id = `${bucket}/${key}`;
    const previous = writing.get(id) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    const queued = previous.then(() => mine);
    writing.set(id, queued);
    await previous;
    try {
      const etag = await currentEtag(ctx, bucket, decodeURIComponent(key));
      if (ifNoneMatch === '*' && etag !== null) {
        return refuse(ctx, 412, 'PreconditionFailed', 'At least one of the pre-conditions you specified did not hold');
      }
      if (ifMatch && etag === null) return refuse(ctx, 404, 'NoSuchKey', 'The specified key does not exist.');
      if (ifMatch && unquoted(ifMatch) !== etag) {
        return refuse(ctx, 412, 'PreconditionFailed', 'At least one of the pre-conditions you specified did not hold');
      }
      await next();
    } finally {
      release();
      if (writing.get(id) === queued) writing.delete(id);
    }
  };
  // Before s3rver's routes (after the unsigned-request guard, which start() puts first).
  (server as unknown as { middleware: Middleware[] }).middleware.unshift(middleware);
}
