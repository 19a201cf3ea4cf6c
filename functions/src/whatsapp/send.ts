/**
 * Sending on WhatsApp for the notifier and the webhook: a notification's template once (the
 * notification item's `whatsapp_state` moves `pending` → `sent` in the same transaction that writes
 * the message item with its wamid, so a replay of the stream finds it `sent` and sends nothing),
 * the e-mail instead when WhatsApp refuses it for good (once: the notification's `email_state` moves
 * `off` → `pending` conditionally, then the e-mail goes out as any other), and free-text replies.
 */
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { execute } from 'dynamodb-toolbox/entity/actions/transactWrite';
import { UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import type { WhatsAppChannelView } from '#shared/whatsapp';
import { WHATSAPP_STATUS_RANK, WHATSAPP_UNDELIVERABLE_CODE } from '#shared/whatsapp';
import { isConditionalCheckFailure, now } from '#commons/db';
import { cancellationCodes } from '#commons/counters';
import { logger } from '#commons/logger';
import { recordBusinessEvent } from '#commons/metrics';
import { getProfile } from '../auth/profile-read.js';
import { sesEmailChannel, type OutboundChannel, type Recipient } from '../notifications/channels.js';
import { NotificationEntity, type EmailState } from '../notifications/entities.js';
import { sendTemplateMessage, sendTextMessage, whatsappConfigured, WhatsAppRejectedError, type TemplateMessage } from './cloud-api.js';
import { WhatsAppChannelEntity, WhatsAppMessageEntity } from './entities.js';
import { settleParkedStatus, stopUndeliverableChannel } from './statuses.js';

const MESSAGE_TTL_DAYS = 90;
const DAY_SECONDS = 24 * 60 * 60;

/** The user's channel as the API shows it. */
export async function whatsappChannelOf(userId: string): Promise<WhatsAppChannelView> {
  const { Item } = await WhatsAppChannelEntity.build(GetItemCommand).key({ user_id: userId }).options({ consistent: true }).send();
  if (!Item) return { state: 'none', phone: null };
  return Item.state === 'stopped' ? { state: Item.state, phone: Item.phone, stoppedReason: Item.stopped_reason ?? 'stop' } : { state: Item.state, phone: Item.phone };
}

/** The number notifications go to: the user's verified one, on a stage that has WhatsApp. */
export async function verifiedWhatsAppPhone(userId: string): Promise<string | null> {
  if (!whatsappConfigured()) return null;
  const channel = await whatsappChannelOf(userId);
  return channel.state === 'verified' ? channel.phone : null;
}

/** The message item of a message just accepted by the Cloud API (its statuses come by the webhook). */
export function messageItem(messageId: string, userId: string, notificationId: string, template: string) {
  const at = now();
  return {
    message_id: messageId,
    user_id: userId,
    notification_id: notificationId,
    template,
    status: 'accepted' as const,
    status_rank: WHATSAPP_STATUS_RANK.accepted,
    sent_at: at,
    updated_at: at,
    expires_at: Math.floor(Date.now() / 1000) + MESSAGE_TTL_DAYS * DAY_SECONDS,
  };
}

/** How the notifier sends a template (tests hand their own, as for the e-mail channel). */
export interface WhatsAppOutbound {
  readonly available: boolean;
  /** The wamid; throws WhatsAppRejectedError for good, anything else to retry. */
  sendTemplate(phone: string, template: TemplateMessage): Promise<string>;
}

export const cloudWhatsApp: WhatsAppOutbound = {
  get available() {
    return whatsappConfigured();
  },
  sendTemplate: sendTemplateMessage,
};

/**
 * Sends a notification's template while its `whatsapp_state` is `pending`. On a refusal for good
 * the state is `failed` and the e-mail goes instead (once); a transient failure throws, the state
 * stays `pending` and the stream's retry sends it.
 */
export async function sendNotificationWhatsApp(
  notification: { user_id: string; id: string },
  phone: string,
  template: TemplateMessage,
  recipient: Recipient,
  content: { title: string; body: string; link: string },
  channel: WhatsAppOutbound = cloudWhatsApp,
  email: OutboundChannel = sesEmailChannel,
): Promise<'sent' | 'failed'> {
  let messageId: string;
  try {
    messageId = await channel.sendTemplate(phone, template);
  } catch (error) {
    if (!(error instanceof WhatsAppRejectedError)) throw error;
    logger.warn('WhatsApp message refused', { user_id: notification.user_id, template: template.name, status: error.status, code: error.code });
    recordBusinessEvent('WhatsAppSendFailed');
    // The number cannot get our messages (blocked, no WhatsApp): the channel stops, e-mail only from now.
    if (error.code === WHATSAPP_UNDELIVERABLE_CODE) await stopUndeliverableChannel(notification.user_id, now());
    await markWhatsApp(notification, 'failed');
    await emailInstead(notification, recipient, content, email);
    return 'failed';
  }
  try {
    await execute(
      WhatsAppMessageEntity.build(PutTransaction).item(messageItem(messageId, notification.user_id, notification.id, template.name)),
      NotificationEntity.build(UpdateTransaction)
        .item({ user_id: notification.user_id, id: notification.id, whatsapp_state: 'sent', whatsapp_message_id: messageId })
        .options({ condition: { attr: 'whatsapp_state', eq: 'pending' } }),
    );
  } catch (error) {
    // Marked meanwhile by another delivery of the same record: nothing more to do.
    if (!cancellationCodes(error).includes('ConditionalCheckFailed')) throw error;
  }
  // A status the webhook got before this item was written (statuses.ts): settled now.
  await settleParkedStatus(messageId, (id) => fallbackToEmail(id, email));
  return 'sent';
}

async function markWhatsApp(notification: { user_id: string; id: string }, state: 'failed') {
  await NotificationEntity.build(UpdateItemCommand)
    .item({ user_id: notification.user_id, id: notification.id, whatsapp_state: state })
    .options({ condition: { attr: 'whatsapp_state', eq: 'pending' } })
    .send()
    .catch((error: unknown) => {
      if (!isConditionalCheckFailure(error)) throw error;
    });
}

/**
 * The e-mail of a notification whose WhatsApp message failed: only when it did not go already
 * (`email_state` `off`: the user chose WhatsApp alone); the conditional move to `pending` makes it
 * once, whoever asks (the notifier's refusal, the webhook's 'failed', their replays).
 */
async function emailInstead(
  notification: { user_id: string; id: string },
  recipient: Recipient,
  content: { title: string; body: string; link: string },
  email: OutboundChannel,
): Promise<EmailState | null> {
  if (!recipient.email || !email.available) return null;
  try {
    await NotificationEntity.build(UpdateItemCommand)
      .item({ user_id: notification.user_id, id: notification.id, email_state: 'pending' })
      .options({ condition: { attr: 'email_state', eq: 'off' } })
      .send();
  } catch (error) {
    if (isConditionalCheckFailure(error)) return null;
    throw error;
  }
  const outcome = await email.send(recipient, content);
  const state: EmailState = outcome === 'sent' ? 'sent' : 'rejected';
  await NotificationEntity.build(UpdateItemCommand)
    .item({ user_id: notification.user_id, id: notification.id, email_state: state, ...(state === 'sent' ? { email_sent_at: now() } : {}) })
    .options({ condition: { attr: 'email_state', eq: 'pending' } })
    .send()
    .catch((error: unknown) => {
      if (!isConditionalCheckFailure(error)) throw error;
    });
  logger.info('WhatsApp failed: e-mail sent instead', { user_id: notification.user_id, email: state });
  return state;
}

/**
 * The webhook's 'failed' status of a message: its notification's e-mail instead, once (the
 * message's `fallback_email_sent` and the notification's `email_state` both guard it). A code's
 * message has no notification: nothing to send.
 */
export async function fallbackToEmail(messageId: string, email: OutboundChannel = sesEmailChannel): Promise<boolean> {
  const { Item: message } = await WhatsAppMessageEntity.build(GetItemCommand).key({ message_id: messageId }).options({ consistent: true }).send();
  if (!message || message.notification_id === 'code' || message.fallback_email_sent) return false;
  const { Item: notification } = await NotificationEntity.build(GetItemCommand)
    .key({ user_id: message.user_id, id: message.notification_id })
    .options({ consistent: true })
    .send();
  if (!notification) return false;
  const profile = await getProfile(message.user_id);
  if (!profile) return false;
  await NotificationEntity.build(UpdateItemCommand)
    .item({ user_id: notification.user_id, id: notification.id, whatsapp_state: 'failed' })
    .send();
  const state = await emailInstead(notification, { userId: message.user_id, firstName: profile.first_name, email: profile.email }, notification, email);
  await WhatsAppMessageEntity.build(UpdateItemCommand)
    .item({ message_id: messageId, fallback_email_sent: true, updated_at: now() })
    .options({ condition: { attr: 'message_id', exists: true } })
    .send()
    .catch((error: unknown) => {
      if (!isConditionalCheckFailure(error)) throw error;
    });
  return state === 'sent';
}

/** A free-text reply in the conversation the person opened (the webhook's answers). Its wamid. */
export function sendText(phone: string, text: string): Promise<string> {
  return sendTextMessage(phone, text);
}
