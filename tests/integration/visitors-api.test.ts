/**
 * The visitors' API (issue 17, points 1 and 5) on the local stack, without a session: the public
 * search and the public profile answer only the tutors listed publicly (verified, not hidden by
 * the tutor), and of each only the keys of `PUBLIC_TUTOR_CARD_KEYS` / `PUBLIC_TUTOR_PROFILE_KEYS`
 * — listed from real answers about a tutor who has all there is to leak (a photo with its
 * variants, diplomas, an approved KYC, an accepted lesson), so that a field added to the answers
 * fails here. Signed-in users still see a hidden tutor, with the full name.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import { photoVariants } from '#shared/photos';
import { PUBLIC_TUTOR_CARD_KEYS, PUBLIC_TUTOR_PROFILE_KEYS, type PublicSearchResponse, type PublicVisitorProfile } from '#shared/visitors';
import { adminSession } from '../support/admin-session.js';
import { api, newUser, type TestUser } from '../support/stack.js';
import { kycDocuments, settledIn, tutorProfileBody } from './access-fixtures.js';
import { bookOk, payOnCheckout, withdrawTutorProfile } from './payments-helpers.js';
import { eventually } from './search-support.js';
import { postFile, presign, uploadImage, type Presigned } from './uploads-helpers.js';

/** A word of letters only, the same nowhere else: the text search finds this tutor alone. */
const uniqueWord = (prefix: string) => `${prefix}${randomUUID().replace(/[^a-f]/g, '').slice(0, 10)}`;

interface Tutor {
  user: TestUser;
  id: string;
  firstName: string;
  lastName: string;
}

const created: string[] = [];
let parent: TestUser;
let admin: TestUser;
/** Verified, visible, with a photo (variants made), two diplomas and an accepted lesson. */
let listed: Tutor & { photoKey: string; diplomaKeys: string[] };
/** Verified, but hidden from visitors. */
let hidden: Tutor;
/** Visible, never verified. */
let unverified: Tutor;

async function tutorWith(profile: Record<string, unknown>): Promise<Tutor> {
  const firstName = uniqueWord('Yao');
  const lastName = uniqueWord('Kouassi');
  const user = await newUser('tuteur', { firstName, lastName });
  created.push(user.sub);
  const saved = await api('/api/me/tutor-profile', { method: 'PUT', token: user.accessToken, body: tutorProfileBody(profile) });
  expect(saved.status, saved.text).toBe(200);
  return { user, id: saved.body.id as string, firstName, lastName };
}

async function approveKyc(tutor: TestUser): Promise<void> {
  const submitted = await api('/api/me/kyc', { method: 'POST', token: tutor.accessToken, body: await kycDocuments(tutor) });
  expect(submitted.status, submitted.text).toBe(201);
  const review = await api(`/api/admin/kyc/${submitted.body.id}/review`, { method: 'POST', token: admin.accessToken, body: { decision: 'approve' } });
  expect(review.status, review.text).toBe(200);
}

/** A square photo big enough for every variant. */
async function uploadPhoto(tutor: TestUser): Promise<string> {
  const bytes = await sharp({ create: { width: 400, height: 400, channels: 3, background: { r: 30, g: 120, b: 60 } } }).png().toBuffer();
  const presigned = await presign(tutor.accessToken, 'profile_photo', 'image/png', bytes.length);
  expect(presigned.status, presigned.text).toBe(200);
  expect(await postFile(presigned.body as Presigned, bytes)).toBeLessThan(300);
  return (presigned.body as Presigned).key;
}

/** A lesson of `parent` in the tutor's first free slot, paid, then accepted by the tutor. */
async function acceptedLesson(tutor: Tutor): Promise<void> {
  const body = tutorProfileBody();
  const bookable = { id: tutor.id, userId: tutor.user.sub, hourlyRate: body.hourly_rate, subject: body.subjects[0]!, level: body.levels[0]! };
  const free = await api(`/api/tutors/${tutor.id}/slots`, { token: parent.accessToken });
  expect(free.status, free.text).toBe(200);
  const start = free.body.slots[0].start as string;
  const { id, url } = await bookOk(parent.accessToken, { duration: 1, slots: [start], scheduledDate: start }, bookable);
  await payOnCheckout(url);
  await settledIn(id, 'requested');
  const accepted = await api(`/api/lessons/${id}/actions`, { method: 'POST', token: tutor.user.accessToken, body: { action: 'accept' } });
  expect(accepted.status, accepted.text).toBe(200);
}

const publicSearch = (query: Record<string, string>) => api(`/api/public/tutors?${new URLSearchParams(query)}`);
const publicProfile = (id: string) => api(`/api/public/tutors/${id}`);

beforeAll(async () => {
  [parent, admin] = await Promise.all([newUser('parent'), adminSession()]);
  const first = await tutorWith({});
  const [photoKey, ...diplomaKeys] = await Promise.all([
    uploadPhoto(first.user),
    uploadImage(first.user.accessToken, 'diploma'),
    uploadImage(first.user.accessToken, 'diploma'),
  ]);
  const saved = await api('/api/me/tutor-profile', {
    method: 'PUT',
    token: first.user.accessToken,
    body: tutorProfileBody({ profile_image_key: photoKey, diploma_image_keys: diplomaKeys }),
  });
  expect(saved.status, saved.text).toBe(200);
  listed = { ...first, photoKey, diplomaKeys };
  [hidden, unverified] = await Promise.all([tutorWith({ hidden_from_visitors: true }), tutorWith({})]);
  await Promise.all([approveKyc(listed.user), approveKyc(hidden.user), acceptedLesson(listed)]);
}, 120_000);

afterAll(async () => {
  // The shared stack's search tests count the catalogue: take these tutors out of it again.
  await Promise.all(created.map(withdrawTutorProfile));
});

/**
 * Every text a leak could take: the last name, the account's id and e-mail, the files' keys, a
 * presigned address — the photos' addresses included: they are named by the photo's id alone
 * (shared/src/photos.ts, layout 2), no longer by the upload's key, which begins with the account's id.
 */
function expectNothingPrivate(text: string, tutor: typeof listed): void {
  for (const secret of [tutor.lastName, tutor.user.sub, tutor.user.email, tutor.photoKey, ...tutor.diplomaKeys]) {
    expect(text, secret).not.toContain(secret);
  }
  expect(text).not.toMatch(/X-Amz-|(kyc_cni|kyc_selfie|diploma|profile_photo)_\d/);
}

describe('the visitors API: public fields only', () => {
  it('answers the search, signed out, with cards holding exactly the public keys', async () => {
    // The catalogue follows the table through the stream: the photo's variants, then the KYC.
    const found = await eventually(async () => {
      const response = await publicSearch({ q: listed.firstName });
      expect(response.status, response.text).toBe(200);
      const card = (response.body as PublicSearchResponse).tutors.find((tutor) => tutor.id === listed.id);
      expect(card?.profile_image_variants).toEqual(photoVariants(listed.photoKey));
      return response;
    }, 30_000);
    expect(Object.keys(found.body).sort()).toEqual(
      ['average_rate', 'catalogue_updated_at', 'limit', 'offset', 'total', 'tutors', 'understanding', 'verified_count'].sort(),
    );
    const body = found.body as PublicSearchResponse;
    expect(body.tutors).toHaveLength(1);
    const card = body.tutors[0]!;
    expect(Object.keys(card).sort()).toEqual([...PUBLIC_TUTOR_CARD_KEYS].sort());
    expect(card).toMatchObject({
      display_name: `${listed.firstName} ${listed.lastName.charAt(0)}.`,
      first_name: listed.firstName,
      is_verified: true,
      profile_image_url: photoVariants(listed.photoKey).at(-1)!.url,
    });
    expect(card.profile_image_url).toMatch(/^\/photos\//);
    expectNothingPrivate(found.text, listed);
  });

  it('answers the profile, signed out, with exactly the public keys: the photo through /photos/, the diplomas counted, the lessons', async () => {
    const response = await publicProfile(listed.id);
    expect(response.status, response.text).toBe(200);
    const profile = response.body as PublicVisitorProfile;
    expect(Object.keys(profile).sort()).toEqual([...PUBLIC_TUTOR_PROFILE_KEYS].sort());
    expect(profile).toMatchObject({
      id: listed.id,
      display_name: `${listed.firstName} ${listed.lastName.charAt(0)}.`,
      is_verified: true,
      diploma_count: 2,
      lesson_stats: { accepted: 1, tutor_cancelled: 0, no_shows: 0 },
      profile_image_variants: photoVariants(listed.photoKey),
    });
    expect(Object.keys(profile.lesson_stats).sort()).toEqual(['accepted', 'no_shows', 'tutor_cancelled']);
    expectNothingPrivate(response.text, listed);
    // A token changes nothing: the answer is the visitors' one.
    const signedIn = await api(`/api/public/tutors/${listed.id}`, { token: parent.accessToken });
    expect(signedIn.body).toEqual(response.body);
  });

  it('never finds a tutor by the last name, which visitors do not see', async () => {
    const byLastName = await publicSearch({ q: listed.lastName });
    expect(byLastName.status, byLastName.text).toBe(200);
    expect(byLastName.body.total).toBe(0);
    const members = await api(`/api/search/tutors?${new URLSearchParams({ q: listed.lastName })}`, { token: parent.accessToken });
    expect(members.body.tutors.map((tutor: { id: string }) => tutor.id)).toContain(listed.id);
  });
});

describe('the visitors API: tutors listed publicly only', () => {
  it('leaves out a hidden and an unverified tutor: absent from the search, 404 on the profile', async () => {
    for (const tutor of [hidden, unverified]) {
      const search = await publicSearch({ q: tutor.firstName });
      expect(search.status, search.text).toBe(200);
      expect(search.body.total, tutor.firstName).toBe(0);
      const profile = await publicProfile(tutor.id);
      expect(profile.status, profile.text).toBe(404);
      expect(profile.body.error).toEqual({ code: 'not_found', message: messages.tutors.notFound });
    }
  });

  it('still shows them to signed-in users, with the full name', async () => {
    // The hidden tutor is verified: once the catalogue has its KYC, a member finds it verified.
    await eventually(async () => {
      const search = await api(`/api/search/tutors?${new URLSearchParams({ q: hidden.firstName })}`, { token: parent.accessToken });
      expect(search.body.tutors).toEqual([expect.objectContaining({ id: hidden.id, last_name: hidden.lastName, is_verified: true })]);
    }, 30_000);
    const profile = await api(`/api/tutors/${hidden.id}`, { token: parent.accessToken });
    expect(profile.status, profile.text).toBe(200);
    expect(profile.body).toMatchObject({ first_name: hidden.firstName, last_name: hidden.lastName });
  });

  it('keeps the choice through a save that does not name it, and shows the tutor again once unhidden', async () => {
    const mine = () => api('/api/me/tutor-profile', { token: hidden.user.accessToken });
    expect((await mine()).body.hidden_from_visitors).toBe(true);
    expect((await api('/api/me/tutor-profile', { token: unverified.user.accessToken })).body.hidden_from_visitors).toBe(false);
    // An older client's save, without the field: still hidden.
    const older = await api('/api/me/tutor-profile', { method: 'PUT', token: hidden.user.accessToken, body: tutorProfileBody() });
    expect(older.status, older.text).toBe(200);
    expect(older.body.hidden_from_visitors).toBe(true);
    expect((await publicProfile(hidden.id)).status).toBe(404);

    const unhidden = await api('/api/me/tutor-profile', { method: 'PUT', token: hidden.user.accessToken, body: tutorProfileBody({ hidden_from_visitors: false }) });
    expect(unhidden.body.hidden_from_visitors).toBe(false);
    expect((await publicProfile(hidden.id)).status).toBe(200);
    await eventually(async () => {
      const search = await publicSearch({ q: hidden.firstName });
      expect(search.body.tutors.map((tutor: { id: string }) => tutor.id)).toEqual([hidden.id]);
    }, 30_000);
  });

  it('refuses a choice that is not yes or no, in French', async () => {
    const response = await api('/api/me/tutor-profile', {
      method: 'PUT',
      token: unverified.user.accessToken,
      body: tutorProfileBody({ hidden_from_visitors: 'oui' }),
    });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe(messages.onboarding.invalidHiddenFromVisitors);
  });
});
