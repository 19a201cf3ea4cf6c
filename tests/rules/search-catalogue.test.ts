/**
 * The search catalogue's life on the real engines (DynamoDB Local with the table's indexes, the
 * local S3): a rebuild lists exactly the published tutors, read from the sparse index; an edit
 * reaches the journal only; a search container applies it without loading the base again; two
 * indexers racing keep both changes; a full journal is compacted into a new base.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import { UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { DEFAULT_FILTERS } from '#shared';
import { ProfileEntity, TutorProfileEntity } from '#commons/db';
import { s3 } from '#commons/clients/s3';
import { gzipSync } from 'node:zlib';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { requireEnv } from '#commons/env';
import { BASE_VERSION, readBase, readJournal, tutorsOfBase, writeJournal } from '../../functions/src/search/catalogue-bucket.js';
import { currentCatalogue, forgetCatalogue, REFRESH_INTERVAL_MS } from '../../functions/src/search/catalogue-cache.js';
import { BASE_PREFIX, baseKey } from '../../functions/src/search/catalogue-keys.js';
import { applyUserChanges, rebuildSnapshot } from '../../functions/src/search/snapshot.js';

type Role = 'parent' | 'tuteur' | 'entreprise';

async function person(role: Role, lastName: string): Promise<string> {
  const userId = randomUUID();
  await ProfileEntity.build(PutItemCommand).item({ user_id: userId, first_name: 'Awa', last_name: lastName, role }).send();
  return userId;
}

async function tutorProfile(userId: string, completed: boolean, bio = 'Cours de mathématiques au lycée.') {
  await TutorProfileEntity.build(PutItemCommand)
    .item({ user_id: userId, id: `tp-${userId}`, bio, subjects: ['Mathématiques'], levels: ['Lycée (2nde-Tle)'], location: 'cocody', hourly_rate: 5000, is_completed: completed })
    .send();
}

const editBio = (userId: string, bio: string) => TutorProfileEntity.build(UpdateItemCommand).item({ user_id: userId, bio }).send();
const journal = async () => (await readJournal())!.journal;
const baseRequests = (spy: { mock: { calls: unknown[][] } }) =>
  spy.mock.calls.filter(([command]) => String((command as { input?: { Key?: string } }).input?.Key ?? '').startsWith(BASE_PREFIX)).length;

afterEach(() => {
  vi.restoreAllMocks();
  delete process.env.CATALOGUE_COMPACT_AFTER;
});

describe('the search catalogue', () => {
  it('is rebuilt from the published tutors only: completed tutor profiles of tutors, not parents, companies or unfinished profiles', async () => {
    const listed = await person('tuteur', 'Publiée');
    await tutorProfile(listed, true);
    const unfinished = await person('tuteur', 'Brouillon');
    await tutorProfile(unfinished, false);
    await person('parent', 'Parent');
    await person('entreprise', 'Société');

    await rebuildSnapshot();
    const { base } = await journal();
    const tutors = tutorsOfBase((await readBase(base))!);
    expect(tutors.map((t) => t.user_id)).toContain(listed);
    expect(tutors.map((t) => t.user_id)).not.toContain(unfinished);
    expect(tutors.every((t) => t.last_name !== 'Parent' && t.last_name !== 'Société')).toBe(true);
    expect((await journal()).changes).toEqual([]);
  });

  it('takes an edit into the journal only, and a warm container applies it without loading the base again', async () => {
    const userId = await person('tuteur', 'Kouamé');
    await tutorProfile(userId, true);
    await rebuildSnapshot();
    const before = await journal();
    forgetCatalogue();
    const loaded = await currentCatalogue();
    expect(loaded.index.tutors.find((t) => t.user_id === userId)?.bio).toBe('Cours de mathématiques au lycée.');

    await editBio(userId, 'Spécialiste de la préparation au baccalauréat scientifique.');
    expect(await applyUserChanges([userId])).toEqual({ changed: 1, rebuilt: false, compacted: false });
    const after = await journal();
    expect(after.base).toBe(before.base);
    expect(after.changes).toEqual([expect.objectContaining({ user_id: userId, seq: before.seq + 1, tutor: expect.objectContaining({ bio: 'Spécialiste de la préparation au baccalauréat scientifique.' }) })]);

    const send = vi.spyOn(s3, 'send');
    const refreshed = await currentCatalogue(Date.now() + REFRESH_INTERVAL_MS + 1);
    expect(baseRequests(send)).toBe(0);
    expect(refreshed.generatedAt).toBe(after.updated_at); // what the search answers as catalogue_updated_at
    expect(after.updated_at > before.updated_at).toBe(true);
    const found = refreshed.index.search({ ...DEFAULT_FILTERS, query: 'baccalaureat Kouamé' }, { offset: 0, limit: 10 });
    expect(found.tutors.map((t) => t.user_id)).toEqual([userId]);
  });

  it('keeps both changes when two indexers write the journal at the same time', async () => {
    await rebuildSnapshot();
    const [a, b] = [await person('tuteur', 'Aka'), await person('tuteur', 'Bamba')];
    await Promise.all([tutorProfile(a, true), tutorProfile(b, true)]);
    await Promise.all([applyUserChanges([a]), applyUserChanges([b])]);
    expect((await journal()).changes.map((change) => change.user_id).sort()).toEqual([a, b].sort());
  });

  it('records a tutor who leaves the catalogue, and ignores an edit that changes nothing listed', async () => {
    const userId = await person('tuteur', 'Diallo');
    await tutorProfile(userId, true);
    await rebuildSnapshot();
    await applyUserChanges([userId]);
    expect(await applyUserChanges([userId])).toMatchObject({ changed: 0 });
    await TutorProfileEntity.build(UpdateItemCommand).item({ user_id: userId, is_completed: false }).send();
    await applyUserChanges([userId]);
    expect((await journal()).changes.find((change) => change.user_id === userId)?.tutor).toBeNull();
  });

  it('folds a full journal into a new base, which containers then load', async () => {
    process.env.CATALOGUE_COMPACT_AFTER = '3';
    await rebuildSnapshot();
    const first = await journal();
    const users = [await person('tuteur', 'Un'), await person('tuteur', 'Deux'), await person('tuteur', 'Trois')];
    for (const user of users) await tutorProfile(user, true);
    expect(await applyUserChanges(users.slice(0, 2))).toMatchObject({ compacted: false });
    expect(await applyUserChanges(users.slice(2))).toMatchObject({ compacted: true });
    const compacted = await journal();
    expect(compacted.base).not.toBe(first.base);
    expect(compacted.changes).toEqual([]);
    const tutors = tutorsOfBase((await readBase(compacted.base))!).map((t) => t.user_id);
    expect(tutors).toEqual(expect.arrayContaining(users));
    forgetCatalogue();
    expect((await currentCatalogue()).base).toBe(compacted.base);
  });

  // Version 2: MiniSearch's index (before issue 33); version 3: the postings as base64 in one JSON document.
  const NAMES = { 2: 'deux', 3: 'trois' };
  const olderIndexes = { 2: { text: { documentCount: 0 }, orders: {} }, 3: { text: { terms: [], count: 0, postings: '' }, orders: {} } };

  it.each([2, 3] as const)('reads a base of an older format (version %i) by rebuilding its index from its tutors, until the indexer writes a version 4', async (version) => {
    const userId = await person('tuteur', `Ancienformat${NAMES[version]}`);
    await tutorProfile(userId, true, 'Cours de géométrie pour le BEPC.');
    await rebuildSnapshot();
    const current = (await readBase((await journal()).base))!;
    expect(current.version).toBe(BASE_VERSION);
    // The same tutors as one gzipped JSON document, as those versions were written: only its tutors are of use.
    const id = `old-${randomUUID()}`;
    const old = { version, id, generated_at: current.generated_at, prepared: { tutors: tutorsOfBase(current), ...olderIndexes[version] } };
    await s3.send(new PutObjectCommand({ Bucket: requireEnv('SEARCH_BUCKET'), Key: baseKey(id), Body: gzipSync(JSON.stringify(old)), ContentType: 'application/gzip' }));
    const read = (await readJournal())!;
    await writeJournal({ ...read.journal, base: id, seq: read.journal.seq + 1, changes: [] }, { etag: read.etag });
    forgetCatalogue();
    const loaded = await currentCatalogue();
    expect(loaded.base).toBe(id);
    const found = loaded.index.search({ ...DEFAULT_FILTERS, query: `geometrie ancienformat${NAMES[version]}` }, { offset: 0, limit: 10 });
    expect(found.tutors.map((t) => t.user_id)).toEqual([userId]);
    // The indexer's next base is of the new format.
    process.env.CATALOGUE_COMPACT_AFTER = '1';
    await editBio(userId, 'Cours de géométrie et de statistiques pour le BEPC.');
    expect(await applyUserChanges([userId])).toMatchObject({ compacted: true });
    expect((await readBase((await journal()).base))!.version).toBe(BASE_VERSION);
  });
});
