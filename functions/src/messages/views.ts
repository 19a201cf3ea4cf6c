/**
 * What a participant reads of a conversation and its messages (shared/src/messaging-schemas.ts):
 * always from the caller's side — the other person, the caller's unread count, whether the caller
 * may send and why not. Never an index key, a user id of the other side or a raw (unmasked) text.
 */
import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { messages } from '#shared/messages';
import { DELETED_MESSAGE_TEXT, HIDDEN_MESSAGE_TEXT, type ConversationSide } from '#shared/messaging';
import type { ConversationView, MessageView } from '#shared/messaging-schemas';
import type { ConversationEntity, MessageEntity, MessagingAccountEntity } from './entities.js';

export type Conversation = FormattedItem<typeof ConversationEntity>;
export type Message = FormattedItem<typeof MessageEntity>;
export type MessagingAccount = FormattedItem<typeof MessagingAccountEntity>;

export const otherSide = (side: ConversationSide): ConversationSide => (side === 'parent' ? 'tutor' : 'parent');

/** The side's counters and dates, by name (`parent_read_seq`, `unread_tutor`, …). */
export const readSeqOf = (conversation: Conversation, side: ConversationSide) => (side === 'parent' ? conversation.parent_read_seq : conversation.tutor_read_seq);
export const unreadOf = (conversation: Conversation, side: ConversationSide) => (side === 'parent' ? conversation.unread_parent : conversation.unread_tutor);
export const deletedAtOf = (conversation: Conversation, side: ConversationSide) =>
  side === 'parent' ? conversation.parent_deleted_at : conversation.tutor_deleted_at;
export const userIdOf = (conversation: Conversation, side: ConversationSide) => (side === 'parent' ? conversation.parent_user_id : conversation.tutor_user_id);

/**
 * Why the caller may not send, in French, or null: its own messaging suspended (an admin, or
 * UPHELD_REPORTS_BEFORE_RESTRICTION upheld reports) first, then the other account deleted.
 */
export function sendBlockedReason(conversation: Conversation, side: ConversationSide, account: MessagingAccount | null): string | null {
  if (account?.suspended_at) return messages.messaging.messagingSuspended;
  if (deletedAtOf(conversation, otherSide(side))) return messages.messaging.otherAccountDeleted;
  return null;
}

export interface ConversationViewContext {
  side: ConversationSide;
  account: MessagingAccount | null;
  /** The tutor's photo, for a parent's view (null when none, or for a tutor's view). */
  tutorPhotoUrl?: string | null;
}

export function toConversationView(conversation: Conversation, { side, account, tutorPhotoUrl = null }: ConversationViewContext): ConversationView {
  const other = otherSide(side);
  const otherDeleted = Boolean(deletedAtOf(conversation, other));
  const reason = sendBlockedReason(conversation, side, account);
  return {
    id: conversation.id,
    side,
    other: {
      name: otherDeleted ? messages.messaging.deletedAccount : other === 'tutor' ? conversation.tutor_name : conversation.parent_name,
      tutor_id: other === 'tutor' && !otherDeleted ? conversation.tutor_id : null,
      photo_url: other === 'tutor' && !otherDeleted ? tutorPhotoUrl : null,
    },
    last_message:
      conversation.last_message_at && conversation.last_message_sender
        ? { body: conversation.last_message_body ?? '', sender: conversation.last_message_sender, sent_at: conversation.last_message_at }
        : null,
    unread_count: unreadOf(conversation, side),
    contacts_masked: !conversation.contacts_unlocked_at,
    can_send: reason === null,
    send_blocked_reason: reason,
    created_at: conversation.created_at,
    last_message_at: conversation.last_message_at ?? null,
  };
}

/**
 * One message as `side` reads it. `otherReadSeq` is the other side's read position: the caller's
 * own messages up to it are 'lu'.
 */
export function toMessageView(message: Message, side: ConversationSide, otherReadSeq: number): MessageView {
  const mine = message.sender === side;
  const hidden = message.hidden === true;
  const body = message.deleted ? DELETED_MESSAGE_TEXT : hidden ? HIDDEN_MESSAGE_TEXT : message.body;
  return {
    id: message.id,
    seq: message.seq,
    sender: message.sender,
    mine,
    body,
    masked: hidden || message.deleted ? [] : [...message.masked],
    hidden,
    sent_at: message.sent_at,
    read: mine && message.seq <= otherReadSeq,
  };
}
