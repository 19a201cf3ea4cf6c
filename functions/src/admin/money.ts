/**
 * The admin's money views: the counts of the stat cards (counters, commons/counters.ts), and the
 * paged lists — transactions (all, or those needing attention), profiles, open disputes — each read
 * through its index one page at a time, with an opaque cursor (commons/page-cursor.ts).
 */
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { ConditionCheck } from 'dynamodb-toolbox/entity/actions/transactCheck';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { execute } from 'dynamodb-toolbox/entity/actions/transactWrite';
import { UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import type { TransactionStatus } from '#shared/transaction-process';
import type { AdminDisputesPage, AdminStats, AdminUsersPage, DisputeView } from '#shared/payments-schemas';
import { needsAttention } from '#commons/counters';
import { readCounters, type RecountHooks } from '#commons/counters-recount';
import { isConditionalCheckFailure, kalanTable, ProfileEntity } from '#commons/db';
import { readIndexPage } from '#commons/index-page';
import { ADMIN_LIST_PAGE_SIZE, type IndexList } from '#commons/page-cursor';
import { KYC_PENDING_PARTITION, KycVerificationEntity } from '../kyc/entities.js';
import {
  ALL_TRANSACTIONS_INDEX,
  ATTENTION_TRANSACTIONS_INDEX,
  DisputeEntity,
  disputesIndex,
  newestFirstKey,
  TransactionEntity,
  TransactionIndexEntity,
} from '../payments/entities.js';
import { getTransaction, toView, transactionsByIds } from '../payments/transactions.js';

/**
 * The one-off backfill that goes with the first recount of a table that had data before issue 11:
 * items already in a counted state get the sparse index attributes they would have been written
 * with (a pending KYC submission, a transaction needing attention). Each write is conditional on
 * the state still holding, so a change made meanwhile wins.
 */
const backfillSparseIndexes: RecountHooks = {
  async onItem(stored) {
    try {
      if (stored[kalanTable.entityAttributeSavedAs] === 'kycVerification' && stored.status === 'pending' && stored.gsi2pk === undefined) {
        const id = String(stored.id);
        await KycVerificationEntity.build(UpdateItemCommand)
          .item({ id, gsi2pk: KYC_PENDING_PARTITION, gsi2sk: `${String(stored.created_at)}#${id}` })
          .options({ condition: { and: [{ attr: 'status', eq: 'pending' }, { attr: 'gsi2pk', exists: false }] } })
          .send();
      }
      if (stored[kalanTable.entityAttributeSavedAs] === 'transaction' && needsAttention(stored.status as TransactionStatus)) {
        const id = String(stored.id);
        const createdAt = String(stored.created_at);
        const newest = newestFirstKey(createdAt, id);
        await execute(
          TransactionEntity.build(ConditionCheck).key({ id }).condition({ attr: 'status', in: ['needs_attention', 'payment_mismatch'] }),
          TransactionIndexEntity.build(UpdateTransaction).item({
            transaction_id: id,
            created_at: createdAt,
            gsi1pk: ALL_TRANSACTIONS_INDEX,
            gsi1sk: newest,
            gsi2pk: ATTENTION_TRANSACTIONS_INDEX,
            gsi2sk: newest,
          }),
        );
      }
    } catch (error) {
      // The item left its state since it was read: its own change wrote (or removed) the attributes.
      const cancelled = (error as { name?: string } | null)?.name === 'TransactionCanceledException';
      if (!cancelled && !isConditionalCheckFailure(error)) throw error;
    }
  },
};

/** The stat cards: exact counters, one Query (a table never counted is recounted once first). */
export async function adminStats(): Promise<AdminStats> {
  const counts = await readCounters(backfillSparseIndexes);
  return {
    total_users: counts.total_users,
    verified_tutors: counts.verified_tutors,
    pending_kyc: counts.pending_kyc,
    active_disputes: counts.open_disputes,
    needs_attention: counts.needs_attention,
  };
}

const PROFILES: IndexList = { name: 'users', index: 'gsi1', partition: 'PROFILES', tableKey: (id) => ({ pk: `USER#${id}`, sk: 'PROFILE' }) };

/** One page of the profiles, newest first (the profiles' gsi1). */
export async function profilesPage(cursor: string | undefined, size = ADMIN_LIST_PAGE_SIZE): Promise<AdminUsersPage> {
  const { items, next_cursor } = await readIndexPage(ProfileEntity, PROFILES, cursor, size, (profile) => ({
    at: profile.created_at,
    id: profile.user_id,
  }));
  return {
    users: items.map((p) => ({
      user_id: p.user_id,
      first_name: p.first_name,
      last_name: p.last_name,
      email: p.email,
      role: p.role,
      is_verified: p.is_verified,
      created_at: p.created_at,
    })),
    next_cursor,
  };
}

const OPEN_DISPUTES: IndexList = {
  name: 'disputes',
  index: 'gsi1',
  partition: disputesIndex('open'),
  tableKey: (id) => ({ pk: `TX#${id}`, sk: 'DISPUTE' }),
};

/** One page of the open disputes (their own gsi1 partition), newest first, each with its transaction. */
export async function openDisputesPage(cursor: string | undefined, size = ADMIN_LIST_PAGE_SIZE): Promise<AdminDisputesPage> {
  const { items, next_cursor } = await readIndexPage(DisputeEntity, OPEN_DISPUTES, cursor, size, (dispute) => ({
    at: dispute.opened_at,
    id: dispute.transaction_id,
  }));
  const transactions = new Map((await transactionsByIds(items.map((d) => d.transaction_id))).map((tx) => [tx.id, tx]));
  const disputes = items.flatMap((dispute): DisputeView[] => {
    const tx = transactions.get(dispute.transaction_id);
    if (!tx) return [];
    return [
      {
        id: dispute.transaction_id,
        transaction_id: dispute.transaction_id,
        status: dispute.status,
        kind: dispute.kind ?? 'rating',
        rating: dispute.rating,
        review: dispute.review,
        opened_at: dispute.opened_at,
        resolved_at: dispute.resolved_at,
        resolution: dispute.resolution,
        admin_notes: dispute.admin_notes,
        transaction: toView(tx),
      },
    ];
  });
  return { disputes, next_cursor };
}

export async function getDispute(transactionId: string) {
  const { Item } = await DisputeEntity.build(GetItemCommand).key({ transaction_id: transactionId }).options({ consistent: true }).send();
  return Item ?? null;
}

export { getTransaction };
