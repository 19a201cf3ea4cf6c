/**
 * The catalogue in S3, in two kinds of objects (catalogue-keys.ts):
 * - prepared bases, immutable, written by a rebuild or a compaction (the tutors, the full-text
 *   index and the sort orders: what a search container loads without building anything);
 * - the journal, a small object naming the current base and the tutors changed since, rewritten
 *   by the indexer on each change, conditionally on the ETag read, so two indexers racing never
 *   lose each other's changes. Containers check its ETag, not the base's.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  paginateListObjectsV2,
  PutObjectCommand,
} from '@aws-sdk/client-s3';
import { s3 } from '#commons/clients/s3';
import { requireEnv } from '#commons/env';
import type { TutorSummary } from '#shared/search';
import type { CatalogueChange, PreparedCatalogue } from './catalogue-index.js';
import { BASE_PREFIX, baseKey, JOURNAL_KEY } from './catalogue-keys.js';
import { BASE_VERSION, decodeBase, encodeBase, type DecodedBase } from './prepared-base.js';

const bucket = () => requireEnv('SEARCH_BUCKET');

export interface CatalogueJournal {
  version: 2;
  /** The prepared base the changes apply to, and when it was built. */
  base: string;
  generated_at: string;
  /** Increases with every write of the journal; `updated_at` is when the last one was made. */
  seq: number;
  updated_at: string;
  /** The latest state of each user changed since the base, with the `seq` that wrote it. */
  changes: Array<CatalogueChange & { seq: number }>;
}

export { BASE_VERSION } from './prepared-base.js';

/** A base to write: a freshly built index's prepared parts (prepared-base.ts writes the bytes). */
export interface CatalogueBase {
  id: string;
  generated_at: string;
  prepared: PreparedCatalogue;
}

function isMissing(error: unknown): boolean {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'NoSuchKey' || name === 'NotFound' || $metadata?.httpStatusCode === 404;
}

export function isPreconditionFailure(error: unknown): boolean {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'PreconditionFailed' || $metadata?.httpStatusCode === 412;
}

async function readBytes(key: string): Promise<{ bytes: Uint8Array; etag: string | null } | null> {
  try {
    const object = await s3.send(new GetObjectCommand({ Bucket: bucket(), Key: key }));
    return { bytes: await object.Body!.transformToByteArray(), etag: object.ETag ?? null };
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

async function readJson<T>(key: string): Promise<{ value: T; etag: string | null } | null> {
  const read = await readBytes(key);
  return read && { value: JSON.parse(gunzipSync(read.bytes).toString('utf8')) as T, etag: read.etag };
}

function putJson(key: string, value: unknown, condition: { IfMatch?: string; IfNoneMatch?: string } = {}) {
  return s3.send(
    new PutObjectCommand({
      Bucket: bucket(),
      Key: key,
      Body: gzipSync(JSON.stringify(value)),
      // Stored gzipped as is (no Content-Encoding), so no client ever inflates it on its own.
      ContentType: 'application/gzip',
      ...condition,
    }),
  );
}

/** The journal's current ETag, or null when there is none yet. */
export async function journalEtag(): Promise<string | null> {
  try {
    const head = await s3.send(new HeadObjectCommand({ Bucket: bucket(), Key: JOURNAL_KEY }));
    return head.ETag ?? null;
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

export async function readJournal(): Promise<{ journal: CatalogueJournal; etag: string | null } | null> {
  const read = await readJson<CatalogueJournal>(JOURNAL_KEY);
  return read && { journal: read.value, etag: read.etag };
}

/**
 * Writes the journal if it is still the version read (`etag`), or if there was none (`null`).
 * Throws a PreconditionFailed error when another writer got there first.
 */
export async function writeJournal(journal: CatalogueJournal, expected: { etag: string | null }): Promise<void> {
  await putJson(JOURNAL_KEY, journal, expected.etag === null ? { IfNoneMatch: '*' } : { IfMatch: expected.etag });
}

/** The base of this id (version 4, or an older one: then only its tutors), or null when there is none. */
export async function readBase(id: string): Promise<DecodedBase | null> {
  const read = await readBytes(baseKey(id));
  return read && decodeBase(read.bytes);
}

/** Every tutor of a base (all parsed: a compaction, the static pages). */
export function tutorsOfBase(base: DecodedBase): TutorSummary[] {
  if (base.version !== BASE_VERSION) return base.tutors;
  const { tutors } = base.prepared;
  return Array.from({ length: tutors.size }, (_, position) => tutors.at(position));
}

/** A new base, under its own key: nothing reads it before a journal names it. */
export async function writeBase(base: CatalogueBase): Promise<number> {
  const body = encodeBase(base);
  await s3.send(new PutObjectCommand({ Bucket: bucket(), Key: baseKey(base.id), Body: body, ContentType: 'application/gzip', IfNoneMatch: '*' }));
  return body.length;
}

/**
 * Deletes the bases no journal names any more: all but `keep`, and only those older than
 * `minAgeMs` (a base just written by another indexer may be about to be named).
 */
export async function removeOldBases(keep: readonly string[], minAgeMs: number, now = Date.now()): Promise<number> {
  const kept = new Set(keep.map(baseKey));
  const old: string[] = [];
  for await (const page of paginateListObjectsV2({ client: s3 }, { Bucket: bucket(), Prefix: BASE_PREFIX })) {
    for (const object of page.Contents ?? []) {
      if (!object.Key || kept.has(object.Key)) continue;
      if (object.LastModified && now - object.LastModified.getTime() < minAgeMs) continue;
      old.push(object.Key);
    }
  }
  for (let i = 0; i < old.length; i += 1000) {
    await s3.send(new DeleteObjectsCommand({ Bucket: bucket(), Delete: { Objects: old.slice(i, i + 1000).map((Key) => ({ Key })), Quiet: true } }));
  }
  return old.length;
}
