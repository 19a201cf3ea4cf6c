/**
 * What S3 guarantees and s3rver does not, for one key at a time:
 * - conditional writes: a PUT with `If-None-Match: *` fails with 412 PreconditionFailed when the
 *   object exists, one with `If-Match: <etag>` when the object's ETag is another (404 NoSuchKey
 *   when there is no object), the check and the write being one step;
 * - atomic writes: s3rver writes the file in place, so a GET during a PUT could read half an
 *   object; here PUTs of a key wait for each other, and GETs and HEADs wait for the PUT under way.
 * The search catalogue's journal relies on both: two indexers writing at once must not lose a
 * change, and a container reading while the indexer writes must read a whole journal.
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
  /** Per key, the PUT under way (and those queued behind it). */
  const writing = new Map<string, Promise<void>>();
  const middleware: Middleware = async (ctx, next) => {
    const object = /^\/([^/]+)\/(.+)$/.exec(ctx.path);
    // The object itself (the SDK adds `x-id=…`), not a subresource or a part.
    const subresource = /(^|&)(tagging|acl|uploadId|partNumber|retention|legal-hold|uploads)(=|&|$)/.test(ctx.querystring);
    if (!object || subresource) return next();
    const [, bucket, key] = object as unknown as [string, string, string];
    const id = `${bucket}/${key}`;
    if (ctx.method === 'GET' || ctx.method === 'HEAD') {
      await writing.get(id);
      return next();
    }
    if (ctx.method !== 'PUT') return next();
    const previous = writing.get(id) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    const queued = previous.then(() => mine);
    writing.set(id, queued);
    await previous;
    try {
      const ifMatch = ctx.get('if-match');
      const ifNoneMatch = ctx.get('if-none-match');
      const etag = ifMatch || ifNoneMatch ? await currentEtag(ctx, bucket, decodeURIComponent(key)) : null;
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
