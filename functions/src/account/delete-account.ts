/**
 * Deleting an account (law 2013-450 of Côte d'Ivoire): refused while money is moving for the
 * user; otherwise, in this order, each step idempotent so that a retried DELETE finishes what a
 * failed one began:
 * 1. the other side's notifications lose the user's name (`anonymiseNotificationsAbout`, while the
 *    transactions still hold it), then the money records are kept and anonymised (`anonymiseTransactions`);
 * 1b. the conversations (issue 31): the other side's notifications lose the user's name, then each
 *    conversation keeps the other side's messages and loses the user's (text removed), its name and
 *    its place (`<side>_deleted_at`); the reports that name the user lose its name; its messaging
 *    items (`MESSAGING#<user>`) are deleted (`removeConversations`);
 * 2. the identity documents and tutor images are tagged for the retention rule, then deleted (`deleteFiles`);
 * 3. the KYC submissions are deleted (`deleteKycSubmissions`);
 * 4. the user's partition is deleted, the profile last with the admin's counters (`deleteUserItems`),
 *    then whatever is left in it (`sweepPartition`): from the profile's deletion on, no request of
 *    the account's tokens is admitted (commons/live-account.ts) and the notifier writes nothing there;
 * 5. the Cognito user is deleted (`deleteCognitoUser`), last: until then the caller can retry. Its
 *    refresh tokens die with it; its access tokens stay valid until they expire, and the API refuses
 *    them from step 4 on (no `AdminUserGlobalSignOut`: docs/decisions.md, issue 28).
 * The log says what each step did, in counts: never a name, an email or a document key.
 */
import { AdminDeleteUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { BatchDeleteRequest } from 'dynamodb-toolbox/entity/actions/batchDelete';
import { DeleteTransaction } from 'dynamodb-toolbox/entity/actions/transactDelete';
import { execute } from 'dynamodb-toolbox/entity/actions/transactWrite';
import { $remove, UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { BatchWriteCommand, execute as executeBatchWrite } from 'dynamodb-toolbox/table/actions/batchWrite';
import { DeletePartitionCommand } from 'dynamodb-toolbox/table/actions/deletePartition';
import { messages } from '#shared/messages';
import { cognito } from '#commons/clients/cognito';
import { cancellationCodes, kycRemovalCounterWrites, profileRemovalCounterWrites, retryOnConflict } from '#commons/counters';
import { isConditionalCheckFailure, kalanTable, ProfileEntity, TutorProfileEntity, userPartition } from '#commons/db';
import { requireEnv } from '#commons/env';
import { DomainError } from '#commons/errors';
import { logger } from '#commons/logger';
import { FavoriteEntity } from '../favorites/entities.js';
import { SearchHistoryEntity } from '../history/entities.js';
import { KycStatusEntity, KycVerificationEntity } from '../kyc/entities.js';
import { OrganisationEntity, ParentPreferencesEntity } from '../onboarding/entities.js';
import { RecommendationsCacheEntity } from '../recommendations/entities.js';
import { anonymiseNotifications, type NotificationMention } from '../notifications/anonymise.js';
import { NotificationEntity, NotificationPreferencesEntity } from '../notifications/entities.js';
import { TransactionEntity } from '../payments/entities.js';
import { deletePhotoVariants } from '../photos/variants.js';
import { deleteStoredFiles, tagKycDocuments } from '../uploads/storage.js';
import { anonymiseConversations, anonymiseReports, conversationMentions, deleteMessagingItems, readConversations } from './conversations.js';
import { readKycSubmissions, readTransactions, readUserItems, USER_ITEM_ENTITIES, type KycVerification, type Transaction, type UserItems } from './records.js';
import { anonymisationOf, ANONYMISED, inFlightDetail, moneyInFlight } from './rules.js';

export interface DeletionReport {
  notificationsAnonymised: number;
  transactionsAnonymised: number;
  conversationsAnonymised: number;
  messagesRemoved: number;
  reportsAnonymised: number;
  messagingItemsDeleted: number;
  documentsDeleted: number;
  imagesDeleted: number;
  kycSubmissionsDeleted: number;
  itemsDeleted: number;
  profileDeleted: boolean;
  cognitoUserDeleted: boolean;
}

export class MoneyInFlightError extends DomainError {
  constructor(blocking: readonly Transaction[]) {
    super('money_in_flight', 409, messages.account.moneyInFlight, blocking.map(inFlightDetail));
  }
}

/** Deletes the account of `userId`; throws MoneyInFlightError (409, nothing changed) while money moves. */
export async function deleteAccount(userId: string): Promise<DeletionReport> {
  const { asParent, asTutor } = await readTransactions(userId);
  const transactions = [...new Map([...asParent, ...asTutor].map((tx) => [tx.id, tx])).values()];
  const blocking = moneyInFlight(transactions);
  if (blocking.length > 0) {
    logger.info('Account deletion refused: money in flight', { transactions: blocking.length });
    throw new MoneyInFlightError(blocking);
  }
  const notificationsAnonymised = await anonymiseNotificationsAbout(transactions, userId);
  const transactionsAnonymised = await anonymiseTransactions(transactions, userId);
  const { conversationsAnonymised, messagesRemoved, reportsAnonymised, messagingItemsDeleted, conversationNotificationsAnonymised } = await removeConversations(userId);
  const [items, submissions] = await Promise.all([readUserItems(userId), readKycSubmissions(userId)]);
  const { documentsDeleted, imagesDeleted } = await deleteFiles(items, submissions);
  const kycSubmissionsDeleted = await deleteKycSubmissions(submissions);
  const { itemsDeleted, profileDeleted } = await deleteUserItems(userId, items);
  const cognitoUserDeleted = await deleteCognitoUser(userId);
  const report = {
    notificationsAnonymised: notificationsAnonymised + conversationNotificationsAnonymised,
    transactionsAnonymised,
    conversationsAnonymised,
    messagesRemoved,
    reportsAnonymised,
    messagingItemsDeleted,
    documentsDeleted,
    imagesDeleted,
    kycSubmissionsDeleted,
    itemsDeleted,
    profileDeleted,
    cognitoUserDeleted,
  };
  logger.info('Account deleted', report);
  return report;
}

/**
 * Step 1, first. The other side of each transaction was told about it in words that name the user
 * ('Le paiement a été versé à Koffi Brou'): those notifications lose the name, as the transaction
 * does below. Before the transactions, which hold the name until then: a retry after this finds
 * the name on those not yet anonymised, and nothing left to replace on the others.
 */
async function anonymiseNotificationsAbout(transactions: readonly Transaction[], userId: string): Promise<number> {
  const mentions: NotificationMention[] = transactions.flatMap((tx) => [
    ...(tx.parent_id === userId ? [{ recipient: tx.tutor_user_id, transactionId: tx.id, name: tx.parent_name }] : []),
    ...(tx.tutor_user_id === userId ? [{ recipient: tx.parent_id, transactionId: tx.id, name: tx.tutor_name }] : []),
  ]);
  return anonymiseNotifications(mentions, ANONYMISED);
}

/**
 * Step 1. Each kept transaction loses the deleted side's personal data, on condition that its
 * status is still the final one read (a final status never changes: the condition only guards
 * against a record that is not what was read). Ledger lines are not touched: they hold amounts and
 * account names made of user ids, no personal data (docs/decisions.md).
 */
async function anonymiseTransactions(transactions: readonly Transaction[], userId: string): Promise<number> {
  let changed = 0;
  for (const tx of transactions) {
    const changes = anonymisationOf(tx, userId);
    if (Object.keys(changes).length === 0) continue;
    const { notes, phone_number, ...names } = changes;
    await TransactionEntity.build(UpdateItemCommand)
      .item({
        id: tx.id,
        ...names,
        ...(phone_number === null ? { phone_number: $remove() } : {}),
        ...(notes === null ? { course: { notes: $remove() } } : {}),
      })
      .options({ condition: { attr: 'status', eq: tx.status } })
      .send()
      .catch((error: unknown) => {
        if (isConditionalCheckFailure(error)) throw new DomainError('conflict', 409, messages.http.conflict);
        throw error;
      });
    changed += 1;
  }
  return changed;
}

/**
 * Step 1b (issue 31). The names first (notifications of unread messages name the sender), while the
 * conversations still hold them; then the messages and the conversations, the reports, and the
 * user's messaging items. A retry finds the names already replaced and the texts already removed.
 */
async function removeConversations(userId: string) {
  const conversations = await readConversations(userId);
  const conversationNotificationsAnonymised = await anonymiseNotifications(conversationMentions(conversations, userId), ANONYMISED);
  const { conversations: conversationsAnonymised, messages: messagesRemoved } = await anonymiseConversations(conversations, userId);
  const reportsAnonymised = await anonymiseReports(userId);
  const messagingItemsDeleted = await deleteMessagingItems(userId);
  return { conversationsAnonymised, messagesRemoved, reportsAnonymised, messagingItemsDeleted, conversationNotificationsAnonymised };
}

/**
 * Step 2. Identity documents: tagged `account-deleted` (the lifecycle rule expires the version the
 * delete leaves behind), then deleted. Tutor images (profile photo, diplomas): deleted, with the
 * photo's resized variants (the photos bucket, which CloudFront serves).
 */
async function deleteFiles(items: UserItems, submissions: readonly KycVerification[]): Promise<{ documentsDeleted: number; imagesDeleted: number }> {
  const documents = [...new Set(submissions.flatMap((s) => [s.cni_image_key, s.selfie_image_key]))];
  const tutor = items.tutorProfile;
  const images = tutor ? [...new Set([tutor.profile_image_url, ...tutor.diploma_images].filter((key): key is string => !!key))] : [];
  if (documents.length > 0) {
    await tagKycDocuments(documents, 'accountDeleted');
    await deleteStoredFiles(documents);
  }
  if (images.length > 0) await deleteStoredFiles(images);
  const photos = tutor ? [...new Set([tutor.profile_image_url, tutor.photo_variants_of].filter((key): key is string => !!key))] : [];
  if (photos.length > 0) await deletePhotoVariants(photos);
  return { documentsDeleted: documents.length, imagesDeleted: images.length };
}

/** Step 3. Each submission with the pending counter it holds, on condition its status is the one read. */
async function deleteKycSubmissions(submissions: readonly KycVerification[]): Promise<number> {
  let deleted = 0;
  for (const submission of submissions) {
    try {
      await retryOnConflict(() =>
        execute(
          KycVerificationEntity.build(DeleteTransaction)
            .key({ id: submission.id })
            .options({ condition: { attr: 'status', eq: submission.status } }),
          ...kycRemovalCounterWrites(submission.status),
        ),
      );
      deleted += 1;
    } catch (error) {
      // Reviewed meanwhile (its status moved): the retried deletion reads it again.
      if (cancellationCodes(error)[0] === 'ConditionalCheckFailed') throw new DomainError('conflict', 409, messages.http.conflict);
      throw error;
    }
  }
  return deleted;
}

const BATCH_WRITE_MAX = 25;

/**
 * Step 4. Favourites, searches, the kept recommendations, onboarding answers, the tutor profile (its deletion reaches the
 * search indexer through the table's stream: the tutor leaves the catalogue) and the KYC status,
 * then the profile, with the admin's counters, on condition that it is still the one counted.
 */
async function deleteUserItems(userId: string, items: UserItems): Promise<{ itemsDeleted: number; profileDeleted: boolean }> {
  const requests = [
    ...items.favorites.map((f) => FavoriteEntity.build(BatchDeleteRequest).key({ user_id: userId, tutor_id: f.tutor_id })),
    ...items.searches.map((s) => SearchHistoryEntity.build(BatchDeleteRequest).key({ user_id: userId, id: s.id })),
    ...(items.parentPreferences ? [ParentPreferencesEntity.build(BatchDeleteRequest).key({ user_id: userId })] : []),
    ...(items.organisation ? [OrganisationEntity.build(BatchDeleteRequest).key({ user_id: userId })] : []),
    ...(items.tutorProfile ? [TutorProfileEntity.build(BatchDeleteRequest).key({ user_id: userId })] : []),
    ...(items.kycStatus ? [KycStatusEntity.build(BatchDeleteRequest).key({ user_id: userId })] : []),
    ...(items.recommendations ? [RecommendationsCacheEntity.build(BatchDeleteRequest).key({ user_id: userId })] : []),
    ...items.notifications.map((n) => NotificationEntity.build(BatchDeleteRequest).key({ user_id: userId, id: n.id })),
    ...(items.notificationPreferences ? [NotificationPreferencesEntity.build(BatchDeleteRequest).key({ user_id: userId })] : []),
  ];
  for (let i = 0; i < requests.length; i += BATCH_WRITE_MAX) {
    await executeBatchWrite({ maxAttempts: 5 }, kalanTable.build(BatchWriteCommand).requests(...requests.slice(i, i + BATCH_WRITE_MAX)));
  }
  const { profile } = items;
  if (!profile) return { itemsDeleted: requests.length, profileDeleted: false };
  try {
    await retryOnConflict(() =>
      execute(
        ProfileEntity.build(DeleteTransaction)
          .key({ user_id: userId })
          .options({ condition: { and: [{ attr: 'role', eq: profile.role }, { attr: 'is_verified', eq: profile.is_verified }] } }),
        ...profileRemovalCounterWrites(profile),
      ),
    );
  } catch (error) {
    // Verified meanwhile (a KYC approval): the counted state moved; the retried deletion reads it again.
    if (cancellationCodes(error)[0] === 'ConditionalCheckFailed') throw new DomainError('conflict', 409, messages.http.conflict);
    throw error;
  }
  const late = await sweepPartition(userId);
  return { itemsDeleted: requests.length + 1 + late, profileDeleted: true };
}

/**
 * Whatever is left in the partition once the profile is gone, of every kind it holds: a
 * notification the stream's consumer wrote while this ran (it writes on condition that the
 * profile exists), an item that a request of the user's, admitted just before the profile's
 * deletion, wrote meanwhile (the API admits none once the profile is gone). Few or none.
 */
async function sweepPartition(userId: string): Promise<number> {
  const { Count = 0 } = await kalanTable
    .build(DeletePartitionCommand)
    .entities(...USER_ITEM_ENTITIES)
    .query({ partition: userPartition(userId) })
    .options({ consistent: true })
    .send();
  return Count;
}

/** Step 5. The sign-in itself. A user already gone (a retry after this step) is not an error. */
async function deleteCognitoUser(userId: string): Promise<boolean> {
  try {
    // The pool's usernames are the users' subs (e-mail is a sign-in alias).
    await cognito.send(new AdminDeleteUserCommand({ UserPoolId: requireEnv('USER_POOL_ID'), Username: userId }));
    return true;
  } catch (error) {
    if ((error as { name?: string }).name === 'UserNotFoundException') return false;
    throw error;
  }
}
