/**
 * The people and things of the access matrix (access-matrix.test.ts), on the running test stack:
 * one user per role with real Cognito tokens, each role's neighbour, a paid lesson between the
 * parent and the tutor, and fresh fixtures (a pending or escrowed booking, a dispute, a KYC
 * submission) for the calls that change state.
 */
import { expect } from 'vitest';
import { api, newUser, type TestUser } from '../support/stack.js';
import { tutorProfileBody } from '../support/tutor-profile-body.js';
import { bookOk, eventually, partition, payOnCheckout, seededTutor } from './payments-helpers.js';
import { uploadImage } from './uploads-helpers.js';
import { adminSession, enrolTotp, newAdmin, signInWithTotp } from '../support/admin-session.js';

/** The access matrix's and other tests' complete tutor profile (tests/support/tutor-profile-body.ts). */
export { tutorProfileBody };

export type Bookable = ReturnType<typeof seededTutor>;

export interface World {
  /** Owns the lesson, and every transaction the fixtures below book. */
  parent: TestUser;
  /** Another parent: owns nothing. */
  neighbourParent: TestUser;
  /** Teaches the lesson (and every fixture booking); has a completed profile. */
  tuteur: TestUser;
  /** Another tutor with a completed profile: teaches nothing. */
  neighbourTutor: TestUser;
  entreprise: TestUser;
  /** The stack's seeded admin, signed in with its TOTP code. */
  admin: TestUser;
  /** Another admin, enrolled and signed in with a code, for the enrolment route (which restarts its sessions). */
  secondAdmin: TestUser;
  /** The tutor's profile, as a parent books it. */
  tutorProfile: Bookable;
  /** An escrowed transaction: `parent` paid `tuteur`. Only read, never changed. */
  lesson: string;
  /** A profile photo of `tuteur` (tutor-images bucket: anyone signed in may read it). */
  tutorImageKey: string;
  /** An ID card photo of `tuteur` (KYC bucket: its owner and the admins only). */
  kycKey: string;
}

/** A tutor account with a completed, bookable profile (withdraw it from the catalogue afterwards). */
async function tutorWithProfile(): Promise<{ user: TestUser; profile: Bookable }> {
  const user = await newUser('tuteur');
  const response = await api('/api/me/tutor-profile', { method: 'PUT', token: user.accessToken, body: tutorProfileBody() });
  expect(response.status, response.text).toBe(200);
  const body = tutorProfileBody();
  return {
    user,
    profile: { id: response.body.id, userId: user.sub, hourlyRate: body.hourly_rate, subject: body.subjects[0]!, level: body.levels[0]! },
  };
}

/** A new admin, enrolled, signed in with a code. */
async function enrolledAdmin(): Promise<TestUser> {
  const admin = await newAdmin();
  const secret = await enrolTotp(admin.accessToken);
  const tokens = await signInWithTotp(admin.email, admin.password, secret);
  return { ...admin, ...tokens };
}

async function adminUser(): Promise<TestUser> {
  return adminSession();
}

/** The transaction item, with the task token of the workflow's wait in its status (`TOKEN#<status>`), if recorded. */
export async function transactionItem(id: string): Promise<Record<string, any> | undefined> {
  const items = await partition(id);
  const tx = items.find((item) => item.sk === 'TRANSACTION');
  const token = tx && items.find((item) => item.sk === `TOKEN#${tx.status}`);
  return token ? { ...tx, task_token: token.task_token, task_status: token.task_status } : tx;
}

/**
 * Waits until the escrow workflow waits in `status` with the task token of that wait recorded:
 * from then on nothing but a caller changes the transaction's partition.
 */
export async function settledIn(id: string, status: string): Promise<void> {
  const tx = await eventually(
    () => transactionItem(id),
    (item) => item?.status === status && item.task_status === status && typeof item.task_token === 'string',
    30_000,
  );
  expect(tx, `la transaction ${id} devrait attendre en ${status}`).toMatchObject({ status, task_status: status });
}

/** A booking of the world's parent with the world's tutor, not paid yet. */
export async function pendingLesson(w: World): Promise<{ id: string; reference: string; url: string }> {
  const booking = await bookOk(w.parent.accessToken, {}, w.tutorProfile);
  await settledIn(booking.id, 'pending');
  return booking;
}

/** A booking of the world's parent with the world's tutor, paid on the sandbox: funds held. */
export async function escrowedLesson(w: World): Promise<string> {
  const { id, url } = await pendingLesson(w);
  await payOnCheckout(url);
  await settledIn(id, 'escrow');
  return id;
}

/**
 * A lesson of the world's parent in the world's tutor's first free slot (Mondays 16:00–18:00),
 * paid on the sandbox: it waits for the tutor's answer (issue 15).
 */
export async function requestedLesson(w: World): Promise<string> {
  const free = await api(`/api/tutors/${w.tutorProfile.id}/slots`, { token: w.parent.accessToken });
  expect(free.status, free.text).toBe(200);
  const start = free.body.slots[0]?.start as string | undefined;
  expect(start, 'un créneau libre du répétiteur').toBeDefined();
  const { id, url } = await bookOk(w.parent.accessToken, { duration: 1, slots: [start], scheduledDate: start }, w.tutorProfile);
  await payOnCheckout(url);
  await settledIn(id, 'requested');
  return id;
}

/** A lesson released by its parent, then rated 1: an open dispute on funds no longer held. */
export async function disputeAfterRelease(w: World): Promise<string> {
  const id = await escrowedLesson(w);
  const token = w.parent.accessToken;
  const release = await api(`/api/transactions/${id}/escrow`, { method: 'POST', token, body: { action: 'release' } });
  expect(release.status, release.text).toBe(200);
  const rating = await api(`/api/transactions/${id}/rating`, { method: 'POST', token, body: { rating: 1, review: 'Absent' } });
  expect(rating.status, rating.text).toBe(200);
  expect(rating.body.dispute).toBe(true);
  return id;
}

/** A fresh tutor's pending KYC submission. */
export async function pendingKyc(): Promise<{ owner: TestUser; id: string }> {
  const owner = await newUser('tuteur');
  const body = await kycDocuments(owner);
  const response = await api('/api/me/kyc', { method: 'POST', token: owner.accessToken, body });
  expect(response.status, response.text).toBe(201);
  return { owner, id: response.body.id };
}

export async function kycDocuments(tutor: TestUser) {
  const [cni, selfie] = await Promise.all([uploadImage(tutor.accessToken, 'kyc_cni'), uploadImage(tutor.accessToken, 'kyc_selfie')]);
  return { cni_image_key: cni, selfie_image_key: selfie };
}

/** What a KYC review changes, as its owner sees it. */
export async function kycStateOf(owner: TestUser) {
  const [kyc, me] = await Promise.all([api('/api/me/kyc', { token: owner.accessToken }), api('/api/me', { token: owner.accessToken })]);
  // The document addresses are presigned anew at each read (the signature covers the second):
  // compare the object they name, not the signature.
  const withoutSignature = (url: unknown) => (typeof url === 'string' ? url.split('?')[0] : url);
  const body = kyc.body && typeof kyc.body === 'object' ? { ...kyc.body, cni_image_url: withoutSignature(kyc.body.cni_image_url), selfie_image_url: withoutSignature(kyc.body.selfie_image_url) } : kyc.body;
  return { kyc: body, is_verified: me.body.is_verified };
}

export async function buildWorld(): Promise<World> {
  const [parent, neighbourParent, tutor, neighbourTutor, entreprise, admin, secondAdmin] = await Promise.all([
    newUser('parent', { firstName: 'Mariam', lastName: 'Propriétaire' }),
    newUser('parent', { firstName: 'Awa', lastName: 'Voisine' }),
    tutorWithProfile(),
    tutorWithProfile(),
    newUser('entreprise'),
    adminUser(),
    enrolledAdmin(),
  ]);
  const [tutorImageKey, kycKey] = await Promise.all([
    uploadImage(tutor.user.accessToken, 'profile_photo'),
    uploadImage(tutor.user.accessToken, 'kyc_cni'),
  ]);
  const world: World = {
    parent,
    neighbourParent,
    tuteur: tutor.user,
    neighbourTutor: neighbourTutor.user,
    entreprise,
    admin,
    secondAdmin,
    tutorProfile: tutor.profile,
    lesson: '',
    tutorImageKey,
    kycKey,
  };
  world.lesson = await escrowedLesson(world);
  return world;
}
