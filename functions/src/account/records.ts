/**
 * Everything Kalan holds about one user, read through the entities, every list page after page
 * (the data library's own paging, `maxPages: Infinity`: never a bounded read):
 * the items of the user's own partition, its KYC submissions, the transactions where it is the
 * parent or the tutor, and each transaction's history and dispute. Shared by the export and the
 * deletion, so both see the same set.
 */
import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import { kalanTable, ProfileEntity, TutorProfileEntity, userPartition } from '#commons/db';
import { FavoriteEntity } from '../favorites/entities.js';
import { SearchHistoryEntity } from '../history/entities.js';
import { KYC_LIST_PARTITION, KycStatusEntity, KycVerificationEntity } from '../kyc/entities.js';
import { OrganisationEntity, ParentPreferencesEntity } from '../onboarding/entities.js';
import { RecommendationsCacheEntity } from '../recommendations/entities.js';
import {
  DisputeEntity,
  parentTransactionsIndex,
  TransactionEntity,
  TransactionHistoryEntity,
  tutorTransactionsIndex,
} from '../payments/entities.js';
import { transactionsListedOn } from '../payments/transactions.js';
import { NotificationEntity, NotificationPreferencesEntity } from '../notifications/entities.js';

export type Profile = FormattedItem<typeof ProfileEntity>;
export type TutorProfile = FormattedItem<typeof TutorProfileEntity>;
export type Transaction = FormattedItem<typeof TransactionEntity>;
export type KycVerification = FormattedItem<typeof KycVerificationEntity>;

/** The items of `USER#<id>`, by kind. */
export interface UserItems {
  profile: Profile | null;
  tutorProfile: TutorProfile | null;
  parentPreferences: FormattedItem<typeof ParentPreferencesEntity> | null;
  organisation: FormattedItem<typeof OrganisationEntity> | null;
  favorites: Array<FormattedItem<typeof FavoriteEntity>>;
  searches: Array<FormattedItem<typeof SearchHistoryEntity>>;
  kycStatus: FormattedItem<typeof KycStatusEntity> | null;
  /** The last recommendations the model wrote for the parent (kept a day). */
  recommendations: FormattedItem<typeof RecommendationsCacheEntity> | null;
  /** The notifications the user received (issue 15; kept 180 days) and the channels they chose. */
  notifications: Array<FormattedItem<typeof NotificationEntity>>;
  notificationPreferences: FormattedItem<typeof NotificationPreferencesEntity> | null;
}

/** Every kind of item a user's partition (`USER#<id>`) holds: what the export reads and the deletion deletes. */
export const USER_ITEM_ENTITIES = [
  ProfileEntity,
  TutorProfileEntity,
  ParentPreferencesEntity,
  OrganisationEntity,
  FavoriteEntity,
  SearchHistoryEntity,
  KycStatusEntity,
  RecommendationsCacheEntity,
  NotificationEntity,
  NotificationPreferencesEntity,
] as const;

/** The user's own partition, whole (strongly consistent: the deletion reads what it deletes). */
export async function readUserItems(userId: string): Promise<UserItems> {
  const { Items: items = [] } = await kalanTable
    .build(QueryCommand)
    .entities(...USER_ITEM_ENTITIES)
    .query({ partition: userPartition(userId) })
    .options({ consistent: true, maxPages: Infinity, showEntityAttr: true })
    .send();
  // The kinds of which a user has one item, and the lists, by the entity's name.
  const single: Record<string, keyof UserItems> = {
    [ProfileEntity.entityName]: 'profile',
    [TutorProfileEntity.entityName]: 'tutorProfile',
    [ParentPreferencesEntity.entityName]: 'parentPreferences',
    [OrganisationEntity.entityName]: 'organisation',
    [KycStatusEntity.entityName]: 'kycStatus',
    [RecommendationsCacheEntity.entityName]: 'recommendations',
    [NotificationPreferencesEntity.entityName]: 'notificationPreferences',
  };
  const lists: Record<string, 'favorites' | 'searches' | 'notifications'> = {
    [FavoriteEntity.entityName]: 'favorites',
    [SearchHistoryEntity.entityName]: 'searches',
    [NotificationEntity.entityName]: 'notifications',
  };
  const result: UserItems = {
    profile: null,
    tutorProfile: null,
    parentPreferences: null,
    organisation: null,
    favorites: [],
    searches: [],
    kycStatus: null,
    recommendations: null,
    notifications: [],
    notificationPreferences: null,
  };
  for (const item of items) {
    const list = lists[item.entity];
    const one = single[item.entity];
    if (list) (result[list] as unknown[]).push(item);
    else if (one) (result as unknown as Record<string, unknown>)[one] = item;
  }
  return result;
}

/**
 * Every KYC submission of the user, the rejected ones before the last included. A submission is
 * keyed by its own id; the per-user status item points only at the latest, so the submissions are
 * read from the admin's list index, filtered on the owner (an export or a deletion is rare; the
 * list holds one or two submissions per tutor).
 */
export async function readKycSubmissions(userId: string): Promise<KycVerification[]> {
  const { Items = [] } = await kalanTable
    .build(QueryCommand)
    .entities(KycVerificationEntity)
    .query({ index: 'gsi1', partition: KYC_LIST_PARTITION })
    .options({ maxPages: Infinity, filters: { kycVerification: { attr: 'user_id', eq: userId } } })
    .send();
  return Items;
}

/** The transactions where the user is the parent, and those where it is the tutor (newest first). */
export async function readTransactions(userId: string): Promise<{ asParent: Transaction[]; asTutor: Transaction[] }> {
  const [asParent, asTutor] = await Promise.all([
    transactionsListedOn('gsi1', parentTransactionsIndex(userId), Infinity),
    transactionsListedOn('gsi2', tutorTransactionsIndex(userId), Infinity),
  ]);
  return { asParent, asTutor };
}

/** A transaction's history entries (oldest first) and its dispute, if any. */
export async function readTransactionRecords(transactionId: string) {
  const { Items: items = [] } = await kalanTable
    .build(QueryCommand)
    .entities(TransactionHistoryEntity, DisputeEntity)
    .query({ partition: `TX#${transactionId}` })
    .options({ maxPages: Infinity, showEntityAttr: true })
    .send();
  const history = items.filter((item) => item.entity === TransactionHistoryEntity.entityName) as Array<FormattedItem<typeof TransactionHistoryEntity>>;
  const dispute = (items.find((item) => item.entity === DisputeEntity.entityName) ?? null) as FormattedItem<typeof DisputeEntity> | null;
  return { history, dispute };
}
