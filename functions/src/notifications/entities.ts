/**
 * Notifications, in their user's own partition (`USER#<id>`): one item per notification, and the
 * user's choice of channels.
 *
 * A notification's sort key is `NOTIF#<id>`, its id `<when>#<source>#<kind>[#<detail>]`: `when` is
 * the time of the change it tells (the transaction's `updated_at`, the KYC review, the reminder's
 * time), so the same stream record delivered twice gives the same id, and the conditional put
 * writes it once; and reading the partition backwards lists the newest first.
 *
 * Unread notifications carry the sparse gsi2 keys `NOTIF_UNREAD#<user id>` / `<id>`, removed when
 * read: the unread count and 'Tout marquer comme lu' read exactly the unread ones.
 */
import { Entity } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { boolean } from 'dynamodb-toolbox/schema/boolean';
import { string } from 'dynamodb-toolbox/schema/string';
import { NOTIFICATION_KINDS } from '#shared/notifications';
import { onKalanTable, sparseIndexKeys, userItemKey, userPrefixedKey } from '#commons/db';

export const NOTIFICATION_PREFIX = 'NOTIF#';
/** What a notification tells about, from its id `<when>#<source>#<kind>…`: a transaction's id or a KYC submission's. */
export const sourceOfNotification = (id: string) => id.split('#')[1] ?? '';
export const unreadPartition = (userId: string) => `NOTIF_UNREAD#${userId}`;

/**
 * What became of the e-mail: `pending` (to send: a retry sends it), `sent`, `off` (not wanted, or
 * no address), `rejected` (SES refused it for good: not retried).
 */
export const EMAIL_STATES = ['pending', 'sent', 'off', 'rejected'] as const;
export type EmailState = (typeof EMAIL_STATES)[number];

export const NotificationEntity = new Entity({
  name: 'notification',
  ...onKalanTable,
  schema: item({
    user_id: string().key(),
    id: string().key(),
    kind: string().enum(...NOTIFICATION_KINDS),
    title: string(),
    body: string(),
    link: string(),
    created_at: string(),
    read_at: string().optional(),
    email_state: string().enum(...EMAIL_STATES),
    email_sent_at: string().optional(),
    /** Epoch seconds: DynamoDB's TTL deletes the notification then (NOTIFICATION_TTL_DAYS). */
    expires_at: number(),
    ...sparseIndexKeys('gsi2'),
  }),
  computeKey: userPrefixedKey(NOTIFICATION_PREFIX, 'id'),
});

/** The user's channels; none saved = the defaults (e-mail on, SMS off). */
export const NotificationPreferencesEntity = new Entity({
  name: 'notificationPreferences',
  ...onKalanTable,
  schema: item({
    user_id: string().key(),
    email: boolean(),
    sms: boolean(),
    updated_at: string(),
  }),
  computeKey: userItemKey('NOTIF_PREFS'),
});
