/**
 * The zones of issue 33 on data the previous version stored (DynamoDB Local, the local S3). The
 * zone list grew from seven areas and remote lessons to the thirteen communes of the Abidjan
 * district, seven towns and remote lessons, with the first eight ids unchanged (docs/decisions.md,
 * issue 33). Items are written here exactly as the previous version wrote them (raw attributes,
 * index keys included: the shapes its entities put), then read, listed and searched through the
 * real handlers; the deploy's request republishes the pages, idempotently; a tutor moves to a new
 * commune through the profile editor and the indexer (as the table's stream calls it) puts them
 * under it, in the search, the town × subject pages and the sitemap.
 */
import { randomUUID } from 'node:crypto';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { catalogueShard } from '#commons/db';
import { s3 } from '#commons/clients/s3';
import { localDynamoClient } from '../../infra/local/dynamodb.js';
import { invoke } from '../../infra/local/lambda-runtime.js';
import { publishPages } from '../../functions/src/pages/publish.js';
import { forgetCatalogue } from '../../functions/src/search/catalogue-cache.js';
import { rebuildSnapshot } from '../../functions/src/search/snapshot.js';
import { h1Of, sitemapUrls } from '../support/page-html.js';
import { config } from './engines.js';
import { call, type Person } from './harness.js';

const doc = DynamoDBDocumentClient.from(localDynamoClient(config));
const put = (item: Record<string, unknown>) => doc.send(new PutCommand({ TableName: config.tableName, Item: item }));
const site = process.env.SITE_BUCKET!;
const SHELL = '<!doctype html><html lang="fr"><head><title>Kalan</title></head><body><div id="root"></div></body></html>';
const storedAt = '2026-10-01T08:00:00.000Z';

interface OldTutor extends Person {
  tutorId: string;
}

/** A verified tutor's profile and completed tutor profile, as the previous version put them. */
async function oldTutor(lastName: string, location: string, subject: string): Promise<OldTutor> {
  const userId = randomUUID();
  const tutorId = randomUUID();
  const shard = catalogueShard(userId);
  await put({
    pk: `USER#${userId}`,
    sk: 'PROFILE',
    _et: 'profile',
    user_id: userId,
    first_name: 'Awa',
    last_name: lastName,
    email: `${userId.slice(0, 8)}@exemple.ci`,
    role: 'tuteur',
    is_verified: true,
    created_at: storedAt,
    gsi1pk: 'PROFILES',
    gsi1sk: `${storedAt}#${userId}`,
    gsi3pk: shard,
    gsi3sk: `${userId}#PROFILE`,
  });
  await put({
    pk: `USER#${userId}`,
    sk: 'TUTOR_PROFILE',
    _et: 'tutorProfile',
    user_id: userId,
    id: tutorId,
    bio: `Répétitrice de ${subject.toLowerCase()} depuis dix ans.`,
    education: 'Master',
    experience: '5-10ans',
    teaching_method: 'Exercices et corrections.',
    subjects: [subject],
    levels: ['Lycée (2nde-Tle)'],
    location,
    hourly_rate: 5000,
    availability_schedule: [],
    diploma_images: [],
    is_completed: true,
    created_at: storedAt,
    gsi2pk: `TUTOR#${tutorId}`,
    gsi2sk: 'TUTOR_PROFILE',
    gsi3pk: shard,
    gsi3sk: `${userId}#TUTOR_PROFILE`,
  });
  return { userId, tutorId, role: 'tuteur', email: `${userId.slice(0, 8)}@exemple.ci` };
}

/** A parent, its onboarding answers (zone) and one search of its history, as the previous version put them. */
async function oldParent(zone: string, searchedZone: string): Promise<Person> {
  const userId = randomUUID();
  const email = `parent-${userId.slice(0, 8)}@exemple.ci`;
  await put({
    pk: `USER#${userId}`,
    sk: 'PROFILE',
    _et: 'profile',
    user_id: userId,
    first_name: 'Mariam',
    last_name: 'Traoré',
    email,
    role: 'parent',
    created_at: storedAt,
    gsi1pk: 'PROFILES',
    gsi1sk: `${storedAt}#${userId}`,
  });
  await put({
    pk: `USER#${userId}`,
    sk: 'PARENT_PREFERENCES',
    _et: 'parentPreferences',
    user_id: userId,
    zone,
    children: [{ first_name: 'Koffi', age: 15, level: 'lycee' }],
    updated_at: storedAt,
  });
  const searchedAt = new Date(Date.now() - 86_400_000).toISOString();
  await put({
    pk: `USER#${userId}`,
    sk: 'SEARCH#h-old',
    _et: 'searchHistory',
    user_id: userId,
    id: 'h-old',
    search_query: 'maths',
    filters: { query: 'maths', location: searchedZone, subject: 'Mathématiques', level: '', minRate: 0, maxRate: 10000, sortBy: 'rating', sortOrder: 'desc' },
    results_count: 1,
    created_at: searchedAt,
    expires_at: Math.floor(Date.now() / 1000) + 86_400,
    gsi1pk: `HISTORY#${userId}`,
    gsi1sk: `${searchedAt}#h-old`,
  });
  return { userId, role: 'parent', email };
}

async function pageText(key: string): Promise<string | null> {
  try {
    const object = await s3.send(new GetObjectCommand({ Bucket: site, Key: key }));
    return await object.Body!.transformToString();
  } catch (error) {
    if ((error as { name?: string }).name === 'NoSuchKey') return null;
    throw error;
  }
}

/** A signed-in search by zone, through the search handler, from the catalogue as it is now. */
async function searchIn(caller: Person, zone: string) {
  forgetCatalogue();
  const { status, body } = await call('searchTutors', caller, { query: { location: zone } });
  expect(status).toBe(200);
  return { ids: (body.tutors as Array<{ id: string }>).map((t) => t.id), relaxed: body.understanding.relaxed as string[] };
}

/** The table's stream telling the indexer that this user's tutor profile changed (infra/local/streams.ts). */
const streamRecord = (userId: string) => ({ Records: [{ eventName: 'MODIFY', dynamodb: { Keys: { pk: { S: `USER#${userId}` }, sk: { S: 'TUTOR_PROFILE' } } } }] });

let cocody: OldTutor;
let plateau: OldTutor;
let remote: OldTutor;
let parent: Person;

beforeAll(async () => {
  cocody = await oldTutor('Cocody', 'cocody', 'Mathématiques');
  plateau = await oldTutor('Plateau', 'plateau', 'Anglais');
  remote = await oldTutor('Distance', 'distance', 'Physique');
  parent = await oldParent('yopougon', 'marcory');
  await s3.send(new PutObjectCommand({ Bucket: site, Key: 'index.html', Body: SHELL, ContentType: 'text/html; charset=utf-8' }));
  // The catalogue the previous version's indexer built from those profiles.
  await rebuildSnapshot();
});

describe('the zones of issue 33 on what the previous version stored', () => {
  it('reads the stored zones unchanged: tutor profiles, the parent’s onboarding answer, the search history’s filters', async () => {
    expect((await call('getMyTutorProfile', cocody)).body).toMatchObject({ id: cocody.tutorId, location: 'cocody' });
    expect((await call('getTutorProfile', parent, { params: { id: remote.tutorId } })).body).toMatchObject({ location: 'distance' });
    expect((await call('getParentPreferences', parent)).body).toMatchObject({ zone: 'yopougon' });
    const history = await call('listSearchHistory', parent);
    expect(history.status).toBe(200);
    expect(JSON.stringify(history.body)).toContain('"location":"marcory"');
    // The recommendations read the onboarding zone and the history's: answered, no error.
    expect((await call('recommendTutors', parent, { body: {} })).status).toBe(200);
  });

  it('finds the stored tutors under their zones, without letting the zone go', async () => {
    expect(await searchIn(parent, 'cocody')).toEqual({ ids: [cocody.tutorId], relaxed: [] });
    expect(await searchIn(parent, 'plateau')).toEqual({ ids: [plateau.tutorId], relaxed: [] });
    expect(await searchIn(parent, 'distance')).toEqual({ ids: [remote.tutorId], relaxed: [] });
  });

  it("republishes the pages on the deploy's request, and a second run writes nothing", async () => {
    await invoke('search/index-catalogue', { action: 'publish-pages' });
    expect(h1Of((await pageText('repetiteurs/mathematiques/cocody'))!)).toBe('Cours de mathématiques à Cocody');
    expect(h1Of((await pageText('repetiteurs/anglais/plateau'))!)).toBe("Cours d'anglais au Plateau");
    const sitemap = sitemapUrls((await pageText('sitemap.xml'))!);
    expect(sitemap).toEqual(expect.arrayContaining([expect.stringMatching(/\/repetiteurs\/mathematiques\/cocody$/), expect.stringMatching(/\/repetiteurs\/anglais\/plateau$/)]));
    expect(await publishPages()).toMatchObject({ written: 0, deleted: 0 });
  });

  it('lets a parent choose a new commune and refuses remote lessons as a home', async () => {
    const children = [{ first_name: 'Aya', age: 9, level: 'primaire' }];
    expect((await call('saveParentPreferences', parent, { body: { children, zone: 'port-bouet' } })).status).toBe(200);
    expect((await call('getParentPreferences', parent)).body).toMatchObject({ zone: 'port-bouet' });
    const refused = await call('saveParentPreferences', parent, { body: { children, zone: 'distance' } });
    expect(refused.status).toBe(400);
  });

  it('moves a tutor to Koumassi through the profile editor: found there, gone from Cocody, its pages and the sitemap follow', async () => {
    const { body: mine } = await call('getMyTutorProfile', cocody);
    const { bio, education, experience, teaching_method, subjects, levels, hourly_rate, availability_schedule, diploma_image_keys } = mine;
    const saved = await call('saveMyTutorProfile', cocody, {
      body: { bio, education, experience, teaching_method, subjects, levels, hourly_rate, availability_schedule, diploma_image_keys, location: 'koumassi' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.location).toBe('koumassi');
    await invoke('search/index-catalogue', streamRecord(cocody.userId));

    expect(await searchIn(parent, 'koumassi')).toEqual({ ids: [cocody.tutorId], relaxed: [] });
    expect((await searchIn(parent, 'cocody')).ids).not.toContain(cocody.tutorId);

    expect(h1Of((await pageText('repetiteurs/mathematiques/koumassi'))!)).toBe('Cours de mathématiques à Koumassi');
    expect(await pageText('repetiteurs/mathematiques/cocody')).toBeNull();
    const sitemap = sitemapUrls((await pageText('sitemap.xml'))!);
    expect(sitemap.some((url) => url.endsWith('/repetiteurs/mathematiques/koumassi'))).toBe(true);
    expect(sitemap.some((url) => url.endsWith('/repetiteurs/mathematiques/cocody'))).toBe(false);
  });
});
