/**
 * The admin's decision on a KYC submission. Kept apart from the submission code so that its
 * Lambda carries no S3 client (it reads no document; a rejection only tags the documents for the
 * retention rule, with one signed request each).
 */
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { $remove } from 'dynamodb-toolbox/entity/actions/update/symbols';
import { execute } from 'dynamodb-toolbox/entity/actions/transactWrite';
import { messages } from '#shared/messages';
import type { KycDecision, KycReviewResult } from '#shared/kyc-schemas';
import { kycCounterWrites, profileCounterWrites, retryOnConflict, type TransactWriteItem } from '#commons/counters';
import { ProfileEntity } from '#commons/db';
import { ConflictError, NotFoundError } from '#commons/errors';
import { KycStatusEntity, KycVerificationEntity } from './entities.js';
import { tagKycDocuments } from '../uploads/storage.js';
import { getVerification, isTransactionCancelled } from './records.js';

/**
 * Approves or rejects a pending submission. One transaction, conditional on the record being
 * pending: the record, the owner's status and, on approval, the owner's profile `is_verified`
 * change together or not at all (409 when the record is no longer pending), with the admin's
 * counters (pending KYC; verified tutors when a tutor becomes verified).
 */
export async function reviewVerification(
  id: string,
  adminId: string,
  decision: KycDecision,
  note: string | undefined,
): Promise<KycReviewResult> {
  const record = await getVerification(id);
  if (!record) throw new NotFoundError(messages.kyc.notFound);
  if (record.status !== 'pending') {
    // A rejection retried after its tagging failed: tag again (harmless twice), then say it was done.
    if (record.status === 'rejected' && decision === 'reject') await tagKycDocuments([record.cni_image_key, record.selfie_image_key], 'rejected');
    throw new ConflictError(messages.kyc.alreadyReviewed);
  }

  const status = decision === 'approve' ? ('approved' as const) : ('rejected' as const);
  const adminNotes = note?.trim() || (decision === 'reject' ? messages.kyc.defaultRejectNote : undefined);
  const now = new Date().toISOString();
  try {
    await retryOnConflict(async () => {
      const writes: TransactWriteItem[] = [
        KycVerificationEntity.build(UpdateTransaction)
          // Out of the pending index (a sparse gsi2) as it leaves `pending`.
          .item({ id, status, admin_notes: adminNotes, verified_by: adminId, reviewed_at: now, gsi2pk: $remove(), gsi2sk: $remove() })
          .options({ condition: { attr: 'status', eq: 'pending' } }) as TransactWriteItem,
        KycStatusEntity.build(UpdateTransaction)
          .item({ user_id: record.user_id, status, updated_at: now })
          .options({ condition: { attr: 'verification_id', eq: id } }) as TransactWriteItem,
        ...kycCounterWrites('pending', status),
      ];
      if (decision === 'approve') {
        // Read at each attempt: the verified-tutor count moves only if this approval verifies it.
        const { Item: profile } = await ProfileEntity.build(GetItemCommand).key({ user_id: record.user_id }).options({ consistent: true }).send();
        writes.push(
          ProfileEntity.build(UpdateTransaction)
            .item({ user_id: record.user_id, is_verified: true, updated_at: now })
            .options({
              condition: profile
                ? { and: [{ attr: 'user_id', exists: true }, { attr: 'is_verified', eq: profile.is_verified }] }
                : { attr: 'user_id', exists: true },
            }) as TransactWriteItem,
          ...(profile ? profileCounterWrites(profile, { role: profile.role, is_verified: true }) : []),
        );
      }
      await execute(...writes);
    });
  } catch (error) {
    if (isTransactionCancelled(error)) throw new ConflictError(messages.kyc.alreadyReviewed);
    throw error;
  }
  // Only once the rejection is recorded: a document of a submission still pending (or approved by a
  // concurrent review) is never marked for deletion. Should S3 fail here, the admin's retry tags.
  if (status === 'rejected') await tagKycDocuments([record.cni_image_key, record.selfie_image_key], 'rejected');
  return { id, user_id: record.user_id, status, admin_notes: adminNotes ?? null, verified_by: adminId, reviewed_at: now };
}
