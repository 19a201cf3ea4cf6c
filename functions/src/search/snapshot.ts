/**
 * Keeps the catalogue in S3 in step with the table (catalogue-bucket.ts). A change is applied by
 * re-reading the affected users from the table (never by trusting the stream's images), so a
 * record delivered twice, late or out of order leaves the same catalogue; it is written into the
 * small journal only, never into the whole catalogue. Once the journal holds COMPACT_AFTER
 * tutors, they are folded into a new prepared base (a compaction, one in that many changes). A
 * rebuild reads the sparse index of published tutors. Every journal write is conditional on the
 * version read, and retried on a race.
 */
import { randomUUID } from 'node:crypto';
import type { TutorSummary } from '#shared/search';
import { logger } from '#commons/logger';
import {
  isPreconditionFailure,
  readBase,
  readJournal,
  removeOldBases,
  tutorsOfBase,
  writeBase,
  writeJournal,
  type CatalogueJournal,
} from './catalogue-bucket.js';
import { CatalogueIndex } from './catalogue-index.js';
import { readPublishedTutors, readTutorOfUser } from './catalogue.js';

const MAX_ATTEMPTS = 5;
/** How many changed tutors the journal holds before they are folded into a new base (CATALOGUE_COMPACT_AFTER). */
export const COMPACT_AFTER = 1_000;
const compactAfter = () => Number(process.env.CATALOGUE_COMPACT_AFTER ?? COMPACT_AFTER);
/** A base no journal names is deleted once this old (one just written may be about to be named). */
const OLD_BASE_AGE_MS = 15 * 60_000;

async function withRetries<T>(what: string, attempt: () => Promise<T>): Promise<T> {
  for (let i = 1; ; i += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (!isPreconditionFailure(error) || i >= MAX_ATTEMPTS) throw error;
      logger.info('Catalogue journal changed meanwhile, retrying', { what, attempt: i });
    }
  }
}

const byId = (a: TutorSummary, b: TutorSummary) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * Writes a prepared base of these tutors and a journal naming it (with no change yet), if the
 * journal is still the version read. The base the journal named before is kept a while.
 */
async function publishBase(tutors: TutorSummary[], previous: { journal: CatalogueJournal; etag: string | null } | null) {
  const id = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}`;
  const generatedAt = new Date().toISOString();
  const prepared = new CatalogueIndex([...tutors].sort(byId)).toPrepared();
  const bytes = await writeBase({ id, generated_at: generatedAt, prepared });
  await writeJournal(
    { version: 2, base: id, generated_at: generatedAt, seq: (previous?.journal.seq ?? 0) + 1, updated_at: generatedAt, changes: [] },
    { etag: previous?.etag ?? null },
  );
  const removed = await removeOldBases(previous ? [id, previous.journal.base] : [id], OLD_BASE_AGE_MS);
  return { base: id, tutors: tutors.length, bytes, removed };
}

/** Rebuilds the catalogue from the sparse index of published tutors (first deployment, local start, repair). */
export async function rebuildSnapshot(): Promise<{ tutors: number }> {
  return withRetries('rebuild', async () => {
    // The journal before the read: if an indexer writes while we read, our write fails and we read again.
    const previous = await readJournal();
    const tutors = await readPublishedTutors();
    const published = await publishBase(tutors, previous);
    logger.info('Catalogue rebuilt', published);
    return { tutors: tutors.length };
  });
}

/** Folds the journal's changes into a new base (the journal grew to COMPACT_AFTER tutors). */
async function compact(read: { journal: CatalogueJournal; etag: string | null }): Promise<void> {
  const base = await readBase(read.journal.base);
  if (!base) throw new Error(`Catalogue base ${read.journal.base} is missing`);
  const byUser = new Map(tutorsOfBase(base).map((tutor) => [tutor.user_id, tutor]));
  for (const { user_id, tutor } of read.journal.changes) {
    if (tutor) byUser.set(user_id, tutor);
    else byUser.delete(user_id);
  }
  const published = await publishBase([...byUser.values()], read);
  logger.info('Catalogue journal compacted', { ...published, changes: read.journal.changes.length });
}

const same = (a: TutorSummary | null | undefined, b: TutorSummary | null) => JSON.stringify(a ?? null) === JSON.stringify(b);

/**
 * Applies the current state of these users (tutor profile + profile) to the journal.
 * Returns how many of them changed what the catalogue lists.
 */
export async function applyUserChanges(userIds: Iterable<string>): Promise<{ changed: number; rebuilt: boolean; compacted: boolean }> {
  const ids = [...new Set(userIds)];
  if (!ids.length) return { changed: 0, rebuilt: false, compacted: false };
  return withRetries('apply', async () => {
    const read = await readJournal();
    if (!read) {
      // No catalogue yet: the published tutors' index holds these users' changes already.
      const { tutors } = await rebuildSnapshot();
      return { changed: tutors, rebuilt: true, compacted: false };
    }
    const fresh = await Promise.all(ids.map(async (id) => [id, await readTutorOfUser(id)] as const));
    const seq = read.journal.seq + 1;
    const changes = new Map(read.journal.changes.map((change) => [change.user_id, change]));
    let changed = 0;
    for (const [userId, tutor] of fresh) {
      // Against the journal's last word on the user; a user the journal does not hold is written
      // (comparing with the base would mean reading the whole catalogue).
      const known = changes.get(userId);
      if (known && same(known.tutor, tutor)) continue;
      changes.set(userId, { user_id: userId, tutor, seq });
      changed += 1;
    }
    if (changed === 0) return { changed, rebuilt: false, compacted: false };
    const journal: CatalogueJournal = { ...read.journal, seq, updated_at: new Date().toISOString(), changes: [...changes.values()] };
    if (journal.changes.length >= compactAfter()) {
      await compact({ journal, etag: read.etag });
      return { changed, rebuilt: false, compacted: true };
    }
    await writeJournal(journal, { etag: read.etag });
    logger.info('Catalogue journal updated', { changed, seq, journal: journal.changes.length });
    return { changed, rebuilt: false, compacted: false };
  });
}
