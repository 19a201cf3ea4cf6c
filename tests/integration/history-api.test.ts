/** Search history through the local API: recorded once per id, 10 newest shown, private, cleared. */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FILTERS, type SearchHistoryEntry } from '#shared';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { api, newUser, type TestUser } from '../support/stack.js';
import { db } from './payments-helpers.js';

let owner: TestUser;
let stranger: TestUser;

const record = (user: TestUser, body: object) =>
  api('/api/search-history', { method: 'POST', token: user.accessToken, body });
const list = async (user: TestUser): Promise<SearchHistoryEntry[]> => {
  const response = await api('/api/search-history', { token: user.accessToken });
  expect(response.status, response.text).toBe(200);
  return response.body.entries;
};
const entry = (filters: object, results_count = 3) => ({
  id: randomUUID(),
  filters: { ...DEFAULT_FILTERS, ...filters },
  results_count,
});

beforeAll(async () => {
  [owner, stranger] = await Promise.all([newUser('parent'), newUser('parent')]);
});

describe('search history', () => {
  it('records searches and lists them newest first, query or null, with filters and result count', async () => {
    const first = entry({ location: 'cocody', subject: 'Physique' }, 7);
    const second = entry({ query: ' mathematiques ', location: 'cocody' }, 4);
    expect((await record(owner, first)).status).toBe(201);
    expect((await record(owner, second)).status).toBe(201);
    const entries = await list(owner);
    expect(entries.map((e) => e.id)).toEqual([second.id, first.id]);
    expect(entries[0]).toMatchObject({ search_query: 'mathematiques', results_count: 4 });
    expect(entries[1]).toMatchObject({
      search_query: null,
      results_count: 7,
      filters: { ...DEFAULT_FILTERS, location: 'cocody', subject: 'Physique' },
    });
  });

  it('keeps a search 90 days: the entry carries its expiry for the table TTL, and an expired one is not listed', async () => {
    const user = await newUser('parent');
    const kept = entry({ subject: 'Chimie' });
    const expired = entry({ subject: 'Anglais' });
    const before = Math.floor(Date.now() / 1000);
    for (const body of [expired, kept]) expect((await record(user, body)).status).toBe(201);
    const item = async (id: string) =>
      (await db().send(new GetCommand({ TableName: 'kalan-local', Key: { pk: `USER#${user.sub}`, sk: `SEARCH#${id}` } }))).Item!;
    const expiresAt = Number((await item(kept.id)).expires_at);
    expect(expiresAt - before).toBeGreaterThanOrEqual(90 * 86_400);
    expect(expiresAt - before).toBeLessThan(90 * 86_400 + 60);
    // TTL deletes some time after the expiry: until then the list leaves the entry out.
    await db().send(
      new UpdateCommand({
        TableName: 'kalan-local',
        Key: { pk: `USER#${user.sub}`, sk: `SEARCH#${expired.id}` },
        UpdateExpression: 'SET expires_at = :past',
        ExpressionAttributeValues: { ':past': before - 1 },
      }),
    );
    expect((await list(user)).map((e) => e.id)).toEqual([kept.id]);
  });

  it('records a retried request once', async () => {
    const retried = entry({ level: 'Primaire' });
    expect((await record(owner, retried)).status).toBe(201);
    const again = await record(owner, retried);
    expect(again.status).toBe(200);
    expect((await list(owner)).filter((e) => e.id === retried.id)).toHaveLength(1);
  });

  it('shows the 10 newest only', async () => {
    const user = await newUser('parent');
    for (let i = 0; i < 12; i += 1) {
      expect((await record(user, entry({ query: `recherche ${i}` }, i))).status).toBe(201);
    }
    const entries = await list(user);
    expect(entries).toHaveLength(10);
    expect(entries[0]!.search_query).toBe('recherche 11');
    expect(entries.at(-1)!.search_query).toBe('recherche 2');
  });

  it('refuses malformed entries in French and writes nothing', async () => {
    const user = await newUser('parent');
    const badZone = await record(user, entry({ location: 'paris' }));
    expect(badZone.status).toBe(400);
    expect(badZone.body.error.message).toBe('Zone inconnue');
    expect((await record(user, { ...entry({}), id: 'pas-un-uuid' })).status).toBe(400);
    expect((await record(user, { ...entry({}), results_count: -1 })).status).toBe(400);
    expect((await record(user, { ...entry({}), user_id: owner.sub })).status).toBe(400);
    expect(await list(user)).toEqual([]);
  });

  it("is private: another parent sees nothing, and clearing its own history leaves the owner's", async () => {
    expect(await list(stranger)).toEqual([]);
    expect((await api('/api/search-history', { method: 'DELETE', token: stranger.accessToken })).status).toBe(200);
    expect((await list(owner)).length).toBeGreaterThan(0);
    const tutorUser = await newUser('tuteur');
    expect((await api('/api/search-history', { token: tutorUser.accessToken })).status).toBe(403);
    expect((await api('/api/search-history')).status).toBe(401);
  });

  it('clears every entry of its owner', async () => {
    const cleared = await api('/api/search-history', { method: 'DELETE', token: owner.accessToken });
    expect(cleared.status).toBe(200);
    expect(cleared.body.deleted).toBeGreaterThanOrEqual(3);
    expect(await list(owner)).toEqual([]);
  });
});
