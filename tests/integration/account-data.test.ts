/**
 * My data (issue 12, point 1; law 2013-450 of Côte d'Ivoire): the export of everything Kalan holds
 * about the caller, and the deletion of an account — profile, answers, favourites, history, KYC
 * submissions and documents, tutor images, the search entry and the Cognito user deleted; the
 * money records kept with their amounts, anonymised; refused while money moves; an admin refused.
 * Over HTTP against the local stack, but for the failure midway: the handler runs in this process
 * (same engines) with Cognito's AdminDeleteUser failing once at the SDK boundary.
 */
import { randomUUID } from 'node:crypto';
import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import { DELETED_MESSAGE_TEXT } from '#shared/messaging';
import { photoObjectKeys, photoVariants } from '#shared/photos';
import { routeKey, routes } from '#shared/routes';
import { presignObjectUrl } from '../../functions/src/commons/s3-presign.js';
import { localConfig } from '../../infra/local/config.js';
import { adminSession } from '../support/admin-session.js';
import { api, cognitoClient, newUser, signIn, stack, type TestUser } from '../support/stack.js';
import { kycDocuments, settledIn, tutorProfileBody } from './access-fixtures.js';
import { adminTransactionView, book, bookOk, expectBalanced, ledgerOf, partition, payOnCheckout, seededTutor, withdrawTutorProfile } from './payments-helpers.js';
import { apiEvent, lambdaContext, useStackEnvironment } from './search-support.js';
import { uploadImage } from './uploads-helpers.js';
import { openConversation, sent, tutorWithProfile } from './messages-helpers.js';

const ANONYMISED = messages.account.anonymised;
let admin: TestUser;

function db(): DynamoDBDocumentClient {
  return DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: `http://127.0.0.1:${stack().ports.dynamodb}`,
      region: 'eu-west-1',
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    }),
  );
}

/** Every item of a partition (consistent). */
async function itemsOf(pk: string): Promise<Array<Record<string, any>>> {
  const { Items = [] } = await db().send(
    new QueryCommand({ TableName: 'kalan-local', KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk }, ConsistentRead: true }),
  );
  return Items;
}

/** Every item of a gsi1 partition (the parent's transactions are listed under `PARENT_TX#<sub>`). */
async function indexedUnder(gsi1pk: string): Promise<Array<Record<string, any>>> {
  const { Items = [] } = await db().send(
    new QueryCommand({ TableName: 'kalan-local', IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': gsi1pk } }),
  );
  return Items;
}

/** A new session's refresh token (the SPA keeps one to get new access tokens). */
async function refreshTokenOf(user: TestUser): Promise<string> {
  const { AuthenticationResult } = await cognitoClient().send(
    new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: stack().pool.userPoolClientId, AuthParameters: { USERNAME: user.email, PASSWORD: user.password } }),
  );
  return AuthenticationResult!.RefreshToken!;
}

/** The status a signed GET of a stored file gets (200 there, 404 gone). */
async function fileStatus(key: string): Promise<number> {
  const bucket = key.includes('/kyc_') ? localConfig.buckets.kycDocuments : localConfig.buckets.tutorImages;
  const url = await presignObjectUrl(
    { region: 'eu-west-1', credentials: async () => ({ accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }), endpoint: `http://127.0.0.1:${stack().ports.s3}` },
    { bucket, key, expiresIn: 60 },
  );
  const response = await fetch(url);
  const text = await response.text();
  if (response.status === 404) expect(text).toContain('NoSuchKey');
  return response.status;
}

const signInFails = async (user: TestUser) => expect(signIn(user.email, user.password)).rejects.toThrow();

async function searchIds(user: TestUser, query: string): Promise<string[]> {
  const response = await api(`/api/search/tutors?${new URLSearchParams({ q: query, limit: '100' })}`, { token: user.accessToken });
  expect(response.status, response.text).toBe(200);
  return (response.body.tutors as Array<{ id: string }>).map((t) => t.id);
}

/** A tutor with a completed profile (photo, diploma), approved KYC documents: verified and listed. */
async function verifiedTutor(lastName: string) {
  const tutor = await newUser('tuteur', { firstName: 'Koffi', lastName });
  const [photo, diploma] = await Promise.all([uploadImage(tutor.accessToken, 'profile_photo'), uploadImage(tutor.accessToken, 'diploma')]);
  const saved = await api('/api/me/tutor-profile', {
    method: 'PUT',
    token: tutor.accessToken,
    body: { ...tutorProfileBody(), profile_image_key: photo, diploma_image_keys: [diploma] },
  });
  expect(saved.status, saved.text).toBe(200);
  const documents = await kycDocuments(tutor);
  const submitted = await api('/api/me/kyc', { method: 'POST', token: tutor.accessToken, body: documents });
  expect(submitted.status, submitted.text).toBe(201);
  const reviewed = await api(`/api/admin/kyc/${submitted.body.id}/review`, { method: 'POST', token: admin.accessToken, body: { decision: 'approve' } });
  expect(reviewed.status, reviewed.text).toBe(200);
  const bookable = { id: saved.body.id as string, userId: tutor.sub, hourlyRate: 4000, subject: 'Mathématiques', level: 'Lycée (2nde-Tle)' };
  return { tutor, bookable, files: [photo, diploma, documents.cni_image_key, documents.selfie_image_key], kycId: submitted.body.id as string };
}

/** A lesson of `parent` with `tutor`, paid and released by the parent. */
async function releasedLesson(parent: TestUser, tutor: ReturnType<typeof seededTutor>): Promise<string> {
  const { id, url } = await bookOk(parent.accessToken, {}, tutor);
  await settledIn(id, 'pending');
  await payOnCheckout(url);
  await settledIn(id, 'escrow');
  const release = await api(`/api/transactions/${id}/escrow`, { method: 'POST', token: parent.accessToken, body: { action: 'release' } });
  expect(release.status, release.text).toBe(200);
  await expect.poll(async () => (await partition(id)).find((i) => i.sk === 'TRANSACTION')?.status, { timeout: 30_000 }).toBe('released');
  return id;
}

/** The stat cards' counters agree with a recount of the table (polled: other files write too). */
async function expectCountersConsistent(): Promise<void> {
  useStackEnvironment();
  const { recount } = await import('../../functions/src/commons/counters-recount.js');
  await expect
    .poll(
      async () => {
        const stats = (await api('/api/admin/stats', { token: admin.accessToken })).body as Record<string, number>;
        const { open_disputes, ...others } = await recount();
        const recounted = { ...others, active_disputes: open_disputes };
        return JSON.stringify(stats) === JSON.stringify({ ...stats, ...recounted }) ? 'les compteurs sont justes' : { stats, recounted };
      },
      { timeout: 20_000, interval: 500 },
    )
    .toBe('les compteurs sont justes');
}

beforeAll(async () => {
  // The seeded admin, past its second factor (support/admin-session.ts).
  admin = await adminSession();
  // A table never counted is recounted at the first read of the stat cards: read them now, so
  // that the deletions below move counters already kept (and a missed move shows).
  expect((await api('/api/admin/stats', { token: admin.accessToken })).status).toBe(200);
});

describe('GET /api/me/export', () => {
  it("contains the caller's profile, answers, favourites, history, transactions and documents, and nothing of another user", async () => {
    const [parent, other] = await Promise.all([newUser('parent', { firstName: 'Adjoua', lastName: 'Exportée' }), newUser('parent', { firstName: 'Autre', lastName: 'Voisin' })]);
    const tutor = seededTutor(3);
    const prefs = { children: [{ first_name: 'Yao', age: 10, level: 'primaire' }], zone: 'cocody' };
    expect((await api('/api/me/parent-preferences', { method: 'PUT', token: parent.accessToken, body: prefs })).status).toBe(200);
    expect((await api('/api/favorites', { method: 'POST', token: parent.accessToken, body: { tutor_id: tutor.id } })).status).toBe(201);
    const search = { id: randomUUID(), filters: { query: 'maths', subject: 'Mathématiques' }, results_count: 3 };
    expect((await api('/api/search-history', { method: 'POST', token: parent.accessToken, body: search })).status).toBeLessThan(300);
    const { id: lesson } = await bookOk(parent.accessToken, {}, tutor);
    // The neighbour's own data, which must not appear.
    const theirs = await bookOk(other.accessToken, {}, seededTutor(4));
    expect((await api('/api/search-history', { method: 'POST', token: other.accessToken, body: { ...search, id: randomUUID() } })).status).toBeLessThan(300);

    const response = await api('/api/me/export', { token: parent.accessToken });
    expect(response.status, response.text).toBe(200);
    const day = new Date().toISOString().slice(0, 10);
    const exported = response.body;
    expect(exported.profile).toMatchObject({ user_id: parent.sub, first_name: 'Adjoua', last_name: 'Exportée', role: 'parent' });
    expect(exported.account).toMatchObject({ user_id: parent.sub, email: parent.email });
    expect(exported.onboarding.parent_preferences).toMatchObject(prefs);
    expect(exported.favorites.map((f: { tutor_id: string }) => f.tutor_id)).toEqual([tutor.id]);
    expect(exported.search_history.map((s: { id: string }) => s.id)).toEqual([search.id]);
    expect(exported.transactions.as_parent.map((t: { id: string }) => t.id)).toEqual([lesson]);
    expect(exported.transactions.as_parent[0]).toMatchObject({ email: parent.email, amount_total: tutor.hourlyRate * 2, history: [] });
    expect(exported.transactions.as_tutor).toEqual([]);
    const text = JSON.stringify(exported);
    expect(text).not.toContain(other.sub);
    expect(text).not.toContain(other.email);
    expect(text).not.toContain(theirs.id);
    expect(text).not.toContain('task_token');
    // Served as a file to download.
    const raw = await fetch(`${stack().apiUrl}/api/me/export`, { headers: { authorization: `Bearer ${parent.accessToken}` } });
    expect(raw.headers.get('content-disposition')).toBe(`attachment; filename="kalan-mes-donnees-${day}.json"`);
  }, 60_000);

  it("gives a tutor its KYC submissions with the documents' names and short-lived links, not their bytes", async () => {
    const tutor = await newUser('tuteur');
    const documents = await kycDocuments(tutor);
    expect((await api('/api/me/kyc', { method: 'POST', token: tutor.accessToken, body: documents })).status).toBe(201);
    const exported = (await api('/api/me/export', { token: tutor.accessToken })).body;
    expect(exported.kyc.status).toBe('pending');
    const [submission] = exported.kyc.submissions;
    expect(submission.documents.piece_identite.name).toBe(documents.cni_image_key.split('/')[1]);
    expect(submission.documents.selfie.name).toBe(documents.selfie_image_key.split('/')[1]);
    const link = new URL(submission.documents.piece_identite.url);
    expect(link.searchParams.get('X-Amz-Expires')).toBe('300');
    expect((await fetch(link)).status).toBe(200);
  }, 60_000);
});

describe('DELETE /api/me', () => {
  it('deletes a parent and a verified tutor: profiles, items, documents, search entry and sign-in gone; money kept, anonymised, balanced', async () => {
    const lastName = `Supprimé${randomUUID().slice(0, 6)}`;
    const { tutor, bookable, files, kycId } = await verifiedTutor(lastName);
    const parent = await newUser('parent', { firstName: 'Aminata', lastName: 'Partante' });
    expect((await api('/api/favorites', { method: 'POST', token: parent.accessToken, body: { tutor_id: bookable.id } })).status).toBe(201);
    expect((await api('/api/search-history', { method: 'POST', token: parent.accessToken, body: { id: randomUUID(), filters: { query: 'maths' }, results_count: 1 } })).status).toBeLessThan(300);
    expect((await api('/api/me/parent-preferences', { method: 'PUT', token: parent.accessToken, body: { children: [{ first_name: 'Awa', age: 9, level: 'primaire' }] } })).status).toBe(200);
    await expect.poll(() => searchIds(parent, lastName), { timeout: 20_000 }).toContain(bookable.id);
    const lesson = await releasedLesson(parent, bookable);
    const before = (await partition(lesson)).find((i) => i.sk === 'TRANSACTION')!;
    for (const key of files) expect(await fileStatus(key), key).toBe(200);
    // The photo's resized variants and its share image, served by the site (photos/resize-photo.ts).
    const variants = photoObjectKeys(files[0]!).map((key) => `${stack().appUrl}/${key}`);
    expect(variants).toHaveLength(photoVariants(files[0]!).length + 1);
    await expect.poll(async () => Promise.all(variants.map(async (url) => (await fetch(url)).status)), { timeout: 15_000 }).toEqual(variants.map(() => 200));

    // The parent first, then the tutor.
    const parentGone = await api('/api/me', { method: 'DELETE', token: parent.accessToken });
    expect(parentGone.status, parentGone.text).toBe(204);
    const tutorGone = await api('/api/me', { method: 'DELETE', token: tutor.accessToken });
    expect(tutorGone.status, tutorGone.text).toBe(204);

    for (const user of [parent, tutor]) {
      expect(await itemsOf(`USER#${user.sub}`), 'profil, réponses, favoris, historique, fiche, statut KYC').toEqual([]);
      // Its token is still valid (an hour at most): the API refuses it, the account is gone.
      const me = await api('/api/me', { token: user.accessToken });
      expect([me.status, me.body.error.code]).toEqual([401, 'account_deleted']);
      await signInFails(user);
    }
    expect(await itemsOf(`KYC#${kycId}`)).toEqual([]);
    for (const key of files) expect(await fileStatus(key), key).toBe(404);
    for (const url of variants) expect((await fetch(url)).status, url).toBe(404);
    await expect.poll(() => searchIds(admin, lastName), { timeout: 20_000 }).not.toContain(bookable.id);

    // The money record: same amounts and status, names and contacts replaced, ids kept as references.
    const after = (await partition(lesson)).find((i) => i.sk === 'TRANSACTION')!;
    expect(after).toMatchObject({
      amount_total: before.amount_total,
      amount_tutor: before.amount_tutor,
      commission_amount: before.commission_amount,
      status: 'released',
      parent_id: parent.sub,
      tutor_user_id: tutor.sub,
      parent_name: ANONYMISED,
      email: ANONYMISED,
      tutor_name: ANONYMISED,
    });
    // The description is derived from the (anonymised) names, never stored with the tutor's name.
    expect(JSON.stringify(after)).not.toContain(lastName);
    expect(JSON.stringify(after)).not.toContain(parent.email);
    expect(JSON.stringify(after)).not.toContain('Aminata');
    const seen = await adminTransactionView(lesson, admin.accessToken);
    expect(seen).toMatchObject({ parent_name: ANONYMISED, tutor_name: ANONYMISED, amount_total: before.amount_total, status: 'released' });
    expect(seen!.description).toContain(ANONYMISED);
    expect(seen!.description).not.toContain(lastName);
    const ledger = await ledgerOf(lesson);
    expect(ledger.map((l) => l.movement).sort()).toEqual(['payment', 'payment', 'release', 'release', 'release']);
    expectBalanced(ledger);
    await expectCountersConsistent();
  }, 120_000);

  it('is refused with a French 409 while money is in flight for the caller, and changes nothing', async () => {
    const parent = await newUser('parent');
    expect((await api('/api/favorites', { method: 'POST', token: parent.accessToken, body: { tutor_id: seededTutor(5).id } })).status).toBe(201);
    const { id } = await bookOk(parent.accessToken, {}, seededTutor(5));
    await settledIn(id, 'pending');
    const state = async () => ({ user: await itemsOf(`USER#${parent.sub}`), tx: (await partition(id)).filter((i) => i.sk === 'TRANSACTION').map(({ updated_at: _u, ...rest }) => rest) });
    const before = await state();
    const refused = await api('/api/me', { method: 'DELETE', token: parent.accessToken });
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'money_in_flight', message: messages.account.moneyInFlight });
    expect(refused.body.error.details).toEqual([{ path: `transactions.${id}`, message: expect.stringContaining('En attente') }]);
    expect(await state()).toEqual(before);
    expect((await signIn(parent.email, parent.password)).accessToken).toEqual(expect.any(String));
  }, 60_000);

  it('refuses an admin with a French 403 that says who removes an admin account', async () => {
    const refused = await api('/api/me', { method: 'DELETE', token: admin.accessToken });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(messages.account.adminCannotDelete);
    expect((await api('/api/me', { token: admin.accessToken })).status).toBe(200);
  });

  it('finishes on a retry what a deletion that failed midway began (Cognito failing at the last step)', async () => {
    const { tutor, files } = await verifiedTutor(`Reprise${randomUUID().slice(0, 6)}`);
    useStackEnvironment({
      KYC_BUCKET: localConfig.buckets.kycDocuments,
      USER_POOL_ID: stack().pool.userPoolId,
      AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: stack().cognitoUrl,
    });
    const { cognito } = await import('../../functions/src/commons/clients/cognito.js');
    const { handler } = await import('../../functions/src/account/delete-me.js');
    const fault = 'kalan-test-cognito-down';
    cognito.middlewareStack.add(
      (next, context) => async (args) => {
        if (context.commandName === 'AdminDeleteUserCommand') throw Object.assign(new Error('Service indisponible'), { name: 'InternalErrorException' });
        return next(args);
      },
      { step: 'initialize', name: fault },
    );
    try {
      const event = apiEvent({ routeKey: routeKey(routes.deleteMe), sub: tutor.sub, groups: ['tuteur'] });
      const failed = (await handler(event, lambdaContext)) as { statusCode: number };
      expect(failed.statusCode).toBe(500);
    } finally {
      cognito.middlewareStack.remove(fault);
    }
    // Midway: the data is gone, the sign-in is not.
    expect(await itemsOf(`USER#${tutor.sub}`)).toEqual([]);
    for (const key of files) expect(await fileStatus(key)).toBe(404);
    const stillSignsIn = await signIn(tutor.email, tutor.password);
    // The user retries (its session still holds): the deletion finishes.
    const retried = await api('/api/me', { method: 'DELETE', token: stillSignsIn.accessToken });
    expect(retried.status, retried.text).toBe(204);
    await signInFails(tutor);
    await expectCountersConsistent();
  }, 120_000);
});

describe("after DELETE /api/me, the deleted account's access token (valid until it expires)", () => {
  it('writes nothing: every write answers a French 401 and nothing appears under its partition, nor a booking (read in DynamoDB Local)', async () => {
    const [parent, tutor] = await Promise.all([newUser('parent'), newUser('tuteur')]);
    const refreshToken = await refreshTokenOf(parent);
    for (const user of [parent, tutor]) {
      const gone = await api('/api/me', { method: 'DELETE', token: user.accessToken });
      expect(gone.status, gone.text).toBe(204);
    }

    const seeded = seededTutor(6);
    const attempts: Array<[TestUser, string, string, object?]> = [
      [parent, 'PUT', '/api/me/parent-preferences', { children: [{ first_name: 'Awa', age: 9, level: 'primaire' }], zone: 'cocody' }],
      [parent, 'PATCH', '/api/me', { first_name: 'Revenant' }],
      [parent, 'POST', '/api/favorites', { tutor_id: seeded.id }],
      [parent, 'POST', '/api/search-history', { id: randomUUID(), filters: { query: 'maths' }, results_count: 1 }],
      [parent, 'PUT', '/api/notifications/preferences', { email: false, whatsapp: false }],
      [parent, 'POST', '/api/notifications/read-all', {}],
      [parent, 'POST', '/api/recommendations', {}],
      // A parent's search made in the app (`record`) is written to its history by the search itself.
      [parent, 'GET', `/api/search/tutors?${new URLSearchParams({ q: 'maths', record: randomUUID() })}`],
      [tutor, 'PUT', '/api/me/tutor-profile', tutorProfileBody()],
      [tutor, 'POST', '/api/uploads', { purpose: 'profile_photo', content_type: 'image/png', size: 100 }],
      [tutor, 'PUT', '/api/notifications/preferences', { email: false, whatsapp: false }],
    ];
    for (const [user, method, path, body] of attempts) {
      const response = await api(path, { method, token: user.accessToken, body });
      expect(response.status, `${method} ${path}: ${response.text}`).toBe(401);
      expect(response.body.error, `${method} ${path}`).toEqual({ code: 'account_deleted', message: messages.account.accountDeleted });
    }
    const booking = await book(parent.accessToken, {}, seeded);
    expect(booking.status, JSON.stringify(booking.body)).toBe(401);
    // Reads answer the same: the account is gone, whatever the token still says.
    for (const path of ['/api/me', '/api/notifications', '/api/transactions']) {
      expect((await api(path, { token: parent.accessToken })).status, path).toBe(401);
    }

    for (const user of [parent, tutor]) expect(await itemsOf(`USER#${user.sub}`), user.role).toEqual([]);
    expect(await indexedUnder(`PARENT_TX#${parent.sub}`)).toEqual([]);
    // The session cannot be renewed either: the Cognito user is gone with its refresh tokens.
    await expect(
      cognitoClient().send(new InitiateAuthCommand({ AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: stack().pool.userPoolClientId, AuthParameters: { REFRESH_TOKEN: refreshToken } })),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  }, 90_000);

  it('leaves nothing of what a request admitted just before the profile was deleted writes after it (the last sweep of the partition)', async () => {
    const parent = await newUser('parent');
    useStackEnvironment({
      KYC_BUCKET: localConfig.buckets.kycDocuments,
      USER_POOL_ID: stack().pool.userPoolId,
      AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: stack().cognitoUrl,
    });
    const { documentClient } = await import('../../functions/src/commons/clients/dynamodb.js');
    const { ParentPreferencesEntity } = await import('../../functions/src/onboarding/entities.js');
    const { handler } = await import('../../functions/src/account/delete-me.js');
    const lateWrite = 'kalan-test-late-write';
    let written = false;
    documentClient.middlewareStack.add(
      (next, context) => async (args) => {
        const result = await next(args);
        const input = JSON.stringify(args.input);
        // The profile is gone: a request that passed the account check a moment before writes now.
        if (!written && /TransactWrite/.test(context.commandName ?? '') && input.includes('PROFILE') && input.includes(parent.sub)) {
          written = true;
          // What PUT /api/me/parent-preferences writes.
          await ParentPreferencesEntity.build(PutItemCommand).item({ user_id: parent.sub, children: [{ first_name: 'Awa', age: 9, level: 'primaire' }] }).send();
        }
        return result;
      },
      { step: 'initialize', name: lateWrite },
    );
    try {
      const result = (await handler(apiEvent({ routeKey: routeKey(routes.deleteMe), sub: parent.sub, groups: ['parent'] }), lambdaContext)) as { statusCode: number };
      expect(result.statusCode).toBe(204);
    } finally {
      documentClient.middlewareStack.remove(lateWrite);
    }
    expect(written).toBe(true);
    expect(await itemsOf(`USER#${parent.sub}`)).toEqual([]);
  }, 60_000);

  it("takes a deleted tutor's name out of the other side's notifications ('Compte supprimé', as on the transaction)", async () => {
    const lastName = `Notifié${randomUUID().slice(0, 6)}`;
    const { tutor, bookable } = await verifiedTutor(lastName);
    const parent = await newUser('parent', { firstName: 'Aminata', lastName: 'Restante' });
    await releasedLesson(parent, bookable);
    const bodies = async () => ((await api('/api/notifications', { token: parent.accessToken })).body.notifications as Array<{ body: string }>).map((n) => n.body);
    await expect.poll(async () => (await bodies()).join('\n'), { timeout: 30_000 }).toContain(`Le paiement a été versé à Koffi ${lastName}.`);

    const gone = await api('/api/me', { method: 'DELETE', token: tutor.accessToken });
    expect(gone.status, gone.text).toBe(204);

    const after = await bodies();
    expect(after.join('\n')).not.toContain(lastName);
    expect(after).toContainEqual(expect.stringContaining(`Le paiement a été versé à ${ANONYMISED}.`));
    // The items themselves, title and body, in the parent's partition.
    const items = (await itemsOf(`USER#${parent.sub}`)).filter((item) => String(item.sk).startsWith('NOTIF#'));
    expect(items.length).toBeGreaterThan(0);
    expect(JSON.stringify(items)).not.toContain(lastName);
  }, 120_000);
});

describe('messages (issue 31) in the export and the deletion', () => {
  it("exports the caller's conversations and messages; deleting the account removes its messages' text and its name everywhere, and the other side can no longer write", async () => {
    const lastName = `Écrivaine${randomUUID().slice(0, 6)}`;
    const [parent, tutor] = await Promise.all([newUser('parent', { firstName: 'Fatou', lastName }), tutorWithProfile({ firstName: 'Yao', lastName: 'Kouassi' })]);
    try {
      const opened = await openConversation(parent, tutor.profile.id);
      expect(opened.status, JSON.stringify(opened.body)).toBe(201);
      const conversationId = opened.id;
      const first = await sent(parent, conversationId, 'Bonjour, mon fils est en 3ème.');
      await sent(parent, conversationId, 'Pouvez-vous venir à Cocody ?');
      // The tutor is told of the unread run (the notifier, as its schedule runs it), then answers, and reports the parent's first message.
      useStackEnvironment({ AWS_ENDPOINT_URL_SESV2: `http://127.0.0.1:${stack().ports.mailbox}`, NOTIFICATIONS_FROM_EMAIL: 'Kalan <notifications@kalan.local>', SITE_URL: 'http://localhost' });
      const { handler: notifier } = await import('../../functions/src/notifications/notify.js');
      await notifier({ unreadMessage: { conversationId, recipientUserId: tutor.user.sub, recipientSide: 'tutor', seq: 1, sentAt: first.message.sent_at } } as never, lambdaContext);
      const tutorNotifications = async () => JSON.stringify((await itemsOf(`USER#${tutor.user.sub}`)).filter((item) => String(item.sk).startsWith('NOTIF#')));
      expect(await tutorNotifications()).toContain(`Fatou ${lastName} vous a écrit`);
      await sent(tutor.user, conversationId, 'Bienvenue, oui je peux.');
      const reported = await api(`/api/conversations/${conversationId}/messages/${first.message.id}/report`, { method: 'POST', token: tutor.user.accessToken, body: { reason: 'other' } });
      expect(reported.status, reported.text).toBe(201);

      // The export: the conversation, with whom, every message as stored.
      const exported = await api('/api/me/export', { token: parent.accessToken });
      expect(exported.status, exported.text).toBe(200);
      expect(exported.body.messages.conversations).toEqual([
        expect.objectContaining({
          id: conversationId,
          side: 'parent',
          with: 'Yao Kouassi',
          messages: [
            expect.objectContaining({ seq: 1, mine: true, sender: 'parent', body: 'Bonjour, mon fils est en 3ème.' }),
            expect.objectContaining({ seq: 2, mine: true, body: 'Pouvez-vous venir à Cocody ?' }),
            expect.objectContaining({ seq: 3, mine: false, sender: 'tutor', body: 'Bienvenue, oui je peux.' }),
          ],
        }),
      ]);
      expect((await itemsOf(`MESSAGING#${parent.sub}`)).length, 'ses compteurs de messages').toBeGreaterThan(0);

      const gone = await api('/api/me', { method: 'DELETE', token: parent.accessToken });
      expect(gone.status, gone.text).toBe(204);

      const items = await itemsOf(`CONV#${conversationId}`);
      const conversation = items.find((item) => item.sk === 'CONV')!;
      expect(conversation).toMatchObject({ parent_name: ANONYMISED, tutor_name: 'Yao Kouassi', last_message_body: 'Bienvenue, oui je peux.' });
      expect(conversation.parent_deleted_at).toEqual(expect.any(String));
      const stored = items.filter((item) => String(item.sk).startsWith('MSG#')).map((m) => [m.seq, m.body, m.deleted ?? false]);
      expect(stored).toEqual([
        [1, '', true],
        [2, '', true],
        [3, 'Bienvenue, oui je peux.', false],
      ]);
      expect(JSON.stringify(items)).not.toContain(lastName);
      expect(await itemsOf(`MESSAGING#${parent.sub}`)).toEqual([]);

      // The tutor's side: the name and the texts gone, no more writing, its notification rewritten.
      const page = await api(`/api/conversations/${conversationId}/messages`, { token: tutor.user.accessToken });
      expect(page.body.conversation.other.name).toBe(ANONYMISED);
      expect(page.body.messages.map((m: { body: string }) => m.body)).toEqual([DELETED_MESSAGE_TEXT, DELETED_MESSAGE_TEXT, 'Bienvenue, oui je peux.']);
      const refused = await api(`/api/conversations/${conversationId}/messages`, { method: 'POST', token: tutor.user.accessToken, body: { request_id: randomUUID(), body: 'Vous êtes là ?' } });
      expect(refused.status).toBe(403);
      expect(refused.body.error.message).toBe(messages.messaging.otherAccountDeleted);
      expect(await tutorNotifications()).not.toContain(lastName);
      expect(await tutorNotifications()).toContain(`${ANONYMISED} vous a écrit`);
      // The report keeps the moderation's snapshot, without the deleted account's name.
      const report = (await itemsOf(`MSG_REPORT#${reported.body.id}`))[0]!;
      expect(report).toMatchObject({ author_name: ANONYMISED, reporter_name: 'Yao Kouassi' });
    } finally {
      await withdrawTutorProfile(tutor.user.sub);
    }
  }, 120_000);
});
