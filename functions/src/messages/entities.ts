/**
 * Messages entities (issue 31). A conversation and its messages share the conversation's
 * partition (`CONV#<id>`), so that a message is written with the conversation's counters in one
 * transaction, conditional on the conversation's `message_count` (each message's `seq` is the
 * count it makes: two senders at once never get the same seq, and the unread counters and 'lu'
 * marks stay exact). One conversation per parent–tutor pair: its id is derived from the pair.
 * An account's messaging state, its rate counters and a tutor's response figures share
 * `MESSAGING#<user id>`.
 * The conversation is in both participants' lists: gsi1 `CONVS#<parent user id>` and gsi2
 * `CONVS#<tutor user id>`, both `<last activity>#<id>` newest first, rewritten with each message.
 */
import { createHash } from 'node:crypto';
import { Entity } from 'dynamodb-toolbox/entity';
import { boolean } from 'dynamodb-toolbox/schema/boolean';
import { item } from 'dynamodb-toolbox/schema/item';
import { list } from 'dynamodb-toolbox/schema/list';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { CONTACT_KINDS, CONVERSATION_SIDES } from '#shared/messaging';
import { indexKeys, onKalanTable } from '#commons/db';

const conversationPartition = (conversationId: string) => `CONV#${conversationId}`;
const messagingPartition = (userId: string) => `MESSAGING#${userId}`;

/** The one conversation of a pair: 32 hex characters of sha256(parent user id, tutor user id). */
export function conversationIdOf(parentUserId: string, tutorUserId: string): string {
  return createHash('sha256').update(`${parentUserId}\u0000${tutorUserId}`).digest('hex').slice(0, 32);
}

/** A message's sort key: its seq, zero-padded so that the keys sort as the numbers do. */
export const messageSortKey = (seq: number) => `MSG#${String(seq).padStart(10, '0')}`;

export const ConversationEntity = new Entity({
  name: 'conversation',
  ...onKalanTable,
  schema: item({
    id: string().key(),
    parent_user_id: string(),
    tutor_user_id: string(),
    /** The tutor's public id (its page's). */
    tutor_id: string(),
    /** Names as at the last write; 'Compte supprimé' once that account is deleted. */
    parent_name: string(),
    tutor_name: string(),
    created_at: string(),
    /** The seq of the newest message (0: none yet). Every message write is conditional on it. */
    message_count: number(),
    last_message_at: string().optional(),
    /** As stored (masked when it was): the lists show it without reading the message. */
    last_message_body: string().optional(),
    last_message_sender: string().enum(...CONVERSATION_SIDES).optional(),
    /** Each side has read up to this seq ('lu' for the other side's messages up to it). */
    parent_read_seq: number(),
    tutor_read_seq: number(),
    /** The other side's messages each side has not read. */
    unread_parent: number(),
    unread_tutor: number(),
    /** Set once, when the pair is first seen with a paid lesson: nothing is masked from then on. */
    contacts_unlocked_at: string().optional(),
    /** A parent's question the tutor has not answered yet (its first message's time): the response figures. */
    awaiting_tutor_since: string().optional(),
    parent_deleted_at: string().optional(),
    tutor_deleted_at: string().optional(),
    // CONVS#<parent user id> and CONVS#<tutor user id>, `<last_message_at or created_at>#<id>`.
    ...indexKeys('gsi1'),
    ...indexKeys('gsi2'),
  }),
  computeKey: ({ id }: { id: string }) => ({ pk: conversationPartition(id), sk: 'CONV' }),
});

export const MessageEntity = new Entity({
  name: 'message',
  ...onKalanTable,
  schema: item({
    conversation_id: string().key(),
    seq: number().key(),
    /** The request_id the sender's browser chose: a retry finds the message by it (MessageIdEntity). */
    id: string(),
    sender: string().enum(...CONVERSATION_SIDES),
    sender_user_id: string(),
    /** Masked before it was stored when the pair had no paid lesson: the raw contact details are never kept. */
    body: string(),
    masked: list(string().enum(...CONTACT_KINDS)),
    sent_at: string(),
    /** Hidden by an admin (a report upheld): both sides see HIDDEN_MESSAGE_TEXT. */
    hidden: boolean().optional(),
    /** Its author's account was deleted: the body is gone. */
    deleted: boolean().optional(),
  }),
  computeKey: ({ conversation_id, seq }: { conversation_id: string; seq: number }) => ({
    pk: conversationPartition(conversation_id),
    sk: messageSortKey(seq),
  }),
});

/** A message's id → its seq: written with the message (attribute_not_exists), it makes a retry land once and lets a report name the message. */
export const MessageIdEntity = new Entity({
  name: 'messageId',
  ...onKalanTable,
  schema: item({
    conversation_id: string().key(),
    id: string().key(),
    seq: number(),
    sender_user_id: string(),
  }),
  computeKey: ({ conversation_id, id }: { conversation_id: string; id: string }) => ({ pk: conversationPartition(conversation_id), sk: `MSGID#${id}` }),
});

/** An account's messaging state: upheld reports against it, and whether an admin (or three upheld reports) stopped its messages. */
export const MessagingAccountEntity = new Entity({
  name: 'messagingAccount',
  ...onKalanTable,
  schema: item({
    user_id: string().key(),
    upheld_reports: number().optional(),
    warnings: number().optional(),
    /** Suspended by an admin's decision, or restricted after UPHELD_REPORTS_BEFORE_RESTRICTION upheld reports. */
    suspended_at: string().optional(),
    suspended_reason: string().enum('admin', 'reports').optional(),
    updated_at: string().optional(),
  }),
  computeKey: ({ user_id }: { user_id: string }) => ({ pk: messagingPartition(user_id), sk: 'ACCOUNT' }),
});

/**
 * A counter of one window (`RATE#<minute>`: messages sent; `NEWCONV#<day>`: conversations opened),
 * incremented with a condition on its limit; DynamoDB's TTL deletes it after the window.
 */
export const MessagingCounterEntity = new Entity({
  name: 'messagingCounter',
  ...onKalanTable,
  schema: item({
    user_id: string().key(),
    /** `RATE#2026-11-27T14:05` or `NEWCONV#2026-11-27`. */
    window: string().key(),
    count: number(),
    /** Epoch seconds (TTL). */
    expires_at: number(),
  }),
  computeKey: ({ user_id, window }: { user_id: string; window: string }) => ({ pk: messagingPartition(user_id), sk: window }),
});

/** A tutor's response figures: questions received, answered within the window, and the last response times. */
export const ResponseStatsEntity = new Entity({
  name: 'responseStats',
  ...onKalanTable,
  schema: item({
    user_id: string().key(),
    questions: number().optional(),
    answered_in_window: number().optional(),
    /** Seconds to the first reply, the newest last, at most RESPONSE_TIME_SAMPLES. */
    recent_response_seconds: list(number()).optional(),
    updated_at: string().optional(),
  }),
  computeKey: ({ user_id }: { user_id: string }) => ({ pk: messagingPartition(user_id), sk: 'RESPONSE_STATS' }),
});

export const userConversationsIndex = (userId: string) => `CONVS#${userId}`;
export const conversationActivityKey = (at: string, id: string) => `${at}#${id}`;
