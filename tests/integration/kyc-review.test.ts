/**
 * KYC submission and its admin review against DynamoDB Local and s3rver: one pending submission
 * per tutor, admin-only review, and approve/reject as conditional transactions.
 */
import { describe, expect, it } from 'vitest';
import { messages } from '#shared';
import { api, newUser, type TestUser } from '../support/stack.js';
import { PNG_1PX, uploadImage } from './uploads-helpers.js';
import { adminSession } from '../support/admin-session.js';

async function adminToken(): Promise<string> {
  return (await adminSession()).accessToken;
}

async function documents(tutor: TestUser) {
  const [cni, selfie] = await Promise.all([
    uploadImage(tutor.accessToken, 'kyc_cni'),
    uploadImage(tutor.accessToken, 'kyc_selfie'),
  ]);
  return { cni_image_key: cni, selfie_image_key: selfie };
}

async function submitted(names: { firstName?: string; lastName?: string } = {}) {
  const tutor = await newUser('tuteur', names);
  const response = await api('/api/me/kyc', { method: 'POST', token: tutor.accessToken, body: await documents(tutor) });
  expect(response.status).toBe(201);
  return { tutor, verification: response.body as { id: string; status: string } };
}

const review = (token: string, id: string, body: object) =>
  api(`/api/admin/kyc/${id}/review`, { method: 'POST', token, body });
const myKyc = async (tutor: TestUser) => (await api('/api/me/kyc', { token: tutor.accessToken })).body;
const me = async (tutor: TestUser) => (await api('/api/me', { token: tutor.accessToken })).body;

async function allForUser(token: string, userId: string, status?: 'pending') {
  const found = [];
  let cursor: string | null = null;
  do {
    const params = new URLSearchParams({ ...(status && { status }), ...(cursor && { cursor }) });
    const query: string = params.size ? `?${params}` : '';
    const page = await api(`/api/admin/kyc${query}`, { token });
    expect(page.status).toBe(200);
    found.push(...page.body.items.filter((item: { user_id: string }) => item.user_id === userId));
    cursor = page.body.next_cursor;
  } while (cursor);
  return found;
}

describe('submitting KYC', () => {
  it('requires both photos, uploaded by the caller itself', async () => {
    const tutor = await newUser('tuteur');
    const docs = await documents(tutor);
    const missing = await api('/api/me/kyc', { method: 'POST', token: tutor.accessToken, body: { cni_image_key: docs.cni_image_key } });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toBe(messages.kyc.bothPhotosRequired);

    const other = await newUser('tuteur');
    const othersDocs = await documents(other);
    const stolen = await api('/api/me/kyc', { method: 'POST', token: tutor.accessToken, body: othersDocs });
    expect(stolen.status).toBe(403);

    const swapped = await api('/api/me/kyc', {
      method: 'POST',
      token: tutor.accessToken,
      body: { cni_image_key: docs.selfie_image_key, selfie_image_key: docs.cni_image_key },
    });
    expect(swapped.status).toBe(400);
    expect(await myKyc(tutor)).toBeNull();
  });

  it('refuses a key whose file was never uploaded', async () => {
    const tutor = await newUser('tuteur');
    const docs = await documents(tutor);
    const ghost = docs.cni_image_key.replace(/_[0-9a-f-]{36}\./, '_00000000-0000-4000-8000-000000000000.');
    const response = await api('/api/me/kyc', { method: 'POST', token: tutor.accessToken, body: { ...docs, cni_image_key: ghost } });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe(messages.uploads.missing);
  });

  it('keeps one pending submission: a second submit answers 409, a retry of the same one answers it again', async () => {
    const tutor = await newUser('tuteur');
    const docs = await documents(tutor);
    const first = await api('/api/me/kyc', { method: 'POST', token: tutor.accessToken, body: docs });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ status: 'pending', user_id: tutor.sub });

    const retry = await api('/api/me/kyc', { method: 'POST', token: tutor.accessToken, body: docs });
    expect(retry.status).toBe(201);
    expect(retry.body.id).toBe(first.body.id);

    const second = await api('/api/me/kyc', { method: 'POST', token: tutor.accessToken, body: await documents(tutor) });
    expect(second.status).toBe(409);
    expect(second.body.error.message).toBe(messages.kyc.alreadyPending);

    const records = await allForUser(await adminToken(), tutor.sub);
    expect(records).toHaveLength(1);
  });

  it('creates a single pending record when submissions race', async () => {
    const tutor = await newUser('tuteur');
    const bodies = await Promise.all(Array.from({ length: 4 }, () => documents(tutor)));
    const results = await Promise.all(
      bodies.map((body) => api('/api/me/kyc', { method: 'POST', token: tutor.accessToken, body })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(3);
    const records = await allForUser(await adminToken(), tutor.sub);
    expect(records.map((r) => r.status)).toEqual(['pending']);
  });

  it('shows the owner its status with both documents readable', async () => {
    const { tutor, verification } = await submitted();
    const mine = await myKyc(tutor);
    expect(mine).toMatchObject({ id: verification.id, status: 'pending', admin_notes: null });
    const selfie = await fetch(mine.selfie_image_url);
    expect(Buffer.from(await selfie.arrayBuffer()).equals(PNG_1PX)).toBe(true);
  });
});

describe('admin KYC routes', () => {
  it('are for admins only', async () => {
    const { verification } = await submitted();
    for (const role of ['parent', 'tuteur', 'entreprise']) {
      const user = await newUser(role);
      expect((await api('/api/admin/kyc', { token: user.accessToken })).status, role).toBe(403);
      expect((await review(user.accessToken, verification.id, { decision: 'approve' })).status, role).toBe(403);
    }
    expect((await api('/api/admin/kyc')).status).toBe(401);
    // Submitting is a tutor's action.
    const parent = await newUser('parent');
    expect((await api('/api/me/kyc', { method: 'POST', token: parent.accessToken, body: {} })).status).toBe(403);
  });

  it('lists submissions newest first with the owner name, role and both documents', async () => {
    const older = await submitted({ firstName: 'Ama', lastName: 'Ehui' });
    const newer = await submitted({ firstName: 'Issa', lastName: 'Bamba' });
    const page = await api('/api/admin/kyc', { token: await adminToken() });
    expect(page.status).toBe(200);
    const ids = page.body.items.map((item: { id: string }) => item.id);
    expect(ids.indexOf(newer.verification.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(newer.verification.id)).toBeLessThan(ids.indexOf(older.verification.id));
    const dates = page.body.items.map((item: { created_at: string }) => item.created_at);
    expect([...dates].sort().reverse()).toEqual(dates);

    const item = page.body.items.find((i: { id: string }) => i.id === newer.verification.id);
    expect(item.owner).toMatchObject({ first_name: 'Issa', last_name: 'Bamba', role: 'tuteur' });
    for (const url of [item.cni_image_url, item.selfie_image_url]) {
      expect((await fetch(url)).status).toBe(200);
    }
  });

  it('approves: the record and the profile flag change together, and it leaves the pending list', async () => {
    const { tutor, verification } = await submitted();
    expect((await me(tutor)).is_verified).toBe(false);
    const token = await adminToken();
    expect((await allForUser(token, tutor.sub, 'pending')).map((item) => item.id)).toEqual([verification.id]);
    const approved = await review(token, verification.id, { decision: 'approve' });
    expect(approved.status).toBe(200);
    expect(approved.body.status).toBe('approved');
    expect((await me(tutor)).is_verified).toBe(true);
    expect(await myKyc(tutor)).toMatchObject({ status: 'approved' });
    expect(await allForUser(token, tutor.sub, 'pending')).toEqual([]);

    // A verified tutor has nothing more to submit.
    const again = await api('/api/me/kyc', { method: 'POST', token: tutor.accessToken, body: await documents(tutor) });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(messages.kyc.alreadyApproved);
  });

  it('answers 409 and changes nothing when the record is no longer pending', async () => {
    const admin = await adminToken();
    const { tutor, verification } = await submitted();
    expect((await review(admin, verification.id, { decision: 'approve' })).status).toBe(200);

    const rejectApproved = await review(admin, verification.id, { decision: 'reject', admin_notes: 'Trop tard' });
    expect(rejectApproved.status).toBe(409);
    expect(rejectApproved.body.error.message).toBe(messages.kyc.alreadyReviewed);
    expect(await myKyc(tutor)).toMatchObject({ status: 'approved', admin_notes: null });
    expect((await me(tutor)).is_verified).toBe(true);

    const rejected = await submitted();
    expect((await review(admin, rejected.verification.id, { decision: 'reject' })).status).toBe(200);
    const approveRejected = await review(admin, rejected.verification.id, { decision: 'approve' });
    expect(approveRejected.status).toBe(409);
    expect((await me(rejected.tutor)).is_verified).toBe(false);
    expect(await myKyc(rejected.tutor)).toMatchObject({ status: 'rejected' });
  });

  it('lets exactly one of two racing decisions win', async () => {
    const admin = await adminToken();
    const { tutor, verification } = await submitted();
    const results = await Promise.all([
      review(admin, verification.id, { decision: 'approve' }),
      review(admin, verification.id, { decision: 'reject' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.status === 200)!.body.status;
    expect((await myKyc(tutor)).status).toBe(winner);
    expect((await me(tutor)).is_verified).toBe(winner === 'approved');
  });

  it("rejects with 'Documents non conformes' by default, and the tutor may submit again", async () => {
    const admin = await adminToken();
    const { tutor, verification } = await submitted();
    const rejected = await review(admin, verification.id, { decision: 'reject' });
    expect(rejected.status).toBe(200);
    expect(await myKyc(tutor)).toMatchObject({ status: 'rejected', admin_notes: 'Documents non conformes' });

    const resubmitted = await api('/api/me/kyc', { method: 'POST', token: tutor.accessToken, body: await documents(tutor) });
    expect(resubmitted.status).toBe(201);
    expect(await myKyc(tutor)).toMatchObject({ id: resubmitted.body.id, status: 'pending' });

    const withNote = await review(admin, resubmitted.body.id, { decision: 'reject', admin_notes: 'Selfie flou' });
    expect(withNote.body.admin_notes).toBe('Selfie flou');
    const history = await allForUser(admin, tutor.sub);
    expect(history.map((r) => r.status).sort()).toEqual(['rejected', 'rejected']);
  });

  it('answers 404 for an unknown submission and 400 for an unknown decision', async () => {
    const admin = await adminToken();
    const unknown = await review(admin, '00000000-0000-4000-8000-000000000000', { decision: 'approve' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe(messages.kyc.notFound);
    const { verification } = await submitted();
    expect((await review(admin, verification.id, { decision: 'maybe' })).status).toBe(400);
  });
});
