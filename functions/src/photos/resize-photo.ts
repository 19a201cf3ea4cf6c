/**
 * S3 → the profile photos' variants. Invoked for every object created in the tutor-images bucket
 * (S3 notifications filter on a key's prefix or suffix only, and the owner's id comes first): a
 * diploma is skipped at once. For a profile photo, reads the original, writes its WebP variants to
 * the photos bucket, then marks the tutor's profile if it already names this photo. A failure
 * throws: Lambda retries the event (twice), then the errors alarm tells an operator.
 *
 * Also the migration to the current layout (backfill.ts), when invoked with
 * `{ action: 'backfill-photos', limit, after? }` (synchronously, by the deploy and the local stack):
 * the event is validated as one or the other, anything else throws.
 */
import * as z from 'zod/mini';
import { parseUploadKey } from '#shared/upload-schemas';
import { environmentContext, signObjectRequest } from '#commons/s3-presign';
import { logger } from '#commons/logger';
import { observedHandler } from '#commons/observed';
import { bucketName } from '../uploads/storage.js';
import { backfillPhotos } from './backfill.js';
import { backfillPhotosRequestSchema, type BackfillPhotosResult } from './backfill-request.js';
import { resizePhoto } from './resize.js';
import { markPhotoReady, writeShareImage, writeVariant } from './variants.js';

/** S3 event keys are URL-encoded, spaces as `+`. */
export function keyOfRecord(record: { s3: { object: { key: string } } }): string {
  return decodeURIComponent(record.s3.object.key.replace(/\+/g, ' '));
}

/** The original, or null when it is gone (its account deleted meanwhile). */
async function readOriginal(key: string): Promise<Uint8Array | null> {
  const request = await signObjectRequest(environmentContext(), { bucket: bucketName('tutor-images'), key, method: 'GET' });
  const response = await fetch(request.url, { headers: request.headers });
  const body = new Uint8Array(await response.arrayBuffer());
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`S3 GetObject answered ${response.status}`);
  return body;
}

export type MadeVariants =
  | { made: true; widths: number[]; bytes: number; shareBytes: number; marked: boolean }
  | { made: false; reason: 'gone' | 'not an image' };

export async function makeVariants(key: string): Promise<MadeVariants> {
  const original = await readOriginal(key);
  if (!original) return { made: false, reason: 'gone' };
  let resized;
  try {
    resized = await resizePhoto(original);
  } catch (error) {
    // A file sharp cannot decode (declared an image, it is not one): retrying cannot help, and the
    // profile keeps showing the original through its presigned GET.
    logger.warn('Profile photo not decodable: no variants', { photoKey: key, error: (error as Error).message });
    return { made: false, reason: 'not an image' };
  }
  const { variants, share } = resized;
  await Promise.all([...variants.map((variant) => writeVariant(key, variant.width, variant.body)), writeShareImage(key, share)]);
  const marked = await markPhotoReady(key);
  return {
    made: true,
    widths: variants.map((v) => v.width),
    bytes: variants.reduce((sum, v) => sum + v.body.byteLength, 0),
    shareBytes: share.byteLength,
    marked,
  };
}

/** An S3 notification as the handler reads it: its records' object keys (the rest is not used). */
const s3EventSchema = z.object({
  Records: z.array(z.object({ s3: z.object({ object: z.object({ key: z.string().check(z.minLength(1), z.maxLength(1024)) }) }) })),
});
/** What the resizer is invoked with: the migration's request (a strict shape) or an S3 notification. */
export const resizerEventSchema = z.union([backfillPhotosRequestSchema, s3EventSchema]);

export const handler = observedHandler(async (event: unknown): Promise<BackfillPhotosResult | void> => {
  const parsed = z.safeParse(resizerEventSchema, event);
  if (!parsed.success) throw new Error(`Not an S3 event nor a backfill request: ${z.prettifyError(parsed.error)}`);
  if ('action' in parsed.data) {
    const result = await backfillPhotos(parsed.data, makeVariants);
    logger.info('Profile photos migrated', { ...result });
    return result;
  }
  for (const record of parsed.data.Records) {
    const key = keyOfRecord(record);
    if (parseUploadKey(key)?.purpose !== 'profile_photo') continue;
    const started = Date.now();
    const result = await makeVariants(key);
    logger.info('Profile photo variants written', { photoKey: key, ...result, ms: Date.now() - started });
  }
});
