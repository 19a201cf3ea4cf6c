/**
 * The catalogue as a warm Lambda keeps it: loaded from the S3 snapshot on the first request,
 * then checked with a HEAD (ETag) at most every few seconds and reloaded only when it changed.
 * Concurrent requests share one load.
 */
import { logger } from '#commons/logger';
import { readSnapshot, snapshotEtag } from './catalogue-bucket.js';
import { CatalogueIndex } from './catalogue-index.js';

/** How stale a warm container may be before it asks S3 whether the snapshot changed. */
export const REFRESH_INTERVAL_MS = 2_000;

export interface LoadedCatalogue {
  index: CatalogueIndex;
  etag: string | null;
  generatedAt: string | null;
  checkedAt: number;
}

let current: LoadedCatalogue | null = null;
let refreshing: Promise<LoadedCatalogue> | null = null;

async function load(): Promise<LoadedCatalogue> {
  const started = performance.now();
  const read = await readSnapshot();
  if (!read) logger.warn('No catalogue snapshot yet: search answers with an empty catalogue');
  const loaded: LoadedCatalogue = {
    index: new CatalogueIndex(read?.snapshot.tutors ?? []),
    etag: read?.etag ?? null,
    generatedAt: read?.snapshot.generated_at ?? null,
    checkedAt: Date.now(),
  };
  logger.info('Catalogue loaded', { tutors: loaded.index.size, ms: Math.round(performance.now() - started) });
  return loaded;
}

async function refresh(previous: LoadedCatalogue | null): Promise<LoadedCatalogue> {
  if (previous) {
    const etag = await snapshotEtag();
    if (etag === previous.etag) {
      previous.checkedAt = Date.now();
      return previous;
    }
  }
  return load();
}

export async function currentCatalogue(now = Date.now()): Promise<LoadedCatalogue> {
  if (current && now - current.checkedAt < REFRESH_INTERVAL_MS) return current;
  refreshing ??= refresh(current)
    .then((loaded) => (current = loaded))
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/** Tests and the benchmark start from a cold container. */
export function forgetCatalogue(): void {
  current = null;
  refreshing = null;
}
