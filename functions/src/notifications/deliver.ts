/**
 * Delivering a notification once, whatever the stream's retries: the in-app item is put only if
 * it does not exist (its id is the change's, never a new one), with the e-mail's and WhatsApp's
 * states; each is sent while its state is `pending`, and marked after. A retry after a failed send
 * finds it `pending` and sends it; a retry after a sent one finds it `sent` and sends nothing. A
 * WhatsApp message refused for good sends the e-mail instead (whatsapp/send.ts).
 */
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { ConditionCheck } from 'dynamodb-toolbox/entity/actions/transactCheck';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { execute } from 'dynamodb-toolbox/entity/actions/transactWrite';
import { UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { NOTIFICATION_TTL_DAYS, notificationContent, type NotificationContent, type NotificationKind, type Side } from '#shared/notifications';
import { cancellationCodes } from '#commons/counters';
import { isConditionalCheckFailure, ProfileEntity } from '#commons/db';
import { logger } from '#commons/logger';
import { getProfile } from '../auth/profile-read.js';
import { cloudWhatsApp, sendNotificationWhatsApp, verifiedWhatsAppPhone, type WhatsAppOutbound } from '../whatsapp/send.js';
import { whatsappTemplateOf } from '../whatsapp/templates.js';
import { sesEmailChannel, type OutboundChannel, type Recipient } from './channels.js';
import { NotificationEntity, unreadPartition, type EmailState, type WhatsAppState } from './entities.js';
import type { PlannedNotification } from './changes.js';
import { preferencesOf } from './preferences.js';

type NotificationItem = FormattedItem<typeof NotificationEntity>;

/** The channels the notifier sends on besides in-app (tests hand their own). */
export interface Channels {
  email: OutboundChannel;
  whatsapp: WhatsAppOutbound;
}
export const productionChannels: Channels = { email: sesEmailChannel, whatsapp: cloudWhatsApp };

const DAY_SECONDS = 24 * 60 * 60;

export const notificationId = (when: string, ref: string) => `${when}#${ref}`;

export interface DeliveryResult {
  id: string;
  kind: NotificationKind;
  /** The in-app item was written now (false: it already was, by an earlier delivery). */
  created: boolean;
  email: EmailState;
  whatsapp: WhatsAppState;
}

/**
 * Delivers one planned notification to one user: `when` is the time of the change it tells. A user
 * without a profile (deleted account) is told nothing.
 */
export async function deliver(
  userId: string,
  planned: PlannedNotification,
  when: string,
  channels: Channels = productionChannels,
): Promise<DeliveryResult | null> {
  const profile = await getProfile(userId);
  if (!profile) {
    logger.info('Notification skipped: no profile', { user_id: userId, kind: planned.details.kind });
    return null;
  }
  const content = notificationContent(planned.details, planned.side);
  const preferences = await preferencesOf(userId);
  const recipient: Recipient = { userId, firstName: profile.first_name, email: profile.email };
  const id = notificationId(when, planned.ref);
  const emailWanted = preferences.email && Boolean(recipient.email) && channels.email.available;
  const phone = preferences.whatsapp && channels.whatsapp.available ? await verifiedWhatsAppPhone(userId) : null;

  let item: NotificationItem;
  let created = true;
  try {
    item = await putOnce(userId, id, planned.details.kind, content, when, emailWanted ? 'pending' : 'off', phone ? 'pending' : 'off');
  } catch (error) {
    const [put, account] = cancellationCodes(error);
    // The account was deleted meanwhile: nothing is written under it again.
    if (account === 'ConditionalCheckFailed') {
      logger.info('Notification skipped: account deleted', { user_id: userId, kind: planned.details.kind });
      return null;
    }
    if (put !== 'ConditionalCheckFailed') throw error;
    created = false;
    const { Item } = await NotificationEntity.build(GetItemCommand).key({ user_id: userId, id }).options({ consistent: true }).send();
    if (!Item) throw error;
    item = Item;
  }

  let email = item.email_state;
  if (email === 'pending') email = await sendEmail(item, recipient, content, channels.email);
  let whatsapp: WhatsAppState = item.whatsapp_state ?? 'off';
  // The number read now: one removed since the item was put is not written to any more.
  const to = whatsapp === 'pending' ? (phone ?? (await verifiedWhatsAppPhone(userId))) : null;
  if (whatsapp === 'pending' && to) {
    const template = whatsappTemplateOf(planned.details, planned.side, content);
    whatsapp = await sendNotificationWhatsApp(item, to, template, recipient, content, channels.whatsapp, channels.email);
  }
  return { id, kind: planned.details.kind, created, email, whatsapp };
}

async function putOnce(
  userId: string,
  id: string,
  kind: NotificationKind,
  content: NotificationContent,
  when: string,
  emailState: EmailState,
  whatsappState: WhatsAppState,
) {
  const item = {
    user_id: userId,
    id,
    kind,
    ...content,
    created_at: when,
    email_state: emailState,
    whatsapp_state: whatsappState,
    expires_at: Math.floor(Date.parse(when) / 1000) + NOTIFICATION_TTL_DAYS * DAY_SECONDS,
    gsi2pk: unreadPartition(userId),
    gsi2sk: id,
  };
  // Once (the stream delivers at least once), and only while the account exists: an account
  // deleted after its profile was read above gets nothing under its partition (the deletion
  // removes the profile, then whatever is left in the partition).
  await execute(
    NotificationEntity.build(PutTransaction).item(item).options({ condition: { attr: 'id', exists: false } }),
    ProfileEntity.build(ConditionCheck).key({ user_id: userId }).condition({ attr: 'user_id', exists: true }),
  );
  return item as NotificationItem;
}

async function sendEmail(item: NotificationItem, recipient: Recipient, content: NotificationContent, channel: OutboundChannel): Promise<EmailState> {
  // Throws on a transient failure: the state stays `pending`, the stream delivers the record again.
  const outcome = await channel.send(recipient, content);
  const state: EmailState = outcome === 'sent' ? 'sent' : 'rejected';
  await NotificationEntity.build(UpdateItemCommand)
    .item({ user_id: item.user_id, id: item.id, email_state: state, ...(state === 'sent' ? { email_sent_at: new Date().toISOString() } : {}) })
    .options({ condition: { attr: 'email_state', eq: 'pending' } })
    .send()
    .catch((error: unknown) => {
      // Marked meanwhile by another delivery of the same record: nothing more to do.
      if (!isConditionalCheckFailure(error)) throw error;
    });
  return state;
}

/** Whose the side of a transaction is. */
export function recipientOf(side: Side, tx: { parent_id: string; tutor_user_id: string }): string {
  return side === 'parent' ? tx.parent_id : tx.tutor_user_id;
}
