/**
 * Light photos (issue 14, point 3) on the local engines: a profile photo uploaded to s3rver is
 * resized by the resizer the bucket's notification invokes (infra/local/s3-events.ts), its WebP
 * variants are served by the router under /photos/ as CloudFront serves them, and the public
 * profile and the search cards carry them for `srcset` once they exist — whichever of the resizer
 * and the profile's save comes last marks them. Originals, diplomas and identity documents stay
 * private.
 *
 * Issue 17: the addresses are named by the photo's id (layout 2, no account id), a JPEG share
 * image is made for link previews and is the public tutor page's `og:image`, and photos made on
 * layout 1 are migrated by the resizer's backfill (the deploy's and the local stack's).
 */
import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import sharp from 'sharp';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import {
  legacyPhotoObjectKeys,
  PHOTO_CACHE_CONTROL,
  PHOTO_LAYOUT,
  PHOTO_WIDTHS,
  photoObjectKeys,
  photoShareUrl,
  photoVariants,
  type PhotoVariant,
  type PublicTutorProfile,
  type PublicVisitorProfile,
  type SearchResponse,
} from '#shared';
import { eventHandlers } from '#shared/routes';
import { localConfig } from '../../infra/local/config.js';
import { api, newUser, stack, type TestUser } from '../support/stack.js';
import { adminSession } from '../support/admin-session.js';
import { metaTags } from '../support/page-html.js';
import { kycDocuments } from './access-fixtures.js';
import { db, withdrawTutorProfile } from './payments-helpers.js';
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

/** Waits on state: every variant of the photo, and its share image, is served. */
async function variantsServed(key: string): Promise<PhotoVariant[]> {
  const variants = photoVariants(key);
  await eventually(async () => {
    for (const url of [...variants.map((variant) => variant.url), photoShareUrl(key)!]) expect((await site(url)).status, url).toBe(200);
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
    // No variant is ever made of a diploma (the resizer skips it), on either layout.
    const diplomaFolder = diploma.replace(/\.[a-z]+$/, '');
    const diplomaUuid = /_([0-9a-f-]{36})\.[a-z]+$/.exec(diploma)![1]!;
    for (const width of PHOTO_WIDTHS) {
      expect((await site(`/photos/${diplomaFolder}/${width}.webp`)).status).toBe(404);
      expect((await site(`/photos/${diplomaUuid}/${width}.webp`)).status).toBe(404);
    }
    expect((await site(`/photos/${diplomaUuid}/share.jpg`)).status).toBe(404);
  });
});

/** Verified the way an admin verifies a tutor (KYC approved: the counters follow), listed publicly until the test ends. */
async function listPublicly(tutor: TestUser): Promise<void> {
  admin ??= await adminSession();
  const submitted = await api('/api/me/kyc', { method: 'POST', token: tutor.accessToken, body: await kycDocuments(tutor) });
  expect(submitted.status, submitted.text).toBe(201);
  const review = await api(`/api/admin/kyc/${submitted.body.id}/review`, { method: 'POST', token: admin.accessToken, body: { decision: 'approve' } });
  expect(review.status, review.text).toBe(200);
  // The shared stack's search tests count the catalogue: out of it again after the test.
  onTestFinished(() => withdrawTutorProfile(tutor.sub));
}
let admin: TestUser | undefined;

/** The table's entities and the photos bucket, in this process, on the stack's engines. */
async function engines() {
  useStackEnvironment();
  const [{ GetItemCommand }, db, presign] = await Promise.all([
    import('dynamodb-toolbox/entity/actions/get'),
    import('#commons/db'),
    import('../../functions/src/commons/s3-presign.js'),
  ]);
  const photoObject = async (key: string, method: 'GET' | 'PUT' | 'DELETE', body?: Uint8Array<ArrayBuffer>, contentType?: string) => {
    const request = await presign.signObjectRequest(presign.environmentContext(), {
      bucket: localConfig.buckets.tutorPhotos,
      key,
      method,
      ...(body ? { body, headers: { 'content-type': contentType!, 'cache-control': PHOTO_CACHE_CONTROL } } : {}),
    });
    const response = await fetch(request.url, { method: request.method, headers: request.headers, body: request.body });
    return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
  };
  return {
    tutorProfile: async (userId: string) => (await db.TutorProfileEntity.build(GetItemCommand).key({ user_id: userId }).options({ consistent: true }).send()).Item,
    photoObject,
  };
}

describe('link previews (issue 17): a JPEG share image, the public page\'s og:image', () => {
  it('makes share.jpg, a 600 px JPEG without metadata, names it on the tutor page as og:image, and the site serves it as image/jpeg', async () => {
    await engines();
    const tutor = await newUser('tuteur', { firstName: 'Adjoua', lastName: uniqueName() });
    const key = await uploadPhoto(tutor, await phonePhoto());
    const id = await saveProfile(tutor, key);
    await variantsServed(key);

    const shareUrl = photoShareUrl(key)!;
    expect(shareUrl).not.toContain(tutor.sub);
    const response = await site(shareUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(response.headers.get('cache-control')).toBe(PHOTO_CACHE_CONTROL);
    const bytes = Buffer.from(await response.arrayBuffer());
    // A JPEG's first bytes: SOI (FF D8) and the first marker (FF).
    expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(bytes.byteLength).toBeLessThan(300 * 1024);
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 600, height: 600 });
    expect([meta.exif, meta.xmp, meta.icc, meta.orientation]).toEqual([undefined, undefined, undefined, undefined]);
    expect(bytes.includes('KalanPhone')).toBe(false);

    // Listed publicly (verified): its page, pre-rendered from the catalogue, previews the JPEG.
    await listPublicly(tutor);
    const tags = await eventually(async () => {
      const page = await site(`/tutors/${id}`);
      expect(page.status).toBe(200);
      const text = await page.text();
      const found = metaTags(text);
      expect(found.get('og:image')).toMatch(/\/share\.jpg$/);
      expect(text).not.toContain(tutor.sub);
      return found;
    }, 30_000);
    const ogImage = new URL(tags.get('og:image')!);
    expect(ogImage.pathname).toBe(shareUrl);
    expect(tags.get('og:image:type')).toBe('image/jpeg');
    expect([tags.get('og:image:width'), tags.get('og:image:height')]).toEqual(['600', '600']);
    expect(tags.get('og:image:alt')).toMatch(/^Photo d/);
    // What a link preview fetches: the og:image's path on the site, through the router.
    const preview = await site(ogImage.pathname);
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await preview.arrayBuffer()).equals(bytes)).toBe(true);
  });
});

describe('the migration of photos made on layout 1 (the deploy\'s backfill)', () => {
  it('remakes the variants and the share image under the photo id, marks the profile with the layout, deletes the old objects', async () => {
    const { tutorProfile, photoObject } = await engines();
    const tutor = await newUser('tuteur', { firstName: 'Koffi', lastName: uniqueName() });
    const key = await uploadPhoto(tutor, await phonePhoto());
    const id = await saveProfile(tutor, key);
    await variantsServed(key);
    await listPublicly(tutor);

    // As a stage deployed before layout 2 holds it: the variants under the account's id, no share
    // image, and the profile's mark without a layout.
    const legacy = legacyPhotoObjectKeys(key);
    expect(legacy.every((object) => object.startsWith(`photos/${tutor.sub}/profile_photo_`))).toBe(true);
    const webp = (await photoObject(photoObjectKeys(key)[0]!, 'GET')).bytes;
    for (const object of legacy) expect((await photoObject(object, 'PUT', new Uint8Array(webp), 'image/webp')).status).toBe(200);
    for (const object of photoObjectKeys(key)) expect((await photoObject(object, 'DELETE')).status).toBeLessThan(300);
    await db().send(
      new UpdateCommand({
        TableName: localConfig.tableName,
        Key: { pk: `USER#${tutor.sub}`, sk: 'TUTOR_PROFILE' },
        UpdateExpression: 'SET photo_variants_of = :key REMOVE photo_layout',
        ExpressionAttributeValues: { ':key': key },
      }),
    );
    for (const object of legacy) expect((await site(`/${object}`)).status, object).toBe(200);

    // Before the migration: not ready on the current layout — the original to signed-in users, no photo to visitors.
    const before = await publicProfile(id, parent);
    expect(before.profile_image_variants).toEqual([]);
    expect(new URL(before.profile_image_url!).searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    const visitorBefore = await api(`/api/public/tutors/${id}`);
    expect(visitorBefore.status, visitorBefore.text).toBe(200);
    expect((visitorBefore.body as PublicVisitorProfile).profile_image_url).toBeNull();

    // The deploy's loop, on the resizer's handler (in this process, on the stack's engines).
    const { invoke } = await import('../../infra/local/lambda-runtime.js');
    const { migratePhotos } = await import('../../infra/scripts/deploy/photos.js');
    const migration = await migratePhotos((payload) => invoke(eventHandlers.photoResizer, payload), () => {});
    expect(migration.migrated).toBeGreaterThanOrEqual(1);

    expect(await tutorProfile(tutor.sub)).toMatchObject({ profile_image_url: key, photo_variants_of: key, photo_layout: PHOTO_LAYOUT });
    for (const object of photoObjectKeys(key)) {
      const served = await site(`/${object}`);
      expect(served.status, object).toBe(200);
      expect(served.headers.get('content-type'), object).toBe(object.endsWith('.jpg') ? 'image/jpeg' : 'image/webp');
    }
    for (const object of legacy) {
      expect((await photoObject(object, 'GET')).status, object).toBe(404);
      expect((await site(`/${object}`)).status, object).toBe(404);
    }
    const after = await publicProfile(id, parent);
    expect(after.profile_image_variants).toEqual(photoVariants(key));
    const visitorAfter = await api(`/api/public/tutors/${id}`);
    expect((visitorAfter.body as PublicVisitorProfile).profile_image_url).toBe(photoVariants(key).at(-1)!.url);

    // Nothing remains: a second run migrates nothing and takes one call.
    expect(await migratePhotos((payload) => invoke(eventHandlers.photoResizer, payload), () => {})).toMatchObject({ migrated: 0 });
  });
});
