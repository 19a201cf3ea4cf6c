/**
 * The catalogue as a warm Lambda keeps it. On the first request: the journal, then the prepared
 * base it names (loaded, not built), then the journal's changes. Afterwards the journal's ETag is
 * checked at most every few seconds (a HEAD); when it changed, only the changes the container has
 * not applied yet are read and applied, tutor by tutor — the base is loaded again only when a
 * rebuild or a compaction named a new one. Concurrent requests share one load.
 */
import { logger } from '#commons/logger';
import { BASE_VERSION, journalEtag, readBase, readJournal, type CatalogueJournal } from './catalogue-bucket.js';
import { CatalogueIndex } from './catalogue-index.js';

/** How stale a warm container may be before it asks S3 whether the catalogue changed. */
export const REFRESH_INTERVAL_MS = 2_000;

export interface LoadedCatalogue {
  index: CatalogueIndex;
  /** The journal version applied: its ETag, its base and the last change's sequence. */
  etag: string | null;
  base: string | null;
  seq: number;
  /** When the catalogue last changed (the journal's last write). */
  generatedAt: string | null;
  checkedAt: number;
}

let current: LoadedCatalogue | null = null;
let refreshing: Promise<LoadedCatalogue> | null = null;

const newerThan = (journal: CatalogueJournal, seq: number) => journal.changes.filter((change) => change.seq > seq);

async function load(): Promise<LoadedCatalogue> {
  const started = performance.now();
  for (let attempt = 1; ; attempt += 1) {
    const read = await readJournal();
    if (!read) {
      logger.warn('No catalogue yet: search answers with an empty catalogue');
      return { index: new CatalogueIndex([]), etag: null, base: null, seq: 0, generatedAt: null, checkedAt: Date.now() };
    }
    const { journal, etag } = read;
    const base = await readBase(journal.base);
    // A compaction may have replaced the base between the two reads: read the journal again.
    if (!base) {
      if (attempt >= 3) throw new Error(`Catalogue base ${journal.base} is missing`);
      continue;
    }
    // A base of an older format (versions 2 and 3) until the indexer writes a new one: its index is rebuilt from its tutors.
    const index = base.version === BASE_VERSION ? CatalogueIndex.fromPrepared(base.prepared) : new CatalogueIndex(base.tutors);
    index.apply(journal.changes);
    // Not awaited: the first request is answered meanwhile (it inflates only the blocks it shows).
    index.prepareTutors().catch((error: unknown) => logger.error('Catalogue tutors not inflated', { error }));
    logger.info('Catalogue loaded', { tutors: index.size, version: base.version, changes: journal.changes.length, ms: Math.round(performance.now() - started) });
    return { index, etag, base: journal.base, seq: journal.seq, generatedAt: journal.updated_at, checkedAt: Date.now() };
  }
}

async function refresh(previous: LoadedCatalogue | null): Promise<LoadedCatalogue> {
  if (!previous) return load();
  const etag = await journalEtag();
  if (etag === previous.etag) {
    previous.checkedAt = Date.now();
    return previous;
  }
  const read = await readJournal();
  if (!read || read.journal.base !== previous.base) return load();
  const applied = previous.index.apply(newerThan(read.journal, previous.seq));
  logger.debug('Catalogue changes applied', { tutors: applied, seq: read.journal.seq });
  return { ...previous, etag: read.etag, seq: read.journal.seq, generatedAt: read.journal.updated_at, checkedAt: Date.now() };
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
