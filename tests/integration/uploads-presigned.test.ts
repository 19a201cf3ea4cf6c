/**
 * Presigned uploads and reads against s3rver: the policy the API signs. The local S3 enforces it
 * as S3 does (infra/local/s3-post-policy.ts; tests/integration/kyc-documents.test.ts).
 */
import { describe, expect, it, onTestFinished } from 'vitest';
import { UPLOAD_MAX_BYTES, messages } from '#shared';
import { api, newUser } from '../support/stack.js';
import { decodePolicy, PDF_DIPLOMA, PNG_1PX, postFile, presign, uploadImage, type Presigned } from './uploads-helpers.js';
import { tutorProfileBody } from './access-fixtures.js';
import { withdrawTutorProfile } from './payments-helpers.js';
import { adminSession } from '../support/admin-session.js';

async function admin() {
  return adminSession();
}

describe('POST /api/uploads', () => {
  it('signs a policy for exactly one key under the caller id, the declared image type and 1 B to 5 MB', async () => {
    const tutor = await newUser('tuteur');
    const response = await presign(tutor.accessToken, 'profile_photo', 'image/webp', 2048);
    expect(response.status).toBe(200);
    const presigned = response.body as Presigned;
    expect(presigned.key).toMatch(new RegExp(`^${tutor.sub}/profile_photo_\\d{13}_[0-9a-f-]{36}\\.webp$`));
    expect(presigned.fields.key).toBe(presigned.key);

    const policy = decodePolicy(presigned.fields);
    expect(policy.conditions).toContainEqual(['content-length-range', 1, UPLOAD_MAX_BYTES]);
    expect(policy.conditions).toContainEqual(['eq', '$Content-Type', 'image/webp']);
    expect(policy.conditions).toContainEqual({ key: presigned.key });
    expect(policy.conditions).toContainEqual({ bucket: 'kalan-tutor-images' });
    // No condition lets the browser choose another key or another type.
    expect(JSON.stringify(policy.conditions)).not.toContain('starts-with');
    const expiresIn = Date.parse(policy.expiration) - Date.now();
    expect(expiresIn).toBeGreaterThan(60_000);
    expect(expiresIn).toBeLessThanOrEqual(5 * 60_000);
  });

  it('sends identity documents to the private KYC bucket', async () => {
    const tutor = await newUser('tuteur');
    const response = await presign(tutor.accessToken, 'kyc_cni', 'image/jpeg', 1000);
    expect(response.status).toBe(200);
    expect(decodePolicy(response.body.fields).conditions).toContainEqual({ bucket: 'kalan-kyc-documents' });
    expect(response.body.key).toMatch(new RegExp(`^${tutor.sub}/kyc_cni_.*\\.jpg$`));
  });

  it('gives every upload a new key, so nothing is ever overwritten', async () => {
    const tutor = await newUser('tuteur');
    const keys = await Promise.all(
      Array.from({ length: 5 }, async () => (await presign(tutor.accessToken, 'diploma')).body.key as string),
    );
    expect(new Set(keys).size).toBe(5);
  });

  it('refuses the types a purpose does not take and files over 5 MB in French, naming the formats, and a key chosen by the caller', async () => {
    const tutor = await newUser('tuteur');
    // A profile photo and an identity document are images; a diploma may also be a PDF, nothing else.
    for (const purpose of ['profile_photo', 'kyc_cni', 'kyc_selfie']) {
      const pdf = await presign(tutor.accessToken, purpose, 'application/pdf', 1000);
      expect(pdf.status, purpose).toBe(400);
      expect(pdf.body.error.message).toBe(messages.uploads.invalidType);
    }
    for (const type of ['text/html', 'application/msword', 'image/svg+xml']) {
      const other = await presign(tutor.accessToken, 'diploma', type, 1000);
      expect(other.status, type).toBe(400);
      expect(other.body.error.message).toBe('Seuls les fichiers PDF, JPEG, PNG ou WebP sont acceptés');
    }

    const huge = await presign(tutor.accessToken, 'profile_photo', 'image/png', UPLOAD_MAX_BYTES + 1);
    expect(huge.status).toBe(400);
    expect(huge.body.error.message).toBe(messages.uploads.tooLarge);
    const hugeDiploma = await presign(tutor.accessToken, 'diploma', 'application/pdf', UPLOAD_MAX_BYTES + 1);
    expect(hugeDiploma.status).toBe(400);
    expect(hugeDiploma.body.error.message).toBe('Le fichier dépasse 5 Mo');

    const chosenKey = await api('/api/uploads', {
      method: 'POST',
      token: tutor.accessToken,
      body: { purpose: 'diploma', content_type: 'image/png', size: 10, key: 'someone-else/diploma.png' },
    });
    expect(chosenKey.status).toBe(400);
  });

  it('takes a PDF diploma: a policy pinned to application/pdf, a .pdf key, saved with the profile and read back as a PDF', async () => {
    const tutor = await newUser('tuteur');
    const response = await presign(tutor.accessToken, 'diploma', 'application/pdf', PDF_DIPLOMA.length);
    expect(response.status, response.text).toBe(200);
    const presigned = response.body as Presigned;
    expect(presigned.key).toMatch(new RegExp(`^${tutor.sub}/diploma_\\d{13}_[0-9a-f-]{36}\\.pdf$`));
    const policy = decodePolicy(presigned.fields);
    expect(policy.conditions).toContainEqual(['eq', '$Content-Type', 'application/pdf']);
    expect(policy.conditions).toContainEqual(['content-length-range', 1, UPLOAD_MAX_BYTES]);
    // The local S3 holds the browser to the policy: the PDF's form cannot carry another type.
    expect(await postFile({ ...presigned, fields: { ...presigned.fields, 'Content-Type': 'text/html' } }, PDF_DIPLOMA, 'text/html')).toBe(403);
    expect(await postFile(presigned, PDF_DIPLOMA, 'application/pdf')).toBeLessThan(300);

    const saved = await api('/api/me/tutor-profile', { method: 'PUT', token: tutor.accessToken, body: tutorProfileBody({ diploma_image_keys: [presigned.key] }) });
    expect(saved.status, saved.text).toBe(200);
    onTestFinished(() => withdrawTutorProfile(tutor.sub));
    const mine = await api('/api/me/tutor-profile', { token: tutor.accessToken });
    expect(mine.body.diploma_image_keys).toEqual([presigned.key]);
    // The owner's view reads it through its presigned GET, as a PDF.
    const file = await fetch(mine.body.diploma_image_urls[0]);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await file.arrayBuffer()).equals(PDF_DIPLOMA)).toBe(true);
    // Visitors and parents get the count, never the file.
    expect((await api(`/api/tutors/${saved.body.id}`, { token: (await newUser('parent')).accessToken })).body.diploma_count).toBe(1);
  });

  it('is for tutors only', async () => {
    const parent = await newUser('parent');
    expect((await presign(parent.accessToken, 'profile_photo')).status).toBe(403);
    expect((await api('/api/uploads', { method: 'POST', body: {} })).status).toBe(401);
  });

  it('uploads through the presigned POST; the file reads back through a presigned GET', async () => {
    const tutor = await newUser('tuteur');
    const response = await presign(tutor.accessToken, 'profile_photo');
    expect(await postFile(response.body as Presigned, PNG_1PX)).toBeLessThan(300);

    const parent = await newUser('parent');
    const url = await api(`/api/uploads/url?key=${encodeURIComponent(response.body.key)}`, { token: parent.accessToken });
    expect(url.status).toBe(200);
    expect(url.body.expires_in).toBeGreaterThan(0);
    const file = await fetch(url.body.url);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(PNG_1PX)).toBe(true);
  });
});

describe('GET /api/uploads/url for identity documents', () => {
  it('refuses another user’s KYC document to a parent, another tutor and an anonymous caller', async () => {
    const owner = await newUser('tuteur');
    const key = await uploadImage(owner.accessToken, 'kyc_selfie');
    const path = `/api/uploads/url?key=${encodeURIComponent(key)}`;

    const parent = await newUser('parent');
    const parentAttempt = await api(path, { token: parent.accessToken });
    expect(parentAttempt.status).toBe(403);
    expect(parentAttempt.body.error.message).toBe(messages.http.forbidden);
    expect(parentAttempt.text).not.toContain('X-Amz-Signature');

    const otherTutor = await newUser('tuteur');
    expect((await api(path, { token: otherTutor.accessToken })).status).toBe(403);
    // Anonymous callers are stopped by the JWT authorizer before any handler runs.
    expect((await api(path)).status).toBe(401);
  });

  it('gives the owner and admins a short-lived URL that serves the document', async () => {
    const owner = await newUser('tuteur');
    const key = await uploadImage(owner.accessToken, 'kyc_cni');
    const path = `/api/uploads/url?key=${encodeURIComponent(key)}`;
    for (const token of [owner.accessToken, (await admin()).accessToken]) {
      const response = await api(path, { token });
      expect(response.status).toBe(200);
      expect(response.body.expires_in).toBeLessThanOrEqual(300);
      expect(new URL(response.body.url).searchParams.get('X-Amz-Expires')).toBe('300');
      const file = await fetch(response.body.url);
      expect(Buffer.from(await file.arrayBuffer()).equals(PNG_1PX)).toBe(true);
    }
  });

  it('refuses a key that is not one of ours', async () => {
    const parent = await newUser('parent');
    const response = await api('/api/uploads/url?key=../../etc/passwd', { token: parent.accessToken });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe(messages.uploads.invalidKey);
  });
});
