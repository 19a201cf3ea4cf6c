/**
 * Tutors' profile photos as the pages show them: resized WebP copies ("variants") made once, when
 * the photo is uploaded (functions/src/uploads/resize-photo.ts), at the widths the pages draw them
 * at 1x, 2x and 3x, and served under the site's own `/photos/…` with long caching. Each upload has
 * a new key (`upload-schemas.ts`), so each variant's address names one image forever: immutable.
 */
import { parseUploadKey } from './upload-schemas.js';

/**
 * What the pages draw: the tutor card's avatar (Chakra's `lg`, 44 px) and the profile's (96 px).
 * Card: 48 at 1x, 96 at 2x, 144 at 3x; profile: 96, 192, 288. Square, cut to the middle as the
 * round avatar shows them (`object-fit: cover`).
 */
export const PHOTO_WIDTHS = [48, 96, 144, 192, 288] as const;
export type PhotoWidth = (typeof PHOTO_WIDTHS)[number];

/** The variants' folder: the same in the photos bucket and in the site's paths (CloudFront, the local router). */
export const PHOTO_PREFIX = 'photos/';

/** A year, never revalidated: the address changes with every new photo. */
export const PHOTO_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** One variant of a photo: its address (on the site's origin) and its width (= height) in pixels. */
export interface PhotoVariant {
  url: string;
  width: number;
}

/**
 * `photos/<owner>/profile_photo_<ms>_<uuid>/<width>.webp` for the upload
 * `<owner>/profile_photo_<ms>_<uuid>.<ext>`; null for any key that is not a profile photo (a
 * diploma, an identity document: never published).
 */
export function photoVariantKey(uploadKey: string, width: number): string | null {
  if (parseUploadKey(uploadKey)?.purpose !== 'profile_photo') return null;
  return `${PHOTO_PREFIX}${uploadKey.replace(/\.[a-z]+$/, '')}/${width}.webp`;
}

/** The variants of a profile photo, smallest first, as addresses of the site. */
export function photoVariants(uploadKey: string): PhotoVariant[] {
  return PHOTO_WIDTHS.flatMap((width) => {
    const key = photoVariantKey(uploadKey, width);
    return key ? [{ url: `/${key}`, width }] : [];
  });
}

/** `srcset`'s value: `/photos/…/48.webp 48w, /photos/…/96.webp 96w, …`. */
export function photoSrcSet(variants: readonly PhotoVariant[]): string {
  return variants.map((variant) => `${variant.url} ${variant.width}w`).join(', ');
}
