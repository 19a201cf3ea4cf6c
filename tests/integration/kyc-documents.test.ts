/**
 * Identity documents on the local S3 (issue 12, point 3): presigned URLs that live minutes, upload
 * policies that pin the type and the size (s3rver checks them as S3 does, infra/local/s3-post-policy.ts),
 * and the retention tag a rejection puts on the submission's documents. URLs are made by the
 * production signer (functions/src/commons/s3-presign.ts); an "old" URL is one signed minutes ago,
 * not one waited for.
 */
import { describe, expect, it } from 'vitest';
import { KYC_RETENTION, KYC_URL_TTL_SECONDS, UPLOAD_MAX_BYTES, messages } from '#shared';
import { type PresignContext, presignObjectUrl, presignPost, signObjectRequest } from '../../functions/src/commons/s3-presign.js';
import { api, newUser, stack, type TestUser } from '../support/stack.js';
import { PNG_1PX, postFile, presign, uploadImage, type Presigned } from './uploads-helpers.js';
import { adminSession } from '../support/admin-session.js';

const KYC_BUCKET = 'kalan-kyc-documents';

function s3(): PresignContext {
  return {
    region: 'eu-west-1',
    credentials: async () => ({ accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }),
    endpoint: `http://127.0.0.1:${stack().ports.s3}`,
  };
}

async function adminToken(): Promise<string> {
  return (await adminSession()).accessToken;
}

/** The object's tags, read with a signed GetObjectTagging. */
async function tagsOf(key: string): Promise<Record<string, string>> {
  const request = await signObjectRequest(s3(), { bucket: KYC_BUCKET, key, method: 'GET', query: { tagging: '' } });
  const response = await fetch(request.url, { headers: request.headers });
  const xml = await response.text();
  expect(response.status, xml).toBe(200);
  return Object.fromEntries([...xml.matchAll(/<Tag><Key>([^<]*)<\/Key><Value>([^<]*)<\/Value><\/Tag>/g)].map((m) => [m[1]!, m[2]!]));
}

async function exists(key: string): Promise<boolean> {
  const url = await presignObjectUrl(s3(), { bucket: KYC_BUCKET, key, method: 'HEAD', expiresIn: 60 });
  const response = await fetch(url, { method: 'HEAD' });
  if (response.status !== 200 && response.status !== 404) throw new Error(`HEAD ${response.status}`);
  return response.status === 200;
}

async function kycForm(tutor: TestUser, contentType = 'image/png', size = PNG_1PX.length): Promise<Presigned> {
  const response = await presign(tutor.accessToken, 'kyc_cni', contentType, size);
  expect(response.status).toBe(200);
  return response.body as Presigned;
}

async function postRaw(presigned: { url: string; fields: Record<string, string> }, bytes: Buffer, type = 'image/png') {
  const form = new FormData();
  for (const [name, value] of Object.entries(presigned.fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), 'document');
  const response = await fetch(presigned.url, { method: 'POST', body: form });
  return { status: response.status, text: await response.text() };
}

describe('presigned GETs of identity documents', () => {
  it('live KYC_URL_TTL_SECONDS (minutes): the API gives 5-minute links, and a link signed longer ago than that is refused', async () => {
    const owner = await newUser('tuteur');
    const key = await uploadImage(owner.accessToken, 'kyc_cni');
    const issued = await api(`/api/uploads/url?key=${encodeURIComponent(key)}`, { token: owner.accessToken });
    expect(issued.status).toBe(200);
    expect(KYC_URL_TTL_SECONDS).toBe(300);
    expect(new URL(issued.body.url).searchParams.get('X-Amz-Expires')).toBe(String(KYC_URL_TTL_SECONDS));
    expect((await fetch(issued.body.url)).status).toBe(200);

    // The same link, as the API would have signed it 4 minutes ago: still good; 6 minutes ago: expired.
    const signedAgo = (seconds: number) =>
      presignObjectUrl(s3(), { bucket: KYC_BUCKET, key, expiresIn: KYC_URL_TTL_SECONDS, signingDate: new Date(Date.now() - seconds * 1000) });
    expect((await fetch(await signedAgo(KYC_URL_TTL_SECONDS - 60))).status).toBe(200);
    const expired = await fetch(await signedAgo(KYC_URL_TTL_SECONDS + 60));
    expect(expired.status).toBe(403);
    expect(await expired.text()).toContain('Request has expired');
  });
});

describe('presigned POSTs of identity documents (the policy, enforced by the local S3 as by S3)', () => {
  it('store the declared image within the size range', async () => {
    const tutor = await newUser('tuteur');
    const form = await kycForm(tutor);
    expect(await postFile(form, PNG_1PX)).toBe(204);
    expect(await exists(form.key)).toBe(true);
  });

  it('refuse a file over the size range, and an empty one, storing nothing', async () => {
    const tutor = await newUser('tuteur');
    const tooLarge = await kycForm(tutor);
    const refused = await postRaw(tooLarge, Buffer.alloc(UPLOAD_MAX_BYTES + 1, 1));
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('EntityTooLarge');
    expect(await exists(tooLarge.key)).toBe(false);

    const empty = await kycForm(tutor);
    const emptyRefused = await postRaw(empty, Buffer.alloc(0));
    expect(emptyRefused.status).toBe(400);
    expect(emptyRefused.text).toContain('EntityTooSmall');
    expect(await exists(empty.key)).toBe(false);
  });

  it('refuse another type than the one signed, another key, and a field the policy does not name', async () => {
    const tutor = await newUser('tuteur');
    const form = await kycForm(tutor, 'image/png');
    const otherType = await postRaw({ ...form, fields: { ...form.fields, 'Content-Type': 'text/html' } }, PNG_1PX, 'text/html');
    expect(otherType.status).toBe(403);
    expect(otherType.text).toContain('Policy Condition failed');

    const victim = await newUser('tuteur');
    const otherKey = `${victim.sub}/kyc_cni_${Date.now()}_00000000-0000-4000-8000-000000000000.png`;
    const stolen = await postRaw({ ...form, fields: { ...form.fields, key: otherKey } }, PNG_1PX);
    expect(stolen.status).toBe(403);
    expect(await exists(otherKey)).toBe(false);

    const extra = await postRaw({ ...form, fields: { ...form.fields, 'x-amz-meta-owner': 'admin' } }, PNG_1PX);
    expect(extra.status).toBe(403);
    expect(extra.text).toContain('Extra input fields');

    const forged = await postRaw({ ...form, fields: { ...form.fields, 'X-Amz-Signature': '0'.repeat(64) } }, PNG_1PX);
    expect(forged.status).toBe(403);
    expect(await exists(form.key)).toBe(false);
  });

  it('refuse a policy signed longer ago than it lives, and an unsigned upload', async () => {
    const tutor = await newUser('tuteur');
    const key = `${tutor.sub}/kyc_cni_${Date.now()}_11111111-1111-4111-8111-111111111111.png`;
    const sign = (secondsAgo: number) =>
      presignPost(s3(), {
        bucket: KYC_BUCKET,
        key,
        conditions: [['eq', '$Content-Type', 'image/png'], ['content-length-range', 1, UPLOAD_MAX_BYTES]],
        fields: { 'Content-Type': 'image/png' },
        expiresIn: 5 * 60,
        now: new Date(Date.now() - secondsAgo * 1000),
      });
    const expired = await postRaw(await sign(6 * 60), PNG_1PX);
    expect(expired.status).toBe(403);
    expect(expired.text).toContain('Policy expired');
    expect(await exists(key)).toBe(false);

    const unsigned = await postRaw({ url: (await sign(0)).url, fields: { key, 'Content-Type': 'image/png' } }, PNG_1PX);
    expect(unsigned.status).toBe(403);
    expect(await exists(key)).toBe(false);

    expect((await postRaw(await sign(4 * 60), PNG_1PX)).status).toBe(204);
    expect(await exists(key)).toBe(true);
  });
});

describe('the retention tag', () => {
  async function submitted() {
    const tutor = await newUser('tuteur');
    const [cni, selfie] = await Promise.all([uploadImage(tutor.accessToken, 'kyc_cni'), uploadImage(tutor.accessToken, 'kyc_selfie')]);
    const response = await api('/api/me/kyc', { method: 'POST', token: tutor.accessToken, body: { cni_image_key: cni, selfie_image_key: selfie } });
    expect(response.status).toBe(201);
    return { id: response.body.id as string, keys: [cni, selfie] };
  }
  const review = (token: string, id: string, decision: 'approve' | 'reject') =>
    api(`/api/admin/kyc/${id}/review`, { method: 'POST', token, body: { decision, admin_notes: decision === 'reject' ? 'Photo floue' : undefined } });

  it("marks a rejected submission's documents for deletion, and no other's", async () => {
    const admin = await adminToken();
    const rejected = await submitted();
    const approved = await submitted();
    for (const key of [...rejected.keys, ...approved.keys]) expect(await tagsOf(key)).toEqual({});

    expect((await review(admin, rejected.id, 'reject')).status).toBe(200);
    expect((await review(admin, approved.id, 'approve')).status).toBe(200);
    for (const key of rejected.keys) expect(await tagsOf(key)).toEqual({ [KYC_RETENTION.tagKey]: KYC_RETENTION.rejected.tag });
    for (const key of approved.keys) expect(await tagsOf(key)).toEqual({});

    // Repeating the rejection changes nothing more (409), the tags stay as they are.
    const again = await review(admin, rejected.id, 'reject');
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(messages.kyc.alreadyReviewed);
    for (const key of rejected.keys) expect(await tagsOf(key)).toEqual({ [KYC_RETENTION.tagKey]: KYC_RETENTION.rejected.tag });
  });

  it('keeps a rejected document out of a new submission (it would be deleted under it)', async () => {
    const admin = await adminToken();
    const tutor = await newUser('tuteur');
    const [cni, selfie] = await Promise.all([uploadImage(tutor.accessToken, 'kyc_cni'), uploadImage(tutor.accessToken, 'kyc_selfie')]);
    const first = await api('/api/me/kyc', { method: 'POST', token: tutor.accessToken, body: { cni_image_key: cni, selfie_image_key: selfie } });
    expect(first.status).toBe(201);
    expect((await review(admin, first.body.id, 'reject')).status).toBe(200);

    const again = await api('/api/me/kyc', { method: 'POST', token: tutor.accessToken, body: { cni_image_key: cni, selfie_image_key: selfie } });
    expect(again.status).toBe(400);
    expect(again.body.error.message).toBe(messages.uploads.retained);
    expect((await api('/api/me/kyc', { token: tutor.accessToken })).body.status).toBe('rejected');

    // New photos go through.
    const newCni = await uploadImage(tutor.accessToken, 'kyc_cni');
    const fresh = await api('/api/me/kyc', { method: 'POST', token: tutor.accessToken, body: { cni_image_key: newCni, selfie_image_key: await uploadImage(tutor.accessToken, 'kyc_selfie') } });
    expect(fresh.status).toBe(201);
    expect(await tagsOf(newCni)).toEqual({});
  });
});
