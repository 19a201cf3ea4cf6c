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

/**
 * What became of the WhatsApp message (issue 34), like the e-mail's: `pending` (to send: a retry
 * sends it), `sent` (the Cloud API took it: `whatsapp_message_id`), `off` (not wanted, no verified
 * number, or the stage has no WhatsApp), `failed` (refused for good: the e-mail went instead).
 * Items written before issue 34 have none: read as `off`.
 */
export const WHATSAPP_STATES = ['pending', 'sent', 'off', 'failed'] as const;
export type WhatsAppState = (typeof WHATSAPP_STATES)[number];

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
    whatsapp_state: string().enum(...WHATSAPP_STATES).optional(),
    whatsapp_message_id: string().optional(),
    /** Epoch seconds: DynamoDB's TTL deletes the notification then (NOTIFICATION_TTL_DAYS). */
    expires_at: number(),
    ...sparseIndexKeys('gsi2'),
  }),
  computeKey: userPrefixedKey(NOTIFICATION_PREFIX, 'id'),
});

/**
 * The user's channels; none saved = the defaults (e-mail on, WhatsApp off). Items saved before
 * issue 34 carry `sms` (always false) and no `whatsapp`: read as WhatsApp off.
 */
export const NotificationPreferencesEntity = new Entity({
  name: 'notificationPreferences',
  ...onKalanTable,
  schema: item({
    user_id: string().key(),
    email: boolean(),
    whatsapp: boolean().optional(),
    /** Before issue 34: SMS / WhatsApp, never on. Not written any more. */
    sms: boolean().optional(),
    updated_at: string(),
  }),
  computeKey: userItemKey('NOTIF_PREFS'),
});
