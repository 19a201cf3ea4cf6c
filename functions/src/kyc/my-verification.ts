/**
 * A tutor's own KYC submission as the API shows it (photos by short-lived links), apart from the
 * submission and the admin's list (verifications.ts): `GET /api/me/kyc` then bundles no
 * transaction or index query.
 */
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import type { KycVerification } from '#shared/kyc-schemas';
import { signedFileUrl } from '../uploads/storage.js';
import { KycStatusEntity } from './entities.js';
import { getVerification, type StoredVerification } from './records.js';

export async function getStatus(userId: string) {
  const { Item } = await KycStatusEntity.build(GetItemCommand).key({ user_id: userId }).options({ consistent: true }).send();
  return Item ?? null;
}

export async function toVerification(item: StoredVerification): Promise<KycVerification> {
  const [cni, selfie] = await Promise.all([signedFileUrl(item.cni_image_key), signedFileUrl(item.selfie_image_key)]);
  return {
    id: item.id,
    user_id: item.user_id,
    status: item.status,
    admin_notes: item.admin_notes ?? null,
    created_at: item.created_at,
    reviewed_at: item.reviewed_at ?? null,
    cni_image_url: cni.url,
    selfie_image_url: selfie.url,
  };
}

/** The caller's latest submission, or null if it never submitted. */
export async function getMyVerification(userId: string): Promise<KycVerification | null> {
  const status = await getStatus(userId);
  if (!status) return null;
  const item = await getVerification(status.verification_id);
  return item ? toVerification(item) : null;
}
