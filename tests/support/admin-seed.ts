/**
 * A big table for the admin views (issue 11, point 5): thousands of profiles, KYC submissions,
 * transactions and disputes, written through the real entities (dynamodb-toolbox builds each item
 * exactly as the application writes it) with BatchWriteItem, 25 items per request and several
 * requests in flight. No counter is written: as in a table that had data before the counters, the
 * first read of the stat cards recounts. The caller gets what it wrote, to check counts and pages.
 *
 * The process must point at the DynamoDB Local to fill (TABLE_NAME, AWS_ENDPOINT_URL_DYNAMODB)
 * before this module is imported.
 */
import { randomUUID } from 'node:crypto';
import { BatchPutRequest } from 'dynamodb-toolbox/entity/actions/batchPut';
import { BatchWriteCommand, execute } from 'dynamodb-toolbox/table/actions/batchWrite';
import { ROLES, type Role } from '#shared/constants';
import { buildUploadKey } from '#shared/upload-schemas';
import { ATTENTION_STATUSES, type TransactionStatus } from '#shared/transaction-process';
import { kalanTable, ProfileEntity } from '#commons/db';
import { KYC_LIST_PARTITION, KYC_PENDING_PARTITION, KycStatusEntity, KycVerificationEntity } from '../../functions/src/kyc/entities.js';
import {
  ALL_TRANSACTIONS_INDEX,
  DisputeEntity,
  disputesIndex,
  newestFirstKey,
  parentTransactionsIndex,
  TransactionEntity,
  TransactionIndexEntity,
  TransactionListsEntity,
  tutorTransactionsIndex,
} from '../../functions/src/payments/entities.js';

export interface AdminSeedOptions {
  users: number;
  transactions: number;
  /** Requests in flight at once. */
  parallelism?: number;
}

export interface AdminSeed {
  userIds: string[];
  /** Tutors (role `tuteur`) with `is_verified`. */
  verifiedTutors: number;
  /** Unverified tutors, each with one pending submission (id → owner). */
  pendingKyc: Map<string, string>;
  /** Pending submissions written as before the sparse index (no gsi2): the recount backfills them. */
  legacyPendingKyc: string[];
  kycIds: string[];
  transactionIds: string[];
  /** In `needs_attention` (with the status the workflow failed in) or `payment_mismatch`. */
  attention: Map<string, TransactionStatus>;
  /** Attention transactions whose index row was written before the sparse index (no gsi2). */
  legacyAttention: string[];
  /** Open disputes: on held funds (`disputed`) or after a release; and resolved ones. */
  openDisputes: Map<string, TransactionStatus>;
  resolvedDisputes: string[];
}

/** The statuses a seeded transaction is given, in turn (the attention ones are placed on purpose). */
const ORDINARY: TransactionStatus[] = ['pending', 'escrow', 'released', 'released', 'refunded', 'failed', 'refund_pending'];

/** Spread over the last year, one millisecond apart at least, so that every index key differs. */
const dateOf = (i: number, total: number) => new Date(Date.UTC(2025, 10, 1) + Math.floor((i * 365 * 86_400_000) / total) + i).toISOString();

export async function seedAdminTable(options: AdminSeedOptions): Promise<AdminSeed> {
  // Requests of several entities in one list: BatchWriteCommand takes them mixed.
  const requests: Array<BatchPutRequest<any>> = [];
  const seed: AdminSeed = {
    userIds: [],
    verifiedTutors: 0,
    pendingKyc: new Map(),
    legacyPendingKyc: [],
    kycIds: [],
    transactionIds: [],
    attention: new Map(),
    legacyAttention: [],
    openDisputes: new Map(),
    resolvedDisputes: [],
  };

  // Profiles: every role; one tutor in three verified; unverified tutors get a submission.
  const parents: string[] = [];
  const tutors: string[] = [];
  for (let i = 0; i < options.users; i++) {
    const userId = randomUUID();
    const role: Role = ROLES[i % ROLES.length]!;
    const createdAt = dateOf(i, options.users);
    const verified = role === 'tuteur' && i % 3 === 0;
    if (verified) seed.verifiedTutors += 1;
    if (role === 'parent') parents.push(userId);
    if (role === 'tuteur') tutors.push(userId);
    seed.userIds.push(userId);
    requests.push(
      ProfileEntity.build(BatchPutRequest).item({
        user_id: userId,
        first_name: `Prénom${i}`,
        last_name: `Nom${i}`,
        email: `seed-${i}@test.kalan.ci`,
        role,
        is_verified: verified,
        created_at: createdAt,
      }),
    );
    if (role !== 'tuteur' || verified) continue;
    // Three unverified tutors in four submitted: one pending for two rejected.
    const kind = tutors.length % 4;
    if (kind === 3) continue;
    const id = randomUUID();
    const status = kind === 0 ? 'pending' : 'rejected';
    seed.kycIds.push(id);
    const legacy = status === 'pending' && seed.pendingKyc.size % 10 === 9;
    if (status === 'pending') seed.pendingKyc.set(id, userId);
    if (legacy) seed.legacyPendingKyc.push(id);
    requests.push(
      KycVerificationEntity.build(BatchPutRequest).item({
        id,
        user_id: userId,
        cni_image_key: buildUploadKey(userId, 'kyc_cni', 'image/png', Date.parse(createdAt), randomUUID()),
        selfie_image_key: buildUploadKey(userId, 'kyc_selfie', 'image/png', Date.parse(createdAt), randomUUID()),
        status,
        created_at: createdAt,
        gsi1pk: KYC_LIST_PARTITION,
        ...(status === 'pending' && !legacy ? { gsi2pk: KYC_PENDING_PARTITION, gsi2sk: `${createdAt}#${id}` } : {}),
        ...(status === 'rejected' ? { admin_notes: 'Documents non conformes', reviewed_at: createdAt, verified_by: 'seed' } : {}),
      }),
      KycStatusEntity.build(BatchPutRequest).item({ user_id: userId, verification_id: id, status, updated_at: createdAt }),
    );
  }

  // Transactions: ordinary statuses in turn; one in 100 needs attention, one in 500 is a payment
  // mismatch; one in 50 carries a dispute (open on held funds, open after a release, or resolved).
  for (let i = 0; i < options.transactions; i++) {
    const id = randomUUID();
    const createdAt = dateOf(i, options.transactions);
    const parentId = parents[i % parents.length]!;
    const tutorUserId = tutors[i % tutors.length]!;
    let status = ORDINARY[i % ORDINARY.length]!;
    let attentionOf: TransactionStatus | undefined;
    let dispute: 'open' | 'resolved' | undefined;
    if (i % 100 === 7) {
      status = 'needs_attention';
      attentionOf = ATTENTION_STATUSES[seed.attention.size % ATTENTION_STATUSES.length]!;
    } else if (i % 500 === 11) {
      status = 'payment_mismatch';
    } else if (i % 50 === 3) {
      status = (i / 50) % 2 < 1 ? 'disputed' : 'released';
      dispute = 'open';
    } else if (i % 50 === 29) {
      status = 'released';
      dispute = 'resolved';
    }
    seed.transactionIds.push(id);
    const inAttention = status === 'needs_attention' || status === 'payment_mismatch';
    const legacy = inAttention && seed.attention.size % 8 === 5;
    if (inAttention) seed.attention.set(id, attentionOf ?? status);
    if (legacy) seed.legacyAttention.push(id);
    const newest = newestFirstKey(createdAt, id);
    const paid = status !== 'pending' && status !== 'failed' && status !== 'payment_mismatch' && attentionOf !== 'pending';
    requests.push(
      TransactionEntity.build(BatchPutRequest).item({
        id,
        reference: `KAL-SEED-${id}`,
        parent_id: parentId,
        parent_name: 'Parent Seed',
        email: 'parent-seed@test.kalan.ci',
        tutor_id: `tutor-${tutorUserId}`,
        tutor_user_id: tutorUserId,
        tutor_name: 'Tuteur Seed',
        hourly_rate: 5000,
        amount_total: 10_000,
        amount_tutor: 9000,
        commission_amount: 1000,
        currency: 'XOF',
        payment_method: 'mobile_money_orange',
        description: 'Mathématiques (3ème) — 2 h',
        status,
        created_at: createdAt,
        updated_at: createdAt,
        ...(paid ? { paid_at: createdAt } : {}),
        auto_release_at: createdAt,
        ...(attentionOf
          ? {
              attention_reason: 'Paystack indisponible',
              attention: { state: 'Seed', status: attentionOf as 'pending', error: 'Seed', cause: 'Seed', attempt: 1, at: createdAt },
            }
          : {}),
        course: { id: randomUUID(), subject: 'Mathématiques', level: '3ème', duration_hours: 2, status: 'scheduled' },
      }),
      TransactionListsEntity.build(BatchPutRequest).item({
        transaction_id: id,
        gsi1pk: parentTransactionsIndex(parentId),
        gsi1sk: newest,
        gsi2pk: tutorTransactionsIndex(tutorUserId),
        gsi2sk: newest,
      }),
      TransactionIndexEntity.build(BatchPutRequest).item({
        transaction_id: id,
        created_at: createdAt,
        gsi1pk: ALL_TRANSACTIONS_INDEX,
        gsi1sk: newest,
        ...(inAttention && !legacy ? { gsi2pk: 'TX_ATTENTION', gsi2sk: newest } : {}),
      }),
    );
    if (dispute) {
      if (dispute === 'open') seed.openDisputes.set(id, status);
      else seed.resolvedDisputes.push(id);
      requests.push(
        DisputeEntity.build(BatchPutRequest).item({
          transaction_id: id,
          parent_id: parentId,
          tutor_user_id: tutorUserId,
          rating: 1,
          review: 'Absent',
          status: dispute,
          opened_at: createdAt,
          ...(dispute === 'resolved' ? { resolved_at: createdAt, resolution: 'closed', resolved_by: 'seed' } : {}),
          gsi1pk: disputesIndex(dispute),
          gsi1sk: newest,
        }),
      );
    }
  }

  await writeAll(requests, options.parallelism ?? 8);
  return seed;
}

/** BatchWriteItem, 25 puts per request, `parallelism` requests in flight; unprocessed items retried. */
async function writeAll(requests: Array<BatchPutRequest<any>>, parallelism: number): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: parallelism }, async () => {
      while (next < requests.length) {
        const batch = requests.slice(next, next + 25);
        next += 25;
        await execute({ maxAttempts: 20 }, kalanTable.build(BatchWriteCommand).requests(...(batch as [BatchPutRequest<any>])));
      }
    }),
  );
}
