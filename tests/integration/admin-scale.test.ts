/**
 * Issue 11, point 5: the admin views at any size. A stack of its own (its counts are exact, so no
 * other test file may write to it) gets 5 000 transactions and 2 000 users written straight into
 * DynamoDB Local through the real entities, as a table that had data before the counters: no
 * counter, and a few items without their sparse index attributes. Then, through the local API:
 * - the stat cards are exact (the first read recounts once and backfills the sparse indexes);
 * - every list pages fully: each item exactly once, full pages, the last one without a cursor;
 *   'À traiter' and pending KYC read only what their sparse index holds;
 * - forged cursors get the French 400;
 * - counted changes made with duplicates and at the same moment (two admins, a redelivered
 *   trigger) move each counter exactly once, and the counts still equal a Scan of the table.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import type { AdminSeed } from '../support/admin-seed.js';
import { ownStack } from '../support/own-stack.js';
import { api, newUser } from '../support/stack.js';
import { adminSession, enrolSeededAdmin } from '../support/admin-session.js';
import { useStackEnvironment } from './search-support.js';

const TRANSACTIONS = 5000;
const USERS = 2000;
const PAGE = 50;
const KYC_PAGE = 25;

const own = ownStack(70, 'admin-scale');
const { ports } = own;
const target = () => own.info();
let seed: AdminSeed;
let adminToken: string;

beforeAll(async () => {
  await own.start({ inMemory: true });
  useStackEnvironment({}, own.info()); // the seed and the entities write to its DynamoDB Local
  const { seedAdminTable } = await import('../support/admin-seed.js');
  const started = Date.now();
  seed = await seedAdminTable({ transactions: TRANSACTIONS, users: USERS });
  console.log(`[admin-scale] seeded ${TRANSACTIONS} transactions and ${USERS} users in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  // Its own stack: its seeded admin is enrolled here, as the shared stack's is by the global set-up.
  const secret = await enrolSeededAdmin(target());
  adminToken = (await adminSession({ ...target(), adminTotpSecret: secret })).accessToken;
}, 300_000);

const get = (url: string) => api(url, { token: adminToken }, target());
const post = (url: string, body: object = {}) => api(url, { method: 'POST', token: adminToken, body }, target());

interface Truth {
  counts: { total_users: number; verified_tutors: number; pending_kyc: number; active_disputes: number; needs_attention: number };
  users: Set<string>;
  transactions: Set<string>;
  attention: Set<string>;
  openDisputes: Set<string>;
  kyc: Set<string>;
  pendingKyc: Set<string>;
}

/** What the table holds, read here with a plain consistent Scan (not the application's code). */
async function scanTable(): Promise<Truth> {
  const db = DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint: `http://127.0.0.1:${ports.dynamodb}`, region: 'eu-west-1', credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } }),
  );
  const truth: Truth = {
    counts: { total_users: 0, verified_tutors: 0, pending_kyc: 0, active_disputes: 0, needs_attention: 0 },
    users: new Set(),
    transactions: new Set(),
    attention: new Set(),
    openDisputes: new Set(),
    kyc: new Set(),
    pendingKyc: new Set(),
  };
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(new ScanCommand({ TableName: 'kalan-local', ConsistentRead: true, ExclusiveStartKey }));
    for (const item of page.Items ?? []) {
      const pk = String(item.pk);
      if (item.sk === 'PROFILE') {
        truth.users.add(pk.slice('USER#'.length));
        if (item.role === 'tuteur' && item.is_verified === true) truth.counts.verified_tutors += 1;
      } else if (item.sk === 'INDEX') {
        truth.transactions.add(pk.slice('TX#'.length));
      } else if (item.sk === 'TRANSACTION' && (item.status === 'needs_attention' || item.status === 'payment_mismatch')) {
        truth.attention.add(String(item.id));
      } else if (item.sk === 'DISPUTE' && item.status === 'open') {
        truth.openDisputes.add(String(item.transaction_id));
      } else if (item.sk === 'KYC') {
        truth.kyc.add(String(item.id));
        if (item.status === 'pending') truth.pendingKyc.add(String(item.id));
      }
    }
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  truth.counts.total_users = truth.users.size;
  truth.counts.pending_kyc = truth.pendingKyc.size;
  truth.counts.active_disputes = truth.openDisputes.size;
  truth.counts.needs_attention = truth.attention.size;
  return truth;
}

/** Every page of a list: each full but the last, which alone has no cursor; ids in order of the pages. */
async function allPages(url: string, field: string, idOf: (item: any) => string, size: number): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const separator = url.includes('?') ? '&' : '?';
    const response = await get(cursor ? `${url}${separator}cursor=${encodeURIComponent(cursor)}` : url);
    expect(response.status, `${url} page ${pages + 1}`).toBe(200);
    const items = response.body[field] as unknown[];
    cursor = response.body.next_cursor;
    pages += 1;
    if (cursor !== null) expect(items.length, `${url} page ${pages} is full`).toBe(size);
    else if (pages > 1) expect(items.length, `${url}: no empty last page`).toBeGreaterThan(0);
    ids.push(...items.map(idOf));
  } while (cursor);
  return { ids, pages };
}

function expectExactly(ids: string[], expected: Set<string>, what: string): void {
  expect(new Set(ids).size, `${what}: no item twice`).toBe(ids.length);
  expect(ids.length, `${what}: every item`).toBe(expected.size);
  expect(new Set(ids), what).toEqual(expected);
}

const statsNow = async () => {
  const response = await get('/api/admin/stats');
  expect(response.status).toBe(200);
  return response.body as Truth['counts'];
};

describe('the admin views with 5 000 transactions and 2 000 users', () => {
  let before: Truth;

  it('show exact counts on the stat cards, from the first read on, and answer fast after it', async () => {
    before = await scanTable();
    // What the seed wrote is all there (the stack's own accounts and tutors come on top).
    expect(before.transactions.size).toBeGreaterThanOrEqual(TRANSACTIONS);
    expect(before.users.size).toBeGreaterThanOrEqual(USERS);
    expect(before.counts.needs_attention).toBe(seed.attention.size);
    expect(before.counts.pending_kyc).toBe(seed.pendingKyc.size);
    expect(before.counts.active_disputes).toBe(seed.openDisputes.size);

    const first = Date.now();
    expect(await statsNow()).toEqual(before.counts);
    const recount = Date.now() - first;
    const times: number[] = [];
    for (let i = 0; i < 20; i++) {
      const started = Date.now();
      expect(await statsNow()).toEqual(before.counts);
      times.push(Date.now() - started);
    }
    times.sort((a, b) => a - b);
    console.log(`[admin-scale] GET /api/admin/stats: first read (recount) ${recount} ms, then p50 ${times[9]} ms, max ${times[19]} ms over HTTP`);
  }, 120_000);

  it('page through every transaction, user, open dispute and KYC submission exactly once', async () => {
    const transactions = await allPages('/api/admin/transactions', 'transactions', (tx) => tx.id, PAGE);
    expectExactly(transactions.ids, before.transactions, 'transactions');
    expect(transactions.pages).toBe(Math.ceil(before.transactions.size / PAGE));

    const users = await allPages('/api/admin/users', 'users', (user) => user.user_id, PAGE);
    expectExactly(users.ids, before.users, 'users');

    const disputes = await allPages('/api/admin/disputes', 'disputes', (dispute) => dispute.transaction_id, PAGE);
    expectExactly(disputes.ids, before.openDisputes, 'open disputes');

    const kyc = await allPages('/api/admin/kyc', 'items', (item) => item.id, KYC_PAGE);
    expectExactly(kyc.ids, before.kyc, 'KYC submissions');
  }, 240_000);

  it("reads 'À traiter' and pending KYC through their sparse indexes, legacy items backfilled", async () => {
    const attention = await allPages('/api/admin/transactions?view=attention', 'transactions', (tx) => tx.id, PAGE);
    expectExactly(attention.ids, before.attention, 'transactions needing attention');
    // Written without the index attribute, found by the recount.
    for (const id of seed.legacyAttention) expect(attention.ids).toContain(id);

    const pending = await allPages('/api/admin/kyc?status=pending', 'items', (item) => item.id, KYC_PAGE);
    expectExactly(pending.ids, before.pendingKyc, 'pending KYC');
    for (const id of seed.legacyPendingKyc) expect(pending.ids).toContain(id);
  }, 120_000);

  it('refuses a forged cursor with a French 400, on every list', async () => {
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const usersCursor = (await get('/api/admin/users')).body.next_cursor as string;
    const forged = [
      'pas-un-curseur',
      'not base64!',
      'A'.repeat(600),
      encode({ pk: 'TX#x', sk: 'INDEX', gsi1pk: 'TRANSACTIONS', gsi1sk: 'x' }),
      encode({ l: 'tx', at: '2026-01-01T00:00:00.000Z', id: 'x#y' }),
      encode({ l: 'tx', at: 'hier', id: 'abc' }),
      encode({ l: 'tx', at: '2026-01-01T00:00:00.000Z', id: 'abc', extra: 1 }),
      encode(null),
    ];
    for (const url of ['/api/admin/transactions', '/api/admin/transactions?view=attention', '/api/admin/users', '/api/admin/disputes', '/api/admin/kyc', '/api/admin/kyc?status=pending']) {
      const separator = url.includes('?') ? '&' : '?';
      // A cursor of the users' list is refused by every other list.
      for (const cursor of url === '/api/admin/users' ? forged : [...forged, usersCursor]) {
        const response = await get(`${url}${separator}cursor=${encodeURIComponent(cursor)}`);
        expect(response.status, `${url} ${cursor}`).toBe(400);
        expect(response.body.error.message, `${url} ${cursor}`).toBe(messages.admin.invalidCursor);
      }
    }
    expect((await get('/api/admin/transactions?view=everything')).status).toBe(400);
  }, 60_000);

  it('moves each counter once per change that happens, with duplicates and concurrent admins', async () => {
    const { createProfile } = await import('../../functions/src/auth/profiles.js');
    const expected = { ...before.counts };

    // A user confirmed through Cognito (the real PostConfirmation trigger), and one whose trigger
    // is delivered five times at once: two users.
    await newUser('parent', {}, target());
    const redelivered = `redelivered-${Date.now()}`;
    const created = await Promise.all(
      Array.from({ length: 5 }, () => createProfile({ user_id: redelivered, first_name: 'Awa', last_name: 'Traoré', role: 'tuteur', is_verified: true })),
    );
    expect(created.filter(Boolean)).toHaveLength(1);
    expected.total_users += 2;
    expected.verified_tutors += 1;

    // Two admins approve the same submission at the same moment: one wins, the tutor is verified once.
    const [approvedId] = [...seed.pendingKyc.keys()].filter((id) => !seed.legacyPendingKyc.includes(id));
    const approvals = await Promise.all([1, 2].map(() => post(`/api/admin/kyc/${approvedId}/review`, { decision: 'approve' })));
    expect(approvals.map((r) => r.status).sort()).toEqual([200, 409]);
    // A legacy (backfilled) submission rejected, then rejected again (a retry): counted once.
    const rejectedId = seed.legacyPendingKyc[0]!;
    expect((await post(`/api/admin/kyc/${rejectedId}/review`, { decision: 'reject' })).status).toBe(200);
    expect((await post(`/api/admin/kyc/${rejectedId}/review`, { decision: 'reject' })).status).toBe(409);
    expected.pending_kyc -= 2;
    expected.verified_tutors += 1;

    // A dispute after the release closed by two admins at once; a dispute on held funds decided twice.
    const [closedId] = [...seed.openDisputes].find(([, status]) => status === 'released')!;
    const closes = await Promise.all([1, 2].map(() => post(`/api/admin/disputes/${closedId}/close`)));
    expect(closes.map((r) => r.status).sort()).toEqual([200, 409]);
    const [decidedId] = [...seed.openDisputes].find(([, status]) => status === 'disputed')!;
    expect((await post(`/api/transactions/${decidedId}/escrow`, { action: 'release', adminNotes: 'Cours confirmé' })).status).toBe(200);
    expect((await post(`/api/transactions/${decidedId}/escrow`, { action: 'release' })).status).toBe(409);
    expected.active_disputes -= 2;

    // A transaction needing attention (a legacy one: its index row was backfilled) retried by two
    // admins at once: it leaves `needs_attention` once.
    const retriedId = seed.legacyAttention.find((id) => seed.attention.get(id) === 'escrow') ?? [...seed.attention].find(([, s]) => s === 'escrow')![0];
    const retries = await Promise.all([1, 2].map(() => post(`/api/admin/transactions/${retriedId}/retry`)));
    expect(retries.map((r) => r.status)).toContain(200);
    expect(retries.filter((r) => r.status === 200)).toHaveLength(1);
    expected.needs_attention -= 1;

    const after = await scanTable();
    expect(after.counts, 'the table itself').toEqual(expected);
    expect(await statsNow(), 'the stat cards').toEqual(expected);

    // The sparse lists follow the changes.
    const attention = await allPages('/api/admin/transactions?view=attention', 'transactions', (tx) => tx.id, PAGE);
    expectExactly(attention.ids, after.attention, 'transactions needing attention, after');
    expect(attention.ids).not.toContain(retriedId);
    const pending = await allPages('/api/admin/kyc?status=pending', 'items', (item) => item.id, KYC_PAGE);
    expectExactly(pending.ids, after.pendingKyc, 'pending KYC, after');
    const disputes = await allPages('/api/admin/disputes', 'disputes', (dispute) => dispute.transaction_id, PAGE);
    expectExactly(disputes.ids, after.openDisputes, 'open disputes, after');
  }, 180_000);
});
