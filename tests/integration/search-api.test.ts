/**
 * Tutor search through the local API: the seeded catalogue, filtered and sorted by the search
 * Lambda's in-memory index; and a profile saved (or a KYC approved) in the table reaching search
 * through the table's stream, the indexer and the snapshot within seconds.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { LEVELS, SUBJECTS, type SearchResponse, type TutorSummary } from '#shared';
import { seedTutors } from '../../infra/local/seed/tutors.js';
import { api, newUser, type TestUser } from '../support/stack.js';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db } from './payments-helpers.js';
import { eventually, useStackEnvironment } from './search-support.js';

const seeded = seedTutors();
const listed = seeded.filter((t) => t.tutorProfile.is_completed);
let parent: TestUser;

async function searchApi(query: Record<string, string | number>, token = parent.accessToken) {
  const params = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  return api(`/api/search/tutors?${params}`, { token });
}

/** Every page of a search (other test files may add tutors to the shared stack). */
async function allResults(query: Record<string, string | number>): Promise<SearchResponse> {
  const first = await searchApi({ ...query, limit: 100 });
  expect(first.status, first.text).toBe(200);
  const result = first.body as SearchResponse;
  while (result.tutors.length < result.total) {
    const next = await searchApi({ ...query, limit: 100, offset: result.tutors.length });
    expect(next.status, next.text).toBe(200);
    result.tutors.push(...(next.body as SearchResponse).tutors);
  }
  return result;
}

/** The expected seeded matches, computed independently from the seed. */
function expectedIds(predicate: (t: (typeof listed)[number]['tutorProfile']) => boolean): string[] {
  return listed.filter((t) => predicate(t.tutorProfile)).map((t) => t.tutorProfile.id).sort();
}
const seededIds = new Set(seeded.map((t) => t.tutorProfile.id));
/** The seeded tutors among the results: exactly the expected ones. */
const idsOf = (response: SearchResponse) => response.tutors.map((t) => t.id).filter((id) => seededIds.has(id)).sort();

beforeAll(async () => {
  parent = await newUser('parent');
});

describe('search over the seeded catalogue', () => {
  it('lists only completed tutor profiles, with their names and verification joined', async () => {
    const result = await allResults({});
    expect(idsOf(result)).toEqual(expectedIds(() => true));
    const unfinished = seeded.filter((t) => !t.tutorProfile.is_completed).map((t) => t.tutorProfile.id);
    expect(unfinished.length).toBeGreaterThan(0);
    expect(result.tutors.map((t) => t.id).filter((id) => unfinished.includes(id))).toEqual([]);
    const first = seeded[0]!;
    expect(result.tutors.find((t) => t.id === first.tutorProfile.id)).toMatchObject({
      first_name: first.profile.first_name,
      last_name: first.profile.last_name,
      is_verified: first.profile.is_verified,
      subjects: first.tutorProfile.subjects,
    });
  });

  it("finds 'mathematiques' in Cocody, accents ignored, verified tutors among them", async () => {
    const result = await allResults({ q: 'mathematiques', location: 'cocody' });
    expect(result.total).toBeGreaterThan(0);
    for (const tutor of result.tutors) {
      expect(tutor.location).toBe('cocody');
      const text = `${tutor.subjects.join(' ')} ${tutor.bio} ${tutor.education}`;
      expect(text).toMatch(/Mathématiques/);
    }
    expect(result.tutors.some((t) => t.is_verified)).toBe(true);
    expect(result.verified_count).toBe(result.tutors.filter((t) => t.is_verified).length);
  });

  it.each(['cocody', 'yopougon', 'distance'])('filters by the zone %s', async (location) => {
    const result = await allResults({ location });
    expect(idsOf(result)).toEqual(expectedIds((t) => t.location === location));
    for (const tutor of result.tutors) expect(tutor.location).toBe(location);
  });

  it.each([SUBJECTS[0], SUBJECTS[6], SUBJECTS[8]])('filters by the subject %s', async (subject) => {
    const result = await allResults({ subject });
    expect(idsOf(result)).toEqual(expectedIds((t) => t.subjects.includes(subject)));
    for (const tutor of result.tutors) expect(tutor.subjects).toContain(subject);
  });

  it.each([LEVELS[0], LEVELS[2], LEVELS[4]])('filters by the level %s', async (level) => {
    const result = await allResults({ level });
    expect(idsOf(result)).toEqual(expectedIds((t) => t.levels.includes(level)));
    for (const tutor of result.tutors) expect(tutor.levels).toContain(level);
  });

  it('filters by a rate range, bounds included', async () => {
    const result = await allResults({ minRate: 4000, maxRate: 6000 });
    expect(idsOf(result)).toEqual(expectedIds((t) => t.hourly_rate >= 4000 && t.hourly_rate <= 6000));
    for (const tutor of result.tutors) expect(tutor.hourly_rate).toSatisfy((rate: number) => rate >= 4000 && rate <= 6000);
    expect(result.average_rate).toBeGreaterThanOrEqual(4000);
    expect(result.average_rate).toBeLessThanOrEqual(6000);
  });

  it('combines zone, subject, level and rate', async () => {
    const query = { location: 'plateau', level: LEVELS[1], minRate: 2500, maxRate: 9000 };
    const expected = expectedIds(
      (t) => t.location === 'plateau' && t.levels.includes(LEVELS[1]) && t.hourly_rate >= 2500 && t.hourly_rate <= 9000,
    );
    expect(idsOf(await allResults(query))).toEqual(expected);
    const bySubject = await allResults({ location: 'cocody', subject: 'Mathématiques' });
    expect(idsOf(bySubject)).toEqual(expectedIds((t) => t.location === 'cocody' && t.subjects.includes('Mathématiques')));
  });

  it("says what it understood in the parent's words, and which of those filters it let go", async () => {
    const understood = await searchApi({ q: 'prof d anglais a yopougon' });
    expect(understood.status, understood.text).toBe(200);
    const { understanding, tutors } = understood.body as SearchResponse;
    expect(understanding.subjects).toEqual(['Anglais']);
    expect(understanding.location).toBe('yopougon');
    if (understanding.relaxed.includes('location')) expect(tutors.some((t) => t.location === 'yopougon')).toBe(false);
    else expect(tutors.every((t) => t.location === 'yopougon' && t.subjects.includes('Anglais'))).toBe(true);
  });

  it('sorts by price in both orders', async () => {
    const asc = (await allResults({ sortBy: 'price', sortOrder: 'asc' })).tutors.map((t) => t.hourly_rate!);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    const desc = (await allResults({ sortBy: 'price', sortOrder: 'desc' })).tutors.map((t) => t.hourly_rate!);
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
  });

  it('pages through the results without losing or repeating any', async () => {
    const first = (await searchApi({ limit: 20, offset: 0 })).body as SearchResponse;
    const second = (await searchApi({ limit: 20, offset: 20 })).body as SearchResponse;
    expect(first.tutors).toHaveLength(20);
    const ids = [...first.tutors, ...second.tutors].map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(first.total).toBeGreaterThanOrEqual(listed.length);
  });

  it('refuses malformed filters in French, and anonymous callers', async () => {
    const zone = await searchApi({ location: 'paris' });
    expect(zone.status).toBe(400);
    expect(zone.body.error).toMatchObject({ code: 'validation_error', message: 'Zone inconnue' });
    const range = await searchApi({ minRate: 8000, maxRate: 2000 });
    expect(range.status).toBe(400);
    expect(range.body.error.message).toBe('Le tarif minimum doit être inférieur ou égal au tarif maximum');
    expect((await searchApi({ minRate: 'beaucoup' })).status).toBe(400);
    expect((await api('/api/search/tutors')).status).toBe(401);
  });
});

describe('catalogue freshness', () => {
  it('lists a profile saved in the table within seconds, then its KYC approval, then its withdrawal', async () => {
    useStackEnvironment();
    const [{ PutItemCommand }, { UpdateItemCommand }, { DeleteItemCommand }, db] = await Promise.all([
      import('dynamodb-toolbox/entity/actions/put'),
      import('dynamodb-toolbox/entity/actions/update'),
      import('dynamodb-toolbox/entity/actions/delete'),
      import('#commons/db'),
    ]);
    const userId = randomUUID();
    const id = randomUUID();
    const lastName = `Zoungrana${randomUUID().slice(0, 6)}`;
    // Written around the application (no admin counter moves): removed at the end, so that the
    // stat cards' counters and a recount of the table agree again for the other files.
    onTestFinished(async () => {
      await db.TutorProfileEntity.build(DeleteItemCommand).key({ user_id: userId }).send();
      await db.ProfileEntity.build(DeleteItemCommand).key({ user_id: userId }).send();
    });
    await db.ProfileEntity.build(PutItemCommand)
      .item({ user_id: userId, first_name: 'Félicité', last_name: lastName, role: 'tuteur', is_verified: false })
      .send();
    await db.TutorProfileEntity.build(PutItemCommand)
      .item({
        user_id: userId,
        id,
        bio: 'Répétitrice de philosophie, dissertation et commentaire.',
        education: 'Master de Philosophie',
        experience: '3-5ans',
        subjects: ['Philosophie'],
        levels: ['Lycée (2nde-Tle)'],
        location: 'treichville',
        hourly_rate: 5500,
        is_completed: true,
      })
      .send();

    const found = async (expectVerified: boolean) => {
      const result = await allResults({ q: lastName });
      expect(result.tutors.map((t) => [t.id, t.is_verified])).toEqual([[id, expectVerified]]);
      return result.tutors[0] as TutorSummary;
    };
    const saved = await eventually(() => found(false));
    expect(saved).toMatchObject({ first_name: 'Félicité', location: 'treichville', hourly_rate: 5500 });

    // The admin approves the KYC: the profile's is_verified changes.
    await db.ProfileEntity.build(UpdateItemCommand).item({ user_id: userId, is_verified: true }).send();
    await eventually(() => found(true));

    await db.TutorProfileEntity.build(UpdateItemCommand).item({ user_id: userId, is_completed: false }).send();
    await eventually(async () => expect((await allResults({ q: lastName })).total).toBe(0));
  });
});

describe('a search recorded in the history by the search itself', () => {
  const history = async (user: TestUser) => (await api('/api/search-history', { token: user.accessToken })).body.entries as Array<{ id: string; results_count: number; filters: Record<string, unknown> }>;

  it("records a parent's search once (a retried request too), with its result count, from the first page only", async () => {
    const user = await newUser('parent');
    const record = randomUUID();
    const first = await searchApi({ subject: 'Physique', location: 'cocody', record }, user.accessToken);
    expect(first.status, first.text).toBe(200);
    expect((await searchApi({ subject: 'Physique', location: 'cocody', record }, user.accessToken)).status).toBe(200);
    expect((await searchApi({ subject: 'Physique', location: 'cocody', record: randomUUID(), offset: 24 }, user.accessToken)).status).toBe(200);
    const entries = await history(user);
    expect(entries).toEqual([expect.objectContaining({ id: record, results_count: (first.body as SearchResponse).total })]);
    expect(entries[0]!.filters).toMatchObject({ subject: 'Physique', location: 'cocody' });
  });

  it("records nothing for a tutor's search, and refuses a malformed id in French", async () => {
    const tutor = await newUser('tuteur');
    const record = randomUUID();
    expect((await searchApi({ q: 'maths', record }, tutor.accessToken)).status).toBe(200);
    const stored = await db().send(new GetCommand({ TableName: 'kalan-local', Key: { pk: `USER#${tutor.sub}`, sk: `SEARCH#${record}` } }));
    expect(stored.Item).toBeUndefined();
    const parentsHistory = await history(parent);
    const bad = await searchApi({ q: 'maths', record: 'pas-un-id' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('validation_error');
    expect(await history(parent)).toEqual(parentsHistory);
  });
});
