/**
 * Publishes the pre-rendered pages (render.ts) into the site bucket, from the indexer, after each
 * change of the catalogue snapshot (and when asked, after a deploy of the SPA). Every run renders
 * every page from the whole catalogue (the base and its journal) and the deployed index.html, then
 * writes only the files whose text changed and deletes those no catalogue holds any more: a run
 * is idempotent, and a change of index.html (a deploy) rewrites every tutor page.
 *
 * What was written is recorded (key → hash) in a manifest in the private catalogue bucket (never
 * served: it names unlisted tutors too), written conditionally on the version read. When another
 * run wrote meanwhile, the run starts again from the catalogue and writes every file, whatever
 * the manifest says (its files may have been overwritten by the slower run).
 */
import { createHash } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { DeleteObjectsCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import type { TutorSummary } from '#shared/search';
import { s3 } from '#commons/clients/s3';
import { requireEnv } from '#commons/env';
import { logger } from '#commons/logger';
import { isPreconditionFailure, readBase, readJournal, tutorsOfBase } from '../search/catalogue-bucket.js';
import { PAGE_CACHE_CONTROL, PAGES_MANIFEST_KEY, SHELL_KEY } from './page-keys.js';
import { renderPages, type PageFile } from './render.js';

const MAX_ATTEMPTS = 5;

interface PagesManifest {
  version: 1;
  /** Key → sha256 of the body and content type written. */
  files: Record<string, string>;
}

function isMissing(error: unknown): boolean {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'NoSuchKey' || name === 'NotFound' || $metadata?.httpStatusCode === 404;
}

async function getObject(bucket: string, key: string): Promise<{ body: Uint8Array; etag: string | null } | null> {
  try {
    const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    return { body: await object.Body!.transformToByteArray(), etag: object.ETag ?? null };
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

/** The catalogue now: the base the journal names, with the journal's changes applied. */
export async function readCatalogueTutors(): Promise<TutorSummary[]> {
  for (let attempt = 1; ; attempt += 1) {
    const read = await readJournal();
    if (!read) return [];
    const base = await readBase(read.journal.base);
    // A compaction may have replaced the base between the two reads: read the journal again.
    if (!base) {
      if (attempt >= 3) throw new Error(`Catalogue base ${read.journal.base} is missing`);
      continue;
    }
    const byUser = new Map(tutorsOfBase(base).map((tutor) => [tutor.user_id, tutor]));
    for (const { user_id, tutor } of read.journal.changes) {
      if (tutor) byUser.set(user_id, tutor);
      else byUser.delete(user_id);
    }
    return [...byUser.values()];
  }
}

const hashOf = (file: PageFile) => createHash('sha256').update(file.contentType).update('\n').update(file.body).digest('base64url');

export interface PublishResult {
  written: number;
  deleted: number;
  pages: number;
  /** No SPA deployed (no index.html): nothing was published. */
  skipped?: 'no-shell';
}

/** Renders every page and writes what changed (see the module's comment). */
export async function publishPages(): Promise<PublishResult> {
  const siteBucket = requireEnv('SITE_BUCKET');
  const catalogueBucket = requireEnv('SEARCH_BUCKET');
  const siteUrl = requireEnv('SITE_URL').replace(/\/$/, '');
  let rewriteAll = false;
  for (let attempt = 1; ; attempt += 1) {
    const shellObject = await getObject(siteBucket, SHELL_KEY);
    if (!shellObject) {
      logger.warn('No index.html in the site bucket: the pages are not published');
      return { written: 0, deleted: 0, pages: 0, skipped: 'no-shell' };
    }
    const manifestObject = await getObject(catalogueBucket, PAGES_MANIFEST_KEY);
    const previous: PagesManifest = manifestObject ? JSON.parse(gunzipSync(manifestObject.body).toString('utf8')) : { version: 1, files: {} };
    const tutors = await readCatalogueTutors();
    const files = renderPages(tutors, { siteUrl, shell: Buffer.from(shellObject.body).toString('utf8') });

    const manifest: PagesManifest = { version: 1, files: {} };
    const changed: Array<[string, PageFile]> = [];
    for (const [key, file] of files) {
      const hash = hashOf(file);
      manifest.files[key] = hash;
      if (rewriteAll || previous.files[key] !== hash) changed.push([key, file]);
    }
    const gone = Object.keys(previous.files).filter((key) => !files.has(key));

    // Ten at a time: a deploy rewrites every tutor page.
    for (let i = 0; i < changed.length; i += 10) {
      await Promise.all(
        changed.slice(i, i + 10).map(([key, file]) =>
          s3.send(new PutObjectCommand({ Bucket: siteBucket, Key: key, Body: file.body, ContentType: file.contentType, CacheControl: PAGE_CACHE_CONTROL })),
        ),
      );
    }
    for (let i = 0; i < gone.length; i += 1000) {
      await s3.send(new DeleteObjectsCommand({ Bucket: siteBucket, Delete: { Objects: gone.slice(i, i + 1000).map((Key) => ({ Key })), Quiet: true } }));
    }
    try {
      await s3.send(
        new PutObjectCommand({
          Bucket: catalogueBucket,
          Key: PAGES_MANIFEST_KEY,
          Body: gzipSync(JSON.stringify(manifest)),
          ContentType: 'application/gzip',
          ...(manifestObject?.etag ? { IfMatch: manifestObject.etag } : { IfNoneMatch: '*' }),
        }),
      );
    } catch (error) {
      if (!isPreconditionFailure(error) || attempt >= MAX_ATTEMPTS) throw error;
      logger.info('Pages published meanwhile by another run: publishing again, every file', { attempt });
      rewriteAll = true;
      continue;
    }
    const result = { written: changed.length, deleted: gone.length, pages: files.size };
    if (changed.length || gone.length) logger.info('Pages published', result);
    return result;
  }
}
