/**
 * The photo resizer's one request that is not an S3 event: the migration of photos whose variants
 * are not on the current layout (backfill.ts), asked for by the deploy (infra/scripts/deploy.ts)
 * and by the local stack at start (infra/local/streams.ts). A module of its own, light (zod only),
 * so that the deploy script can import it.
 */
import * as z from 'zod/mini';

export const BACKFILL_PHOTOS_ACTION = 'backfill-photos';
/** The stack output naming the photo resizer, which the deploy invokes with the request. */
export const PHOTO_RESIZER_OUTPUT = 'PhotoResizerFunctionName';
/** Photos one call migrates at most: ≈ 0.2–1 s each (read, resize, six writes, a mark, deletes), far within the function's timeout. */
export const BACKFILL_PHOTOS_MAX_LIMIT = 20;

export const backfillPhotosRequestSchema = z.strictObject({
  action: z.literal(BACKFILL_PHOTOS_ACTION),
  limit: z.int().check(z.minimum(1), z.maximum(BACKFILL_PHOTOS_MAX_LIMIT)),
  /** The cursor the previous call answered (`next`): a user id, tutors are taken in their order. */
  after: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
});
export type BackfillPhotosRequest = z.infer<typeof backfillPhotosRequestSchema>;

export interface BackfillPhotosResult {
  /** Photos whose variants were made again on the current layout, and their profile marked. */
  migrated: number;
  /** Photos that could not be: the original gone, not an image, or the profile named another photo meanwhile. */
  skipped: number;
  /** Photos still to look at after this call (beyond `next`). */
  remaining: number;
  /** Where the next call starts (`after`), or null: nothing remains. */
  next: string | null;
}

export const backfillPhotosResultSchema = z.strictObject({
  migrated: z.int(),
  skipped: z.int(),
  remaining: z.int(),
  next: z.nullable(z.string()),
});
