/**
 * Who may call what (spec §6), route by route, over HTTP against the local stack with real
 * Cognito tokens. Every route of the shared route table has a row in `matrix` (TypeScript and the
 * first test fail otherwise); each row is played by a signed-out caller, a parent, a tutor, a
 * company and an admin, and, on owned resources (a transaction, its invoice, its rating, its
 * escrow decision, a dispute, a KYC document or submission, a favourite, a search history, a
 * conversation), by the
 * owner's neighbour: a user of the same role who does not own it.
 *
 * Expected statuses are exact. Signed out: 401, except on the visitors' routes (issue 17), which
 * answer every caller alike. A role the spec does not give the route: 403. A
 * role it gives: 200 unless the row says otherwise, and why (always about the input, never about
 * who calls). Whenever a caller is refused, what the call could have changed is read before and
 * after, and must be the same; a refusal never shows the owner's email.
 *
 * The world (access-fixtures.ts): `parent` owns the paid lesson and every transaction a row books,
 * `tuteur` teaches them; `neighbourParent` and `neighbourTutor` own nothing. Calls that change
 * state get a fresh fixture per caller. The in-process role guard is tests/rules/access-guard.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '#shared/constants';
import { messages } from '#shared/messages';
import { buildPath, routes, type RouteDefinition, type RouteId } from '#shared/routes';
import { api, newUser, type TestUser } from '../support/stack.js';
import {
  buildWorld,
  disputeAfterRelease,
  escrowedLesson,
  kycDocuments,
  kycStateOf,
  pendingKyc,
  pendingLesson,
  requestedLesson,
  transactionItem,
  tutorProfileBody,
  type World,
} from './access-fixtures.js';
import { seedTutors } from '../../infra/local/seed/tutors.js';
import { chargeSuccessBody, db, eventually, partition, seededTutor, sign, withdrawTutorProfile } from './payments-helpers.js';
import { openConversation, sent, tutorWithProfile, type TutorWithProfile } from './messages-helpers.js';
import { sentWhatsAppMessage, stackSignature, stackWhatsAppCredentials, whatsappMessageItem } from './whatsapp-helpers.js';
import { statusBody, whatsappSignature } from '../support/whatsapp-webhook.js';
import { bookPackage, dateIn, packageItem, packageRequest, payPackage, tutorEveryDay, useHandlersHere, weekdayOf, type PackageTutor } from './packages-support.js';

/** A request of one row: path parameters, query, body, and what the call could change. */
interface Req {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: string | object;
  headers?: Record<string, string>;
  /** Reads what the call could change: compared before and after whenever the caller is refused. */
  state?: () => Promise<unknown>;
  /** The owner of the resource the fixture created (for a cell played by that owner). */
  owner?: TestUser;
  /** The transaction the fixture created, when the path does not name it. */
  transactionId?: string;
}

type Res = Awaited<ReturnType<typeof api>>;

/** The ids of an admin list, page after page (newest first) until `wanted` is among them. */
async function pagedIds(first: Res, field: string, path: string, caller: TestUser, idOf: (item: any) => string, wanted: string): Promise<string[]> {
  const found: string[] = [];
  let page = first;
  for (;;) {
    found.push(...(page.body[field] as unknown[]).map(idOf));
    const cursor = page.body.next_cursor as string | null;
    if (found.includes(wanted) || !cursor) return found;
    page = await api(`${path}?cursor=${encodeURIComponent(cursor)}`, { token: caller.accessToken });
  }
}
type Check = (res: Res, ctx: { w: World; req: Req; caller: TestUser | undefined }) => void | Promise<void>;
type RequestOf = (w: World, caller: TestUser | undefined) => Req | Promise<Req>;

/** One caller of one route, and what it must get. */
interface Cell {
  who: string;
  /** The caller, from the world, or the owner of the resource the request created. */
  caller: ((w: World) => TestUser | undefined) | 'owner';
  status: number;
  /** Replaces the row's request for this cell. */
  request?: RequestOf;
  /** Whether `state` must read the same after the call (default: when the status is ≥ 400). */
  unchanged?: boolean;
  check?: Check;
}

interface Row {
  /** Spec §6: the roles that may call the route. The route table must say the same. */
  roles: readonly Role[];
  /** `public`: no JWT (the Paystack webhook, the visitors' routes). Default `jwt`. */
  auth?: 'public';
  /** A visitors' route (issue 17): every caller, signed out too, gets `ok`; no role is checked. */
  visitors?: true;
  request?: RequestOf;
  /** What a role of `roles` gets, when not 200. */
  ok?: number;
  /** What a role not in `roles` gets (default 403). */
  refused?: number;
  /** Checks the answer of a role of `roles`. */
  check?: Check;
  /** The owned resource's other callers: the owner's neighbour, the owner itself, … */
  owned?: Cell[];
  /**
   * For a call that ends its caller (the account deletion): each admitted role is played by a
   * fresh user of that role, the request's `owner`, instead of the world's.
   */
  freshCaller?: (role: Role) => Promise<Req>;
  /** Who plays a role's cell, when not the world's user of that role. */
  playedBy?: Partial<Record<Role, (w: World) => TestUser>>;
}

const w = {} as World;
const tutorsCreated: string[] = [];

beforeAll(async () => {
  Object.assign(w, await buildWorld());
  tutorsCreated.push(w.tuteur.sub, w.neighbourTutor.sub);
});
// The packages' tutor plays the tutor's cells of their rows: known before any cell runs.
beforeAll(async () => {
  await packageWorld();
});

afterAll(async () => {
  // The shared stack's search tests count the catalogue: take our tutors out of it again.
  await Promise.all(tutorsCreated.map(withdrawTutorProfile));
});

// ---------------------------------------------------------------------------------------------
// Small readers and requests shared by the rows.

const ids = (list: Array<{ id: string }>) => list.map((item) => item.id);

let seededIndex = 7;
/** A seeded tutor no row has used yet (a parent favourites each tutor once). */
const freshSeededTutorId = () => seededTutor(seededIndex++).id;

/** A seeded tutor whose KYC is approved: listed for visitors. */
const verifiedSeededTutorId = () => seedTutors().find((t) => t.tutorProfile.is_completed && t.profile.is_verified)!.tutorProfile.id;

let withdrawnProfile: Promise<Req> | undefined;
/** A tutor whose profile is not in the catalogue (onboarding not finished): its owner and admins only see it. */
function unpublishedProfile(): Promise<Req> {
  withdrawnProfile ??= (async () => {
    const owner = await newUser('tuteur');
    const saved = await api('/api/me/tutor-profile', { method: 'PUT', token: owner.accessToken, body: tutorProfileBody() });
    expect(saved.status, saved.text).toBe(200);
    await withdrawTutorProfile(owner.sub);
    return { params: { id: saved.body.id as string }, owner };
  })();
  return withdrawnProfile;
}

async function favouritesOf(user: TestUser): Promise<string[]> {
  const response = await api('/api/favorites', { token: user.accessToken });
  expect(response.status, response.text).toBe(200);
  return response.body.favorites.map((f: { tutor_id: string }) => f.tutor_id);
}

async function historyOf(user: TestUser): Promise<string[]> {
  const response = await api('/api/search-history', { token: user.accessToken });
  expect(response.status, response.text).toBe(200);
  return ids(response.body.entries);
}

const recordSearchBody = () => ({ id: randomUUID(), filters: { query: 'maths', subject: 'Mathématiques' }, results_count: 3 });

/** A fresh escrowed lesson of the world's parent with the world's tutor, and its whole partition. */
async function onEscrowedLesson(body: object): Promise<Req> {
  const id = await escrowedLesson(w);
  return { params: { id }, body, state: () => partition(id) };
}

/** A fresh unpaid booking of the world's parent with the world's tutor, and its whole partition. */
async function onUnpaidLesson(): Promise<Req> {
  const { id } = await pendingLesson(w);
  return { params: { id }, state: () => partition(id) };
}

const unpaidInvoice: Check = (res) => {
  expect(res.body.error).toEqual({ code: 'invoice_unavailable', message: messages.payments.invoiceAwaitingPayment });
};

/** A fresh unpaid booking, and the webhook body Paystack would send once it is paid. */
/**
 * A lesson waiting for its tutor: a fresh one for a caller who may act on it (the parent cancels,
 * the tutor declines: either frees its slot at once, the world's tutor has few), the world's shared
 * one for everyone else (who must change nothing of it).
 */
let sharedRequest: string | undefined;
async function onRequestedLesson(action: 'cancel' | 'decline' | 'accept', fresh: boolean): Promise<Req> {
  const id = fresh ? await requestedLesson(w) : (sharedRequest ??= await requestedLesson(w));
  return { params: { id }, body: { action }, state: () => partition(id) };
}

async function webhookFor(): Promise<Req & { body: string }> {
  const { id, reference } = await pendingLesson(w);
  return { body: await chargeSuccessBody(reference), state: () => partition(id), transactionId: id };
}

/** A 'read' status of a message Kalan sent the world's parent (unsigned); the message's item as the state (its id as `transactionId`). */
async function whatsappStatusFor(): Promise<Req & { body: string }> {
  const id = await sentWhatsAppMessage(w.parent.sub);
  return { body: statusBody([{ id, status: 'read', recipient: '2250700000001' }]), state: () => whatsappMessageItem(id), transactionId: id };
}

/** The caller's own notifications, as the bell reads them. */
async function notificationsOf(user: TestUser): Promise<{ notifications: Array<{ id: string; kind: string; read_at: string | null }>; unread_count: number }> {
  const response = await api('/api/notifications', { token: user.accessToken });
  expect(response.status, response.text).toBe(200);
  return response.body;
}

/** The world's parent's notifications (once its paid lesson told it), as what a call must not change. */
async function parentsNotifications(): Promise<Req> {
  await eventually(() => notificationsOf(w.parent), (read) => read.notifications.length > 0, 30_000);
  return { body: {}, state: () => notificationsOf(w.parent) };
}

/**
 * One of the world's parent's unread notifications (each lesson it pays tells it, through the
 * table's stream), and whether it is still unread.
 */
async function parentsUnreadNotification(): Promise<Req> {
  const page = await eventually(
    () => notificationsOf(w.parent),
    (read) => read.notifications.some((n) => n.read_at === null),
    30_000,
  );
  const id = page.notifications.find((n) => n.read_at === null)!.id;
  return {
    params: { id },
    body: {},
    owner: w.parent,
    state: async () => (await notificationsOf(w.parent)).notifications.find((n) => n.id === id)?.read_at ?? null,
  };
}

/**
 * The conversation of the world's parent and tutor (issue 31), opened once by the parent from the
 * tutor's page, with one message: what its two participants read and write, and nobody else.
 */
let worldConversation: Promise<string> | undefined;
function conversationOfTheWorld(): Promise<string> {
  worldConversation ??= (async () => {
    const opened = await api('/api/conversations', { method: 'POST', token: w.parent.accessToken, body: { tutor_id: w.tutorProfile.id } });
    expect([200, 201], opened.text).toContain(opened.status);
    const first = await api(`/api/conversations/${opened.body.id}/messages`, {
      method: 'POST',
      token: w.parent.accessToken,
      body: { request_id: randomUUID(), body: 'Bonjour, êtes-vous disponible le samedi ?' },
    });
    expect(first.status, first.text).toBe(201);
    return opened.body.id as string;
  })();
  return worldConversation;
}

/** The conversation's whole partition (the conversation, its messages and message ids), as the participants' view of it. */
async function onWorldConversation(body?: object): Promise<Req> {
  const id = await conversationOfTheWorld();
  const state = async () => {
    const [asParent, asTutor] = await Promise.all([
      api(`/api/conversations/${id}/messages`, { token: w.parent.accessToken }),
      api(`/api/conversations/${id}/messages`, { token: w.tuteur.accessToken }),
    ]);
    return [asParent.body, asTutor.body];
  };
  return { params: { id }, ...(body ? { body } : {}), state };
}

/** A conversation's other callers: a parent and a tutor outside the pair get 404, as for an unknown id. */
const outsidersOfTheConversation = (): Cell[] => [
  {
    who: 'parent voisin',
    caller: (w) => w.neighbourParent,
    status: 404,
    check: (res) => expect(res.body.error).toEqual({ code: 'not_found', message: messages.messaging.conversationNotFound }),
  },
  {
    who: 'autre tuteur',
    caller: (w) => w.neighbourTutor,
    status: 404,
    check: (res) => expect(res.body.error).toEqual({ code: 'not_found', message: messages.messaging.conversationNotFound }),
  },
];

// ---------------------------------------------------------------------------------------------
// Packages (issue 32): a tutor of their own (every day 08:00–21:00), the world's parent's packages
// with them — one pending, one paid (its lessons waiting for the tutor) — and fresh paid ones for
// the calls that change them.

let packageWorldOf: Promise<{ tutor: PackageTutor; pending: string; paid: string }> | undefined;
let packageHour = 8;
/** Each booking of the rows takes its own hour of the day (the tutor's calendar fills up otherwise). */
const nextPackageHour = () => packageHour++;
let packageTutorOf: TestUser | undefined;
const packageTutorUser = () => packageTutorOf!;
function packageWorld() {
  packageWorldOf ??= (async () => {
    useHandlersHere();
    const tutor = await tutorEveryDay();
    packageTutorOf = tutor.user;
    tutorsCreated.push(tutor.user.sub);
    const at = (hour: number) => packageRequest(tutor, 1, { slots: [{ weekday: weekdayOf(dateIn(1)), hour }] });
    const pending = await bookPackage(w.parent, at(nextPackageHour()));
    const paid = await bookPackage(w.parent, at(nextPackageHour()));
    await payPackage(paid);
    return { tutor, pending, paid };
  })();
  return packageWorldOf;
}

/** A fresh paid package (for a caller who changes it), or the world's paid one; its item and lessons as the state. */
async function onPaidPackage(fresh: boolean): Promise<Req> {
  const world = await packageWorld();
  let id = world.paid;
  if (fresh) {
    id = await bookPackage(w.parent, packageRequest(world.tutor, 1, { slots: [{ weekday: weekdayOf(dateIn(1)), hour: nextPackageHour() }] }));
    await payPackage(id);
  }
  const state = async () => {
    const pkg = await packageItem(id);
    return { pkg, lessons: await Promise.all((pkg.lesson_ids as string[]).map((lesson) => partition(lesson))) };
  };
  return { params: { id }, state };
}

/** The world's parent's packages (gsi1), as what a refused booking must not change. */
async function packagesOfParent(parent: TestUser): Promise<unknown[]> {
  const { Items = [] } = await db().send(
    new QueryCommand({ TableName: 'kalan-local', IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': `PARENT_PKG#${parent.sub}` } }),
  );
  return Items.map((item) => item.id).sort();
}

/** A package's other callers: a parent and a tutor outside it get 404, as for an unknown package. */
function outsidersOfThePackage(request: RequestOf): Cell[] {
  const notFound: Check = (res) => expect(res.body.error).toEqual({ code: 'not_found', message: messages.packages.notFound });
  return [
    { who: 'parent voisin', caller: (w) => w.neighbourParent, status: 404, request, check: notFound },
    { who: 'autre tuteur', caller: (w) => w.neighbourTutor, status: 404, request, check: notFound },
    { who: 'tuteur du monde (pas celui du forfait)', caller: (w) => w.tuteur, status: 404, request, check: notFound },
  ];
}

// ---------------------------------------------------------------------------------------------
// The matrix: one row per route of the table.

const matrix: Record<RouteId, Row> = {
  // --- Accounts: everyone signed in, on its own profile only (the subject is the token's).
  getMe: {
    roles: ROLES,
    check: (res, { caller }) => expect(res.body.user_id).toBe(caller!.sub),
  },
  // --- My data: everyone exports its own; parents, tutors and companies delete their own account
  // (an admin account is removed by another admin or the operator).
  exportMyData: {
    roles: ROLES,
    check: (res, { caller }) => {
      expect(res.body.account.user_id).toBe(caller!.sub);
      expect(res.body.profile.user_id).toBe(caller!.sub);
    },
  },
  deleteMe: {
    roles: ['parent', 'tuteur', 'entreprise'],
    ok: 204,
    freshCaller: async (role) => {
      const owner = await newUser(role);
      return { owner, state: async () => (await api('/api/me', { token: owner.accessToken })).status };
    },
    // Refused callers: the world's own accounts stay.
    request: (w) => ({ state: async () => (await Promise.all(ROLES.map((role) => api('/api/me', { token: w[role].accessToken })))).map((r) => r.status) }),
    // Its token is still valid until it expires: the API refuses it, the account is gone (issue 28).
    check: async (_res, { caller }) => expect((await api('/api/me', { token: caller!.accessToken })).status).toBe(401),
  },
  updateMe: {
    roles: ROLES,
    // Writes back the caller's own first name: nothing changes for the other tests.
    request: async (_w, caller) => ({
      body: { first_name: caller ? (await api('/api/me', { token: caller.accessToken })).body.first_name : 'Aya' },
    }),
    check: (res, { caller }) => expect(res.body.user_id).toBe(caller!.sub),
  },
  // --- The admin's second factor (tests/integration/admin-second-factor.test.ts): admins only.
  getAdminMfa: { roles: ['admin'], check: (res) => expect(res.body).toEqual({ status: 'passed' }) },
  enrolAdminMfa: {
    roles: ['admin'],
    // Recording an enrolment restarts the admin's sessions: not the seeded admin, which other files use.
    playedBy: { admin: (w) => w.secondAdmin },
    request: () => ({ body: {} }),
    check: (res) => expect(res.body).toEqual({ status: 'sign_in_again' }),
  },

  // --- Onboarding answers: each role its own (§6 entreprise: own onboarding only).
  getParentPreferences: { roles: ['parent'] },
  saveParentPreferences: {
    roles: ['parent'],
    request: () => ({ body: { children: [{ first_name: 'Awa', age: 9, level: 'primaire' }], zone: 'cocody' } }),
  },
  getOrganisation: { roles: ['entreprise'] },
  saveOrganisation: {
    roles: ['entreprise'],
    request: () => ({
      body: {
        name: 'Centre Excellence Cocody',
        type: 'center',
        description: 'Soutien scolaire du primaire au lycée.',
        address: 'Cocody, Abidjan',
        phone: '07 08 09 10 11',
        tutor_count: '1-5',
      },
    }),
  },
  getMyTutorProfile: {
    roles: ['tuteur'],
    check: (res, { caller }) => expect(res.body.user_id).toBe(caller!.sub),
  },
  saveMyTutorProfile: {
    roles: ['tuteur'],
    // The tutor's profile as it is: saving it again changes nothing the other rows read.
    request: () => ({ body: tutorProfileBody() }),
    check: (res, { caller }) => expect(res.body.user_id).toBe(caller!.sub),
  },
  // §2: the search tab and the tutor cards are on every signed-in user's home.
  getTutorProfile: {
    roles: ROLES,
    request: () => ({ params: { id: w.tutorProfile.id } }),
    check: (res) => expect(res.body.id).toBe(w.tutorProfile.id),
  },
  // Issue 15: the free slots shown on the same page, for the same callers.
  getTutorSlots: {
    roles: ROLES,
    request: () => ({ params: { id: w.tutorProfile.id } }),
    // Mondays 16:00–18:00: the later of the two Mondays of the next 14 days is always ahead.
    check: (res) => {
      expect(res.body.time_zone).toBe('Africa/Abidjan');
      expect(res.body.slots.length).toBeGreaterThanOrEqual(2);
    },
    // A profile out of the catalogue: its owner and the admins see its slots, nobody else.
    owned: [
      { who: 'tuteur propriétaire du profil non publié', caller: 'owner', status: 200, request: unpublishedProfile },
      { who: 'autre tuteur (profil non publié)', caller: (w) => w.neighbourTutor, status: 404, request: unpublishedProfile },
      { who: 'parent (profil non publié)', caller: (w) => w.parent, status: 404, request: unpublishedProfile },
      { who: 'admin (profil non publié)', caller: (w) => w.admin, status: 200, request: unpublishedProfile },
    ],
  },

  // --- Uploads and KYC: the tutor's; KYC documents are read by their owner and the admins only.
  createUpload: {
    roles: ['tuteur'],
    request: () => ({ body: { purpose: 'profile_photo', content_type: 'image/png', size: 68 } }),
    // The key is built from the token's subject, never from the request.
    check: (res, { caller }) => expect(res.body.key.startsWith(`${caller!.sub}/`)).toBe(true),
  },
  getUploadUrl: {
    roles: ROLES,
    // A tutor's profile photo: anyone signed in may see it.
    request: () => ({ query: { key: w.tutorImageKey } }),
    owned: [
      // The tutor's ID card photo.
      { who: 'tuteur propriétaire du document KYC', caller: (w) => w.tuteur, status: 200, request: () => ({ query: { key: w.kycKey } }) },
      { who: 'autre tuteur (document KYC)', caller: (w) => w.neighbourTutor, status: 403, request: () => ({ query: { key: w.kycKey } }) },
      { who: 'parent (document KYC)', caller: (w) => w.parent, status: 403, request: () => ({ query: { key: w.kycKey } }) },
      { who: 'entreprise (document KYC)', caller: (w) => w.entreprise, status: 403, request: () => ({ query: { key: w.kycKey } }) },
      { who: 'admin (document KYC)', caller: (w) => w.admin, status: 200, request: () => ({ query: { key: w.kycKey } }) },
    ],
  },
  getMyKyc: { roles: ['tuteur'] },
  submitKyc: {
    roles: ['tuteur'],
    ok: 201,
    request: async () => ({ body: await kycDocuments(w.tuteur) }),
    check: (res, { caller }) => expect(res.body).toMatchObject({ user_id: caller!.sub, status: 'pending' }),
  },
  listKycVerifications: { roles: ['admin'] },
  reviewKyc: {
    roles: ['admin'],
    request: async () => {
      const { owner, id } = await pendingKyc();
      return { params: { id }, body: { decision: 'approve' }, owner, state: () => kycStateOf(owner) };
    },
    check: async (res, { req }) => {
      expect(res.body.status).toBe('approved');
      expect((await kycStateOf(req.owner!)).is_verified).toBe(true);
    },
    // A tutor may not approve its own submission either.
    owned: [{ who: 'tuteur propriétaire de la demande', caller: 'owner', status: 403 }],
  },

  // --- Discovery: search for everyone signed in (§2); favourites, history, AI for parents (§6).
  searchTutors: {
    roles: ROLES,
    request: () => ({ query: { subject: 'Mathématiques' } }),
    check: (res) => expect(res.body.total).toBeGreaterThan(0),
  },
  listFavorites: { roles: ['parent'] },
  addFavorite: {
    roles: ['parent'],
    ok: 201,
    request: () => ({ body: { tutor_id: freshSeededTutorId() } }),
  },
  removeFavorite: {
    roles: ['parent'],
    ok: 204,
    // The parent adds a favourite; the call removes it (from the caller's own list only).
    request: async () => {
      const tutorId = freshSeededTutorId();
      const added = await api('/api/favorites', { method: 'POST', token: w.parent.accessToken, body: { tutor_id: tutorId } });
      expect(added.status, added.text).toBe(201);
      return { params: { tutorId }, state: () => favouritesOf(w.parent) };
    },
    check: async (res, { req }) => expect(await favouritesOf(w.parent)).not.toContain(req.params!.tutorId),
    owned: [
      // 404: the neighbour has no such favourite, and only its own list is within reach.
      { who: 'parent voisin', caller: (w) => w.neighbourParent, status: 404 },
    ],
  },
  listSearchHistory: { roles: ['parent'] },
  recordSearch: { roles: ['parent'], ok: 201, request: () => ({ body: recordSearchBody() }) },
  clearSearchHistory: {
    roles: ['parent'],
    // The parent records a search; the call clears the caller's own history only.
    request: async () => {
      const recorded = await api('/api/search-history', { method: 'POST', token: w.parent.accessToken, body: recordSearchBody() });
      expect(recorded.status, recorded.text).toBe(201);
      return { state: () => historyOf(w.parent) };
    },
    check: async () => expect(await historyOf(w.parent)).toEqual([]),
    owned: [
      {
        who: 'parent voisin',
        caller: (w) => w.neighbourParent,
        status: 200,
        unchanged: true,
        check: (res) => expect(res.body.deleted).toBe(0),
      },
    ],
  },
  recommendTutors: { roles: ['parent'], request: () => ({ body: { subject: 'Mathématiques' } }) },

  // --- Money.
  initializePayment: {
    roles: ['parent'],
    request: () => {
      const tutor = seededTutor(3);
      return { body: { tutorId: tutor.id, duration: 2, subject: tutor.subject, level: tutor.level, paymentMethod: 'card' } };
    },
    check: (res) => expect(res.body).toMatchObject({ success: true, transaction_id: expect.any(String) }),
  },
  /** No JWT: Paystack proves itself with the HMAC of the body. Anything else is 401, whatever the token. */
  paystackWebhook: {
    roles: [],
    auth: 'public',
    refused: 401,
    request: webhookFor,
    owned: [
      {
        who: 'parent propriétaire, signature forgée',
        caller: (w) => w.parent,
        status: 401,
        request: async () => ({ ...(await webhookFor()), headers: { 'x-paystack-signature': 'ab'.repeat(64) } }),
      },
      {
        who: "admin, signature valide d'un autre corps",
        caller: (w) => w.admin,
        status: 401,
        request: async () => {
          const req = await webhookFor();
          return { ...req, headers: { 'x-paystack-signature': sign(req.body.replace(/"amount":\d+/, '"amount":100')) } };
        },
      },
      {
        // The control: the refusals above are about the signature, not the body.
        who: 'Paystack (signature valide, sans jeton)',
        caller: () => undefined,
        status: 200,
        request: async () => {
          const req = await webhookFor();
          return { ...req, headers: { 'x-paystack-signature': sign(req.body) } };
        },
        check: async (res, { req }) => {
          expect(res.body.outcome).toBe('escrowed');
          expect((await transactionItem(req.transactionId!))?.status).toBe('escrow');
        },
      },
    ],
  },
  /**
   * Meta's verify handshake (issue 34): no JWT; our verify token or 403, whoever asks. The control:
   * the stack's own token echoes the challenge.
   */
  whatsappWebhookVerify: {
    roles: [],
    auth: 'public',
    visitors: true,
    ok: 403,
    request: () => ({ query: { 'hub.mode': 'subscribe', 'hub.verify_token': 'pas-le-bon-jeton', 'hub.challenge': '4242' } }),
    check: (res) => {
      expect(res.body.error.message).toBe(messages.whatsapp.invalidVerifyToken);
      expect(res.text).not.toContain('4242');
    },
    owned: [
      {
        who: 'Meta (jeton de vérification du stack)',
        caller: () => undefined,
        status: 200,
        request: () => ({ query: { 'hub.mode': 'subscribe', 'hub.verify_token': stackWhatsAppCredentials().WHATSAPP_VERIFY_TOKEN, 'hub.challenge': '4242' } }),
        check: (res) => expect(res.text).toBe('4242'),
      },
    ],
  },
  /** No JWT: Meta proves itself with `X-Hub-Signature-256`. Anything else is 401, whatever the token. */
  whatsappWebhook: {
    roles: [],
    auth: 'public',
    refused: 401,
    request: whatsappStatusFor,
    owned: [
      {
        who: 'parent, signature forgée',
        caller: (w) => w.parent,
        status: 401,
        request: async () => {
          const req = await whatsappStatusFor();
          return { ...req, headers: { 'x-hub-signature-256': whatsappSignature(req.body, 'pas-notre-secret') } };
        },
      },
      {
        who: "admin, signature valide d'un autre corps",
        caller: (w) => w.admin,
        status: 401,
        request: async () => {
          const req = await whatsappStatusFor();
          return { ...req, headers: { 'x-hub-signature-256': stackSignature(req.body.replace('"read"', '"delivered"')) } };
        },
      },
      {
        // The control: the refusals above are about the signature, not the body.
        who: 'Meta (signature valide, sans jeton)',
        caller: () => undefined,
        status: 200,
        request: async () => {
          const req = await whatsappStatusFor();
          return { ...req, headers: { 'x-hub-signature-256': stackSignature(req.body) } };
        },
        check: async (res, { req }) => {
          expect(res.body).toEqual({ received: true });
          expect(await whatsappMessageItem(req.transactionId!)).toMatchObject({ status: 'read', status_rank: 3 });
        },
      },
    ],
  },
  listMyTransactions: {
    roles: ['parent'],
    check: (res, { caller }) => {
      expect(ids(res.body.transactions)).toContain(w.lesson);
      expect(res.body.transactions.filter((tx: { parent_id: string }) => tx.parent_id !== caller!.sub)).toEqual([]);
    },
    owned: [
      {
        who: 'parent voisin',
        caller: (w) => w.neighbourParent,
        status: 200,
        check: (res) => {
          expect(ids(res.body.transactions)).not.toContain(w.lesson);
          expect(res.body.summary).toEqual({ total: 0, in_escrow: 0, released: 0 });
        },
      },
    ],
  },
  /** The spec's 'release-escrow': the parent on its own escrowed lesson; the admin on any. */
  decideEscrow: {
    roles: ['parent', 'admin'],
    // The tutor cell is the lesson's own tutor: it may not release its own pay.
    request: () => onEscrowedLesson({ action: 'release' }),
    check: async (res, { req }) => {
      expect(res.body).toEqual({ success: true, status: 'released' });
      expect((await transactionItem(req.params!.id!))?.status).toBe('released');
    },
    owned: [
      { who: 'parent voisin (libérer)', caller: (w) => w.neighbourParent, status: 403 },
      {
        who: 'parent voisin (rembourser)',
        caller: (w) => w.neighbourParent,
        status: 403,
        request: () => onEscrowedLesson({ action: 'refund' }),
      },
    ],
  },
  verifyPayment: {
    roles: ['parent', 'admin'],
    // Nobody paid at the sandbox yet: Paystack has no outcome, the booking stays pending.
    request: onUnpaidLesson,
    check: (res) => expect(res.body).toEqual({ outcome: 'waiting', status: 'pending' }),
    owned: [{ who: 'parent voisin', caller: (w) => w.neighbourParent, status: 403 }],
  },
  rateCourse: {
    roles: ['parent'],
    request: () => onEscrowedLesson({ rating: 5, review: 'Très bon cours' }),
    check: (res) => {
      expect(res.body.dispute).toBe(false);
      expect(res.body.transaction.courses[0].parent_rating).toBe(5);
    },
    // A rating of 1 would freeze someone else's funds in a dispute.
    owned: [
      {
        who: 'parent voisin',
        caller: (w) => w.neighbourParent,
        status: 403,
        request: () => onEscrowedLesson({ rating: 1, review: 'Absent' }),
      },
    ],
  },
  /**
   * The invoice of a paid lesson: the parent who paid, the tutor who teaches, the admins. Anyone
   * else: 404, as if it did not exist. Before the money is received there is no invoice: 409 to
   * those who may read it (the input's state, not the caller), still 404 to anyone else.
   */
  getInvoice: {
    roles: ['parent', 'tuteur', 'admin'],
    request: () => ({ params: { id: w.lesson } }),
    check: (res) => {
      expect(res.body.transaction.id).toBe(w.lesson);
      expect(res.body.invoice_number).toBe(w.lesson.slice(0, 8).toUpperCase());
    },
    owned: [
      { who: 'parent voisin', caller: (w) => w.neighbourParent, status: 404 },
      { who: 'autre tuteur', caller: (w) => w.neighbourTutor, status: 404 },
      { who: 'parent propriétaire, paiement non reçu', caller: (w) => w.parent, status: 409, request: onUnpaidLesson, check: unpaidInvoice },
      { who: 'tuteur du cours, paiement non reçu', caller: (w) => w.tuteur, status: 409, request: onUnpaidLesson, check: unpaidInvoice },
      { who: 'admin, paiement non reçu', caller: (w) => w.admin, status: 409, request: onUnpaidLesson, check: unpaidInvoice },
      { who: 'parent voisin, paiement non reçu', caller: (w) => w.neighbourParent, status: 404, request: onUnpaidLesson },
    ],
  },
  // --- Lessons (issue 15): always the caller's own, as the parent who booked or the tutor booked.
  listMyLessons: {
    roles: ['parent', 'tuteur'],
    request: async () => ({ query: {}, transactionId: (sharedRequest ??= await requestedLesson(w)) }),
    check: (res, { req, caller }) => {
      expect(res.body.side).toBe(caller === w.tuteur ? 'tutor' : 'parent');
      expect(res.body.upcoming.map((lesson: { id: string }) => lesson.id)).toContain(req.transactionId);
    },
    owned: [
      {
        who: 'parent voisin',
        caller: (w) => w.neighbourParent,
        status: 200,
        check: (res) => expect([...res.body.upcoming, ...res.body.past]).toEqual([]),
      },
      {
        who: 'autre tuteur',
        caller: (w) => w.neighbourTutor,
        status: 200,
        check: (res) => expect([...res.body.upcoming, ...res.body.past]).toEqual([]),
      },
    ],
  },
  lessonAction: {
    roles: ['parent', 'tuteur'],
    // The parent cancels its request (all back, ≥ 24 h before); the tutor declines it.
    request: (_w, caller) =>
      caller === w.parent ? onRequestedLesson('cancel', true) : caller === w.tuteur ? onRequestedLesson('decline', true) : onRequestedLesson('accept', false),
    check: async (res, { req }) => {
      expect(res.body.status).toBe('refund_pending');
      expect((await transactionItem(req.params!.id!))?.status).not.toBe('requested');
    },
    owned: [
      // Someone else's lesson does not exist for them: 404, nothing changed.
      { who: 'parent voisin', caller: (w) => w.neighbourParent, status: 404, request: () => onRequestedLesson('cancel', false) },
      { who: 'autre tuteur', caller: (w) => w.neighbourTutor, status: 404, request: () => onRequestedLesson('accept', false) },
    ],
  },
  tutorEarnings: {
    roles: ['tuteur'],
    check: (res, { caller }) => {
      expect(ids(res.body.transactions)).toContain(w.lesson);
      expect(res.body.transactions.filter((tx: { tutor_user_id: string }) => tx.tutor_user_id !== caller!.sub)).toEqual([]);
    },
    owned: [
      {
        who: 'autre tuteur',
        caller: (w) => w.neighbourTutor,
        status: 200,
        check: (res) => {
          expect(ids(res.body.transactions)).not.toContain(w.lesson);
          expect(res.body.pending).toBe(0);
        },
      },
    ],
  },

  // --- The admin dashboard.
  adminStats: { roles: ['admin'], check: (res) => expect(res.body.total_users).toBeGreaterThan(0) },
  adminTransactions: {
    roles: ['admin'],
    check: async (res, { caller }) => expect(await pagedIds(res, 'transactions', '/api/admin/transactions', caller!, (t) => t.id, w.lesson)).toContain(w.lesson),
  },
  adminUsers: {
    roles: ['admin'],
    check: async (res, { caller }) => expect(await pagedIds(res, 'users', '/api/admin/users', caller!, (u) => u.user_id, w.parent.sub)).toContain(w.parent.sub),
  },
  adminDisputes: { roles: ['admin'] },
  adminCloseDispute: {
    roles: ['admin'],
    // The parent cell is the parent who opened the dispute.
    request: async () => {
      const id = await disputeAfterRelease(w);
      return { params: { id }, body: {}, state: () => partition(id) };
    },
    check: async (res, { req }) => {
      expect(res.body).toEqual({ success: true });
      const dispute = (await partition(req.params!.id!)).find((item) => item.sk !== 'TRANSACTION' && item.status === 'resolved');
      expect(dispute, 'le litige est clos').toBeDefined();
    },
  },

  adminRetryTransaction: {
    roles: ['admin'],
    // Held funds whose workflow is fine: nothing to retry (the retry itself is tests/rules/escrow-resilience).
    ok: 409,
    request: () => onEscrowedLesson({}),
    check: (res) => expect(res.body.error).toEqual({ code: 'conflict', message: messages.admin.retryNotNeeded }),
  },

  // --- Payouts (issue 30): the tutor's own wallet (the owner is the token's subject, never a
  // parameter); CinetPay's notification is public and answers everyone alike; the console is admins'.
  getWallet: {
    roles: ['tuteur'],
    // The world's tutor teaches the world's paid lessons: its share is held in escrow.
    check: (res, { caller }) => {
      expect(res.body).toMatchObject({ available: expect.any(Number), held: expect.any(Number), in_flight: expect.any(Number) });
      if (caller === w.tuteur) expect(res.body.held).toBeGreaterThan(0);
    },
    owned: [
      {
        who: 'autre tuteur',
        caller: (w) => w.neighbourTutor,
        status: 200,
        // Its own wallet: nothing of the world's tutor's lessons.
        check: (res) => expect(res.body).toMatchObject({ available: 0, held: 0, in_flight: 0, current_payout: null }),
      },
    ],
  },
  listMyPayouts: {
    roles: ['tuteur'],
    check: (res) => expect(res.body).toEqual({ payouts: expect.any(Array), next_cursor: null }),
  },
  requestDestinationCode: {
    roles: ['tuteur'],
    request: () => ({ body: {} }),
    check: (res) => expect(res.body.message).toEqual(expect.any(String)),
  },
  setPayoutDestination: {
    roles: ['tuteur'],
    // A code never sent (or wrong): refused about the input, and the destination unchanged.
    ok: 400,
    request: (_w, caller) => ({
      body: { operator: 'orange', phone: '0701020304', holder_name: 'Awa Koné', code: '000000' },
      state: async () => (caller ? (await api('/api/wallet', { token: caller.accessToken })).body.destination : null),
    }),
    check: (res) => expect(res.body.error.code).toBe('validation_error'),
  },
  requestWithdrawal: {
    roles: ['tuteur'],
    // The world's tutor has nothing released and no destination: 'Retirer' is refused, with why.
    ok: 409,
    request: () => ({ body: { amount: 5_000, request_id: randomUUID() } }),
    check: (res) =>
      expect([messages.payouts.kycRequired, messages.payouts.firstLessonRequired, messages.payouts.destinationRequired]).toContain(res.body.error.message),
  },
  cinetpayTransferNotification: {
    roles: [],
    auth: 'public',
    // Unsigned: anyone may post one; nothing in it is trusted but a payout id, and everyone gets the same answer.
    visitors: true,
    request: () => ({
      body: `client_transaction_id=${randomUUID()}&treatment_status=VAL`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    }),
    check: (res) => expect(res.body).toEqual({ received: true }),
  },
  adminPayouts: {
    roles: ['admin'],
    check: (res) => {
      expect(res.body).toMatchObject({ payouts: expect.any(Array), counts: expect.any(Object) });
      expect(res.body.next_cursor === null || typeof res.body.next_cursor === 'string').toBe(true);
    },
  },
  adminPayoutFloat: {
    roles: ['admin'],
    check: (res) => expect(res.body.providers.map((p: { provider: string }) => p.provider).sort()).toEqual(['cinetpay', 'wave']),
  },
  adminRetryPayout: {
    roles: ['admin'],
    // No such payout: about the input.
    ok: 404,
    request: () => ({ params: { id: randomUUID() }, body: { note: 'Relance après vérification' } }),
    check: (res) => expect(res.body.error.message).toBe(messages.payouts.payoutNotFound),
  },
  adminCancelPayout: {
    roles: ['admin'],
    ok: 404,
    request: () => ({ params: { id: randomUUID() }, body: { note: 'Numéro erroné' } }),
    check: (res) => expect(res.body.error.message).toBe(messages.payouts.payoutNotFound),
  },
  adminPayoutDestinations: {
    roles: ['admin'],
    check: (res) => expect(res.body).toEqual({ destinations: expect.any(Array), next_cursor: null }),
  },
  adminReviewPayoutDestination: {
    roles: ['admin'],
    // The neighbour tutor has no destination to review.
    ok: 404,
    request: (w) => ({ params: { tutorId: w.neighbourTutor.sub }, body: { decision: 'approve', note: 'Nom vérifié' } }),
    check: (res) => expect(res.body.error.message).toBe(messages.payouts.destinationNotFound),
  },

  // --- Messages (issue 31): parents and tutors, each in its own conversations only (the side is the
  // token's; a conversation of others answers 404 as an unknown one); companies and admins 403 (an
  // admin reads reported messages only, through the reports queue).
  listConversations: {
    roles: ['parent', 'tuteur'],
    request: async () => {
      await conversationOfTheWorld();
      return {};
    },
    check: async (res, { caller }) => {
      expect(res.body).toMatchObject({ conversations: expect.any(Array), unread_total: expect.any(Number) });
      const listed = res.body.conversations.map((c: { id: string }) => c.id);
      expect(listed).toContain(await conversationOfTheWorld());
      expect(res.body.conversations.every((c: { side: string }) => c.side === (caller === w.parent ? 'parent' : 'tutor'))).toBe(true);
    },
    owned: [
      // Their own lists: the world's conversation is in neither.
      ...(['neighbourParent', 'neighbourTutor'] as const).map(
        (who): Cell => ({
          who: who === 'neighbourParent' ? 'parent voisin' : 'autre tuteur',
          caller: (w) => w[who],
          status: 200,
          check: async (res) => expect(res.body.conversations.map((c: { id: string }) => c.id)).not.toContain(await conversationOfTheWorld()),
        }),
      ),
    ],
  },
  startConversation: {
    roles: ['parent', 'tuteur'],
    // The world's lesson: its parent and its tutor find their one conversation again.
    request: async () => ({ ...(await onWorldConversation({ transaction_id: w.lesson })), params: {} }),
    check: async (res) => expect(res.body.id).toBe(await conversationOfTheWorld()),
    owned: [
      ...(['neighbourParent', 'neighbourTutor'] as const).map(
        (who): Cell => ({
          who: who === 'neighbourParent' ? 'parent voisin (cours des autres)' : 'autre tuteur (cours des autres)',
          caller: (w) => w[who],
          status: 404,
          check: (res) => expect(res.body.error.message).toBe(messages.messaging.lessonNotFound),
        }),
      ),
    ],
  },
  getConversationMessages: {
    roles: ['parent', 'tuteur'],
    request: () => onWorldConversation(),
    check: (res, { caller }) => {
      expect(res.body.conversation.side).toBe(caller === w.parent ? 'parent' : 'tutor');
      expect(res.body.messages.length).toBeGreaterThan(0);
    },
    owned: outsidersOfTheConversation(),
  },
  sendMessage: {
    roles: ['parent', 'tuteur'],
    ok: 201,
    request: () => onWorldConversation({ request_id: randomUUID(), body: 'Je confirme pour samedi.' }),
    check: (res) => expect(res.body.message).toMatchObject({ mine: true, body: 'Je confirme pour samedi.' }),
    owned: outsidersOfTheConversation(),
  },
  markConversationRead: {
    roles: ['parent', 'tuteur'],
    request: () => onWorldConversation({ read_seq: 1 }),
    check: (res, { caller }) => expect(res.body.side).toBe(caller === w.parent ? 'parent' : 'tutor'),
    owned: outsidersOfTheConversation(),
  },

  // --- Notifications (issue 15): everyone signed in, always its own (the owner is the token's subject).
  listNotifications: {
    roles: ROLES,
    check: async (res, { caller }) => {
      expect(res.body).toEqual({ notifications: expect.any(Array), unread_count: expect.any(Number) });
      // The world's parent paid its lessons: the stream told it so.
      if (caller === w.parent) {
        const page = await eventually(() => notificationsOf(w.parent), (read) => read.notifications.some((n) => n.kind === 'payment_received'), 30_000);
        // A booking of the spec's kind links to its payments, a lesson in slots to 'Mes cours'.
        expect(page.notifications.find((n) => n.kind === 'payment_received')).toMatchObject({
          title: 'Paiement reçu',
          link: expect.stringMatching(/^\/(payments|cours\?lesson=[\w-]+)$/),
        });
      }
    },
  },
  markNotificationRead: {
    roles: ROLES,
    // 404 for every caller but its owner: a notification of the world's parent is no one else's.
    ok: 404,
    request: parentsUnreadNotification,
    check: (res) => expect(res.body.error).toEqual({ code: 'not_found', message: messages.notifications.notFound }),
    playedBy: { parent: (w) => w.neighbourParent },
    owned: [{ who: 'parent propriétaire', caller: 'owner', status: 204, unchanged: false }],
  },
  markAllNotificationsRead: {
    roles: ROLES,
    request: () => ({ body: {} }),
    check: (res) => expect(res.body).toEqual({ marked: expect.any(Number) }),
    // The world's parent keeps its notifications unread for the rows above and below.
    playedBy: { parent: (w) => w.neighbourParent },
    owned: [
      // The neighbour's call marks its own (none): the world's parent's stay as they were.
      { who: 'parent voisin', caller: (w) => w.neighbourParent, status: 200, unchanged: true, request: parentsNotifications },
    ],
  },
  getNotificationPreferences: {
    roles: ROLES,
    check: (res) => expect(res.body).toEqual({ email: expect.any(Boolean), whatsapp: false, available: { email: true, whatsapp: true } }),
  },
  saveNotificationPreferences: {
    roles: ROLES,
    request: () => ({ body: { email: true, whatsapp: false } }),
    check: (res) => expect(res.body).toEqual({ email: true, whatsapp: false, available: { email: true, whatsapp: true } }),
  },
  // WhatsApp (issue 34): always the caller's own channel (the token's subject; no id in the path).
  // A number that is not one and a code with none pending: refused in French after the role check,
  // nothing sent (the codes' journey: tests/integration/whatsapp-channel.test.ts).
  getWhatsAppChannel: {
    roles: ROLES,
    check: (res) => expect(res.body).toEqual({ state: expect.stringMatching(/^(none|pending|verified|stopped)$/), phone: expect.toBeOneOf([null, expect.any(String)]) }),
  },
  startWhatsAppVerification: {
    roles: ROLES,
    request: () => ({ body: { phone: '12345' } }),
    ok: 400,
    check: (res) => expect(JSON.stringify(res.body)).toContain(messages.whatsapp.invalidPhone),
  },
  confirmWhatsAppVerification: {
    roles: ROLES,
    request: () => ({ body: { code: '123456' } }),
    ok: 400,
    check: (res) => expect(JSON.stringify(res.body)).toContain(messages.whatsapp.invalidCode),
  },
  removeWhatsAppChannel: {
    roles: ROLES,
    check: (res) => expect(res.body).toEqual({ state: 'none', phone: null }),
  },

  // --- Visitors (issue 17): no session needed, no role checked; tutors listed publicly only, their
  // public fields only (which keys exactly: tests/integration/visitors-api.test.ts).
  publicSearchTutors: {
    roles: [],
    auth: 'public',
    visitors: true,
    request: () => ({ query: { subject: 'Mathématiques' } }),
    check: (res) => {
      expect(res.body.total).toBeGreaterThan(0);
      for (const card of res.body.tutors) expect(card).not.toHaveProperty('last_name');
    },
  },
  publicTutorProfile: {
    roles: [],
    auth: 'public',
    visitors: true,
    // A seeded tutor: verified, not hidden. The world's tutors are not verified (404 for visitors).
    request: () => ({ params: { id: verifiedSeededTutorId() } }),
    check: (res) => {
      expect(res.body.id).toBe(verifiedSeededTutorId());
      expect(res.body).not.toHaveProperty('last_name');
    },
    owned: [
      {
        who: 'déconnecté, répétiteur non vérifié',
        caller: () => undefined,
        status: 404,
        request: () => ({ params: { id: w.tutorProfile.id } }),
        check: (res) => expect(res.body.error).toEqual({ code: 'not_found', message: messages.tutors.notFound }),
      },
    ],
  },

  // --- Reports of messages (issue 31): a participant reports the other side's message (never a
  // conversation not its own: 404, as if it did not exist); an admin reads the reports' snapshots and
  // decides, never a conversation (the conversation routes' rows refuse admins).
  reportMessage: {
    roles: ['parent', 'tuteur'],
    ok: 201,
    // The caller reports a message of the other side (the tutor's for everyone but the tutor).
    request: async (w, caller) => {
      const { conversationId, byParent, byTutor } = await ownedConversation(w);
      const messageId = caller === w.tuteur ? byParent : byTutor;
      return { params: { id: conversationId, messageId }, body: { reason: 'harassment' }, state: () => reportMarkers(conversationId) };
    },
    check: (res) => expect(res.body).toMatchObject({ id: expect.any(String), status: 'open' }),
    owned: [
      { who: 'autre parent', caller: (w) => w.neighbourParent, status: 404, check: (res) => expect(res.body.error.message).toBe(messages.messaging.conversationNotFound) },
      { who: 'autre tuteur', caller: (w) => w.neighbourTutor, status: 404, check: (res) => expect(res.body.error.message).toBe(messages.messaging.conversationNotFound) },
    ],
  },
  adminMessageReports: {
    roles: ['admin'],
    request: async () => {
      await reportToDecide();
      return {};
    },
    check: (res) => {
      expect(res.body.reports.length).toBeGreaterThan(0);
      expect(res.body.reports[0]).toMatchObject({ status: 'open', message: expect.objectContaining({ body: expect.any(String) }), context: expect.any(Array) });
    },
  },
  adminDecideMessageReport: {
    roles: ['admin'],
    // A fresh report per caller: the refused leave it open, the admin closes it.
    request: async () => {
      const id = await reportToDecide();
      return { params: { id }, body: { decision: 'dismiss' }, state: () => partitionOf(`MSG_REPORT#${id}`) };
    },
    check: (res) => expect(res.body).toMatchObject({ status: 'closed', decision: 'dismiss' }),
  },

  // --- Monthly packages, credits and the trial guarantee (issue 32). A package is its parent's
  // (the world's parent) and its tutor's (a tutor of its own, offering every day: the world's has
  // two hours a week), and the admins'; anyone else gets 404, as for an unknown package.
  bookPackage: {
    roles: ['parent'],
    request: async () => {
      const { tutor } = await packageWorld();
      return { body: packageRequest(tutor, 1, { slots: [{ weekday: weekdayOf(dateIn(1)), hour: nextPackageHour() }] }), state: () => packagesOfParent(w.parent) };
    },
    check: (res) => expect(res.body).toMatchObject({ success: true, package_id: expect.any(String), authorization_url: expect.any(String) }),
  },
  listMyPackages: {
    roles: ['parent', 'tuteur'],
    playedBy: { tuteur: () => packageTutorUser() },
    request: async () => ({ transactionId: (await packageWorld()).pending }),
    check: (res, { req }) => expect(ids(res.body.packages)).toContain(req.transactionId),
    owned: [
      { who: 'parent voisin', caller: (w) => w.neighbourParent, status: 200, check: (res) => expect(res.body.packages).toEqual([]) },
      { who: 'autre tuteur', caller: (w) => w.neighbourTutor, status: 200, check: (res) => expect(res.body.packages).toEqual([]) },
    ],
  },
  getPackage: {
    roles: ['parent', 'tuteur', 'admin'],
    playedBy: { tuteur: () => packageTutorUser() },
    request: async () => ({ params: { id: (await packageWorld()).pending } }),
    check: (res, { req }) => expect(res.body.id).toBe(req.params!.id),
    owned: outsidersOfThePackage(async () => ({ params: { id: (await packageWorld()).pending } })),
  },
  acceptPackage: {
    roles: ['tuteur'],
    playedBy: { tuteur: () => packageTutorUser() },
    // The package's tutor answers a fresh paid package; everyone else the shared one, unchanged.
    request: (_w, caller) => onPaidPackage(caller === packageTutorUser()),
    check: (res) => expect(res.body.lessons.map((l: { status: string }) => l.status)).toEqual(Array(4).fill('escrow')),
    owned: [{ who: 'autre tuteur', caller: (w) => w.neighbourTutor, status: 404, request: () => onPaidPackage(false) }],
  },
  declinePackage: {
    roles: ['tuteur'],
    playedBy: { tuteur: () => packageTutorUser() },
    request: (_w, caller) => onPaidPackage(caller === packageTutorUser()),
    check: (res) => expect(res.body.amounts.held).toBe(0),
    owned: [{ who: 'autre tuteur', caller: (w) => w.neighbourTutor, status: 404, request: () => onPaidPackage(false) }],
  },
  stopPackage: {
    roles: ['parent'],
    // The parent stops a fresh paid package; the refused leave the shared one running.
    request: (_w, caller) => onPaidPackage(caller === w.parent),
    check: async (res, { req }) => expect((await packageItem(req.params!.id!)).status).toBe('stopped'),
    owned: [{ who: 'parent voisin', caller: (w) => w.neighbourParent, status: 404, request: () => onPaidPackage(false) }],
  },
  // Renewal opens a week before the end: the package of the world, just booked, is not there yet.
  getPackageRenewal: {
    roles: ['parent'],
    ok: 409,
    request: async () => ({ params: { id: (await packageWorld()).paid } }),
    check: (res) => expect(res.body.error.message).toBe(messages.packages.renewalNotOpen),
    owned: [{ who: 'parent voisin', caller: (w) => w.neighbourParent, status: 404, request: async () => ({ params: { id: (await packageWorld()).paid } }) }],
  },
  renewPackage: {
    roles: ['parent'],
    ok: 409,
    request: async () => {
      const id = (await packageWorld()).paid;
      return { params: { id }, state: async () => (await packageItem(id)).renewed_by ?? null };
    },
    check: (res) => expect(res.body.error.message).toBe(messages.packages.renewalNotOpen),
    owned: [
      {
        who: 'parent voisin',
        caller: (w) => w.neighbourParent,
        status: 404,
        request: async () => {
          const id = (await packageWorld()).paid;
          return { params: { id }, state: async () => (await packageItem(id)).renewed_by ?? null };
        },
      },
    ],
  },
  getPackageInvoice: {
    roles: ['parent', 'tuteur', 'admin'],
    playedBy: { tuteur: () => packageTutorUser() },
    request: async () => ({ params: { id: (await packageWorld()).paid } }),
    check: (res, { req }) => {
      expect(res.body.package.id).toBe(req.params!.id);
      expect(res.body.lines).toHaveLength(4);
    },
    owned: outsidersOfThePackage(async () => ({ params: { id: (await packageWorld()).paid } })),
  },
  adminPackages: {
    roles: ['admin'],
    check: async (res, { caller }) => {
      const id = (await packageWorld()).pending;
      expect(await pagedIds(res, 'packages', '/api/admin/packages', caller!, (p) => p.id, id)).toContain(id);
    },
  },
  setPackageDiscount: {
    roles: ['tuteur'],
    // The package tutor's own discount, set to what it is: nothing changes for the other rows.
    playedBy: { tuteur: () => packageTutorUser() },
    request: () => ({ body: { discountPercent: 0 } }),
  },
  listMyCredits: { roles: ['parent'] },
  useCredit: {
    roles: ['parent'],
    // No such credit (none of the world's lessons was cancelled for a credit): 404, whoever asks.
    ok: 404,
    request: () => ({ params: { id: randomUUID() }, body: { tutorId: w.tutorProfile.id, slots: [new Date(Date.now() + 3 * 86_400_000).toISOString()] } }),
    check: (res) => expect(res.body.error.message).toBe(messages.packages.creditNotFound),
  },
  getGuaranteeAllowance: { roles: ['parent'], check: (res) => expect(res.body).toMatchObject({ used: expect.any(Number), remaining: expect.any(Number) }) },
  claimGuarantee: {
    roles: ['parent'],
    // The world's paid lesson was booked by a single payment before any 'Premier cours' mark: not a trial.
    ok: 409,
    request: async () => ({ params: { id: w.lesson }, body: { choice: 'refund' }, state: () => partition(w.lesson) }),
    check: (res) => expect(res.body.error.message).toBe(messages.guarantee.notTrial),
    owned: [{ who: 'parent voisin', caller: (w) => w.neighbourParent, status: 404, request: async () => ({ params: { id: w.lesson }, body: { choice: 'refund' }, state: () => partition(w.lesson) }) }],
  },
  rescheduleLesson: {
    roles: ['tuteur'],
    // The world's lesson is not a package lesson: it cannot be moved.
    ok: 409,
    request: async () => ({ params: { id: w.lesson }, body: { slots: [new Date(Date.now() + 3 * 86_400_000).toISOString()] }, state: () => partition(w.lesson) }),
    check: (res) => expect(res.body.error.message).toBe(messages.packages.rescheduleNotAllowed),
    owned: [{ who: 'autre tuteur', caller: (w) => w.neighbourTutor, status: 404, request: async () => ({ params: { id: w.lesson }, body: { slots: [new Date(Date.now() + 3 * 86_400_000).toISOString()] }, state: () => partition(w.lesson) }) }],
  },

  // --- Any other /api path. 404 for every role: the path names no route.
  notFound: {
    roles: ROLES,
    ok: 404,
    request: () => ({ params: { proxy: 'nexiste-pas' } }),
    check: (res) => expect(res.body.error.code).toBe('route_not_found'),
  },
};

// ---------------------------------------------------------------------------------------------
// Messages (issue 31): the conversation of `parent` and `tuteur`, one message from each side.

let conversationOfPair: Promise<{ conversationId: string; byParent: string; byTutor: string }> | undefined;
function ownedConversation(w: World) {
  conversationOfPair ??= (async () => {
    const opened = await openConversation(w.parent, w.tutorProfile.id);
    expect([200, 201], opened.status + JSON.stringify(opened.body)).toContain(opened.status);
    const byParent = (await sent(w.parent, opened.id, 'Bonjour, êtes-vous libre samedi ?')).message.id as string;
    const byTutor = (await sent(w.tuteur, opened.id, 'Oui, à partir de 9 h.')).message.id as string;
    return { conversationId: opened.id, byParent, byTutor };
  })();
  return conversationOfPair;
}

/** Every item of a partition (consistent). */
async function partitionOf(pk: string): Promise<Array<Record<string, unknown>>> {
  const { Items = [] } = await db().send(
    new QueryCommand({ TableName: 'kalan-local', KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk }, ConsistentRead: true }),
  );
  return Items;
}

const reportMarkers = async (conversationId: string) => (await partitionOf(`CONV#${conversationId}`)).filter((item) => String(item.sk).startsWith('REPORTED#'));

let pairForReports: Promise<{ parent: TestUser; tutor: TutorWithProfile; conversationId: string }> | undefined;
/** A new open report: a pair of its own (the messages per minute are counted per sender) — the tutor's message, reported by the parent. */
async function reportToDecide(): Promise<string> {
  pairForReports ??= (async () => {
    const [parent, tutor] = await Promise.all([newUser('parent'), tutorWithProfile()]);
    tutorsCreated.push(tutor.user.sub);
    const opened = await openConversation(parent, tutor.profile.id);
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    return { parent, tutor, conversationId: opened.id };
  })();
  const { parent, tutor, conversationId } = await pairForReports;
  const message = (await sent(tutor.user, conversationId, `Message ${randomUUID().slice(0, 8)}`)).message.id as string;
  const reported = await api(`/api/conversations/${conversationId}/messages/${message}/report`, { method: 'POST', token: parent.accessToken, body: { reason: 'scam' } });
  expect(reported.status, reported.text).toBe(201);
  return reported.body.id as string;
}

// ---------------------------------------------------------------------------------------------
// Playing the matrix.

function cellsOf(row: Row): Cell[] {
  const signedOut: Cell = row.visitors
    ? { who: 'déconnecté', caller: () => undefined, status: row.ok ?? 200, check: row.check }
    : { who: 'déconnecté', caller: () => undefined, status: 401 };
  const byRole = ROLES.map((role): Cell => {
    const allowed = row.visitors === true || row.roles.includes(role);
    const fresh = allowed ? row.freshCaller : undefined;
    return {
      who: fresh ? `${role} (nouveau compte)` : role,
      caller: fresh ? 'owner' : (row.playedBy?.[role] ?? ((w) => w[role])),
      ...(fresh ? { request: () => fresh(role) } : {}),
      status: allowed ? (row.ok ?? 200) : (row.refused ?? 403),
      check: allowed ? row.check : undefined,
    };
  });
  return [signedOut, ...byRole, ...(row.owned ?? [])];
}

/** The route's concrete path; `{proxy+}` takes its value like any parameter. */
function pathOf(route: RouteDefinition, req: Req): string {
  const names = new Set([...route.path.matchAll(/\{(\w+)\+?\}/g)].map((m) => m[1]!));
  const params = Object.fromEntries(Object.entries(req.params ?? {}).filter(([name]) => names.has(name)));
  const path = buildPath(route.path.replace(/\{(\w+)\+\}/g, '{$1}'), params);
  const query = new URLSearchParams(req.query ?? {}).toString();
  return query ? `${path}?${query}` : path;
}

async function play(id: RouteId, route: RouteDefinition, row: Row, cell: Cell): Promise<void> {
  const buildRequest: RequestOf = cell.request ?? row.request ?? (() => ({}));
  let caller = cell.caller === 'owner' ? undefined : cell.caller(w);
  const req = await buildRequest(w, caller);
  if (cell.caller === 'owner') caller = req.owner;

  const path = pathOf(route, req);
  const method = route.method === 'ANY' ? 'GET' : route.method;
  const where = `${id} (${method} ${path}) par ${cell.who}`;
  const before = req.state ? await req.state() : undefined;

  const res = await api(path, { method, token: caller?.accessToken, body: req.body, headers: req.headers });

  expect(res.status, `${where} : attendu ${cell.status}, reçu ${res.status} ${res.text.slice(0, 300)}`).toBe(cell.status);
  if (cell.status >= 400) {
    expect(res.text, `${where} : un refus ne dit rien du propriétaire`).not.toContain(w.parent.email);
  }
  if (req.state && (cell.unchanged ?? cell.status >= 400)) {
    expect(await req.state(), `${where} : rien n'a dû changer`).toEqual(before);
  }
  await cell.check?.(res, { w, req, caller });
}

const specOf = (row: Row) => ({ auth: row.auth ?? 'jwt', roles: [...row.roles].sort() });

describe('access matrix (spec §6)', () => {
  it('has one row per route, and the route table gives each route the access of the spec', () => {
    expect(Object.keys(matrix).sort()).toEqual(Object.keys(routes).sort());
    const table = Object.fromEntries(Object.entries(routes).map(([id, route]) => [id, { auth: route.auth, roles: [...route.roles].sort() }]));
    const spec = Object.fromEntries(Object.entries(matrix).map(([id, row]) => [id, specOf(row)]));
    expect(table).toEqual(spec);
  });

  for (const [id, route] of Object.entries(routes) as Array<[RouteId, RouteDefinition]>) {
    const row = matrix[id] as Row | undefined;
    describe(`${id}: ${route.method} ${route.path}`, () => {
      if (!row) {
        it('has a row in the matrix', () => expect.fail(`la route ${id} n'a pas de ligne dans la matrice`));
        return;
      }
      for (const cell of cellsOf(row)) {
        it(`${cell.who} → ${cell.status}`, () => play(id, route, row, cell));
      }
    });
  }
});
