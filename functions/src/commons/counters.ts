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
 * (`readCounters`, commons/counters-recount.ts), exactly, and then only the `ADD`s move them.
 */
import { Entity } from 'dynamodb-toolbox/entity';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { $add } from 'dynamodb-toolbox/entity/actions/update/symbols';
import type { ExecuteTransactWriteInput } from 'dynamodb-toolbox/entity/actions/transactWrite';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import type { KycStatus, Role } from '#shared/constants';
import type { TransactionStatus } from '#shared/transaction-process';
import { kalanTable } from './db.js';

export const COUNTERS = ['total_users', 'verified_tutors', 'pending_kyc', 'open_disputes', 'needs_attention'] as const;
export type CounterName = (typeof COUNTERS)[number];
export type Counts = Record<CounterName, number>;

/** One write of a DynamoDB transaction (what `execute` of transactWrite takes). */
export type TransactWriteItem = Extract<ExecuteTransactWriteInput[number], { params: unknown }>;

export const COUNTERS_PARTITION = 'ADMIN_COUNTERS';

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

export const isVerifiedTutor = (profile: CountedProfile | null) => profile?.role === 'tuteur' && profile.is_verified;

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
