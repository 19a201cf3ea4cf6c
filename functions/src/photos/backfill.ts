/**
 * The migration of profile photos to the current layout (shared/src/photos.ts, issue 17): every
 * published tutor profile whose photo is not ready on that layout — its variants made on layout 1
 * (`photos/<owner id>/…`, no share image), or never marked — gets them made again from its original
 * (the resizer's own `makeVariants`), its profile marked (`photo_layout`), and the old layout's
 * objects of that photo deleted: no public address names the account any more.
 *
 * Run by the photo resizer when invoked with `{ action: 'backfill-photos', limit, after? }`
 * (backfill-request.ts), in bounded calls: at most `limit` photos, and none started after
 * TIME_BUDGET_MS, so each call ends far within the function's 30 s; the answer's `next` is where
 * the next call starts, null when nothing remains. The deploy calls it in a loop after
 * `cdk deploy` (infra/scripts/deploy.ts); the local stack at start (infra/local/streams.ts).
 * Idempotent: a migrated photo is ready, so no later call takes it again.
 *
 * Tutors are listed from the published tutors' index (gsi3: completed profiles — every profile a
 * tutor saved). A photo that cannot be remade (original gone, not an image) keeps what it had:
 * signed-in users see its original, visitors no photo, as before its variants existed.
 */
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import { isPhotoReady, legacyPhotoObjectKeys, photoId, profilePhotoState } from '#shared/photos';
import { CATALOGUE_PARTITIONS, kalanTable, TutorProfileEntity } from '#commons/db';
import { logger } from '#commons/logger';
import type { BackfillPhotosRequest, BackfillPhotosResult } from './backfill-request.js';
import { deletePhotoObjects } from './variants.js';
import type { MadeVariants } from './resize-photo.js';

/** No photo is started after this much of a call: one photo more (a few seconds at most) still ends within the 30 s timeout. */
export const TIME_BUDGET_MS = 15_000;

interface Candidate {
  userId: string;
  photoKey: string;
  /** The photo marked before, if its variants were on layout 1: its old objects go too. */
  legacyMarked: string | null;
}

/** The published tutor profiles whose named photo is not ready on the current layout, by user id. */
export async function photosToMigrate(): Promise<Candidate[]> {
  const pages = await Promise.all(
    CATALOGUE_PARTITIONS.map(async (partition) => {
      const { Items = [] } = await kalanTable
        .build(QueryCommand)
        .entities(TutorProfileEntity)
        .query({ index: 'gsi3', partition })
        .options({ maxPages: Infinity })
        .send();
      return Items;
    }),
  );
  return pages
    .flat()
    .filter((item) => item.profile_image_url && photoId(item.profile_image_url) && !isPhotoReady(profilePhotoState(item)))
    .map((item) => ({
      userId: item.user_id,
      photoKey: item.profile_image_url!,
      legacyMarked: item.photo_variants_of && item.photo_layout === undefined ? item.photo_variants_of : null,
    }))
    .sort((a, b) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0));
}

export async function backfillPhotos(
  request: Pick<BackfillPhotosRequest, 'limit' | 'after'>,
  makeVariants: (key: string) => Promise<MadeVariants>,
  now: () => number = Date.now,
): Promise<BackfillPhotosResult> {
  const started = now();
  const pending = (await photosToMigrate()).filter((candidate) => request.after === undefined || candidate.userId > request.after);
  let migrated = 0;
  let skipped = 0;
  let done = 0;
  for (const candidate of pending) {
    if (done >= request.limit || (done > 0 && now() - started >= TIME_BUDGET_MS)) break;
    done += 1;
    const result = await makeVariants(candidate.photoKey);
    if (result.made && result.marked) {
      const replaced = [candidate.photoKey, ...(candidate.legacyMarked ? [candidate.legacyMarked] : [])];
      await deletePhotoObjects([...new Set(replaced)].flatMap(legacyPhotoObjectKeys));
      migrated += 1;
    } else {
      skipped += 1;
      logger.warn('Profile photo not migrated', { photoKey: candidate.photoKey, ...result });
    }
  }
  const remaining = pending.length - done;
  return { migrated, skipped, remaining, next: remaining > 0 ? pending[done - 1]!.userId : null };
}
