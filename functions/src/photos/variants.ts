/**
 * Where profile photos' variants live and how the API hands them out. The variants are in a bucket
 * of their own (TUTOR_PHOTOS_BUCKET, under `photos/`), which CloudFront serves on the site's origin
 * at the same path (infra/lib/web.ts; the local router does the same): the tutor-images bucket,
 * with the originals and the diplomas, stays private, read only through presigned GETs.
 *
 * A tutor profile says which of its photos has variants (`photo_variants_of`, the upload key) and
 * on which layout (`photo_layout`, shared/src/photos.ts): whichever of the resizer and the
 * profile's save comes last sets them (`markPhotoReady`), so a photo saved before its variants
 * are made, or made before the profile is saved, ends up ready. Variants of an older layout are
 * not ready: the migration (backfill.ts) makes them again.
 */
import { UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import {
  legacyPhotoObjectKeys,
  PHOTO_CACHE_CONTROL,
  PHOTO_LAYOUT,
  photoObjectKeys,
  photoShareKey,
  photoVariantKey,
  photoVariants,
  type PhotoState,
  type PhotoVariant,
  cataloguePhotoState,
  isPhotoReady,
} from '#shared/photos';
import { parseUploadKey } from '#shared/upload-schemas';
import type { PublicPhoto } from '#shared/visitors';
import { isConditionalCheckFailure, TutorProfileEntity } from '#commons/db';
import { requireEnv } from '#commons/env';
import { environmentContext, presignObjectUrl, signObjectRequest } from '#commons/s3-presign';
import { signedFileUrl } from '../uploads/storage.js';

export const photosBucket = () => requireEnv('TUTOR_PHOTOS_BUCKET');

/** Writes one object of a photo, cached a year without revalidation (its key names one image forever). */
async function writePhotoObject(key: string, body: Uint8Array<ArrayBuffer>, contentType: string): Promise<void> {
  const request = await signObjectRequest(environmentContext(), {
    bucket: photosBucket(),
    key,
    method: 'PUT',
    body,
    headers: { 'content-type': contentType, 'cache-control': PHOTO_CACHE_CONTROL },
  });
  const response = await fetch(request.url, { method: request.method, headers: request.headers, body: request.body });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`S3 PutObject answered ${response.status}`);
}

/** Writes one WebP variant. */
export async function writeVariant(uploadKey: string, width: number, body: Uint8Array<ArrayBuffer>): Promise<void> {
  const key = photoVariantKey(uploadKey, width);
  if (!key) throw new Error('Not a profile photo');
  await writePhotoObject(key, body, 'image/webp');
}

/** Writes the link previews' JPEG (`share.jpg`). */
export async function writeShareImage(uploadKey: string, body: Uint8Array<ArrayBuffer>): Promise<void> {
  const key = photoShareKey(uploadKey);
  if (!key) throw new Error('Not a profile photo');
  await writePhotoObject(key, body, 'image/jpeg');
}

/** Every object of the photo on the current layout is there (a presigned HEAD each). */
export async function variantsExist(uploadKey: string): Promise<boolean> {
  const keys = photoObjectKeys(uploadKey);
  if (keys.length === 0) return false;
  const found = await Promise.all(
    keys.map(async (key) => {
      const url = await presignObjectUrl(environmentContext(), { bucket: photosBucket(), key, method: 'HEAD', expiresIn: 60 });
      const head = await fetch(url, { method: 'HEAD' });
      if (head.status === 404 || head.status === 403) return false;
      if (!head.ok) throw new Error(`S3 HEAD answered ${head.status}`);
      return true;
    }),
  );
  return found.every(Boolean);
}

/**
 * Records that `uploadKey`'s variants exist on the current layout on its owner's tutor profile,
 * if the profile's photo is still that one (a conditional update: never on another photo, never
 * creating a profile). Returns whether it did.
 */
export async function markPhotoReady(uploadKey: string): Promise<boolean> {
  const file = parseUploadKey(uploadKey);
  if (file?.purpose !== 'profile_photo') return false;
  try {
    await TutorProfileEntity.build(UpdateItemCommand)
      .item({ user_id: file.ownerId, photo_variants_of: uploadKey, photo_layout: PHOTO_LAYOUT })
      .options({ condition: { attr: 'profile_image_url', eq: uploadKey } })
      .send();
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}

/**
 * After a save that names a photo not ready yet: if the resizer already made its variants (it
 * could not mark a profile that did not name the photo then), marks them now.
 */
export async function markPhotoReadyIfMade(photo: PhotoState): Promise<boolean> {
  if (!photo.key || isPhotoReady(photo)) return false;
  return (await variantsExist(photo.key)) && markPhotoReady(photo.key);
}

/** Deletes objects of the photos bucket one after the other (one already gone is fine). */
export async function deletePhotoObjects(keys: readonly string[]): Promise<void> {
  for (const key of keys) {
    const request = await signObjectRequest(environmentContext(), { bucket: photosBucket(), key, method: 'DELETE' });
    const response = await fetch(request.url, { method: request.method, headers: request.headers });
    await response.arrayBuffer();
    if (!response.ok && response.status !== 404) throw new Error(`S3 DeleteObject answered ${response.status}`);
  }
}

/** Deletes a photo's variants and share image, of both layouts (account deletion). */
export async function deletePhotoVariants(uploadKeys: readonly string[]): Promise<void> {
  await deletePhotoObjects(uploadKeys.flatMap((key) => [...photoObjectKeys(key), ...legacyPhotoObjectKeys(key)]));
}

export interface ShownPhoto {
  /** The largest variant, or a presigned GET of the original while there is none. */
  url: string | null;
  variants: PhotoVariant[];
}

/**
 * How a stored photo key leaves the API. Only a profile photo is ever shown: any other key — an
 * identity document above all — answers no photo.
 */
export async function shownPhoto(key: string | null | undefined, ready: boolean, now = Date.now()): Promise<ShownPhoto> {
  if (!key || parseUploadKey(key)?.purpose !== 'profile_photo') return { url: null, variants: [] };
  if (ready) {
    const variants = photoVariants(key);
    return { url: variants.at(-1)!.url, variants };
  }
  return { url: (await signedFileUrl(key, now)).url, variants: [] };
}

/**
 * A photo as visitors get it (issue 17): its variants on the site's `/photos/…`, which the CDN
 * caches, or none while they are not made — never a presigned GET of the original (nor of any
 * other upload: only a profile photo has variants).
 */
export function publicPhoto(key: string | null | undefined, ready: boolean): PublicPhoto {
  if (!ready || !key || parseUploadKey(key)?.purpose !== 'profile_photo') return { profile_image_url: null, profile_image_variants: [] };
  const variants = photoVariants(key);
  return { profile_image_url: variants.at(-1)!.url, profile_image_variants: variants };
}

/**
 * Tutor cards (search, favourites, recommendations) store the photo's S3 key in
 * `profile_image_url`; they leave the API with its variants' addresses, or a presigned GET of the
 * original (same time window as every image URL, so the address stays the same for a while).
 */
export async function withPhotos<T extends { profile_image_url: string | null; profile_image_layout?: number }>(
  tutors: readonly T[],
  now = Date.now(),
): Promise<Array<T & { profile_image_variants: PhotoVariant[] }>> {
  return Promise.all(
    tutors.map(async (tutor) => {
      const photo = await shownPhoto(tutor.profile_image_url, isPhotoReady(cataloguePhotoState(tutor)), now);
      return { ...tutor, profile_image_url: photo.url, profile_image_variants: photo.variants };
    }),
  );
}
