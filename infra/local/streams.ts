/**
 * The table's stream, locally: DynamoDB Local has a streams API but no Lambda event source
 * mapping, so this polls it (DescribeStream / GetShardIterator / GetRecords, every ~500 ms) and
 * hands the records, shaped like a Lambda DynamoDB stream event and filtered like the CDK
 * mappings, to the same handlers: the search indexer and the notifier, each with its own cursors.
 * At start the profile photos are moved to the current layout (as a deploy does), then the
 * catalogue snapshot is rebuilt from the table.
 */
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  ExpiredIteratorException,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record as StreamRecord,
  type Shard,
} from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { eventHandlers } from '#shared/routes';
import { INDEXER_EVENT_PATTERNS } from '../../functions/src/search/catalogue-keys.js';
import { NOTIFIER_EVENT_PATTERNS } from '../../functions/src/notifications/stream-filter.js';
import { backfillCatalogueIndex } from '../../functions/src/search/backfill.js';
import { rebuildSnapshot } from '../../functions/src/search/snapshot.js';
import type { PublishPagesRequest } from '../../functions/src/search/index-catalogue.js';
import { awsEnvironment, localConfig, url, type LocalConfig } from './config.js';
import { localDynamoClient } from './dynamodb.js';
import { invoke } from './lambda-runtime.js';
import { onStop } from './processes.js';
import { deploySiteShell } from './site.js';
import { migratePhotos } from '../scripts/deploy/photos.js';

const POLL_INTERVAL_MS = 500;
/** DynamoDB Local may close a shard and open a child: look for new shards this often. */
const SHARD_DISCOVERY_MS = 10_000;

interface ShardCursor {
  iterator: string;
  lastSequence?: string;
}

export function streamsClient(config: LocalConfig = localConfig): DynamoDBStreamsClient {
  const env = awsEnvironment(config);
  return new DynamoDBStreamsClient({
    endpoint: url(config.ports.dynamodb),
    region: config.region,
    credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID!, secretAccessKey: env.AWS_SECRET_ACCESS_KEY! },
  });
}

/**
 * A Lambda event filter pattern of the kind the indexer's mapping uses (nested fields, each a list
 * of accepted strings), matched as Lambda matches it.
 */
export function matchesPattern(value: unknown, pattern: unknown): boolean {
  if (Array.isArray(pattern)) return typeof value === 'string' && pattern.includes(value);
  if (typeof pattern !== 'object' || pattern === null) return false;
  if (typeof value !== 'object' || value === null) return false;
  return Object.entries(pattern).every(([key, inner]) => matchesPattern((value as Record<string, unknown>)[key], inner));
}

/** The event source mapping's filters: only tutors' profile and tutor-profile records reach the indexer. */
export function isCatalogueRecord(record: StreamRecord): boolean {
  return passesFilters(record, STREAM_CONSUMERS.searchIndexer);
}

/** A record of the streams API as Lambda delivers it (dates in epoch seconds). */
export function toLambdaRecord(record: StreamRecord, streamArn: string, region: string): DynamoDBRecord {
  const { ApproximateCreationDateTime, ...change } = record.dynamodb ?? {};
  return {
    eventID: record.eventID,
    eventName: record.eventName,
    eventVersion: record.eventVersion ?? '1.1',
    eventSource: 'aws:dynamodb',
    awsRegion: region,
    eventSourceARN: streamArn,
    dynamodb: {
      ...(change as DynamoDBRecord['dynamodb']),
      ...(ApproximateCreationDateTime ? { ApproximateCreationDateTime: ApproximateCreationDateTime.getTime() / 1000 } : {}),
    },
  };
}

/** A consumer of the table's stream: like a Lambda event source mapping, a handler and its filters. */
export interface StreamConsumer {
  handlerModule: string;
  patterns: readonly unknown[];
}

/** The stream consumers of the stack, as CDK maps them: the search indexer and the notifier. */
export const STREAM_CONSUMERS = {
  searchIndexer: { handlerModule: eventHandlers.searchIndexer, patterns: INDEXER_EVENT_PATTERNS },
  notifier: { handlerModule: eventHandlers.notifier, patterns: NOTIFIER_EVENT_PATTERNS },
} as const satisfies Record<string, StreamConsumer>;

/** The records a consumer's filters let through (any of its patterns). */
export function passesFilters(record: StreamRecord, consumer: StreamConsumer): boolean {
  return consumer.patterns.some((pattern) => matchesPattern(record, pattern));
}

/**
 * Reads the stream for one consumer, with cursors of its own (a consumer that fails reads its
 * records again without holding the others back, as separate mappings do). Open shards are read
 * from now on (positioned when this returns); `start()` begins the polling.
 */
async function openStreamConsumer(config: LocalConfig, consumer: StreamConsumer): Promise<{ start(): void }> {
  const streams = streamsClient(config);
  const table = await localDynamoClient(config).send(new DescribeTableCommand({ TableName: config.tableName }));
  const streamArn = table.Table?.LatestStreamArn;
  if (!streamArn) throw new Error(`La table ${config.tableName} n'a pas de flux (stream) activé`);

  const cursors = new Map<string, ShardCursor>();
  const known = new Set<string>();

  async function listShards(): Promise<Shard[]> {
    const shards: Shard[] = [];
    let exclusiveStartShardId: string | undefined;
    do {
      const { StreamDescription } = await streams.send(
        new DescribeStreamCommand({ StreamArn: streamArn, ExclusiveStartShardId: exclusiveStartShardId }),
      );
      shards.push(...(StreamDescription?.Shards ?? []));
      exclusiveStartShardId = StreamDescription?.LastEvaluatedShardId;
    } while (exclusiveStartShardId);
    return shards;
  }

  async function openCursor(shardId: string, type: 'LATEST' | 'TRIM_HORIZON'): Promise<void> {
    const { ShardIterator } = await streams.send(
      new GetShardIteratorCommand({ StreamArn: streamArn, ShardId: shardId, ShardIteratorType: type }),
    );
    if (ShardIterator) cursors.set(shardId, { iterator: ShardIterator });
  }

  /** At start, open shards are read from now on; shards found later are read from their start. */
  async function discoverShards(initial: boolean): Promise<void> {
    for (const shard of await listShards()) {
      const shardId = shard.ShardId!;
      if (known.has(shardId)) continue;
      known.add(shardId);
      const open = !shard.SequenceNumberRange?.EndingSequenceNumber;
      if (initial && !open) continue;
      await openCursor(shardId, initial ? 'LATEST' : 'TRIM_HORIZON');
    }
  }

  await discoverShards(true);

  let stopped = false;
  let lastDiscovery = Date.now();
  onStop(() => {
    stopped = true;
  });

  async function pollShard(shardId: string, cursor: ShardCursor): Promise<void> {
    let response;
    try {
      response = await streams.send(new GetRecordsCommand({ ShardIterator: cursor.iterator, Limit: 1000 }));
    } catch (error) {
      if (!(error instanceof ExpiredIteratorException)) throw error;
      const { ShardIterator } = await streams.send(
        new GetShardIteratorCommand({
          StreamArn: streamArn,
          ShardId: shardId,
          ...(cursor.lastSequence
            ? { ShardIteratorType: 'AFTER_SEQUENCE_NUMBER', SequenceNumber: cursor.lastSequence }
            : { ShardIteratorType: 'TRIM_HORIZON' }),
        }),
      );
      if (ShardIterator) cursor.iterator = ShardIterator;
      return;
    }
    const records = response.Records ?? [];
    const relevant = records.filter((record) => passesFilters(record, consumer));
    if (relevant.length) {
      const event: DynamoDBStreamEvent = {
        Records: relevant.map((record) => toLambdaRecord(record, streamArn!, config.region)),
      };
      // As with Lambda: a failed batch is not skipped, the same records are read again next time.
      await invoke(consumer.handlerModule, event);
    }
    const last = records.at(-1)?.dynamodb?.SequenceNumber;
    if (last) cursor.lastSequence = last;
    if (response.NextShardIterator) cursor.iterator = response.NextShardIterator;
    else {
      cursors.delete(shardId); // closed shard, fully read: its children carry on
      lastDiscovery = 0;
    }
  }

  const loop = async () => {
    while (!stopped) {
      const started = Date.now();
      try {
        if (started - lastDiscovery >= SHARD_DISCOVERY_MS) {
          lastDiscovery = started;
          await discoverShards(false);
        }
        for (const [shardId, cursor] of [...cursors]) {
          if (stopped) break;
          await pollShard(shardId, cursor);
        }
      } catch (error) {
        if (!stopped) console.error(`[streams] ${consumer.handlerModule} : lecture du flux DynamoDB en échec, nouvel essai :`, (error as Error).message);
      }
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, POLL_INTERVAL_MS - (Date.now() - started))));
    }
  };
  return { start: () => void loop() };
}

export async function startSearchIndexing(config: LocalConfig = localConfig): Promise<void> {
  // Positioned before the rebuild: a change made while the index is read is read afterwards.
  const indexer = await openStreamConsumer(config, STREAM_CONSUMERS.searchIndexer);
  // Tutors saved by a local stack older than the published tutors' index are put into it first.
  await backfillCatalogueIndex();
  // Photos whose variants predate the current layout are made again, as a deploy does (infra/scripts/deploy.ts),
  // before the rebuild reads their profiles' marks.
  await migrateLocalPhotos();
  await rebuildSnapshot();
  // As a deploy does in the cloud: the build's index.html into the site bucket, then the indexer
  // asked to publish the pages from it (infra/scripts/deploy.ts); afterwards each change does.
  if (await deploySiteShell(config)) await invoke(STREAM_CONSUMERS.searchIndexer.handlerModule, { action: 'publish-pages' } satisfies PublishPagesRequest);
  indexer.start();
}

/**
 * The photos' migration to the current layout (functions/src/photos/backfill.ts), by the photo
 * resizer invoked with the same bounded requests the deploy sends. A failure is told, not fatal:
 * those photos show as before their variants existed until the next start.
 */
export async function migrateLocalPhotos(): Promise<void> {
  try {
    const { migrated, skipped } = await migratePhotos((payload) => invoke(eventHandlers.photoResizer, payload), (line) => console.log(`[photos] ${line}`));
    if (migrated || skipped) console.log(`[photos] ${migrated} photo(s) migrée(s) vers les adresses sans identifiant de compte, ${skipped} ignorée(s)`);
  } catch (error) {
    console.error('[photos] migration des photos en échec :', (error as Error).message);
  }
}

/** The notifier reads the changes from now on (what happened while the stack was stopped is not told). */
export async function startNotifications(config: LocalConfig = localConfig): Promise<void> {
  (await openStreamConsumer(config, STREAM_CONSUMERS.notifier)).start();
}
