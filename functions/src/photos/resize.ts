/**
 * A profile photo's variants (shared/src/photos.ts), made with sharp (libvips): the original is
 * decoded once, turned upright by its EXIF orientation, then cut to a centred square and encoded
 * as WebP at each width, and as one 600 px JPEG for link previews (`share.jpg`). sharp writes no metadata unless asked to: EXIF (GPS position, camera,
 * date), XMP and ICC profiles of the original are left out of every variant.
 */
import type Sharp from 'sharp';
import { PHOTO_WIDTHS, SHARE_IMAGE } from '#shared/photos';
import { UPLOAD_MAX_BYTES } from '#shared/constants';

/**
 * sharp (and libvips, ≈ 20 MB of native code) is loaded by the first photo, not with the module:
 * the function's init stays that of its JavaScript, and a machine without the binaries of its own
 * platform (the Lambda's are linux-arm64) can still load the bundle (`npm run bench -- lambdas`).
 */
let sharpLoaded: Promise<typeof Sharp> | undefined;
const loadSharp = () => (sharpLoaded ??= import('sharp').then((module) => module.default));

/** WebP quality: faces on a 44–96 px avatar; 75 keeps them clean at a few KB each. */
const WEBP_QUALITY = 75;
/** 50 megapixels: far above any phone's photo, far below a decompression bomb (5 MB of PNG can claim 1 gigapixel). */
const MAX_INPUT_PIXELS = 50_000_000;

/** JPEG quality of the link previews' image: a face at 600 px, clean; 14 KB for the bench's portraits, 105 KB for pure noise. */
const SHARE_JPEG_QUALITY = 80;
/** Behind the photo's transparent parts, if any (a PNG): JPEG has no alpha. */
const SHARE_BACKGROUND = '#ffffff';

export interface ResizedPhoto {
  width: number;
  body: Uint8Array<ArrayBuffer>;
}

export interface ResizedPhotos {
  /** The WebP variants, at PHOTO_WIDTHS. */
  variants: ResizedPhoto[];
  /** The link previews' JPEG (SHARE_IMAGE: square, 600 px). */
  share: Uint8Array<ArrayBuffer>;
}

export async function resizePhoto(original: Uint8Array): Promise<ResizedPhotos> {
  if (original.byteLength > UPLOAD_MAX_BYTES) throw new Error(`Photo of ${original.byteLength} bytes, above the upload limit`);
  // One decode, rotated upright (autoOrient reads the EXIF orientation, then drops it); each width from it.
  const sharp = await loadSharp();
  const upright = sharp(original, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).autoOrient();
  const square = (size: number) => upright.clone().resize(size, size, { fit: 'cover', position: 'centre', withoutEnlargement: false });
  const bytes = (buffer: Buffer) => new Uint8Array(buffer);
  const [variants, share] = await Promise.all([
    Promise.all(
      PHOTO_WIDTHS.map(async (width) => ({
        width,
        body: await square(width).webp({ quality: WEBP_QUALITY, effort: 4 }).toBuffer().then(bytes),
      })),
    ),
    // mozjpeg's encoder (trellis quantisation, optimised progressive scans): 28 % smaller than libjpeg's at the
    // same quality (13.8 vs 19.2 KB), for ≈ 10 ms more once per upload.
    square(SHARE_IMAGE.size).flatten({ background: SHARE_BACKGROUND }).jpeg({ quality: SHARE_JPEG_QUALITY, mozjpeg: true }).toBuffer().then(bytes),
  ]);
  return { variants, share };
}
