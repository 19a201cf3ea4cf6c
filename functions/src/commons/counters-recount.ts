/**
 * Reading the admin's counters (commons/counters.ts), and the one-off recount of a table that had
 * data before them. Apart from the counters' writes, which every counted change imports, so that
 * only the stat cards' bundle carries the Query, the Scan and the conditional update they need.
 */
import { ScanCommand, type ScanCommandOutput } from '@aws-sdk/lib-dynamodb';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import { UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { messages } from '#shared/messages';
import type { TransactionStatus } from '#shared/transaction-process';
import { documentClient } from './clients/dynamodb.js';
import {
  type CountedProfile,
  type CounterName,
  CounterEntity,
  COUNTERS,
  COUNTERS_PARTITION,
  type Counts,
  isVerifiedTutor,
  needsAttention,
} from './counters.js';
import { isConditionalCheckFailure, kalanTable } from './db.js';
import { env } from './env.js';
import { DomainError } from './errors.js';
import { logger } from './logger.js';

type CounterItem = { name: CounterName; total?: number; changes?: number; counted_at?: string };

async function readCounterItems(): Promise<Map<CounterName, CounterItem>> {
  const { Items = [] } = await kalanTable
    .build(QueryCommand)
    .entities(CounterEntity)
    .query({ partition: COUNTERS_PARTITION })
    .options({ consistent: true })
    .send();
  return new Map(Items.map((counter) => [counter.name, counter]));
}

/** What one item of the table adds to each count (the same rules as the helpers above). */
export interface RecountHooks {
  /** Called for every item the recount reads, e.g. to backfill an index attribute. */
  onItem?: (item: Record<string, unknown>) => Promise<void> | void;
}

const SCAN_SEGMENTS = 4;

/**
 * Counts every counted item of the table: a parallel Scan, strongly consistent, reading only the
 * attributes that decide the counts. Once per deployed table (then the counters are kept).
 */
export async function recount(hooks: RecountHooks = {}): Promise<Counts> {
  const counts: Counts = { total_users: 0, verified_tutors: 0, pending_kyc: 0, open_disputes: 0, needs_attention: 0 };
  const entity = kalanTable.entityAttributeSavedAs;
  const names = { '#et': entity, '#status': 'status', '#role': 'role' };
  const projection = '#et, pk, sk, #status, #role, is_verified, created_at, id, transaction_id, gsi2pk';
  await Promise.all(
    Array.from({ length: SCAN_SEGMENTS }, async (_, segment) => {
      let exclusiveStartKey: Record<string, unknown> | undefined;
      do {
        const page: ScanCommandOutput = await documentClient.send(
          new ScanCommand({
            TableName: env.tableName,
            ConsistentRead: true,
            Segment: segment,
            TotalSegments: SCAN_SEGMENTS,
            ProjectionExpression: projection,
            ExpressionAttributeNames: names,
            ExclusiveStartKey: exclusiveStartKey,
          }),
        );
        for (const stored of page.Items ?? []) {
          switch (stored[entity]) {
            case 'profile':
              counts.total_users += 1;
              if (isVerifiedTutor(stored as CountedProfile)) counts.verified_tutors += 1;
              break;
            case 'kycVerification':
              if (stored.status === 'pending') counts.pending_kyc += 1;
              break;
            case 'dispute':
              if (stored.status === 'open') counts.open_disputes += 1;
              break;
            case 'transaction':
              if (needsAttention(stored.status as TransactionStatus)) counts.needs_attention += 1;
              break;
          }
          await hooks.onItem?.(stored);
        }
        exclusiveStartKey = page.LastEvaluatedKey;
      } while (exclusiveStartKey);
    }),
  );
  return counts;
}

/**
 * Stores a recounted value, only if the counter did not move since `seen` was read (before the
 * Scan began): then no counted change happened during the Scan, and the count is exact.
 */
async function storeRecount(name: CounterName, seen: CounterItem | undefined, total: number, now: string): Promise<boolean> {
  try {
    await CounterEntity.build(UpdateItemCommand)
      .item({ name, total, changes: seen?.changes ?? 0, counted_at: now })
      .options({
        condition: {
          and: [
            { attr: 'counted_at', exists: false },
            seen?.changes === undefined ? { attr: 'changes', exists: false } : { attr: 'changes', eq: seen.changes },
          ],
        },
      })
      .send();
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}

const RECOUNT_ATTEMPTS = 3;

/**
 * The five counts. Counters never recounted are recounted first (once per table; concurrent
 * readers each try, and only a recount nothing moved during is stored). A table so busy that three
 * recounts in a row see a counted change answers 503 rather than a wrong number.
 */
export async function readCounters(hooks: RecountHooks = {}): Promise<Counts> {
  for (let attempt = 0; attempt < RECOUNT_ATTEMPTS; attempt++) {
    const seen = await readCounterItems();
    const missing = COUNTERS.filter((name) => seen.get(name)?.counted_at === undefined);
    if (missing.length === 0) {
      return Object.fromEntries(COUNTERS.map((name) => [name, seen.get(name)?.total ?? 0])) as Counts;
    }
    const started = Date.now();
    const counts = await recount(hooks);
    const now = new Date().toISOString();
    const stored = await Promise.all(missing.map((name) => storeRecount(name, seen.get(name), counts[name], now)));
    logger.info('Admin counters recounted', { counters: missing, stored: stored.filter(Boolean).length, ms: Date.now() - started });
  }
  throw new DomainError('counters_busy', 503, messages.admin.statsUnavailable);
}
