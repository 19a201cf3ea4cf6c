/**
 * Marking a conversation read up to `read_seq` (the newest message shown): the caller's read
 * position moves forward only, and its unread count becomes the other side's messages after it —
 * written on condition that no message arrived since they were counted (`message_count = n`) and
 * that no concurrent read went further, so 'lu' and the counters stay exact under any concurrency.
 */
import { UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import type { ConversationView } from '#shared/messaging-schemas';
import { isConditionalCheckFailure, kalanTable } from '#commons/db';
import { ConflictError } from '#commons/errors';
import { messages } from '#shared/messages';
import { logger } from '#commons/logger';
import { ConversationEntity, MessageEntity, messageSortKey } from './entities.js';
import { conversationView, participantConversation, type Participant } from './conversations.js';
import { pushToUsers } from './realtime-push.js';
import { otherSide, readSeqOf, userIdOf } from './views.js';

const MAX_ATTEMPTS = 8;

/** The other side's messages with a seq in (after, upTo]: the caller's unread count once read up to `after`. */
async function unreadAfter(conversationId: string, after: number, upTo: number, from: 'parent' | 'tutor'): Promise<number> {
  let count = 0;
  const query = kalanTable
    .build(QueryCommand)
    .entities(MessageEntity)
    .query({ partition: `CONV#${conversationId}`, range: { between: [messageSortKey(after + 1), messageSortKey(upTo)] } })
    .options({ attributes: ['sender'], consistent: true });
  for await (const page of query.paginate()) count += (page.Items ?? []).filter((message) => message.sender === from).length;
  return count;
}

export async function markRead(conversationId: string, readSeq: number, caller: Participant): Promise<ConversationView> {
  const side = caller.side;
  const other = otherSide(side);
  for (let attempt = 1; ; attempt++) {
    const conversation = await participantConversation(conversationId, caller);
    const n = conversation.message_count;
    const target = Math.min(readSeq, n);
    const current = readSeqOf(conversation, side);
    if (target <= current) return conversationView(conversation, caller);
    const unread = target === n ? 0 : await unreadAfter(conversationId, target, n, other);
    try {
      const { Attributes } = await ConversationEntity.build(UpdateItemCommand)
        .item({ id: conversationId, ...(side === 'parent' ? { parent_read_seq: target, unread_parent: unread } : { tutor_read_seq: target, unread_tutor: unread }) })
        .options({ condition: { and: [{ attr: 'message_count', eq: n }, side === 'parent' ? { attr: 'parent_read_seq', lt: target } : { attr: 'tutor_read_seq', lt: target }] }, returnValues: 'ALL_NEW' })
        .send();
      await pushToUsers([userIdOf(conversation, other)], { type: 'read', conversation_id: conversationId, reader: side, read_seq: target }).catch(
        (error: unknown) => logger.warn('Real-time push failed', error as Error),
      );
      return conversationView((Attributes ?? conversation) as typeof conversation, caller);
    } catch (error) {
      if (!isConditionalCheckFailure(error)) throw error;
      // A message arrived, or another tab read further: read again and decide again.
      if (attempt >= MAX_ATTEMPTS) throw new ConflictError(messages.http.conflict);
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt));
    }
  }
}
