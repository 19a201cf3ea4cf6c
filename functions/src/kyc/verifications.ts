/**
 * Identity verification (spec §4 KYC): a tutor submits its ID card and a selfie (pending), an
 * admin approves (the profile becomes verified) or rejects with a note; after a rejection the
 * tutor may submit again. Every state change is a conditional write inside one transaction.
 */
import { randomUUID } from 'node:crypto';
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { execute } from 'dynamodb-toolbox/entity/actions/transactWrite';
import type { Role } from '#shared/constants';
import { messages } from '#shared/messages';
import type { AdminKycItem, AdminKycPage, KycVerification, SubmitKycInput } from '#shared/kyc-schemas';
import { kycCounterWrites, retryOnConflict } from '#commons/counters';
import { ProfileEntity } from '#commons/db';
import { readIndexPage } from '#commons/index-page';
import { type IndexList } from '#commons/page-cursor';
import { ConflictError, ValidationError } from '#commons/errors';
import { assertOwnUpload } from '../uploads/storage.js';
import { KYC_LIST_PARTITION, KYC_PENDING_PARTITION, KycStatusEntity, KycVerificationEntity } from './entities.js';
import { getStatus, toVerification } from './my-verification.js';
import { getVerification, isTransactionCancelled, type StoredVerification } from './records.js';

export const ADMIN_PAGE_SIZE = 25;

/**
 * Submits both photos (uploads of the caller, present in the KYC bucket). The record and the
 * user's status are written in one transaction, only if the user has no submission yet or its
 * last one was rejected: a second submit while one is pending creates nothing. Repeating the very
 * same submit (a retry) answers the pending submission instead of an error.
 */
export async function submitVerification(userId: string, input: SubmitKycInput): Promise<KycVerification> {
  if (input.cni_image_key === input.selfie_image_key) throw new ValidationError(messages.kyc.bothPhotosRequired);
  await Promise.all([
    assertOwnUpload(userId, input.cni_image_key, ['kyc_cni']),
    assertOwnUpload(userId, input.selfie_image_key, ['kyc_selfie']),
  ]);
  const id = randomUUID();
  const now = new Date().toISOString();
  const record = {
    id,
    user_id: userId,
    cni_image_key: input.cni_image_key,
    selfie_image_key: input.selfie_image_key,
    status: 'pending' as const,
    created_at: now,
  };
  try {
    await retryOnConflict(() =>
      execute(
        KycVerificationEntity.build(PutTransaction)
          .item({ ...record, gsi2pk: KYC_PENDING_PARTITION, gsi2sk: `${now}#${id}` })
          .options({ condition: { attr: 'id', exists: false } }),
        KycStatusEntity.build(PutTransaction)
          .item({ user_id: userId, verification_id: id, status: 'pending', updated_at: now })
          .options({ condition: { or: [{ attr: 'user_id', exists: false }, { attr: 'status', eq: 'rejected' }] } }),
        ...kycCounterWrites(null, 'pending'),
      ),
    );
  } catch (error) {
    if (!isTransactionCancelled(error)) throw error;
    const current = await getStatus(userId);
    if (current?.status === 'approved') throw new ConflictError(messages.kyc.alreadyApproved);
    const pending = current?.status === 'pending' ? await getVerification(current.verification_id) : null;
    const sameSubmission =
      pending?.cni_image_key === input.cni_image_key && pending?.selfie_image_key === input.selfie_image_key;
    if (pending && sameSubmission) return toVerification(pending);
    throw new ConflictError(messages.kyc.alreadyPending);
  }
  return toVerification(record);
}

const KYC_LISTS: Record<'all' | 'pending', IndexList> = {
  all: { name: 'kyc', index: 'gsi1', partition: KYC_LIST_PARTITION, tableKey: (id) => ({ pk: `KYC#${id}`, sk: 'KYC' }) },
  pending: { name: 'kyc-pending', index: 'gsi2', partition: KYC_PENDING_PARTITION, tableKey: (id) => ({ pk: `KYC#${id}`, sk: 'KYC' }) },
};

/**
 * Submissions, newest first, with their owner's name and role and both documents (admins): every
 * one, or only those waiting for a review (the sparse `KYC_PENDING` index: nothing else is read).
 */
export async function listVerifications(cursor?: string, view: 'all' | 'pending' = 'all'): Promise<AdminKycPage> {
  const list = KYC_LISTS[view];
  const { items: Items, next_cursor } = await readIndexPage(KycVerificationEntity, list, cursor, ADMIN_PAGE_SIZE, (item) => ({
    at: item.created_at,
    id: item.id,
  }));
  const ownerIds = [...new Set(Items.map((item) => item.user_id))];
  const owners = new Map(
    await Promise.all(
      ownerIds.map(async (userId) => {
        const { Item } = await ProfileEntity.build(GetItemCommand).key({ user_id: userId }).send();
        return [userId, Item ?? null] as const;
      }),
    ),
  );
  const items: AdminKycItem[] = await Promise.all(
    Items.map(async (item) => {
      const owner = owners.get(item.user_id);
      return {
        ...(await toVerification(item)),
        verified_by: item.verified_by ?? null,
        owner: owner
          ? { first_name: owner.first_name, last_name: owner.last_name, role: owner.role as Role, email: owner.email ?? null }
          : null,
      };
    }),
  );
  return { items, next_cursor };
}
