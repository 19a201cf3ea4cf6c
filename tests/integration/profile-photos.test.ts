/**
 * Light photos (issue 14, point 3) on the local engines: a profile photo uploaded to s3rver is
 * resized by the resizer the bucket's notification invokes (infra/local/s3-events.ts), its WebP
 * variants are served by the router under /photos/ as CloudFront serves them, and the public
 * profile and the search cards carry them for `srcset` once they exist — whichever of the resizer
 * and the profile's save comes last marks them. Originals, diplomas and identity documents stay
 * private.
 */
import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_CACHE_CONTROL, PHOTO_WIDTHS, photoVariants, type PhotoVariant, type PublicTutorProfile, type SearchResponse } from '#shared';
import { localConfig } from '../../infra/local/config.js';
import { api, newUser, stack, type TestUser } from '../support/stack.js';
import { db } from './payments-helpers.js';
import { eventually, useStackEnvironment } from './search-support.js';
import { postFile, presign, uploadImage, type Presigned } from './uploads-helpers.js';

const RED = { r: 220, g: 20, b: 20 };
const BLUE = { r: 20, g: 20, b: 220 };

/**
 * A phone photo as a camera stores it: 1200 × 800 pixels, red above, blue below, with an EXIF
 * orientation of 6 (shown turned a quarter clockwise: blue on the left, red on the right), the
 * camera's make and a GPS position.
 */
async function phonePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 800, channels: 3, background: RED } })
    .composite([{ input: { create: { width: 1200, height: 400, channels: 3, background: BLUE } }, top: 400, left: 0 }])
    .jpeg({ quality: 85 })
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'KalanPhone' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '5/1 20/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '4/1 1/1 0/1' },
    })
    .toBuffer();
}

/** The tags of an EXIF block's first directory (TIFF: byte order, then IFD0's entries). */
function exifTags(exif: Buffer): number[] {
  const tiff = exif.subarray(exif.indexOf('Exif\0\0') >= 0 ? exif.indexOf('Exif\0\0') + 6 : 0);
  const little = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd = u32(4);
  return Array.from({ length: u16(ifd) }, (_, i) => u16(ifd + 2 + i * 12));
}
const ORIENTATION_TAG = 0x0112;
const GPS_TAG = 0x8825;

async function uploadPhoto(tutor: TestUser, bytes: Buffer): Promise<string> {
  const response = await presign(tutor.accessToken, 'profile_photo', 'image/jpeg', bytes.length);
  expect(response.status, response.text).toBe(200);
  expect(await postFile(response.body as Presigned, bytes, 'image/jpeg')).toBeLessThan(300);
  return (response.body as Presigned).key;
}

const site = (path: string) => fetch(`${stack().appUrl}${path}`);

/** Waits on state: every variant of the photo is served. */
async function variantsServed(key: string): Promise<PhotoVariant[]> {
  const variants = photoVariants(key);
  await eventually(async () => {
    for (const variant of variants) expect((await site(variant.url)).status, variant.url).toBe(200);
  });
  return variants;
}

function profileBody(photoKey: string | null) {
  return {
    bio: 'Professeur de physique-chimie, je prépare au BAC D.',
    education: 'Master de Physique — Université Félix Houphouët-Boigny',
    experience: '5-10ans',
    teaching_method: 'Exercices corrigés pas à pas.',
    subjects: ['Physique'],
    levels: ['Lycée (2nde-Tle)'],
    location: 'cocody',
    hourly_rate: 6000,
    availability_schedule: [{ day: 'Lundi', available: true, slots: [{ start: '16:00', end: '18:00' }] }],
    profile_image_key: photoKey,
    diploma_image_keys: [],
  };
}

async function saveProfile(tutor: TestUser, photoKey: string | null): Promise<string> {
  const saved = await api('/api/me/tutor-profile', { method: 'PUT', token: tutor.accessToken, body: profileBody(photoKey) });
  expect(saved.status, saved.text).toBe(200);
  return saved.body.id as string;
}

const publicProfile = async (id: string, reader: TestUser) => {
  const response = await api(`/api/tutors/${id}`, { token: reader.accessToken });
  expect(response.status, response.text).toBe(200);
  return response.body as PublicTutorProfile;
};

/** Letters only: a name the search finds this tutor alone by. */
const uniqueName = () => `Photo${randomUUID().replace(/[^a-f]/g, '').slice(0, 8)}`;

let parent: TestUser;
beforeAll(async () => {
  useStackEnvironment();
  parent = await newUser('parent');
});

describe('profile photos: resized at upload, served under /photos/ with immutable addresses', () => {
  it("writes square WebP variants at the pages' widths, upright, without the camera's metadata, cached a year", async () => {
    const tutor = await newUser('tuteur');
    const original = await phonePhoto();
    // The original really carries what must not leave: its orientation and a GPS position.
    const originalMeta = await sharp(original).metadata();
    expect(originalMeta.orientation).toBe(6);
    expect(exifTags(originalMeta.exif!)).toEqual(expect.arrayContaining([ORIENTATION_TAG, GPS_TAG]));

    const key = await uploadPhoto(tutor, original);
    const variants = await variantsServed(key);
    expect(variants.map((v) => v.width)).toEqual([...PHOTO_WIDTHS]);
    for (const variant of variants) {
      const response = await site(variant.url);
      expect(response.headers.get('content-type'), variant.url).toBe('image/webp');
      expect(response.headers.get('cache-control'), variant.url).toBe(PHOTO_CACHE_CONTROL);
      const bytes = Buffer.from(await response.arrayBuffer());
      const meta = await sharp(bytes).metadata();
      expect(meta, variant.url).toMatchObject({ format: 'webp', width: variant.width, height: variant.width });
      // No EXIF (GPS, make, orientation), no XMP, no colour profile copied from the camera.
      expect([meta.exif, meta.xmp, meta.icc, meta.orientation], variant.url).toEqual([undefined, undefined, undefined, undefined]);
      expect(bytes.includes('KalanPhone'), variant.url).toBe(false);
    }
    // Upright: the photo shown as the camera meant it (blue left, red right), cut to its middle square.
    const { data, info } = await sharp(Buffer.from(await (await site(variants[1]!.url)).arrayBuffer())).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
    const isBlue = ([r, , b]: number[]) => b! > 150 && r! < 80;
    const isRed = ([r, , b]: number[]) => r! > 150 && b! < 80;
    expect(isBlue(pixel(8, 48)), String(pixel(8, 48))).toBe(true);
    expect(isRed(pixel(88, 48)), String(pixel(88, 48))).toBe(true);
  });

  it('shows the variants on the public profile at once when they were made before the profile named the photo', async () => {
    const tutor = await newUser('tuteur');
    const key = await uploadPhoto(tutor, await phonePhoto());
    // The resizer has finished (it found no profile naming the photo): only the save can mark it.
    await variantsServed(key);
    const id = await saveProfile(tutor, key);
    const shown = await publicProfile(id, parent);
    expect(shown.profile_image_variants).toEqual(photoVariants(key));
    expect(shown.profile_image_url).toBe(photoVariants(key).at(-1)!.url);
  });

  it('shows them once made when the profile named the photo first (the resizer marks it), on the profile and in search', async () => {
    const lastName = uniqueName();
    const tutor = await newUser('tuteur', { firstName: 'Aya', lastName });
    const id = await saveProfile(tutor, null);
    // The profile names the photo before its original is even stored: no save will follow.
    const key = `${tutor.sub}/profile_photo_${Date.now()}_${randomUUID()}.jpg`;
    await db().send(
      new UpdateCommand({
        TableName: localConfig.tableName,
        Key: { pk: `USER#${tutor.sub}`, sk: 'TUTOR_PROFILE' },
        UpdateExpression: 'SET profile_image_url = :key',
        ExpressionAttributeValues: { ':key': key },
      }),
    );
    // Until the variants exist: the original's presigned address, no srcset.
    const before = await publicProfile(id, parent);
    expect(before.profile_image_variants).toEqual([]);
    expect(new URL(before.profile_image_url!).searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);

    const { environmentContext, signObjectRequest } = await import('../../functions/src/commons/s3-presign.js');
    const body = new Uint8Array(await phonePhoto());
    const put = await signObjectRequest(environmentContext(), {
      bucket: localConfig.buckets.tutorImages,
      key,
      method: 'PUT',
      body,
      headers: { 'content-type': 'image/jpeg' },
    });
    expect((await fetch(put.url, { method: 'PUT', headers: put.headers, body: put.body })).status).toBe(200);

    const shown = await eventually(async () => {
      const profile = await publicProfile(id, parent);
      expect(profile.profile_image_variants).toEqual(photoVariants(key));
      return profile;
    });
    expect(shown.profile_image_url).toBe(photoVariants(key).at(-1)!.url);

    // The search card: the catalogue keeps the flag, the answer the variants' addresses.
    await eventually(async () => {
      const result = await api(`/api/search/tutors?${new URLSearchParams({ q: lastName })}`, { token: parent.accessToken });
      expect(result.status, result.text).toBe(200);
      const card = (result.body as SearchResponse).tutors.find((t) => t.id === id);
      expect(card?.profile_image_variants).toEqual(photoVariants(key));
      expect(card?.profile_image_url).toBe(photoVariants(key).at(-1)!.url);
    }, 30_000);
  });

  it('keeps the originals, diplomas and identity documents private: the site serves the variants alone', async () => {
    const tutor = await newUser('tuteur');
    const diploma = await uploadImage(tutor.accessToken, 'diploma');
    const selfie = await uploadImage(tutor.accessToken, 'kyc_selfie');
    const photo = await uploadPhoto(tutor, await phonePhoto());
    await variantsServed(photo);

    const { s3 } = stack().ports;
    for (const [bucket, key] of [
      [localConfig.buckets.tutorImages, photo],
      [localConfig.buckets.tutorImages, diploma],
      [localConfig.buckets.kycDocuments, selfie],
    ] as const) {
      // Unsigned, straight to S3: refused, as on a private bucket.
      expect((await fetch(`http://127.0.0.1:${s3}/${bucket}/${key}`)).status, key).toBe(403);
      // Through the site: nothing but the photos bucket's photos/ folder is reachable.
      expect((await site(`/photos/${key}`)).status, key).toBe(404);
      for (const path of [`/photos/../${bucket}/${key}`, `/photos/%2E%2E/${bucket}/${key}`, `/${bucket}/${key}`, `/${key}`]) {
        const answer = await site(path);
        expect(answer.headers.get('content-type') ?? '', path).not.toMatch(/^image\//);
      }
    }
    // No variant is ever made of a diploma (the resizer skips it).
    const diplomaFolder = diploma.replace(/\.[a-z]+$/, '');
    for (const width of PHOTO_WIDTHS) expect((await site(`/photos/${diplomaFolder}/${width}.webp`)).status).toBe(404);
  });
});
