/**
 * Sending a message: ONE DynamoDB transaction conditional on the conversation's `message_count`
 * read just before (n) — the message id put once (`MSGID#<request_id>`), the message put as seq
 * n + 1, the conversation's counters moved (the sender has read everything, the other side has one
 * more unread), and the tutor's response figures when the message starts or answers a question.
 * Two senders at once: one wins, the other reads again and writes n + 2 — seqs never repeat nor
 * skip, and the unread counters stay exact. A retry of the same request_id returns the stored
 * message.
 */
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { execute } from 'dynamodb-toolbox/entity/actions/transactWrite';
import { $add, $get, $remove } from 'dynamodb-toolbox/entity/actions/update';
import { maskContactDetails } from '#shared/contact-masking';
import { messages } from '#shared/messages';
import type { ContactKind } from '#shared/messaging';
import type { SendMessageRequest, SentMessageView } from '#shared/messaging-schemas';
import { cancellationCodes } from '#commons/counters';
import { ConflictError, ForbiddenError } from '#commons/errors';
import { logger } from '#commons/logger';
import { conversationActivityKey, ConversationEntity, MessageEntity, MessageIdEntity } from './entities.js';
import { conversationView, getConversation, getMessagingAccount, participantConversation, type Participant } from './conversations.js';
import { countMessage } from './limits.js';
import { pushToUsers } from './realtime-push.js';
import { answerWrite, getResponseStats, questionWrite } from './response-stats.js';
import { pairHasPaidLesson } from './unlock.js';
import { scheduleUnreadEmail } from './unread-email.js';
import { deletedAtOf, otherSide, readSeqOf, toMessageView, unreadOf, userIdOf, type Conversation, type Message } from './views.js';

const MAX_ATTEMPTS = 8;
/** The lists show the start of the last message: the conversation item (rewritten with every message, in both lists' indexes) stays small. */
const LAST_MESSAGE_PREVIEW = 200;

async function storedMessage(conversationId: string, requestId: string): Promise<{ seq: number; sender_user_id: string } | null> {
  const { Item } = await MessageIdEntity.build(GetItemCommand).key({ conversation_id: conversationId, id: requestId }).options({ consistent: true }).send();
  return Item ?? null;
}

async function getMessage(conversationId: string, seq: number): Promise<Message | null> {
  const { Item } = await MessageEntity.build(GetItemCommand).key({ conversation_id: conversationId, seq }).options({ consistent: true }).send();
  return Item ?? null;
}

/** The message a request id already made: the same sender's retry (200), or someone else's id (409). */
async function sameRequest(conversationId: string, stored: { seq: number; sender_user_id: string }, caller: Participant): Promise<SentMessageView> {
  if (stored.sender_user_id !== caller.userId) throw new ConflictError(messages.messaging.requestIdReused);
  const [conversation, message] = await Promise.all([getConversation(conversationId), getMessage(conversationId, stored.seq)]);
  if (!conversation || !message) throw new ConflictError(messages.messaging.requestIdReused);
  return {
    message: toMessageView(message, caller.side, readSeqOf(conversation, otherSide(caller.side))),
    conversation: await conversationView(conversation, caller),
  };
}

export interface SendOutcome {
  created: boolean;
  sent: SentMessageView;
}

/**
 * The checks, then the transaction. Refusals: not a participant (404), the caller's messaging
 * suspended or the other account deleted (403), the minute's messages used up (429).
 */
export async function sendMessage(conversationId: string, input: SendMessageRequest, caller: Participant, now = new Date()): Promise<SendOutcome> {
  let conversation = await participantConversation(conversationId, caller);
  const already = await storedMessage(conversationId, input.request_id);
  if (already) return { created: false, sent: await sameRequest(conversationId, already, caller) };
  const account = await getMessagingAccount(caller.userId);
  if (account?.suspended_at) throw new ForbiddenError(messages.messaging.messagingSuspended);
  const other = otherSide(caller.side);
  if (deletedAtOf(conversation, other)) throw new ForbiddenError(messages.messaging.otherAccountDeleted);
  await countMessage(caller.userId, now);

  // Masked unless the pair has paid a lesson: the raw text is never stored.
  const unlockNow = !conversation.contacts_unlocked_at && (await pairHasPaidLesson(conversation.parent_user_id, conversation.tutor_user_id));
  const { text: body, found: masked } = conversation.contacts_unlocked_at || unlockNow ? { text: input.body, found: [] as ContactKind[] } : maskContactDetails(input.body);

  for (let attempt = 1; ; attempt++) {
    const n = conversation.message_count;
    const seq = n + 1;
    const sentAt = (attempt === 1 ? now : new Date(Math.max(now.getTime(), Date.now()))).toISOString();
    const activity = conversationActivityKey(sentAt, conversationId);
    const side = caller.side;
    const startsQuestion = side === 'parent' && !conversation.awaiting_tutor_since;
    const answersQuestion = side === 'tutor' && Boolean(conversation.awaiting_tutor_since);
    const stats = answersQuestion ? await getResponseStats(conversation.tutor_user_id, true) : null;
    const message = {
      conversation_id: conversationId,
      seq,
      id: input.request_id,
      sender: side,
      sender_user_id: caller.userId,
      body,
      masked,
      sent_at: sentAt,
    };
    try {
      await execute(
        MessageIdEntity.build(PutTransaction)
          .item({ conversation_id: conversationId, id: input.request_id, seq, sender_user_id: caller.userId })
          .options({ condition: { attr: 'id', exists: false } }),
        MessageEntity.build(PutTransaction).item(message).options({ condition: { attr: 'id', exists: false } }),
        ConversationEntity.build(UpdateTransaction)
          .item({
            id: conversationId,
            message_count: seq,
            last_message_at: sentAt,
            last_message_body: body.slice(0, LAST_MESSAGE_PREVIEW),
            last_message_sender: side,
            // Writing means having read everything before: the sender's unread count is 0.
            ...(side === 'parent' ? { parent_read_seq: seq, unread_parent: 0, unread_tutor: $add(1) } : { tutor_read_seq: seq, unread_tutor: 0, unread_parent: $add(1) }),
            gsi1sk: activity,
            gsi2sk: activity,
            ...(startsQuestion ? { awaiting_tutor_since: sentAt } : {}),
            ...(side === 'tutor' ? { awaiting_tutor_since: $remove() } : {}),
            ...(unlockNow ? { contacts_unlocked_at: $get('contacts_unlocked_at', sentAt) } : {}),
          })
          .options({ condition: { attr: 'message_count', eq: n } }),
        ...(startsQuestion ? [questionWrite(conversation.tutor_user_id, sentAt)] : []),
        ...(answersQuestion ? [answerWrite(conversation.tutor_user_id, stats, conversation.awaiting_tutor_since!, sentAt)] : []),
      );
      const after: Conversation = {
        ...conversation,
        message_count: seq,
        last_message_at: sentAt,
        last_message_body: message.body.slice(0, LAST_MESSAGE_PREVIEW),
        last_message_sender: side,
        ...(side === 'parent' ? { parent_read_seq: seq, unread_parent: 0, unread_tutor: conversation.unread_tutor + 1 } : { tutor_read_seq: seq, unread_tutor: 0, unread_parent: conversation.unread_parent + 1 }),
        awaiting_tutor_since: side === 'tutor' ? undefined : (conversation.awaiting_tutor_since ?? sentAt),
        contacts_unlocked_at: conversation.contacts_unlocked_at ?? (unlockNow ? sentAt : undefined),
      };
      await afterSend(after, caller, seq, sentAt, unreadOf(conversation, other) === 0);
      return {
        created: true,
        sent: { message: toMessageView(message as Message, side, readSeqOf(after, other)), conversation: await conversationView(after, caller, account) },
      };
    } catch (error) {
      const codes = cancellationCodes(error);
      if (!codes.length) throw error;
      // The same request_id landed meanwhile (a double tap): its message is the answer.
      if (codes[0] === 'ConditionalCheckFailed') {
        const stored = await storedMessage(conversationId, input.request_id);
        if (stored) return { created: false, sent: await sameRequest(conversationId, stored, caller) };
      }
      // Another message took seq n + 1 (or the tutor's figures moved): read again and write after it.
      if (attempt < MAX_ATTEMPTS) {
        await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt));
        conversation = await participantConversation(conversationId, caller);
        continue;
      }
      logger.warn('Message not written after its retries', { conversationId, codes });
      throw new ConflictError(messages.messaging.sendFailure);
    }
  }
}

/**
 * After the write: both participants' screens are told (the sender's other tabs too); the first
 * unread message of a run schedules the one e-mail of that run. Neither may fail the request: the
 * screens poll without the socket, and the message is stored.
 */
async function afterSend(conversation: Conversation, caller: Participant, seq: number, sentAt: string, firstUnread: boolean): Promise<void> {
  const other = otherSide(caller.side);
  const recipientUserId = userIdOf(conversation, other);
  await Promise.all([
    pushToUsers([recipientUserId, caller.userId], { type: 'message', conversation_id: conversation.id, seq }).catch((error: unknown) =>
      logger.warn('Real-time push failed', error as Error),
    ),
    firstUnread
      ? scheduleUnreadEmail({ conversationId: conversation.id, recipientUserId, recipientSide: other, seq, sentAt }).catch((error: unknown) =>
          logger.error('Unread e-mail not scheduled', error as Error),
        )
      : Promise.resolve(),
  ]);
}
