/**
 * Tutor search at scale: synthetic catalogues of 1 000, 10 000, 50 000 and 100 000 tutors.
 * - prepare: what the indexer does once per rebuild or compaction (the index built, serialized,
 *   gzipped), and the prepared base's size;
 * - cold start: the search handler's first request (journal and prepared base read from S3 —
 *   stubbed in memory —, the index part inflated, the prepared index loaded, the tutors shown
 *   inflated and parsed), index memory (heap and array buffers, the tutors' blocks inflated);
 * - warm: p50/p95/p99 of 500 mixed queries (text with accents and typos, filters, sorts) through
 *   the real search handler (middy, zod, the caller's profile read from DynamoDB Local as every
 *   signed-in request does, index), the recent text results kept as in production;
 *   and the p95 with those results forgotten before each query (every text as if new);
 * - baseline: the same kind of queries as a DynamoDB Scan + FilterExpression on the same tutors in
 *   DynamoDB Local (in memory, started here), on a sample of the queries (a Scan takes seconds);
 * - the previous index (MiniSearch, tests/bench/baselines/minisearch-index.ts) on the same texts,
 *   for the ratio. Relevance has its own bench: `npm run bench -- relevance` (relevance.ts).
 * Prints figures; asserts nothing.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { gzipSync } from 'node:zlib';
import { BatchWriteItemCommand, ScanCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { GetObjectCommand, HeadObjectCommand, S3Client, type GetObjectCommandInput } from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';

import { benchPorts, sized } from './sizes.js';

/** KALAN_BENCH_SEARCH_SIZES=100000 runs one size. */
const SIZES = process.env.KALAN_BENCH_SEARCH_SIZES
  ? process.env.KALAN_BENCH_SEARCH_SIZES.split(',').map(Number)
  : sized([1_000, 10_000, 50_000, 100_000], [1_000]);
const WARM_QUERIES = sized(500, 50);
const WARM_UP = sized(50, 5);
const SCAN_SAMPLE = sized<Record<number, number>>({ 1_000: 100, 10_000: 30, 50_000: 6, 100_000: 3 }, { 1_000: 3 });
const BENCH_DYNAMODB_PORT = Number(process.env.KALAN_BENCH_DYNAMODB_PORT ?? benchPorts(8590).dynamodb);

v8.setFlagsFromString('--expose_gc');
const gc = vm.runInNewContext('gc') as () => void;

const BENCH_PARENT = 'bench-parent';

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const ms = (value: number) => `${value.toFixed(2)} ms`;

export async function benchSearch(): Promise<void> {
  Object.assign(process.env, {
    TABLE_NAME: 'kalan-bench',
    // Every signed-in request reads its caller's profile first (a deleted account is refused, issue
    // 28): the handler's table is the bench's DynamoDB Local, with the bench parent's profile.
    AWS_ENDPOINT_URL_DYNAMODB: `http://127.0.0.1:${BENCH_DYNAMODB_PORT}`,
    SEARCH_BUCKET: 'kalan-bench-catalogue',
    AWS_REGION: 'eu-west-1',
    AWS_ACCESS_KEY_ID: 'bench',
    AWS_SECRET_ACCESS_KEY: 'bench',
    POWERTOOLS_LOG_LEVEL: 'SILENT',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  });
  const shared = await import('#shared');
  const { prng, seedTutors } = await import('../../infra/local/seed/tutors.js');
  const { handler } = await import('../../functions/src/search/search-tutors.js');
  const { currentCatalogue, forgetCatalogue } = await import('../../functions/src/search/catalogue-cache.js');
  const { CatalogueIndex } = await import('../../functions/src/search/catalogue-index.js');
  // The pre-issue-33 index (MiniSearch), kept only to print the ratio on the same run.
  const { MiniSearchCatalogueIndex } = await import('./baselines/minisearch-index.js');
  const { baseKey, JOURNAL_KEY } = await import('../../functions/src/search/catalogue-keys.js');
  const { decodeBase, encodeBase } = await import('../../functions/src/search/prepared-base.js');
  type TutorSummary = import('#shared').TutorSummary;

  const { seedCatalogue: catalogue } = await import('../unit/search-relevance-queries.js');

  /**
   * Texts as parents type them, drawn from the catalogue itself so that almost none repeats: first
   * and last names, words of bios and degrees, common words ('lycée', 'expérience'), subjects,
   * typos (a letter dropped, swapped or changed), two-word texts, and words no tutor has.
   */
  function textsOf(tutors: readonly TutorSummary[], random: () => number): () => string {
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
    const sample = Array.from({ length: Math.min(tutors.length, 2_000) }, () => pick(tutors));
    const words = [...new Set(sample.flatMap((t) => `${t.bio} ${t.education}`.split(/[^\p{L}]+/u)).filter((w) => w.length > 3))];
    const names = [...new Set(sample.flatMap((t) => [t.first_name, t.last_name]))];
    const common = ['lycée', 'expérience', 'élève', 'examens', 'BAC', 'BEPC', 'confiance', 'révisions', 'université', 'méthode'];
    const typo = (word: string) => {
      const i = 1 + Math.floor(random() * (word.length - 2));
      const kind = random();
      if (kind < 0.33) return word.slice(0, i) + word.slice(i + 1);
      if (kind < 0.66) return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
      return word.slice(0, i) + 'aeiourst'[Math.floor(random() * 8)] + word.slice(i + 1);
    };
    const one = () => {
      const kind = random();
      if (kind < 0.25) return pick(names);
      if (kind < 0.5) return pick(words);
      if (kind < 0.6) return pick(common);
      if (kind < 0.7) return pick(shared.SUBJECTS);
      if (kind < 0.9) return typo(random() < 0.5 ? pick(words) : pick(names).padEnd(5, 'a'));
      return `zq${Math.floor(random() * 1e6).toString(36)}`;
    };
    return () => (random() < 0.25 ? `${one()} ${one()}` : one());
  }

  /** Mixed queries: texts (with and without accents, with typos, names), filters and sorts. */
  function queries(count: number, tutors: readonly TutorSummary[]): Array<Record<string, string>> {
    const random = prng(42);
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
    const text = textsOf(tutors, random);
    return Array.from({ length: count }, () => {
      const query: Record<string, string> = {};
      if (random() < 0.8) query.q = text();
      if (random() < 0.35) query.location = pick(shared.ZONES);
      if (random() < 0.25) query.subject = pick(shared.SUBJECTS);
      if (random() < 0.2) query.level = pick(shared.LEVELS);
      if (random() < 0.2) {
        query.minRate = String(500 * Math.floor(random() * 10));
        query.maxRate = String(5000 + 500 * Math.floor(random() * 10));
      }
      query.sortBy = pick(shared.SORT_OPTIONS);
      query.sortOrder = pick(shared.SORT_ORDERS);
      return query;
    });
  }

  /** The index's own search, as a handler's query reads it: p95 with the recent results forgotten first. */
  function indexP95(index: { search: InstanceType<typeof CatalogueIndex>['search']; forgetRecentResults(): void }, mixed: Array<Record<string, string>>): number {
    const times: number[] = [];
    for (const query of mixed) {
      const filters = {
        ...shared.DEFAULT_FILTERS,
        query: query.q ?? '',
        location: query.location ?? '',
        subject: query.subject ?? '',
        level: query.level ?? '',
        minRate: Number(query.minRate ?? shared.RATE_MIN),
        maxRate: Number(query.maxRate ?? shared.RATE_MAX),
        sortBy: query.sortBy,
        sortOrder: query.sortOrder,
      } as import('#shared').SearchFilters;
      index.forgetRecentResults();
      const started = performance.now();
      index.search(filters, { offset: 0, limit: 24 });
      times.push(performance.now() - started);
    }
    return percentile(times.sort((a, b) => a - b), 95);
  }

  const event = (query: Record<string, string>) => ({
    version: '2.0',
    routeKey: shared.routeKey(shared.routes.searchTutors),
    rawPath: '/api/search/tutors',
    rawQueryString: new URLSearchParams(query).toString(),
    headers: {},
    queryStringParameters: query,
    isBase64Encoded: false,
    requestContext: {
      http: { method: 'GET', path: '/api/search/tutors' },
      authorizer: { jwt: { claims: { sub: BENCH_PARENT, 'cognito:groups': '[parent]' }, scopes: [] } },
    },
  });
  const context = { awsRequestId: 'bench', functionName: 'bench' };
  const invoke = async (query: Record<string, string>) => {
    const result = (await handler(event(query) as never, context as never)) as { statusCode: number; body: string };
    if (result.statusCode !== 200) throw new Error(`search answered ${result.statusCode}: ${result.body}`);
    return JSON.parse(result.body) as { total: number };
  };

  const s3 = mockClient(S3Client);
  const { startDynamoDb, localDynamoClient, ensureTable } = await import('../../infra/local/dynamodb.js');
  const { ProfileEntity } = await import('../../functions/src/commons/db.js');
  const { PutItemCommand } = await import('dynamodb-toolbox/entity/actions/put');
  const { localConfig } = await import('../../infra/local/config.js');
  const { stopAll } = await import('../../infra/local/processes.js');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kalan-bench-search-'));
  const benchConfig = {
    ...localConfig,
    dataDir,
    inMemory: true,
    tableName: 'kalan-bench-scan',
    ports: { ...localConfig.ports, dynamodb: BENCH_DYNAMODB_PORT },
  };

  console.log(`## Tutor search: in-memory index vs Scan + FilterExpression (DynamoDB Local)`);
  console.log(
    `  ${'tutors'.padStart(7)} ${'prepare'.padStart(9)} ${'base'.padStart(7)} ${'cold start'.padStart(11)} ${'index mem'.padStart(10)}   handler warm p50 / p95 / p99, cached (${WARM_QUERIES} queries, cache hits)   handler p95 new texts   index p95 new texts (MiniSearch before, ratio)   Scan p50 / p95 (sample)   speed-up p95`,
  );
  try {
    await startDynamoDb(benchConfig as typeof localConfig);
    const dynamo = localDynamoClient(benchConfig as typeof localConfig);
    await ensureTable(dynamo, process.env.TABLE_NAME!);
    await ProfileEntity.build(PutItemCommand).item({ user_id: BENCH_PARENT, first_name: 'Awa', last_name: 'Banc', role: 'parent', is_verified: false }).send();
    for (const size of SIZES) {
      const tutors = catalogue(size);
      // What the indexer does on a rebuild or a compaction: build, serialize, gzip.
      const prepareStarted = performance.now();
      const prepared = new CatalogueIndex(tutors).toPrepared();
      const generatedAt = new Date().toISOString();
      const base = encodeBase({ id: 'bench', generated_at: generatedAt, prepared });
      const prepareMs = performance.now() - prepareStarted;
      const journal = gzipSync(JSON.stringify({ version: 2, base: 'bench', generated_at: generatedAt, seq: 1, updated_at: generatedAt, changes: [] }));
      const objects = new Map([
        [JOURNAL_KEY, journal],
        [baseKey('bench'), base],
      ]);
      const etag = `"${randomUUID()}"`;
      s3.reset();
      s3.on(HeadObjectCommand).resolves({ ETag: etag });
      // The handler reads the body with transformToByteArray(), like any SDK stream.
      s3.on(GetObjectCommand).callsFake((input: GetObjectCommandInput) => {
        const body = objects.get(input.Key!)!;
        return { ETag: etag, Body: { transformToByteArray: async () => new Uint8Array(body) } };
      });

      // Index memory: heap held by a loaded index, measured apart from the handler.
      // The typed arrays and the tutors' blocks (inflated, as a warm container holds them) live
      // outside the heap: counted with the array buffers.
      const held = () => process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
      gc();
      const heapBefore = held();
      const decoded = decodeBase(base);
      if (decoded.version !== 4) throw new Error('the bench base is not version 4');
      let index: InstanceType<typeof CatalogueIndex> | null = CatalogueIndex.fromPrepared(decoded.prepared);
      await index.prepareTutors();
      gc();
      // At the smoke sizes the index is smaller than what a collection returns to the system
      // between the two readings: a negative difference is noise, printed as 0.
      const indexBytes = Math.max(0, held() - heapBefore);
      index = null;
      gc();

      // Cold start: the handler's first request reads the journal and loads the prepared base.
      forgetCatalogue();
      const coldStarted = performance.now();
      await invoke({ q: 'mathematiques' });
      const coldMs = performance.now() - coldStarted;

      const mixed = queries(WARM_QUERIES, tutors);
      for (const query of mixed.slice(0, WARM_UP)) await invoke(query); // warm-up
      const hitsBefore = (await currentCatalogue()).index.recentResultHits;
      const warm: number[] = [];
      for (const query of mixed) {
        const started = performance.now();
        await invoke(query);
        warm.push(performance.now() - started);
      }
      warm.sort((a, b) => a - b);
      const cacheHits = (await currentCatalogue()).index.recentResultHits - hitsBefore;
      // The same queries, each text as if never asked (the recent results forgotten first).
      const loaded = (await currentCatalogue()).index;
      const fresh: number[] = [];
      for (const query of mixed) {
        loaded.forgetRecentResults();
        const started = performance.now();
        await invoke(query);
        fresh.push(performance.now() - started);
      }
      fresh.sort((a, b) => a - b);
      // The index alone, then the previous index (MiniSearch) on the same queries and tutors.
      const indexFresh = indexP95(loaded, mixed);
      let before: InstanceType<typeof MiniSearchCatalogueIndex> | null = new MiniSearchCatalogueIndex(tutors);
      const beforeFresh = indexP95(before, mixed);
      before = null;
      void before;

      // Baseline: the same tutors as flat items, the same queries as Scan + FilterExpression.
      await loadTable(dynamo, benchConfig.tableName, tutors, shared.foldText);
      const sample = mixed.slice(0, SCAN_SAMPLE[size]);
      const scans: number[] = [];
      for (const query of sample) {
        const started = performance.now();
        await scanSearch(dynamo, benchConfig.tableName, query, shared.foldText);
        scans.push(performance.now() - started);
      }
      scans.sort((a, b) => a - b);

      console.log(
        `  ${String(tutors.length).padStart(7)} ${ms(prepareMs).padStart(9)} ${`${(base.length / 1024 / 1024).toFixed(1)} MB`.padStart(7)} ${ms(coldMs).padStart(11)} ${`${(indexBytes / 1024 / 1024).toFixed(1)} MB`.padStart(10)}   ${ms(percentile(warm, 50))} / ${ms(percentile(warm, 95))} / ${ms(percentile(warm, 99))} (${cacheHits} hits)   ${ms(percentile(fresh, 95)).padStart(10)}   ${ms(indexFresh)} (${ms(beforeFresh)}, ×${(beforeFresh / indexFresh).toFixed(1)})   ${ms(percentile(scans, 50))} / ${ms(percentile(scans, 95))} (${sample.length})   ×${(percentile(scans, 95) / percentile(warm, 95)).toFixed(0)}`,
      );
      void index;
    }
    console.log('  (synthetic tutors from the seed generator; the Scan baseline matches text by substring on folded text, without typo tolerance)');
  } finally {
    s3.restore();
    await stopAll();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Recreates the baseline table (pk only) and loads one flat item per tutor, 25 per batch. */
async function loadTable(
  dynamo: import('@aws-sdk/client-dynamodb').DynamoDBClient,
  tableName: string,
  tutors: import('#shared').TutorSummary[],
  fold: (text: string) => string,
): Promise<void> {
  const { CreateTableCommand, DeleteTableCommand, waitUntilTableExists } = await import('@aws-sdk/client-dynamodb');
  await dynamo.send(new DeleteTableCommand({ TableName: tableName })).catch(() => undefined);
  await dynamo.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
      KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
    }),
  );
  await waitUntilTableExists({ client: dynamo, maxWaitTime: 30 }, { TableName: tableName });
  const items = tutors.map((t): Record<string, AttributeValue> => ({
    pk: { S: `TUTOR#${t.id}` },
    first_name: { S: t.first_name },
    last_name: { S: t.last_name },
    is_verified: { BOOL: t.is_verified },
    is_completed: { BOOL: true },
    bio: { S: t.bio },
    education: { S: t.education },
    subjects: { L: t.subjects.map((s) => ({ S: s })) },
    levels: { L: t.levels.map((l) => ({ S: l })) },
    location: { S: t.location ?? '' },
    hourly_rate: { N: String(t.hourly_rate ?? 0) },
    search_text: { S: fold(`${t.first_name} ${t.last_name} ${t.bio} ${t.education} ${t.subjects.join(' ')}`) },
  }));
  const batches: Array<Record<string, AttributeValue>[]> = [];
  for (let i = 0; i < items.length; i += 25) batches.push(items.slice(i, i + 25));
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < batches.length) {
        let requests = batches[next++]!.map((Item) => ({ PutRequest: { Item } }));
        while (requests.length) {
          const result = await dynamo.send(new BatchWriteItemCommand({ RequestItems: { [tableName]: requests } }));
          requests = (result.UnprocessedItems?.[tableName] ?? []) as typeof requests;
        }
      }
    }),
  );
}

/** What a search costs without an index: Scan every page with the filters as a FilterExpression. */
async function scanSearch(
  dynamo: import('@aws-sdk/client-dynamodb').DynamoDBClient,
  tableName: string,
  query: Record<string, string>,
  fold: (text: string) => string,
): Promise<number> {
  const conditions = ['is_completed = :true'];
  const values: Record<string, AttributeValue> = { ':true': { BOOL: true } };
  if (query.q) {
    fold(query.q)
      .split(/\s+/)
      .filter(Boolean)
      .forEach((word, i) => {
        conditions.push(`contains(search_text, :q${i})`);
        values[`:q${i}`] = { S: word };
      });
  }
  if (query.location) {
    conditions.push('#location = :location');
    values[':location'] = { S: query.location };
  }
  if (query.subject) {
    conditions.push('contains(subjects, :subject)');
    values[':subject'] = { S: query.subject };
  }
  if (query.level) {
    conditions.push('contains(levels, :level)');
    values[':level'] = { S: query.level };
  }
  if (query.minRate && Number(query.minRate) > 0) {
    conditions.push('hourly_rate >= :min');
    values[':min'] = { N: query.minRate };
  }
  if (query.maxRate && Number(query.maxRate) < 10_000) {
    conditions.push('hourly_rate <= :max');
    values[':max'] = { N: query.maxRate };
  }
  let matches = 0;
  let exclusiveStartKey: Record<string, AttributeValue> | undefined;
  do {
    const page = await dynamo.send(
      new ScanCommand({
        TableName: tableName,
        FilterExpression: conditions.join(' AND '),
        ExpressionAttributeValues: values,
        ...(query.location ? { ExpressionAttributeNames: { '#location': 'location' } } : {}),
        ExclusiveStartKey: exclusiveStartKey,
      }),
    );
    matches += page.Count ?? 0;
    exclusiveStartKey = page.LastEvaluatedKey;
  } while (exclusiveStartKey);
  return matches; // the results would still need sorting in the caller
}
