/**
 * The admin's decision on a KYC submission. Kept apart from the submission code so that its
 * Lambda carries no S3 client (it reads no document).
 */
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { execute } from 'dynamodb-toolbox/entity/actions/transactWrite';
import { messages } from '#shared/messages';
import type { KycDecision, KycReviewResult } from '#shared/onboarding-schemas';
import { ProfileEntity } from '#commons/db';
import { ConflictError, NotFoundError } from '#commons/errors';
import { KycStatusEntity, KycVerificationEntity } from './entities.js';
import { getVerification, isTransactionCancelled } from './records.js';

/**
 * Approves or rejects a pending submission. One transaction, conditional on the record being
 * pending: the record, the owner's status and, on approval, the owner's profile `is_verified`
 * change together or not at all (409 when the record is no longer pending).
 */
export async function reviewVerification(
  id: string,
  adminId: string,
  decision: KycDecision,
  note: string | undefined,
): Promise<KycReviewResult> {
  const record = await getVerification(id);
  if (!record) throw new NotFoundError(messages.kyc.notFound);
  if (record.status !== 'pending') throw new ConflictError(messages.kyc.alreadyReviewed);

  const status = decision === 'approve' ? ('approved' as const) : ('rejected' as const);
  const adminNotes = note?.trim() || (decision === 'reject' ? messages.kyc.defaultRejectNote : undefined);
  const now = new Date().toISOString();
  const updateRecord = KycVerificationEntity.build(UpdateTransaction)
    .item({ id, status, admin_notes: adminNotes, verified_by: adminId, reviewed_at: now })
    .options({ condition: { attr: 'status', eq: 'pending' } });
  const updateStatus = KycStatusEntity.build(UpdateTransaction)
    .item({ user_id: record.user_id, status, updated_at: now })
    .options({ condition: { attr: 'verification_id', eq: id } });
  try {
    if (decision === 'approve') {
      await execute(
        updateRecord,
        updateStatus,
        ProfileEntity.build(UpdateTransaction)
          .item({ user_id: record.user_id, is_verified: true, updated_at: now })
          .options({ condition: { attr: 'user_id', exists: true } }),
      );
    } else {
      await execute(updateRecord, updateStatus);
    }
  } catch (error) {
    if (isTransactionCancelled(error)) throw new ConflictError(messages.kyc.alreadyReviewed);
    throw error;
  }
  return { id, user_id: record.user_id, status, admin_notes: adminNotes ?? null, verified_by: adminId, reviewed_at: now };
}
