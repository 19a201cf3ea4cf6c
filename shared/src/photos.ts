/**
 * Tutors' profile photos as the pages show them: resized WebP copies ("variants") made once, when
 * the photo is uploaded (functions/src/photos/resize-photo.ts), at the widths the pages draw them
 * at 1x, 2x and 3x, and one JPEG for link previews (`share.jpg`), served under the site's own
 * `/photos/…` with long caching. Each upload has a new key (`upload-schemas.ts`), so each
 * object's address names one image forever: immutable.
 *
 * The one place that knows where they are (the layout). Layout 2 (issue 17):
 * `photos/<photo id>/<width>.webp` and `photos/<photo id>/share.jpg`, where the photo id is the
 * upload's random UUID — nothing in a public address names the account. Layout 1 (issue 14, still
 * read by the migration and the account deletion): `photos/<owner id>/profile_photo_<ms>_<uuid>/<width>.webp`.
 */
import { parseUploadKey } from './upload-keys.js';

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

/**
 * The layout the variants are made on now (see above). A profile records the layout its
 * variants were made on (`photo_layout`, absent = 1): only variants of this layout are shown.
 */
export const PHOTO_LAYOUT = 2;

/**
 * The link previews' image (`og:image`): a JPEG, which every messaging app previews (WhatsApp on
 * iOS and some SMS apps do not show WebP), square as the photo is shown, 600 px — above the 300 px
 * WhatsApp wants for a large preview, far below the 300 KB it accepts.
 */
export const SHARE_IMAGE = { file: 'share.jpg', size: 600, contentType: 'image/jpeg' } as const;

/** One variant of a photo: its address (on the site's origin) and its width (= height) in pixels. */
export interface PhotoVariant {
  url: string;
  width: number;
}

/** The photo's id in public addresses: its upload's random UUID; null for any upload that is not a profile photo. */
export function photoId(uploadKey: string): string | null {
  const file = parseUploadKey(uploadKey);
  return file?.purpose === 'profile_photo' ? file.uuid : null;
}

/**
 * `photos/<uuid>/<width>.webp` for the upload `<owner>/profile_photo_<ms>_<uuid>.<ext>`; null for
 * any key that is not a profile photo (a diploma, an identity document: never published).
 */
export function photoVariantKey(uploadKey: string, width: number): string | null {
  const id = photoId(uploadKey);
  return id ? `${PHOTO_PREFIX}${id}/${width}.webp` : null;
}

/** `photos/<uuid>/share.jpg`: the link previews' JPEG; null for any key that is not a profile photo. */
export function photoShareKey(uploadKey: string): string | null {
  const id = photoId(uploadKey);
  return id ? `${PHOTO_PREFIX}${id}/${SHARE_IMAGE.file}` : null;
}

/** Every object the current layout makes of a photo (its variants, then the share image); none for any other upload. */
export function photoObjectKeys(uploadKey: string): string[] {
  const share = photoShareKey(uploadKey);
  if (!share) return [];
  return [...PHOTO_WIDTHS.map((width) => photoVariantKey(uploadKey, width)!), share];
}

/** Layout 1's variants of a photo (`photos/<owner>/profile_photo_<ms>_<uuid>/<width>.webp`): what the migration and the deletion remove. */
export function legacyPhotoObjectKeys(uploadKey: string): string[] {
  if (!photoId(uploadKey)) return [];
  const folder = `${PHOTO_PREFIX}${uploadKey.replace(/\.[a-z]+$/, '')}`;
  return PHOTO_WIDTHS.map((width) => `${folder}/${width}.webp`);
}

/** The variants of a profile photo, smallest first, as addresses of the site. */
export function photoVariants(uploadKey: string): PhotoVariant[] {
  return PHOTO_WIDTHS.flatMap((width) => {
    const key = photoVariantKey(uploadKey, width);
    return key ? [{ url: `/${key}`, width }] : [];
  });
}

/** The share image's address on the site (`/photos/<uuid>/share.jpg`), or null. */
export function photoShareUrl(uploadKey: string): string | null {
  const key = photoShareKey(uploadKey);
  return key ? `/${key}` : null;
}

/** `srcset`'s value: `/photos/…/48.webp 48w, /photos/…/96.webp 96w, …`. */
export function photoSrcSet(variants: readonly PhotoVariant[]): string {
  return variants.map((variant) => `${variant.url} ${variant.width}w`).join(', ');
}

/**
 * What says whether a photo is shown from its variants: the photo named (`key`), the photo whose
 * variants were made (`variantsOf`), the layout they were made on (`layout`). Ready when they were
 * made for this photo on the current layout — variants of layout 1 are not where the addresses
 * point any more (the migration remakes them: functions/src/photos/backfill.ts).
 */
export interface PhotoState {
  key: string | null | undefined;
  variantsOf: string | null | undefined;
  layout: number | null | undefined;
}

export function isPhotoReady(photo: PhotoState): boolean {
  return !!photo.key && photo.variantsOf === photo.key && photo.layout === PHOTO_LAYOUT && photoId(photo.key) !== null;
}

/** A tutor profile's photo state (`profile_image_url`, `photo_variants_of`, `photo_layout`: functions/src/commons/db.ts). */
export const profilePhotoState = (profile: { profile_image_url?: string | null; photo_variants_of?: string | null; photo_layout?: number | null }): PhotoState => ({
  key: profile.profile_image_url,
  variantsOf: profile.photo_variants_of,
  layout: profile.photo_layout,
});

/**
 * A catalogue entry's photo state: the entry keeps the photo's key and, once its variants are
 * ready, the layout they were made on (`profile_image_layout`, functions/src/search/catalogue.ts).
 * An entry written before layout 2 has none (it had `profile_image_ready: true`): not ready, until
 * its profile is migrated and the entry written again.
 */
export const cataloguePhotoState = (tutor: { profile_image_url: string | null; profile_image_layout?: number }): PhotoState => ({
  key: tutor.profile_image_url,
  variantsOf: tutor.profile_image_layout === undefined ? null : tutor.profile_image_url,
  layout: tutor.profile_image_layout,
});
