/**
 * KYC: one record per submission, and one status item per user that points at the latest
 * submission. The status item is the lock that keeps a user to one pending submission: a new
 * submission is written only if the user has no status yet or was rejected, in the same
 * transaction as the record.
 */
import { Entity } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { string } from 'dynamodb-toolbox/schema/string';
import { KYC_STATUSES } from '#shared/constants';
import { newestFirstKey, onKalanTable, sparseIndexKeys, userItemKey } from '#commons/db';

/** Admin review list, newest first: gsi1 `KYC_VERIFICATIONS` / `<created_at>#<id>`. */
export const KYC_LIST_PARTITION = 'KYC_VERIFICATIONS';
/**
 * Submissions waiting for a review, newest first: gsi2 `KYC_PENDING` / `<created_at>#<id>`. A sparse
 * index: both attributes are written with a pending submission and removed by its review, so the
 * admin's pending list and nothing else is read (issue 11).
 */
export const KYC_PENDING_PARTITION = 'KYC_PENDING';

export const KycVerificationEntity = new Entity({
  name: 'kycVerification',
  ...onKalanTable,
  schema: item({
    id: string().key(),
    user_id: string(),
    /** S3 keys in the private KYC bucket (presigned GETs on read, never stored as URLs). */
    cni_image_key: string(),
    selfie_image_key: string(),
    status: string().enum(...KYC_STATUSES),
    admin_notes: string().optional(),
    verified_by: string().optional(),
    created_at: string(),
    reviewed_at: string().optional(),
    gsi1pk: string().hidden().default(KYC_LIST_PARTITION),
    // Only while pending (KYC_PENDING_PARTITION).
    ...sparseIndexKeys('gsi2'),
  }).and((schema) => ({
    gsi1sk: string()
      .hidden()
      .link<typeof schema>(({ created_at, id }) => newestFirstKey(created_at, id)),
  })),
  computeKey: ({ id }: { id: string }) => ({ pk: `KYC#${id}`, sk: 'KYC' }),
});

export const KycStatusEntity = new Entity({
  name: 'kycStatus',
  ...onKalanTable,
  schema: item({
    user_id: string().key(),
    verification_id: string(),
    status: string().enum(...KYC_STATUSES),
    updated_at: string(),
  }),
  computeKey: userItemKey('KYC_STATUS'),
});
