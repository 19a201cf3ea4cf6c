/**
 * The catalogue snapshot in S3: one gzipped JSON object, read by the search and
 * recommendation Lambdas, rewritten by the stream indexer. Writes are conditional on the ETag
 * read, so two indexers racing never lose each other's changes.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { s3 } from '#commons/clients/s3';
import { requireEnv } from '#commons/env';
import type { CatalogueSnapshot } from './catalogue.js';
import { SNAPSHOT_KEY } from './catalogue-keys.js';

const bucket = () => requireEnv('SEARCH_BUCKET');

function isMissing(error: unknown): boolean {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'NoSuchKey' || name === 'NotFound' || $metadata?.httpStatusCode === 404;
}

export function isPreconditionFailure(error: unknown): boolean {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'PreconditionFailed' || $metadata?.httpStatusCode === 412;
}

/** The snapshot's current ETag, or null when there is none yet. */
export async function snapshotEtag(): Promise<string | null> {
  try {
    const head = await s3.send(new HeadObjectCommand({ Bucket: bucket(), Key: SNAPSHOT_KEY }));
    return head.ETag ?? null;
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

export async function readSnapshot(): Promise<{ snapshot: CatalogueSnapshot; etag: string | null } | null> {
  try {
    const object = await s3.send(new GetObjectCommand({ Bucket: bucket(), Key: SNAPSHOT_KEY }));
    const bytes = await object.Body!.transformToByteArray();
    const snapshot = JSON.parse(gunzipSync(bytes).toString('utf8')) as CatalogueSnapshot;
    return { snapshot, etag: object.ETag ?? null };
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

/**
 * Writes the snapshot if it is still the version read (`etag`), or if there was none (`null`).
 * Throws a PreconditionFailed error when another writer got there first.
 */
export async function writeSnapshot(snapshot: CatalogueSnapshot, expected: { etag: string | null } | 'any'): Promise<void> {
  const condition =
    expected === 'any' ? {} : expected.etag === null ? { IfNoneMatch: '*' } : { IfMatch: expected.etag };
  await s3.send(
    new PutObjectCommand({
      Bucket: bucket(),
      Key: SNAPSHOT_KEY,
      Body: gzipSync(JSON.stringify(snapshot)),
      // Stored gzipped as is (no Content-Encoding), so no client ever inflates it on its own.
      ContentType: 'application/gzip',
      ...condition,
    }),
  );
}
