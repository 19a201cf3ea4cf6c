/**
 * The notifier, invoked two ways:
 * - by the table's stream: the transactions' status changes (a package's paid and stopped moments
 *   once, from the package's own record: issue 32), the KYC decisions and the payouts'
 *   outcomes (paid, failed, reversed, cancelled: issue 30) (the event source
 *   mapping filters the rest out, NOTIFIER_EVENT_PATTERNS; the local stack applies the same
 *   filter). Tells each side what concerns it (changes.ts) once however often a record comes
 *   (deliver.ts), and schedules or deletes an accepted lesson's reminders. A transient failure
 *   throws: the batch is retried (bisected), then set aside in the dead-letter queue;
 * - by a lesson reminder's one-time schedule (`{ transactionId, secondsBefore }`, remind.ts);
 * - by an unread message's one-time schedule (`{ unreadMessage }`, unread.ts; issue 31);
 * - by a package's renewal notice (`{ packageRenewal }`, package-renewal.ts; issue 32), scheduled
 *   here when the stream shows the package becoming active.
 * One function for both: the stack is at CloudFormation's 500 resources (docs/decisions.md).
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { Context, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { logger } from '#commons/logger';
import { observedHandler } from '#commons/observed';
import {
  acceptedLesson,
  lessonCalledOff,
  lessonMoved,
  lessonsStopped,
  needsPackageState,
  notificationOfKycReview,
  notificationsOfPackage,
  notificationOfPayout,
  notificationsOfChange,
  type KycImage,
  type PackageImage,
  type PayoutImage,
  type TransactionImage,
} from './changes.js';
import { deliver, productionChannels, recipientOf, type Channels, type DeliveryResult } from './deliver.js';
import { remind } from './remind.js';
import { cancelReminders, scheduleReminders, type ReminderEvent } from './reminders.js';
import { isUnreadMessageEvent, tellUnread } from './unread.js';
import { isPackageRenewalEvent, tellRenewal } from './package-renewal.js';
import type { UnreadMessageEvent } from '../messages/unread-email.js';
import { PackageEntity } from '../packages/entities.js';
import { getTransaction } from '../payments/transactions.js';
import { scheduleRenewalNotice, type PackageRenewalEvent } from '../packages/renewal-notice.js';

type Image = NonNullable<NonNullable<DynamoDBRecord['dynamodb']>['NewImage']>;
const imageOf = <T>(image: Image | undefined): T | undefined =>
  image ? (unmarshall(image as unknown as Record<string, AttributeValue>) as T) : undefined;

/** Everything one stream record gives, in order. `selfArn`: the notifier's own ARN, the reminders' target. */
export async function notifyRecord(record: DynamoDBRecord, selfArn: string, channels: Channels = productionChannels): Promise<DeliveryResult[]> {
  const sk = record.dynamodb?.Keys?.sk?.S;
  const results: DeliveryResult[] = [];
  if (sk === 'TRANSACTION') {
    const before = imageOf<TransactionImage>(record.dynamodb?.OldImage);
    const after = imageOf<TransactionImage>(record.dynamodb?.NewImage);
    if (!after) return results;
    // Issue 32: a package lesson cancelled or refunded may be part of its parent's stop (told once, by the package).
    const stoppedAt = needsPackageState(before, after) ? await stoppedAtOf(after.package_id!) : undefined;
    for (const planned of notificationsOfChange(before, after, stoppedAt)) {
      const result = await deliver(recipientOf(planned.side, after), planned, planned.when ?? after.updated_at, channels);
      if (result) results.push(result);
    }
    if (acceptedLesson(before, after)) await scheduleReminders(after.id, after.course.scheduled_date!, selfArn);
    if (lessonCalledOff(before, after)) await cancelReminders(after.id);
    // Issue 32: an accepted lesson moved: its reminders follow it (those of the old time deleted first).
    if (lessonMoved(before, after) && after.status === 'escrow' && after.course.scheduled_date) {
      await cancelReminders(after.id);
      await scheduleReminders(after.id, after.course.scheduled_date, selfArn);
    }
  } else if (sk === 'KYC') {
    const before = imageOf<KycImage>(record.dynamodb?.OldImage);
    const after = imageOf<KycImage>(record.dynamodb?.NewImage);
    const planned = after && notificationOfKycReview(before, after);
    if (planned) {
      const result = await deliver(after.user_id, planned, after.reviewed_at ?? new Date().toISOString(), channels);
      if (result) results.push(result);
    }
  } else if (sk === 'PAYOUT') {
    const before = imageOf<PayoutImage>(record.dynamodb?.OldImage);
    const after = imageOf<PayoutImage>(record.dynamodb?.NewImage);
    const planned = after && notificationOfPayout(before, after);
    if (planned) {
      // `updated_at` is the outcome's own time: the same record delivered again gives the same id.
      const result = await deliver(after.tutor_user_id, planned, after.updated_at, channels);
      if (result) results.push(result);
    }
  } else if (sk === 'PACKAGE') {
    const before = imageOf<PackageImage>(record.dynamodb?.OldImage);
    const after = imageOf<PackageImage & { end_at: string }>(record.dynamodb?.NewImage);
    if (!after) return results;
    // Paid, or stopped: once for the package, not once per lesson (changes.ts).
    const stopped = before && before.status !== 'stopped' && after.status === 'stopped' && after.stopped_at;
    const stoppedLessons = stopped ? lessonsStopped(await lessonsOf(after.lesson_ids), stopped) : 0;
    for (const planned of notificationsOfPackage(before, after, stoppedLessons)) {
      const result = await deliver(recipientOf(planned.side, after), planned, planned.when ?? after.updated_at, channels);
      if (result) results.push(result);
    }
    // Paid just now: 'Renouveler' is announced RENEWAL_NOTICE_DAYS before its end.
    if (after.status === 'active' && before?.status !== 'active') await scheduleRenewalNotice(after, selfArn);
  }
  return results;
}

/** The stop's time of a lesson's package, when it is stopped (the stop writes the package first: packages/changes.ts). */
async function stoppedAtOf(packageId: string): Promise<string | undefined> {
  const { Item } = await PackageEntity.build(GetItemCommand).key({ id: packageId }).options({ consistent: true }).send();
  return Item?.status === 'stopped' ? Item.stopped_at : undefined;
}

/** A package's lessons as they are now (a deleted one is skipped). */
async function lessonsOf(ids: string[]): Promise<TransactionImage[]> {
  const lessons = await Promise.all(ids.map((id) => getTransaction(id)));
  return lessons.filter((tx) => tx !== null && tx !== undefined) as unknown as TransactionImage[];
}

type NotifierEvent = DynamoDBStreamEvent | ReminderEvent | UnreadMessageEvent | PackageRenewalEvent;

const isReminder = (event: NotifierEvent): event is ReminderEvent => typeof (event as ReminderEvent).transactionId === 'string';

export const handler = observedHandler(async (event: NotifierEvent, context: Context): Promise<void> => {
  if (isPackageRenewalEvent(event)) {
    const delivered = await tellRenewal(event);
    logger.info('Package renewal notice', { package_id: event.packageRenewal.packageId, delivered: delivered.length });
    return;
  }
  if (isUnreadMessageEvent(event)) {
    const delivered = await tellUnread(event);
    logger.info('Unread message e-mail', { conversation_id: event.unreadMessage.conversationId, seq: event.unreadMessage.seq, delivered: Boolean(delivered), email: delivered?.email });
    return;
  }
  if (isReminder(event)) {
    const delivered = await remind(event);
    logger.info('Lesson reminder', { transaction_id: event.transactionId, seconds_before: event.secondsBefore, delivered: delivered.length });
    return;
  }
  const results: DeliveryResult[] = [];
  // In order: a record's retry never overtakes the one before it on the same item.
  for (const record of event.Records ?? []) results.push(...(await notifyRecord(record, context.invokedFunctionArn)));
  if (results.length) {
    logger.info('Notifications delivered', {
      records: event.Records.length,
      created: results.filter((r) => r.created).length,
      emails: results.filter((r) => r.email === 'sent').length,
    });
  }
});
