/**
 * A profile photo's variants (shared/src/photos.ts), made with sharp (libvips): the original is
 * decoded once, turned upright by its EXIF orientation, then cut to a centred square and encoded
 * as WebP at each width. sharp writes no metadata unless asked to: EXIF (GPS position, camera,
 * date), XMP and ICC profiles of the original are left out of every variant.
 */
import type Sharp from 'sharp';
import { PHOTO_WIDTHS } from '#shared/photos';
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

export interface ResizedPhoto {
  width: number;
  body: Uint8Array<ArrayBuffer>;
}

export async function resizePhoto(original: Uint8Array): Promise<ResizedPhoto[]> {
  if (original.byteLength > UPLOAD_MAX_BYTES) throw new Error(`Photo of ${original.byteLength} bytes, above the upload limit`);
  // One decode, rotated upright (autoOrient reads the EXIF orientation, then drops it); each width from it.
  const sharp = await loadSharp();
  const upright = sharp(original, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).autoOrient();
  return Promise.all(
    PHOTO_WIDTHS.map(async (width) => ({
      width,
      body: await upright
        .clone()
        .resize(width, width, { fit: 'cover', position: 'centre', withoutEnlargement: false })
        .webp({ quality: WEBP_QUALITY, effort: 4 })
        .toBuffer()
        .then((buffer) => new Uint8Array(buffer)),
    })),
  );
}
