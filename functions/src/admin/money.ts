/** The admin's money views: counts for the stat cards, all transactions, profiles, disputes. */
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import type { AdminStats, AdminUser, DisputeView } from '#shared/payments-schemas';
import { kalanTable, ProfileEntity } from '#commons/db';
import { KYC_LIST_PARTITION, KycVerificationEntity } from '../kyc/entities.js';
import { DisputeEntity, disputesIndex } from '../payments/entities.js';
import { allTransactionIds, getTransaction, toView, transactionsByIds } from '../payments/transactions.js';

/** Counts query results page by page (Select COUNT): nothing but the count leaves DynamoDB. */
async function countPages(send: (exclusiveStartKey?: Record<string, unknown>) => Promise<{ Count?: number; LastEvaluatedKey?: Record<string, unknown> }>): Promise<number> {
  let count = 0;
  let exclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await send(exclusiveStartKey);
    count += page.Count ?? 0;
    exclusiveStartKey = page.LastEvaluatedKey;
  } while (exclusiveStartKey);
  return count;
}

const countProfiles = () =>
  countPages((exclusiveStartKey) =>
    kalanTable.build(QueryCommand).entities(ProfileEntity).query({ index: 'gsi1', partition: 'PROFILES' }).options({ select: 'COUNT', exclusiveStartKey, maxPages: 1 }).send(),
  );

/** Pending KYC submissions (records written by the KYC review, kyc/entities.ts). */
const countPendingKyc = () =>
  countPages((exclusiveStartKey) =>
    kalanTable
      .build(QueryCommand)
      .entities(KycVerificationEntity)
      .query({ index: 'gsi1', partition: KYC_LIST_PARTITION })
      .options({ select: 'COUNT', exclusiveStartKey, maxPages: 1, filters: { kycVerification: { attr: 'status', eq: 'pending' } } })
      .send(),
  );

const countOpenDisputes = () =>
  countPages((exclusiveStartKey) =>
    kalanTable.build(QueryCommand).entities(DisputeEntity).query({ index: 'gsi1', partition: disputesIndex('open') }).options({ select: 'COUNT', exclusiveStartKey, maxPages: 1 }).send(),
  );

const countVerifiedTutors = () =>
  countPages((exclusiveStartKey) =>
    kalanTable
      .build(QueryCommand)
      .entities(ProfileEntity)
      .query({ index: 'gsi1', partition: 'PROFILES' })
      .options({
        select: 'COUNT',
        exclusiveStartKey,
        maxPages: 1,
        filters: { profile: { and: [{ attr: 'role', eq: 'tuteur' }, { attr: 'is_verified', eq: true }] } },
      })
      .send(),
  );

export async function adminStats(): Promise<AdminStats> {
  const [totalUsers, verifiedTutors, pendingKyc, activeDisputes, needsAttention] = await Promise.all([
    countProfiles(),
    countVerifiedTutors(),
    countPendingKyc(),
    countOpenDisputes(),
    transactionsByIds(await allTransactionIds()).then((txs) => txs.filter((tx) => tx.status === 'needs_attention' || tx.status === 'payment_mismatch').length),
  ]);
  return {
    total_users: totalUsers,
    verified_tutors: verifiedTutors,
    pending_kyc: pendingKyc,
    active_disputes: activeDisputes,
    needs_attention: needsAttention,
  };
}

export async function allTransactions() {
  return (await transactionsByIds(await allTransactionIds())).map(toView);
}

/** Every profile, newest first (the profiles' gsi1). */
export async function allProfiles(limit = 1000): Promise<AdminUser[]> {
  const users: AdminUser[] = [];
  let exclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await kalanTable
      .build(QueryCommand)
      .entities(ProfileEntity)
      .query({ index: 'gsi1', partition: 'PROFILES' })
      .options({ reverse: true, exclusiveStartKey, maxPages: 1 })
      .send();
    for (const p of page.Items ?? []) {
      users.push({
        user_id: p.user_id,
        first_name: p.first_name,
        last_name: p.last_name,
        email: p.email,
        role: p.role,
        is_verified: p.is_verified,
        created_at: p.created_at,
      });
    }
    exclusiveStartKey = page.LastEvaluatedKey;
  } while (exclusiveStartKey && users.length < limit);
  return users.slice(0, limit);
}

/** Open disputes, newest first, each with its transaction (rating, review, amounts, status). */
export async function openDisputes(): Promise<DisputeView[]> {
  const { Items = [] } = await kalanTable
    .build(QueryCommand)
    .entities(DisputeEntity)
    .query({ index: 'gsi1', partition: disputesIndex('open') })
    .options({ reverse: true })
    .send();
  const transactions = new Map((await transactionsByIds(Items.map((d) => d.transaction_id))).map((tx) => [tx.id, tx]));
  return Items.flatMap((dispute) => {
    const tx = transactions.get(dispute.transaction_id);
    if (!tx) return [];
    return [
      {
        id: dispute.transaction_id,
        transaction_id: dispute.transaction_id,
        status: dispute.status,
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
}

export async function getDispute(transactionId: string) {
  const { Item } = await DisputeEntity.build(GetItemCommand).key({ transaction_id: transactionId }).options({ consistent: true }).send();
  return Item ?? null;
}

export { getTransaction };
