/**
 * The profile photos' layout (shared/src/photos.ts, issue 17): public addresses named by the
 * photo's id, never by the account; the JPEG share image for link previews; readiness per layout;
 * the resizer's two kinds of invocation told apart by their validated shape.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  cataloguePhotoState,
  isPhotoReady,
  legacyPhotoObjectKeys,
  PHOTO_LAYOUT,
  PHOTO_WIDTHS,
  photoId,
  photoObjectKeys,
  photoShareKey,
  photoShareUrl,
  photoVariantKey,
  photoVariants,
  profilePhotoState,
  SHARE_IMAGE,
} from '#shared/photos';
import { resizerEventSchema } from '../../functions/src/photos/resize-photo.js';
import { resizePhoto } from '../../functions/src/photos/resize.js';

const OWNER = '8c1d4f2a-7b3e-4d5f-9a6b-1c2d3e4f5a6b';
const UUID = '0b8f6a1e-1f2a-4c3b-9d4e-5f6a7b8c9d0e';
const PHOTO = `${OWNER}/profile_photo_1700000000000_${UUID}.jpg`;

describe('the photos layout', () => {
  it("names every public object by the photo's id (the upload's random UUID), never by its owner's account", () => {
    expect(photoId(PHOTO)).toBe(UUID);
    const keys = photoObjectKeys(PHOTO);
    expect(keys).toEqual([...PHOTO_WIDTHS.map((width) => `photos/${UUID}/${width}.webp`), `photos/${UUID}/share.jpg`]);
    for (const key of keys) {
      expect(key).not.toContain(OWNER);
      expect(key).not.toContain('profile_photo');
      expect(key).not.toContain('1700000000000');
    }
    for (const variant of photoVariants(PHOTO)) expect(variant.url).toBe(`/photos/${UUID}/${variant.width}.webp`);
    expect(photoVariantKey(PHOTO, 288)).toBe(`photos/${UUID}/288.webp`);
  });

  it('has one JPEG share image per photo: share.jpg, square, 600 px', () => {
    expect(photoShareKey(PHOTO)).toBe(`photos/${UUID}/share.jpg`);
    expect(photoShareUrl(PHOTO)).toBe(`/photos/${UUID}/share.jpg`);
    expect(SHARE_IMAGE).toEqual({ file: 'share.jpg', size: 600, contentType: 'image/jpeg' });
  });

  it('publishes nothing of an upload that is not a profile photo', () => {
    for (const key of [`${OWNER}/diploma_1700000000000_${UUID}.jpg`, `${OWNER}/kyc_selfie_1700000000000_${UUID}.jpg`, 'photos/../x.jpg']) {
      expect([photoId(key), photoVariantKey(key, 48), photoShareKey(key), photoShareUrl(key)]).toEqual([null, null, null, null]);
      expect([photoObjectKeys(key), legacyPhotoObjectKeys(key), photoVariants(key)]).toEqual([[], [], []]);
    }
  });

  it("knows layout 1's objects (under the account's id), which the migration and the deletion remove", () => {
    expect(legacyPhotoObjectKeys(PHOTO)).toEqual(PHOTO_WIDTHS.map((width) => `photos/${OWNER}/profile_photo_1700000000000_${UUID}/${width}.webp`));
  });

  it('is ready only for the photo named, on the current layout', () => {
    expect(PHOTO_LAYOUT).toBe(2);
    const profile = { profile_image_url: PHOTO, photo_variants_of: PHOTO, photo_layout: PHOTO_LAYOUT };
    expect(isPhotoReady(profilePhotoState(profile))).toBe(true);
    // Made on layout 1 (no layout recorded), or on an older layout: not where the addresses point.
    expect(isPhotoReady(profilePhotoState({ ...profile, photo_layout: undefined }))).toBe(false);
    expect(isPhotoReady(profilePhotoState({ ...profile, photo_layout: 1 }))).toBe(false);
    // Made for another photo, or no photo.
    expect(isPhotoReady(profilePhotoState({ ...profile, photo_variants_of: `${OWNER}/profile_photo_1600000000000_${UUID}.jpg` }))).toBe(false);
    expect(isPhotoReady(profilePhotoState({ ...profile, profile_image_url: undefined }))).toBe(false);
    // The catalogue's entry: the layout when ready; an entry from before layout 2 has none.
    expect(isPhotoReady(cataloguePhotoState({ profile_image_url: PHOTO, profile_image_layout: PHOTO_LAYOUT }))).toBe(true);
    expect(isPhotoReady(cataloguePhotoState({ profile_image_url: PHOTO }))).toBe(false);
    expect(isPhotoReady(cataloguePhotoState({ profile_image_url: PHOTO, profile_image_layout: 1 }))).toBe(false);
    expect(isPhotoReady(cataloguePhotoState({ profile_image_url: null, profile_image_layout: PHOTO_LAYOUT }))).toBe(false);
  });
});

describe("the resizer's invocations", () => {
  const s3Event = { Records: [{ eventName: 'ObjectCreated:Post', s3: { bucket: { name: 'b' }, object: { key: encodeURIComponent(PHOTO), size: 1 } } }] };

  it('tells an S3 notification from the migration request by their validated shape', () => {
    const fromS3 = resizerEventSchema.parse(s3Event);
    expect('action' in fromS3).toBe(false);
    const backfill = resizerEventSchema.parse({ action: 'backfill-photos', limit: 10 });
    expect(backfill).toEqual({ action: 'backfill-photos', limit: 10 });
    expect(resizerEventSchema.parse({ action: 'backfill-photos', limit: 5, after: OWNER })).toEqual({ action: 'backfill-photos', limit: 5, after: OWNER });
  });

  it('refuses anything else: another action, a limit out of bounds, an unknown field, a bare object', () => {
    for (const event of [
      { action: 'delete-photos', limit: 10 },
      { action: 'backfill-photos', limit: 0 },
      { action: 'backfill-photos', limit: 1000 },
      { action: 'backfill-photos', limit: 2.5 },
      { action: 'backfill-photos', limit: 10, bucket: 'other' },
      { action: 'backfill-photos', limit: 10, after: '' },
      {},
      { Records: [{ s3: {} }] },
      null,
    ]) {
      expect(resizerEventSchema.safeParse(event).success, JSON.stringify(event)).toBe(false);
    }
  });
});

describe('the share image', () => {
  it('is a 600 × 600 JPEG cut to the middle, transparent parts on white, without metadata', async () => {
    // 900 × 600, transparent, a red square in the middle: the centred square keeps it, the rest turns white.
    const original = await sharp({ create: { width: 900, height: 600, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([{ input: { create: { width: 200, height: 200, channels: 4, background: { r: 220, g: 20, b: 20, alpha: 1 } } }, top: 200, left: 350 }])
      .png()
      .withMetadata({ orientation: 1 })
      .toBuffer();
    const { variants, share } = await resizePhoto(new Uint8Array(original));
    expect(variants.map((variant) => variant.width)).toEqual([...PHOTO_WIDTHS]);
    expect([...share.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const meta = await sharp(share).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 600, height: 600 });
    expect([meta.exif, meta.xmp, meta.orientation]).toEqual([undefined, undefined, undefined]);
    expect(share.byteLength).toBeLessThan(300 * 1024);
    const { data } = await sharp(share).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * 600 + x) * 3, (y * 600 + x) * 3 + 3)];
    expect(pixel(300, 300)[0]).toBeGreaterThan(180);
    expect(pixel(300, 300)[2]).toBeLessThan(80);
    expect(Math.min(...pixel(10, 10))).toBeGreaterThan(240);
  });
});
