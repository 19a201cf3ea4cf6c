/**
 * Identity verification (functions/src/kyc/*) on the real engines — DynamoDB Local and the local
 * S3 holding the uploaded photos: a tutor submits its ID card and a selfie once at a time, an
 * admin lists the submissions (newest first, by pages) and approves (the profile becomes verified)
 * or rejects with a note, after which the tutor may submit again.
 */
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import { localDynamoClient } from '../../infra/local/dynamodb.js';
import { submitVerification } from '../../functions/src/kyc/verifications.js';
import { config } from './engines.js';
import { call, kycPhotos, newPerson, submittedKyc, uploadKycPhoto, type Person } from './harness.js';

const db = DynamoDBDocumentClient.from(localDynamoClient(config));

async function profile(userId: string): Promise<Record<string, any> | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: config.tableName, Key: { pk: `USER#${userId}`, sk: 'PROFILE' }, ConsistentRead: true }));
  return Item;
}

describe('submitting', () => {
  it('answers null before any submission, then the pending submission with its documents', async () => {
    const tutor = await newPerson('tuteur');
    expect(await call('getMyKyc', tutor)).toEqual({ status: 200, body: null });
    const before = Date.now();
    const { verification } = await submittedKyc(tutor);
    expect(verification).toMatchObject({ user_id: tutor.userId, status: 'pending', admin_notes: null, reviewed_at: null });
    expect(verification.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(verification.created_at).getTime()).toBeGreaterThanOrEqual(before);
    expect(verification.cni_image_url).toContain('kyc_cni_');
    expect(verification.selfie_image_url).toContain('kyc_selfie_');
    const mine = await call('getMyKyc', tutor);
    expect(mine.status).toBe(200);
    expect({ ...mine.body, cni_image_url: undefined, selfie_image_url: undefined }).toEqual({
      ...verification,
      cni_image_url: undefined,
      selfie_image_url: undefined,
    });
  });

  it('needs two different photos, both uploaded by the tutor itself', async () => {
    const [tutor, other] = await Promise.all([newPerson('tuteur'), newPerson('tuteur')]);
    const keys = await kycPhotos(tutor);
    await expect(submitVerification(tutor.userId, { cni_image_key: keys.cni_image_key, selfie_image_key: keys.cni_image_key })).rejects.toMatchObject({
      statusCode: 400,
      message: messages.kyc.bothPhotosRequired,
    });
    const theirs = await kycPhotos(other);
    expect((await call('submitKyc', tutor, { body: { ...keys, selfie_image_key: theirs.selfie_image_key } })).status).toBe(403);
    const notSent = await uploadKycPhoto(tutor, 'kyc_selfie', false);
    expect((await call('submitKyc', tutor, { body: { ...keys, selfie_image_key: notSent } })).status).toBe(400);
    expect(await call('getMyKyc', tutor)).toEqual({ status: 200, body: null });
  });

  it('keeps one submission pending at a time; the very same submit again answers it', async () => {
    const { tutor, keys, verification } = await submittedKyc();
    const retry = await call('submitKyc', tutor, { body: keys });
    expect(retry.status).toBe(201);
    expect(retry.body).toMatchObject({ id: verification.id, status: 'pending' });
    const other = await call('submitKyc', tutor, { body: await kycPhotos(tutor) });
    expect(other.status).toBe(409);
    expect(other.body.error.message).toBe(messages.kyc.alreadyPending);
    const halfSame = await call('submitKyc', tutor, { body: { ...keys, selfie_image_key: await uploadKycPhoto(tutor, 'kyc_selfie') } });
    expect(halfSame.status).toBe(409);
    const otherCard = await call('submitKyc', tutor, { body: { ...keys, cni_image_key: await uploadKycPhoto(tutor, 'kyc_cni') } });
    expect(otherCard.status).toBe(409);
    expect(otherCard.body.error.message).toBe(messages.kyc.alreadyPending);
    expect((await call('getMyKyc', tutor)).body.id).toBe(verification.id);
  });
});

describe('reviewing', () => {
  it("approves: the tutor's profile becomes verified, and nothing can be submitted or reviewed again", async () => {
    const admin = await newPerson('admin');
    const { tutor, verification } = await submittedKyc();
    expect((await profile(tutor.userId))?.is_verified).not.toBe(true);
    const before = Date.now();
    const review = await call('reviewKyc', admin, { params: { id: verification.id }, body: { decision: 'approve', admin_notes: '   ' } });
    expect(review.status).toBe(200);
    expect(review.body).toMatchObject({ id: verification.id, user_id: tutor.userId, status: 'approved', admin_notes: null, verified_by: admin.userId });
    expect(new Date(review.body.reviewed_at).getTime()).toBeGreaterThanOrEqual(before);
    expect((await profile(tutor.userId))?.is_verified).toBe(true);
    expect((await call('getMyKyc', tutor)).body).toMatchObject({ status: 'approved', reviewed_at: review.body.reviewed_at });

    const again = await call('reviewKyc', admin, { params: { id: verification.id }, body: { decision: 'reject' } });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(messages.kyc.alreadyReviewed);
    const resubmit = await call('submitKyc', tutor, { body: await kycPhotos(tutor) });
    expect(resubmit.status).toBe(409);
    expect(resubmit.body.error.message).toBe(messages.kyc.alreadyApproved);
  });

  it('rejects with the default note, leaves the profile unverified, and lets the tutor submit again', async () => {
    const admin = await newPerson('admin');
    const { tutor, verification } = await submittedKyc();
    const review = await call('reviewKyc', admin, { params: { id: verification.id }, body: { decision: 'reject' } });
    expect(review.body).toMatchObject({ status: 'rejected', admin_notes: messages.kyc.defaultRejectNote, verified_by: admin.userId });
    expect((await profile(tutor.userId))?.is_verified).not.toBe(true);
    expect((await call('getMyKyc', tutor)).body).toMatchObject({ id: verification.id, status: 'rejected', admin_notes: messages.kyc.defaultRejectNote });

    const second = await submittedKyc(tutor);
    expect(second.verification.id).not.toBe(verification.id);
    expect((await call('getMyKyc', tutor)).body).toMatchObject({ id: second.verification.id, status: 'pending' });
    const noted = await call('reviewKyc', admin, { params: { id: second.verification.id }, body: { decision: 'reject', admin_notes: ' Selfie flou ' } });
    expect(noted.body).toMatchObject({ status: 'rejected', admin_notes: 'Selfie flou' });
  });

  it('answers 404 for a submission that does not exist', async () => {
    const admin = await newPerson('admin');
    const response = await call('reviewKyc', admin, { params: { id: '00000000-0000-4000-8000-000000000000' }, body: { decision: 'approve' } });
    expect(response.status).toBe(404);
    expect(response.body.error.message).toBe(messages.kyc.notFound);
  });

  it('approves only once when two admins decide at the same moment', async () => {
    const [first, second] = await Promise.all([newPerson('admin'), newPerson('admin')]);
    const { verification } = await submittedKyc();
    const answers = await Promise.all([
      call('reviewKyc', first, { params: { id: verification.id }, body: { decision: 'approve' } }),
      call('reviewKyc', second, { params: { id: verification.id }, body: { decision: 'reject' } }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
  });
});

describe('the review list', () => {
  it('shows every submission newest first, with its owner, by pages of 25', async () => {
    const admin = await newPerson('admin');
    const tutor = await newPerson('tuteur');
    const { verification } = await submittedKyc(tutor);
    const approved = await call('reviewKyc', admin, { params: { id: verification.id }, body: { decision: 'approve' } });
    expect(approved.status).toBe(200);
    // 26 more submissions, each by its own tutor.
    const later: string[] = [];
    for (let i = 0; i < 26; i += 1) later.push((await submittedKyc()).verification.id as string);

    const first = await call('listKycVerifications', admin);
    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(25);
    expect(first.body.items.slice(0, 3).map((item: { id: string }) => item.id)).toEqual(later.slice(-3).reverse());
    expect(typeof first.body.next_cursor).toBe('string');
    const top = first.body.items[0];
    expect(top).toMatchObject({ status: 'pending', verified_by: null, owner: { first_name: 'Awa', last_name: 'Koné', role: 'tuteur' } });
    expect(top.owner.email).toMatch(/^tuteur-.*@exemple\.ci$/);
    expect(top.cni_image_url).toContain('kyc_cni_');

    const seen = new Map<string, Record<string, any>>();
    let cursor: string | null = first.body.next_cursor;
    for (const item of first.body.items) seen.set(item.id, item);
    while (cursor) {
      const page = await call('listKycVerifications', admin, { query: { cursor } });
      expect(page.status).toBe(200);
      for (const item of page.body.items) seen.set(item.id, item);
      cursor = page.body.next_cursor;
    }
    expect(seen.get(verification.id)).toMatchObject({ status: 'approved', verified_by: admin.userId, owner: { role: 'tuteur' } });
    for (const id of later) expect(seen.has(id), id).toBe(true);
  });

  it('refuses a cursor it did not give', async () => {
    const admin = await newPerson('admin');
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    for (const cursor of ['pas-un-curseur', encode({ gsi1pk: 'TRANSACTIONS', pk: 'x' }), encode(null), encode('KYC_VERIFICATIONS')]) {
      const response = await call('listKycVerifications', admin, { query: { cursor } });
      expect(response.status, cursor).toBe(400);
      expect(response.body.error.message).toBe(messages.admin.invalidCursor);
    }
  });
});
