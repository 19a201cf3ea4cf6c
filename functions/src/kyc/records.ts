/** KYC records as stored, shared by the submission and the review modules (no S3 here). */
import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { KycVerificationEntity } from './entities.js';

export type StoredVerification = FormattedItem<typeof KycVerificationEntity>;

export function isTransactionCancelled(error: unknown): boolean {
  return (error as { name?: string } | null)?.name === 'TransactionCanceledException';
}

export async function getVerification(id: string): Promise<StoredVerification | null> {
  const { Item } = await KycVerificationEntity.build(GetItemCommand).key({ id }).options({ consistent: true }).send();
  return Item ?? null;
}
