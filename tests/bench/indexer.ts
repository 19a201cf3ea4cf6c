/**
 * The search indexer at national scale: 100 000 tutors (and their profiles) written through the
 * entities into the real table shape in DynamoDB Local (in memory, started here), the catalogue's
 * S3 objects in an in-memory stand-in that honours the conditional writes.
 * - rebuild: the published tutors read from the sparse index (gsi3), the index built, the base
 *   serialized and written — time, heap peak, base size;
 * - one edit: a tutor's profile changed in the table, then the indexer's handling of it (the
 *   journal read and written, nothing else) — time and heap peak, first and over 50 edits;
 * - compaction: the journal folded into a new base once it holds COMPACT_AFTER tutors.
 * Prints figures; asserts nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type DeleteObjectsCommandInput,
  type GetObjectCommandInput,
  type PutObjectCommandInput,
} from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';

import { benchPorts, sized } from './sizes.js';

/** Smoke: enough listed tutors (94 % of the seed's) for the journal to reach COMPACT_AFTER (1 000). */
const TUTORS = Number(process.env.KALAN_BENCH_INDEXER_TUTORS ?? sized(100_000, 1_200));
const EDITS = sized(50, 5);
const BENCH_DYNAMODB_PORT = Number(process.env.KALAN_BENCH_DYNAMODB_PORT ?? benchPorts(8591).dynamodb);

v8.setFlagsFromString('--expose_gc');
const gc = vm.runInNewContext('gc') as () => void;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const ms = (value: number) => `${value.toFixed(1)} ms`;

/** Runs `work`, sampling the heap meanwhile: its time, and the heap it held above the start at its peak. */
async function measured<T>(work: () => Promise<T>): Promise<{ result: T; ms: number; heapPeak: number }> {
  gc();
  const start = process.memoryUsage().heapUsed;
  let peak = start;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }, 5);
  const started = performance.now();
  try {
    const result = await work();
    const elapsed = performance.now() - started;
    peak = Math.max(peak, process.memoryUsage().heapUsed);
    return { result, ms: elapsed, heapPeak: peak - start };
  } finally {
    clearInterval(sampler);
  }
}

/** An S3 bucket in memory, with the conditional writes, listing and deletes the indexer uses. */
function inMemoryBucket() {
  const objects = new Map<string, { body: Uint8Array; etag: string; modified: Date }>();
  let version = 0;
  const s3 = mockClient(S3Client);
  const missing = () => Object.assign(new Error('NoSuchKey'), { name: 'NoSuchKey', $metadata: { httpStatusCode: 404 } });
  const precondition = () => Object.assign(new Error('PreconditionFailed'), { name: 'PreconditionFailed', $metadata: { httpStatusCode: 412 } });
  s3.on(HeadObjectCommand).callsFake((input: { Key: string }) => {
    const object = objects.get(input.Key);
    if (!object) throw missing();
    return { ETag: object.etag };
  });
  s3.on(GetObjectCommand).callsFake((input: GetObjectCommandInput) => {
    const object = objects.get(input.Key!);
    if (!object) throw missing();
    return { ETag: object.etag, Body: { transformToByteArray: async () => object.body } };
  });
  s3.on(PutObjectCommand).callsFake((input: PutObjectCommandInput) => {
    const existing = objects.get(input.Key!);
    if (input.IfNoneMatch === '*' && existing) throw precondition();
    if (input.IfMatch && existing?.etag !== input.IfMatch) throw precondition();
    version += 1;
    const etag = `"v${version}"`;
    objects.set(input.Key!, { body: new Uint8Array(input.Body as Buffer), etag, modified: new Date() });
    return { ETag: etag };
  });
  s3.on(ListObjectsV2Command).callsFake((input: { Prefix?: string }) => ({
    Contents: [...objects].filter(([key]) => key.startsWith(input.Prefix ?? '')).map(([Key, o]) => ({ Key, LastModified: o.modified })),
  }));
  s3.on(DeleteObjectsCommand).callsFake((input: DeleteObjectsCommandInput) => {
    for (const { Key } of input.Delete?.Objects ?? []) objects.delete(Key!);
    return {};
  });
  return { s3, objects };
}

export async function benchIndexer(): Promise<void> {
  Object.assign(process.env, {
    TABLE_NAME: 'kalan-bench-indexer',
    SEARCH_BUCKET: 'kalan-bench-catalogue',
    AWS_REGION: 'eu-west-1',
    AWS_ACCESS_KEY_ID: 'bench',
    AWS_SECRET_ACCESS_KEY: 'bench',
    AWS_ENDPOINT_URL_DYNAMODB: `http://127.0.0.1:${BENCH_DYNAMODB_PORT}`,
    POWERTOOLS_LOG_LEVEL: 'SILENT',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  });
  const { startDynamoDb, ensureTable, localDynamoClient } = await import('../../infra/local/dynamodb.js');
  const { localConfig } = await import('../../infra/local/config.js');
  const { stopAll } = await import('../../infra/local/processes.js');
  const { seedTutors } = await import('../../infra/local/seed/tutors.js');
  const { ProfileEntity, TutorProfileEntity } = await import('../../functions/src/commons/db.js');
  const { documentClient } = await import('../../functions/src/commons/clients/dynamodb.js');
  const { PutItemCommand } = await import('dynamodb-toolbox/entity/actions/put');
  const { UpdateItemCommand } = await import('dynamodb-toolbox/entity/actions/update');
  const { BatchWriteCommand } = await import('@aws-sdk/lib-dynamodb');
  const { applyUserChanges, COMPACT_AFTER, rebuildSnapshot } = await import('../../functions/src/search/snapshot.js');
  const { BASE_PREFIX, JOURNAL_KEY } = await import('../../functions/src/search/catalogue-keys.js');

  const dataDir = mkdtempSync(path.join(tmpdir(), 'kalan-bench-indexer-'));
  const config = { ...localConfig, dataDir, inMemory: true, tableName: 'kalan-bench-indexer', ports: { ...localConfig.ports, dynamodb: BENCH_DYNAMODB_PORT } };
  const { s3, objects } = inMemoryBucket();
  console.log(`## Search indexer at ${TUTORS.toLocaleString('fr-FR')} tutors (DynamoDB Local, the table's real shape)`);
  try {
    await startDynamoDb(config as typeof localConfig);
    await ensureTable(localDynamoClient(config as typeof localConfig), config.tableName);

    // The tutors as the entities write them (their links set the published tutors' index keys).
    const loadStarted = performance.now();
    const seeds = seedTutors(TUTORS);
    const items = seeds.flatMap(({ profile, tutorProfile }) => [
      ProfileEntity.build(PutItemCommand).item(profile).params().Item!,
      TutorProfileEntity.build(PutItemCommand).item(tutorProfile).params().Item!,
    ]);
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < items.length) {
          const batch = items.slice(next, next + 25);
          next += 25;
          let requests = batch.map((Item) => ({ PutRequest: { Item } }));
          while (requests.length) {
            const result = await documentClient.send(new BatchWriteCommand({ RequestItems: { [config.tableName]: requests } }));
            requests = (result.UnprocessedItems?.[config.tableName] ?? []) as typeof requests;
          }
        }
      }),
    );
    const listed = seeds.filter((seed) => seed.tutorProfile.is_completed).length;
    console.log(`  loaded ${items.length.toLocaleString('fr-FR')} items (${listed.toLocaleString('fr-FR')} listed tutors) in ${((performance.now() - loadStarted) / 1000).toFixed(0)} s`);

    const rebuild = await measured(() => rebuildSnapshot());
    const base = [...objects].find(([key]) => key.startsWith(BASE_PREFIX))!;
    console.log(
      `  rebuild (sparse index → prepared base)   ${ms(rebuild.ms).padStart(10)}   heap peak ${mb(rebuild.heapPeak).padStart(7)}   base ${mb(base[1].body.length)} gz, ${rebuild.result.tutors.toLocaleString('fr-FR')} tutors`,
    );

    const editable = seeds.filter((seed) => seed.tutorProfile.is_completed).slice(0, COMPACT_AFTER);
    const edit = async (index: number) => {
      const { user_id } = editable[index]!.tutorProfile;
      await TutorProfileEntity.build(UpdateItemCommand).item({ user_id, bio: `Édition n° ${index} : préparation au BAC.` }).send();
      return applyUserChanges([user_id]);
    };
    const first = await measured(() => edit(0));
    const times: number[] = [];
    let peak = first.heapPeak;
    for (let i = 1; i < EDITS; i += 1) {
      const one = await measured(() => edit(i));
      times.push(one.ms);
      peak = Math.max(peak, one.heapPeak);
    }
    times.sort((a, b) => a - b);
    const journalBytes = objects.get(JOURNAL_KEY)!.body.length;
    console.log(
      `  one edit (journal only)                  ${ms(first.ms).padStart(10)}   heap peak ${mb(first.heapPeak).padStart(7)}   then p50 ${ms(times[Math.floor(times.length / 2)]!)} over ${EDITS - 1} edits (heap peak ${mb(peak)}), journal ${(journalBytes / 1024).toFixed(1)} KB gz`,
    );

    // Fill the journal to the compaction threshold: the edit that reaches it folds it into a base.
    const filler = editable.slice(EDITS, COMPACT_AFTER - 1).map((seed) => seed.tutorProfile.user_id);
    await applyUserChanges(filler);
    const compaction = await measured(() => edit(COMPACT_AFTER - 1));
    console.log(
      `  compaction (${COMPACT_AFTER} changed tutors → new base)  ${ms(compaction.ms).padStart(10)}   heap peak ${mb(compaction.heapPeak).padStart(7)}   compacted: ${compaction.result.compacted}`,
    );
  } finally {
    s3.restore();
    await stopAll();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
