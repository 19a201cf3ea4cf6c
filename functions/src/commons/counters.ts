/**
 * The admin's stat cards as counters, exact at any size: one item per counter, moved by an `ADD`
 * written in the SAME DynamoDB transaction as the status change it counts, so a change that does
 * not happen (its condition fails, the transaction is cancelled) moves nothing, and a retried one
 * moves it once (its second attempt finds the status already changed and writes nothing).
 *
 * Each counted kind of item has ONE helper here that turns its change (before → after) into the
 * counter writes; every place that changes a counted status adds its result to its transaction:
 * - profiles (`profileCounterWrites`): created (post-confirmation, admin script, seed), verified (KYC approval);
 *   deleted with the account (`profileRemovalCounterWrites`, account/delete-account.ts);
 * - KYC submissions (`kycCounterWrites`): submitted (pending), reviewed; deleted with the account (`kycRemovalCounterWrites`);
 * - disputes (`disputeCounterWrites`): opened (rating), resolved (decision, closing);
 * - transactions (`transactionCounterWrites`): every status transition (escrow/transitions.ts).
 *
 * A table that already holds data has no counters yet: the first read recounts them once
 * (`readCounters`), exactly, and then only the `ADD`s move them.
 */
import { ScanCommand, type ScanCommandOutput } from '@aws-sdk/lib-dynamodb';
import { Entity } from 'dynamodb-toolbox/entity';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { $add, UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import type { ExecuteTransactWriteInput } from 'dynamodb-toolbox/entity/actions/transactWrite';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import type { KycStatus, Role } from '#shared/constants';
import { messages } from '#shared/messages';
import type { TransactionStatus } from '#shared/transaction-process';
import { documentClient } from './clients/dynamodb.js';
import { isConditionalCheckFailure, kalanTable } from './db.js';
import { env } from './env.js';
import { DomainError } from './errors.js';
import { logger } from './logger.js';

export const COUNTERS = ['total_users', 'verified_tutors', 'pending_kyc', 'open_disputes', 'needs_attention'] as const;
export type CounterName = (typeof COUNTERS)[number];
export type Counts = Record<CounterName, number>;

/** One write of a DynamoDB transaction (what `execute` of transactWrite takes). */
export type TransactWriteItem = Extract<ExecuteTransactWriteInput[number], { params: unknown }>;

const COUNTERS_PARTITION = 'ADMIN_COUNTERS';

/**
 * `ADMIN_COUNTERS` / `COUNTER#<name>`. `total` is the count; `changes` counts the moves (it only
 * grows: the recount's proof that nothing moved while it was counting); `counted_at` is set by the
 * recount — a counter without it holds only the moves made before its first recount.
 */
export const CounterEntity = new Entity({
  name: 'adminCounter',
  table: kalanTable,
  timestamps: false,
  schema: item({
    name: string().enum(...COUNTERS).key(),
    total: number().optional(),
    changes: number().optional(),
    counted_at: string().optional(),
  }),
  computeKey: ({ name }: { name: CounterName }) => ({ pk: COUNTERS_PARTITION, sk: `COUNTER#${name}` }),
});

/** The counter's move when an item goes from counted (or not) to counted (or not): none if it stays. */
function move(name: CounterName, before: boolean, after: boolean): TransactWriteItem[] {
  if (before === after) return [];
  return [CounterEntity.build(UpdateTransaction).item({ name, total: $add(after ? 1 : -1), changes: $add(1) }) as TransactWriteItem];
}

export interface CountedProfile {
  role: Role;
  is_verified: boolean;
}

const isVerifiedTutor = (profile: CountedProfile | null) => profile?.role === 'tuteur' && profile.is_verified;

/** A profile created (`before` null) or changed: users, and tutors whose identity is verified. */
export function profileCounterWrites(before: CountedProfile | null, after: CountedProfile): TransactWriteItem[] {
  return [...move('total_users', before !== null, true), ...move('verified_tutors', isVerifiedTutor(before), isVerifiedTutor(after))];
}

/** A profile deleted with its account: one user fewer, and one verified tutor fewer if it was one. */
export function profileRemovalCounterWrites(before: CountedProfile): TransactWriteItem[] {
  return [...move('total_users', true, false), ...move('verified_tutors', isVerifiedTutor(before), false)];
}

/** A KYC submission deleted with its account: one fewer waiting if it was pending. */
export function kycRemovalCounterWrites(before: KycStatus): TransactWriteItem[] {
  return move('pending_kyc', before === 'pending', false);
}

/** A KYC submission written (`before` null) or reviewed: submissions waiting for an admin. */
export function kycCounterWrites(before: KycStatus | null, after: KycStatus): TransactWriteItem[] {
  return move('pending_kyc', before === 'pending', after === 'pending');
}

export type DisputeStatus = 'open' | 'resolved';

/** A dispute opened (`before` null) or resolved. */
export function disputeCounterWrites(before: DisputeStatus | null, after: DisputeStatus): TransactWriteItem[] {
  return move('open_disputes', before === 'open', after === 'open');
}

/** Transactions an admin must look at: a failed workflow, or a payment that is not the one asked for. */
export function needsAttention(status: TransactionStatus): boolean {
  return status === 'needs_attention' || status === 'payment_mismatch';
}

/** A transaction's status transition (`before` null: a new booking). */
export function transactionCounterWrites(before: TransactionStatus | null, after: TransactionStatus): TransactWriteItem[] {
  return move('needs_attention', before !== null && needsAttention(before), needsAttention(after));
}

/** The cancellation reason of each write of a cancelled DynamoDB transaction, in order ([] if not cancelled). */
export function cancellationCodes(error: unknown): string[] {
  if ((error as { name?: string } | null)?.name !== 'TransactionCanceledException') return [];
  return ((error as { CancellationReasons?: Array<{ Code?: string }> }).CancellationReasons ?? []).map((reason) => reason.Code ?? 'None');
}

const CONFLICT_ATTEMPTS = 5;

/**
 * Runs a DynamoDB transaction that moves a counter, again when it was cancelled only because
 * another transaction wrote the same item at that moment (two sign-ups, two KYC submissions: both
 * `ADD` to one counter). Nothing was written by the cancelled attempt, and each attempt carries its
 * own conditions, so a retry can never count twice. Any other cancellation is the caller's.
 */
export async function retryOnConflict<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      const codes = cancellationCodes(error);
      const onlyConflicts = codes.includes('TransactionConflict') && codes.every((code) => code === 'TransactionConflict' || code === 'None');
      if (!onlyConflicts || attempt >= CONFLICT_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 50 * attempt));
    }
  }
}

// --- Reading, and the one-off recount of a table that had data before the counters.

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
