/**
 * Keeps the catalogue snapshot in step with the table. Changes are applied by re-reading the
 * affected users from the table (never by trusting the stream's images), so a record delivered
 * twice, late or out of order leaves the same snapshot. Writes are conditional on the version
 * read, and retried on a race.
 */
import { ScanCommand } from 'dynamodb-toolbox/table/actions/scan';
import type { TutorSummary } from '#shared/search';
import { kalanTable, ProfileEntity, TutorProfileEntity } from '#commons/db';
import { logger } from '#commons/logger';
import { isPreconditionFailure, readSnapshot, snapshotEtag, writeSnapshot } from './catalogue-bucket.js';
import {
  readTutorOfUser,
  toTutorSummary,
  type CatalogueSnapshot,
  type ProfileItem,
  type TutorProfileItem,
} from './catalogue.js';

const MAX_ATTEMPTS = 5;

function snapshotOf(tutors: TutorSummary[]): CatalogueSnapshot {
  return { version: 1, generated_at: new Date().toISOString(), tutors };
}

async function withRetries<T>(what: string, attempt: () => Promise<T>): Promise<T> {
  for (let i = 1; ; i += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (!isPreconditionFailure(error) || i >= MAX_ATTEMPTS) throw error;
      logger.info('Catalogue snapshot changed meanwhile, retrying', { what, attempt: i });
    }
  }
}

/** Every completed tutor profile, from one Scan of the table (rebuilds only, never per search). */
export async function scanCatalogue(): Promise<TutorSummary[]> {
  const profiles = new Map<string, ProfileItem>();
  const tutorProfiles: TutorProfileItem[] = [];
  // Every page, through the library's own cursors.
  const { Items = [] } = await kalanTable
    .build(ScanCommand)
    .entities(ProfileEntity, TutorProfileEntity)
    .options({
      maxPages: Infinity,
      filters: { profile: { attr: 'role', eq: 'tuteur' }, tutorProfile: { attr: 'is_completed', eq: true } },
    })
    .send();
  for (const item of Items) {
    if ('id' in item) tutorProfiles.push(item as TutorProfileItem);
    else profiles.set(item.user_id, item as ProfileItem);
  }
  return tutorProfiles
    .map((tutorProfile) => toTutorSummary(tutorProfile, profiles.get(tutorProfile.user_id)))
    .filter((tutor): tutor is TutorSummary => tutor !== null)
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** Rebuilds the snapshot from scratch (first deployment, local start, repair). */
export async function rebuildSnapshot(): Promise<{ tutors: number }> {
  return withRetries('rebuild', async () => {
    // The version before the scan: if an indexer writes while we scan, our write fails and we rescan.
    const etag = await snapshotEtag();
    const tutors = await scanCatalogue();
    await writeSnapshot(snapshotOf(tutors), { etag });
    logger.info('Catalogue snapshot rebuilt', { tutors: tutors.length });
    return { tutors: tutors.length };
  });
}

function sameTutor(a: TutorSummary | undefined, b: TutorSummary | null): boolean {
  if (!a || !b) return !a && !b;
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Applies the current state of these users (tutor profile + profile) to the snapshot.
 * Returns how many catalogue entries changed.
 */
export async function applyUserChanges(userIds: Iterable<string>): Promise<{ changed: number; rebuilt: boolean }> {
  const ids = [...new Set(userIds)];
  if (!ids.length) return { changed: 0, rebuilt: false };
  return withRetries('apply', async () => {
    const read = await readSnapshot();
    if (!read) {
      const { tutors } = await rebuildSnapshot();
      return { changed: tutors, rebuilt: true };
    }
    const fresh = new Map(await Promise.all(ids.map(async (id) => [id, await readTutorOfUser(id)] as const)));
    const byUser = new Map(read.snapshot.tutors.map((tutor) => [tutor.user_id, tutor]));
    let changed = 0;
    for (const [userId, tutor] of fresh) {
      if (sameTutor(byUser.get(userId), tutor)) continue;
      changed += 1;
      if (tutor) byUser.set(userId, tutor);
      else byUser.delete(userId);
    }
    if (changed === 0) return { changed, rebuilt: false };
    const tutors = [...byUser.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    await writeSnapshot(snapshotOf(tutors), { etag: read.etag });
    logger.info('Catalogue snapshot updated', { changed, tutors: tutors.length });
    return { changed, rebuilt: false };
  });
}
