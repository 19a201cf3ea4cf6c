/**
 * What a person writes to Kalan's WhatsApp number: the tap of a quick-reply button of the tutor's
 * 'Nouvelle demande' ('Accepter', 'Refuser'), or 'STOP'. The payload names a lesson but carries no
 * authority: the sender is found by their number (WhatsAppPhoneEntity, one GetItem), must have a
 * VERIFIED channel on that very number, and then acts as that account through the lesson action
 * the app uses (lessons/act.ts: the same side check, lifecycle and answer deadline). Whatever is
 * stale or foreign changes nothing and gets the same polite answer, telling nothing of the lesson.
 */
import { DeleteItemCommand } from 'dynamodb-toolbox/entity/actions/delete';
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import { UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { frenchDayOf, frenchTimeOf } from '#shared/french-dates';
import type { LessonView } from '#shared/lesson-schemas';
import { messages } from '#shared/messages';
import { normalizeIvorianPhone } from '#shared/payments-schemas';
import { parseButtonPayload, WHATSAPP_STOP_WORDS } from '#shared/whatsapp';
import { isConditionalCheckFailure, ProfileEntity } from '#commons/db';
import { DomainError } from '#commons/errors';
import { actOnLesson } from '../lessons/act.js';
import { WhatsAppChannelEntity, WhatsAppIncomingEntity, WhatsAppPhoneEntity } from './entities.js';
import type { WhatsAppIncomingMessage } from './webhook-payload.js';

/** What became of a message, and the answer to send back (null: none). */
export interface ConversationOutcome {
  outcome: 'accepted' | 'declined' | 'stale' | 'unknown_sender' | 'stopped' | 'ignored';
  reply: string | null;
  /** E.164 of the sender: where the reply goes. */
  phone: string;
}

const WEEK_SECONDS = 7 * 24 * 3600;

/** True the first time a message id is seen (a conditional put): a repeat of Meta's is skipped. */
export async function firstDelivery(messageId: string, now = new Date()): Promise<boolean> {
  try {
    await WhatsAppIncomingEntity.build(PutItemCommand)
      .item({ message_id: messageId, received_at: now.toISOString(), expires_at: Math.floor(now.getTime() / 1000) + WEEK_SECONDS })
      .options({ condition: { attr: 'message_id', exists: false } })
      .send();
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}

/** A message whose handling failed is forgotten, so that a later delivery of it is handled. */
export async function forgetDelivery(messageId: string): Promise<void> {
  await WhatsAppIncomingEntity.build(DeleteItemCommand).key({ message_id: messageId }).send();
}

/** 'Stop', ' STOP ! ', 'Arrêter' → the words compared with WHATSAPP_STOP_WORDS. */
export function isStopWord(text: string): boolean {
  const folded = text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
  return (WHATSAPP_STOP_WORDS as readonly string[]).includes(folded);
}

/** 'le cours de Mathématiques du mardi 1er décembre à 10:00' (Abidjan). */
function lessonWords(lesson: LessonView): string {
  return `le cours de ${lesson.subject} du ${frenchDayOf(lesson.start).toLowerCase()} à ${frenchTimeOf(lesson.start)}`;
}

/** The account whose VERIFIED channel is this number, or null (unknown, pending, stopped, moved). */
async function verifiedOwnerOf(phone: string): Promise<{ userId: string } | null> {
  const { Item: claim } = await WhatsAppPhoneEntity.build(GetItemCommand).key({ phone }).options({ consistent: true }).send();
  if (!claim) return null;
  const { Item: channel } = await WhatsAppChannelEntity.build(GetItemCommand).key({ user_id: claim.user_id }).options({ consistent: true }).send();
  if (!channel || channel.state !== 'verified' || channel.phone !== phone) return null;
  return { userId: claim.user_id };
}

async function answerButton(phone: string, payload: string): Promise<ConversationOutcome> {
  const owner = await verifiedOwnerOf(phone);
  if (!owner) return { outcome: 'unknown_sender', reply: messages.whatsapp.replyUnknown, phone };
  const parsed = parseButtonPayload(payload);
  if (!parsed) return { outcome: 'stale', reply: messages.whatsapp.replyStale, phone };
  // The account as it is now (strongly consistent, as every signed-in route reads it): a deleted one acts no more.
  const { Item: profile } = await ProfileEntity.build(GetItemCommand).key({ user_id: owner.userId }).options({ consistent: true, attributes: ['role'] }).send();
  if (!profile) return { outcome: 'unknown_sender', reply: messages.whatsapp.replyUnknown, phone };
  try {
    const lesson = await actOnLesson({ userId: owner.userId, groups: [profile.role] }, parsed.transactionId, { action: parsed.action });
    return parsed.action === 'accept'
      ? { outcome: 'accepted', reply: messages.whatsapp.replyAccepted(lessonWords(lesson)), phone }
      : { outcome: 'declined', reply: messages.whatsapp.replyDeclined(lessonWords(lesson)), phone };
  } catch (error) {
    // Not their lesson, no longer waiting, the deadline passed, a racing answer won: nothing changed.
    if (error instanceof DomainError) return { outcome: 'stale', reply: messages.whatsapp.replyStale, phone };
    throw error;
  }
}

/** 'STOP': the channel of this number is off (`stopped`); nothing is sent on it any more. */
async function stop(phone: string, now: Date): Promise<ConversationOutcome> {
  const { Item: claim } = await WhatsAppPhoneEntity.build(GetItemCommand).key({ phone }).options({ consistent: true }).send();
  if (claim) {
    try {
      await WhatsAppChannelEntity.build(UpdateItemCommand)
        .item({ user_id: claim.user_id, state: 'stopped', stopped_reason: 'stop', stopped_at: now.toISOString(), updated_at: now.toISOString() })
        // Only the channel on this very number, and only once (a repeat changes nothing).
        .options({ condition: { and: [{ attr: 'phone', eq: phone }, { attr: 'state', ne: 'stopped' }] } })
        .send();
    } catch (error) {
      if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
    }
  }
  return { outcome: 'stopped', reply: messages.whatsapp.replyStopped, phone };
}

export async function handleIncomingMessage(message: WhatsAppIncomingMessage, now = new Date()): Promise<ConversationOutcome> {
  // The Cloud API writes the number in digits without '+': read back as Kalan stores it (E.164).
  const phone = normalizeIvorianPhone(`+${message.from}`);
  // A number from elsewhere holds no Kalan channel: a tap is answered where it came from.
  if (!phone) return { outcome: 'unknown_sender', reply: message.type === 'button' ? messages.whatsapp.replyUnknown : null, phone: `+${message.from}` };
  if (message.type === 'button' && message.buttonPayload !== undefined) return answerButton(phone, message.buttonPayload);
  if (message.type === 'text' && message.text !== undefined && isStopWord(message.text)) return stop(phone, now);
  // Anything else written to the number: no answer (an answer to every word would start a conversation nobody reads).
  return { outcome: 'ignored', reply: null, phone };
}
