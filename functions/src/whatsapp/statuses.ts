/**
 * A message's delivery status from the webhook, stored only forward: statuses arrive out of order
 * and repeat (Meta retries, batches, and sends `read` before `delivered` at times), so a status is
 * written only over a lower rank (WHATSAPP_STATUS_RANK; 'failed' is final), conditionally on the
 * rank read — of two deliveries racing, one writes, the other reads again and finds nothing to do.
 *
 * A status may also come before its message's item: the Cloud API answers the send with the wamid
 * and may post 'sent' (or 'failed') before the sender has written the item. Such a status is parked
 * (WhatsAppEarlyStatusEntity), then the message's item is read again; the sender, once its item is
 * written, reads the parked status (`settleParkedStatus`). Both read strongly consistently after
 * their own write, so whichever comes second sees the other's write and applies the status — both
 * may apply it, which the rank makes harmless. Nothing is lost, nothing is applied twice.
 */
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import { UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { WHATSAPP_STATUS_RANK, WHATSAPP_UNDELIVERABLE_CODE } from '#shared/whatsapp';
import { isConditionalCheckFailure } from '#commons/db';
import { logger } from '#commons/logger';
import { WhatsAppChannelEntity, WhatsAppEarlyStatusEntity, WhatsAppMessageEntity } from './entities.js';
import type { WhatsAppStatusUpdate } from './webhook-payload.js';

/**
 * `stored`: the status moved forward; `stale`: a repeat or one overtaken (nothing written);
 * `parked`: no message item yet — kept for the sender (or another app's message: it expires).
 * `fallbackDue`: the message failed and its e-mail fallback is not known to be sent.
 * `message`: whose message it is, and when it was sent (for `stored` and `stale`).
 */
export interface StatusOutcome {
  outcome: 'stored' | 'stale' | 'parked';
  fallbackDue: boolean;
  message?: { userId: string; sentAt: string };
}

/** A writer racing on every attempt is a bug or an attack, not traffic: give up after a few. */
const ATTEMPTS = 5;
/** A parked status waits a day for its item (a send is written within seconds of its answer). */
const PARKED_SECONDS = 24 * 3600;

function timesOf(stored: string | undefined): Record<string, number> {
  try {
    const parsed = JSON.parse(stored ?? '{}') as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/** Keeps the highest-ranked early status of a message (a lower or equal one changes nothing). */
async function park(update: WhatsAppStatusUpdate, rank: number): Promise<void> {
  await WhatsAppEarlyStatusEntity.build(PutItemCommand)
    .item({
      message_id: update.messageId,
      status: update.status,
      status_rank: rank,
      at: update.at,
      ...(update.error?.code !== undefined ? { error_code: update.error.code } : {}),
      ...(update.error?.title ? { error_title: update.error.title } : {}),
      expires_at: Math.floor(Date.now() / 1000) + PARKED_SECONDS,
    })
    .options({ condition: { or: [{ attr: 'status_rank', exists: false }, { attr: 'status_rank', lt: rank }] } })
    .send()
    .catch((error: unknown) => {
      if (!isConditionalCheckFailure(error)) throw error;
    });
}

export async function recordStatus(update: WhatsAppStatusUpdate, now = new Date()): Promise<StatusOutcome> {
  const rank = WHATSAPP_STATUS_RANK[update.status];
  let parked = false;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const { Item: message } = await WhatsAppMessageEntity.build(GetItemCommand).key({ message_id: update.messageId }).options({ consistent: true }).send();
    if (!message) {
      // Parked once, then read again: the sender may have written its item meanwhile.
      if (parked) return { outcome: 'parked', fallbackDue: false };
      await park(update, rank);
      parked = true;
      attempt--;
      continue;
    }
    const owner = { userId: message.user_id, sentAt: message.sent_at };
    if (rank <= message.status_rank) {
      // A repeat of 'failed' asks again for a fallback not yet sent (the first ask may have failed:
      // the fallback itself is once per message, by its own flag).
      return { outcome: 'stale', fallbackDue: message.status === 'failed' && !message.fallback_email_sent, message: owner };
    }
    try {
      await WhatsAppMessageEntity.build(UpdateItemCommand)
        .item({
          message_id: update.messageId,
          status: update.status,
          status_rank: rank,
          status_times: JSON.stringify({ ...timesOf(message.status_times), [update.status]: update.at }),
          updated_at: now.toISOString(),
          ...(update.error?.code !== undefined ? { error_code: update.error.code } : {}),
          ...(update.error?.title ? { error_title: update.error.title } : {}),
        })
        .options({ condition: { attr: 'status_rank', eq: message.status_rank } })
        .send();
      return { outcome: 'stored', fallbackDue: update.status === 'failed', message: owner };
    } catch (error) {
      if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
    }
  }
  throw new Error(`WhatsApp status of ${update.messageId}: still racing after ${ATTEMPTS} attempts`);
}

/**
 * WhatsApp says the number cannot get Kalan's messages (131026: it blocked Kalan, left WhatsApp or
 * never accepted the terms): the channel stops, as after 'STOP' — the next notifications go by
 * e-mail only, and the preferences say why. Only the channel as it was when the message went (a
 * channel verified again since, perhaps on a new number, is left alone).
 */
export async function stopUndeliverableChannel(userId: string, verifiedBefore: string, now = new Date()): Promise<boolean> {
  try {
    await WhatsAppChannelEntity.build(UpdateItemCommand)
      .item({ user_id: userId, state: 'stopped', stopped_reason: 'undeliverable', stopped_at: now.toISOString(), updated_at: now.toISOString() })
      .options({ condition: { and: [{ attr: 'state', eq: 'verified' }, { attr: 'verified_at', lte: verifiedBefore }] } })
      .send();
    logger.info('WhatsApp channel stopped: the number cannot get our messages', { user_id: userId });
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}

/**
 * A status and what follows from it: stored forward; a failure's e-mail instead (`fallback`, once
 * per message by its own flags); an undeliverable number's channel stopped.
 */
export async function settleStatus(update: WhatsAppStatusUpdate, fallback: (messageId: string) => Promise<boolean>): Promise<StatusOutcome> {
  const outcome = await recordStatus(update);
  if (outcome.fallbackDue) await fallback(update.messageId);
  if (outcome.outcome === 'stored' && update.status === 'failed' && update.error?.code === WHATSAPP_UNDELIVERABLE_CODE && outcome.message) {
    await stopUndeliverableChannel(outcome.message.userId, outcome.message.sentAt);
  }
  return outcome;
}

/** After the sender wrote a message's item: the status that came before it, if any, settled now. */
export async function settleParkedStatus(messageId: string, fallback: (messageId: string) => Promise<boolean>): Promise<StatusOutcome | null> {
  const { Item: early } = await WhatsAppEarlyStatusEntity.build(GetItemCommand).key({ message_id: messageId }).options({ consistent: true }).send();
  if (!early) return null;
  const error = early.error_code !== undefined || early.error_title ? { code: early.error_code, title: early.error_title } : undefined;
  return settleStatus({ messageId, status: early.status, at: early.at, ...(error ? { error } : {}) }, fallback);
}
