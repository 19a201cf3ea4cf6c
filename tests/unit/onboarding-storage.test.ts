/** The upload policy and read rules, without S3: presigning is local signing work. */
import { beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_LAYOUT } from '#shared/photos';

beforeAll(() => {
  Object.assign(process.env, {
    AWS_REGION: 'eu-west-1',
    AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE',
    AWS_SECRET_ACCESS_KEY: 'secret',
    KYC_BUCKET: 'kyc-bucket',
    TUTOR_IMAGES_BUCKET: 'images-bucket',
  });
});

const storage = () => import('../../functions/src/uploads/storage.js');

describe('presigned upload policy', () => {
  it('pins the bucket, the exact key, the type and 1 B–5 MB, for 5 minutes', async () => {
    const { presignUpload } = await storage();
    const now = Date.now();
    const upload = await presignUpload(
      { userId: 'tutor-1', groups: ['tuteur'] },
      { purpose: 'kyc_selfie', content_type: 'image/jpeg', size: 1000 },
      now,
    );
    expect(upload.key).toMatch(/^tutor-1\/kyc_selfie_\d{13}_[0-9a-f-]{36}\.jpg$/);
    const policy = JSON.parse(Buffer.from(upload.fields.Policy!, 'base64').toString('utf8'));
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        ['eq', '$Content-Type', 'image/jpeg'],
        ['content-length-range', 1, 5 * 1024 * 1024],
        { bucket: 'kyc-bucket' },
        { key: upload.key },
        { 'Content-Type': 'image/jpeg' },
      ]),
    );
    const lifetime = Date.parse(policy.expiration) - now;
    expect(lifetime).toBeGreaterThan(4 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(5 * 60_000 + 1000);
  });

  it('pins a diploma PDF to application/pdf under a .pdf key, and signs a PDF for no other purpose', async () => {
    const { presignUpload } = await storage();
    const tutor = { userId: 'tutor-1', groups: ['tuteur'] as const };
    const upload = await presignUpload(tutor, { purpose: 'diploma', content_type: 'application/pdf', size: 1000 });
    expect(upload.key).toMatch(/^tutor-1\/diploma_\d{13}_[0-9a-f-]{36}\.pdf$/);
    const policy = JSON.parse(Buffer.from(upload.fields.Policy!, 'base64').toString('utf8'));
    expect(policy.conditions).toEqual(
      expect.arrayContaining([['eq', '$Content-Type', 'application/pdf'], ['content-length-range', 1, 5 * 1024 * 1024], { bucket: 'images-bucket' }]),
    );
    expect(upload.fields['Content-Type']).toBe('application/pdf');
    // Called past the request's schema, the rule still holds.
    for (const purpose of ['profile_photo', 'kyc_cni', 'kyc_selfie'] as const) {
      await expect(presignUpload(tutor, { purpose, content_type: 'application/pdf', size: 1000 }), purpose).rejects.toMatchObject({ statusCode: 400 });
    }
    await expect(presignUpload(tutor, { purpose: 'diploma', content_type: 'text/html', size: 1000 })).rejects.toMatchObject({ statusCode: 400 });
  });

  it('refuses to sign for a role that does not upload', async () => {
    const { presignUpload } = await storage();
    await expect(
      presignUpload({ userId: 'p', groups: ['parent'] }, { purpose: 'profile_photo', content_type: 'image/png', size: 1 }),
    ).rejects.toMatchObject({ statusCode: 403 });
  });
});

describe('who may read a file', () => {
  const uuid = '0f8fad5b-d9cb-469f-a165-70867728950e';
  it('KYC documents: the owner and admins only; tutor images: anyone signed in', async () => {
    const { canReadFile } = await storage();
    const kyc = { ownerId: 'tutor-1', purpose: 'kyc_cni' as const };
    expect(canReadFile({ userId: 'tutor-1', groups: ['tuteur'] }, kyc)).toBe(true);
    expect(canReadFile({ userId: 'admin-1', groups: ['admin'] }, kyc)).toBe(true);
    expect(canReadFile({ userId: 'tutor-2', groups: ['tuteur'] }, kyc)).toBe(false);
    expect(canReadFile({ userId: 'parent-1', groups: ['parent'] }, kyc)).toBe(false);
    expect(canReadFile({ userId: 'parent-1', groups: ['parent'] }, { ownerId: 'tutor-1', purpose: 'profile_photo' })).toBe(true);
  });

  it('signs tutor images for the same URL within a 5-minute window, KYC documents for 5 minutes', async () => {
    const { signedFileUrl } = await storage();
    const key = `tutor-1/profile_photo_1750000000000_${uuid}.png`;
    const windowStart = Math.floor(Date.now() / 300_000) * 300_000;
    const a = await signedFileUrl(key, windowStart + 1_000);
    const b = await signedFileUrl(key, windowStart + 200_000);
    expect(a.url).toBe(b.url);
    expect(new URL(a.url).searchParams.get('X-Amz-Expires')).toBe('900');
    expect(a.url).not.toContain('x-amz-checksum');
    const kyc = await signedFileUrl(`tutor-1/kyc_cni_1750000000000_${uuid}.jpg`);
    expect(new URL(kyc.url).searchParams.get('X-Amz-Expires')).toBe('300');
    expect(new URL(kyc.url).hostname).toContain('kyc-bucket');
  });
});

describe('tutor cards', () => {
  const photo = 'tutor-1/profile_photo_1790000000000_0f8b6c1e-3f4a-4d2b-9c1d-2b3c4d5e6f70.png';
  const card = (profile_image_url: string | null, ready?: true) => ({ id: 't', profile_image_url, ...(ready ? { profile_image_layout: PHOTO_LAYOUT } : {}) });
  const photos = () => import('../../functions/src/photos/variants.js');

  it('leave the API with a presigned address of the photo in the images bucket until its variants exist, the same within a window', async () => {
    const { withPhotos } = await photos();
    const now = Date.parse('2026-11-23T10:00:00Z');
    const [first] = await withPhotos([card(photo)], now);
    const url = new URL(first!.profile_image_url!);
    expect(url.host + url.pathname).toContain(`images-bucket`);
    expect(url.pathname).toContain('profile_photo_1790000000000');
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(first!.profile_image_variants).toEqual([]);
    const [again] = await withPhotos([card(photo)], now + 1000);
    expect(again!.profile_image_url).toBe(first!.profile_image_url);
  });

  it('once its variants exist, with their unsigned addresses on the site, smallest first, the largest as the address', async () => {
    const { withPhotos } = await photos();
    const [shown] = await withPhotos([card(photo, true)]);
    // Named by the photo's id (its upload's uuid), not by the account.
    const base = '/photos/0f8b6c1e-3f4a-4d2b-9c1d-2b3c4d5e6f70';
    expect(shown!.profile_image_variants).toEqual([48, 96, 144, 192, 288].map((width) => ({ url: `${base}/${width}.webp`, width })));
    expect(shown!.profile_image_url).toBe(`${base}/288.webp`);
  });

  it('made on the layout before (a catalogue entry without a layout, or of layout 1): the presigned original, no variants', async () => {
    const { withPhotos } = await photos();
    const shown = await withPhotos([{ id: 't', profile_image_url: photo, profile_image_ready: true }, { id: 't', profile_image_url: photo, profile_image_layout: 1 }]);
    for (const tutor of shown) {
      expect(tutor.profile_image_variants).toEqual([]);
      expect(new URL(tutor.profile_image_url!).searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it('never show anything but a profile photo: an identity document, a diploma or a foreign string is no photo, ready or not', async () => {
    const { withPhotos } = await photos();
    const kyc = 'tutor-1/kyc_selfie_1790000000000_0f8b6c1e-3f4a-4d2b-9c1d-2b3c4d5e6f70.jpg';
    const diploma = 'tutor-1/diploma_1790000000000_0f8b6c1e-3f4a-4d2b-9c1d-2b3c4d5e6f70.jpg';
    const shown = await withPhotos([card(kyc), card(kyc, true), card(diploma, true), card('https://evil.example/x.png', true), card(null)]);
    expect(shown.map((t) => t.profile_image_url)).toEqual([null, null, null, null, null]);
    expect(shown.every((t) => t.profile_image_variants.length === 0)).toBe(true);
  });
});
