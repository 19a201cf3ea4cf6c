/**
 * An account's messages (issue 31; law 2013-450): what the export gives and what the deletion
 * removes. The user's conversations are listed on its own index partition (`CONVS#<user>`: gsi1
 * as a parent, gsi2 as a tutor), every page. The deletion keeps each conversation for the other
 * side, without the user: its name becomes 'Compte supprimé' and `<side>_deleted_at` is set (the
 * other side can no longer write), the user's messages lose their text (`deleted`, empty body),
 * its own messaging items (`MESSAGING#<user>`: standing, rate counters, response figures) are
 * deleted, and the reports that name it lose its name. Each step idempotent: a retried deletion
 * finishes what a failed one began.
 */
import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { DeletePartitionCommand } from 'dynamodb-toolbox/table/actions/deletePartition';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import { messages } from '#shared/messages';
import { DELETED_MESSAGE_TEXT, type ConversationSide } from '#shared/messaging';
import { isConditionalCheckFailure, kalanTable } from '#commons/db';
import { ConversationEntity, MessageEntity, MessagingAccountEntity, MessagingCounterEntity, ResponseStatsEntity, userConversationsIndex } from '../messages/entities.js';
import { MessageReportEntity, messageReportsIndex } from '../messages/report-entities.js';
import type { NotificationMention } from '../notifications/anonymise.js';

type Conversation = FormattedItem<typeof ConversationEntity>;
type Message = FormattedItem<typeof MessageEntity>;

const DELETED_NAME = messages.messaging.deletedAccount;

const sideOf = (conversation: Conversation, userId: string): ConversationSide => (conversation.parent_user_id === userId ? 'parent' : 'tutor');

/** Every conversation of the user, as a parent (gsi1) and as a tutor (gsi2). */
export async function readConversations(userId: string): Promise<Conversation[]> {
  const listed = await Promise.all(
    (['gsi1', 'gsi2'] as const).map(async (index) => {
      const { Items = [] } = await kalanTable
        .build(QueryCommand)
        .entities(ConversationEntity)
        .query({ index, partition: userConversationsIndex(userId) })
        .options({ maxPages: Infinity })
        .send();
      return Items;
    }),
  );
  const byId = new Map(listed.flat().filter((c) => c.parent_user_id === userId || c.tutor_user_id === userId).map((c) => [c.id, c]));
  return [...byId.values()];
}

/** A conversation's messages, oldest first (consistent: the deletion reads what it changes). */
async function messagesOf(conversationId: string): Promise<Message[]> {
  const { Items = [] } = await kalanTable
    .build(QueryCommand)
    .entities(MessageEntity)
    .query({ partition: `CONV#${conversationId}`, range: { beginsWith: 'MSG#' } })
    .options({ consistent: true, maxPages: Infinity })
    .send();
  return Items.sort((a, b) => a.seq - b.seq);
}

/** The export: each conversation with the other person's name as it holds it, and every message as stored. */
export async function exportConversations(userId: string) {
  const conversations = await readConversations(userId);
  const { Item: standing } = await MessagingAccountEntity.build(GetItemCommand).key({ user_id: userId }).send();
  return {
    account: standing
      ? { upheld_reports: standing.upheld_reports ?? 0, warnings: standing.warnings ?? 0, suspended_at: standing.suspended_at ?? null, suspended_reason: standing.suspended_reason ?? null }
      : null,
    conversations: await Promise.all(
      [...conversations]
        .sort((a, b) => (a.created_at < b.created_at ? 1 : -1))
        .map(async (conversation) => {
          const side = sideOf(conversation, userId);
          return {
            id: conversation.id,
            side,
            with: side === 'parent' ? conversation.tutor_name : conversation.parent_name,
            created_at: conversation.created_at,
            messages: (await messagesOf(conversation.id)).map((m) => ({
              seq: m.seq,
              sender: m.sender,
              mine: m.sender_user_id === userId,
              body: m.deleted ? DELETED_MESSAGE_TEXT : m.body,
              masked: m.masked,
              hidden: m.hidden === true,
              sent_at: m.sent_at,
            })),
          };
        }),
    ),
  };
}

/** The other side of each conversation, whose notifications (an unread message's) may name the user. */
export function conversationMentions(conversations: readonly Conversation[], userId: string): NotificationMention[] {
  return conversations.map((c) =>
    sideOf(c, userId) === 'parent'
      ? { recipient: c.tutor_user_id, transactionId: c.id, name: c.parent_name }
      : { recipient: c.parent_user_id, transactionId: c.id, name: c.tutor_name },
  );
}

const ignoreGone = (error: unknown) => {
  // Gone meanwhile: nothing left to anonymise.
  if (!isConditionalCheckFailure(error)) throw error;
};

/**
 * Each conversation: the user's messages first (text removed), then the conversation (name,
 * `<side>_deleted_at`, its last text when the user wrote it). Returns how many messages were removed.
 */
export async function anonymiseConversations(conversations: readonly Conversation[], userId: string, now = new Date()): Promise<{ conversations: number; messages: number }> {
  let removed = 0;
  for (const conversation of conversations) {
    const side = sideOf(conversation, userId);
    for (const message of await messagesOf(conversation.id)) {
      if (message.sender_user_id !== userId || (message.deleted && message.body === '')) continue;
      await MessageEntity.build(UpdateItemCommand)
        .item({ conversation_id: conversation.id, seq: message.seq, body: '', masked: [], deleted: true })
        .options({ condition: { attr: 'id', eq: message.id } })
        .send()
        .catch(ignoreGone);
      removed += 1;
    }
    await ConversationEntity.build(UpdateItemCommand)
      .item({
        id: conversation.id,
        [`${side}_name`]: DELETED_NAME,
        [`${side}_deleted_at`]: conversation[`${side}_deleted_at`] ?? now.toISOString(),
        ...(conversation.last_message_sender === side ? { last_message_body: DELETED_MESSAGE_TEXT } : {}),
      } as never)
      .options({ condition: { attr: 'id', exists: true } })
      .send()
      .catch(ignoreGone);
  }
  return { conversations: conversations.length, messages: removed };
}

/** The reports that name the user (as reporter or author), open and closed: the admin's lists, filtered on the user. */
export async function anonymiseReports(userId: string): Promise<number> {
  let changed = 0;
  for (const status of ['open', 'closed'] as const) {
    const { Items = [] } = await kalanTable
      .build(QueryCommand)
      .entities(MessageReportEntity)
      .query({ index: 'gsi1', partition: messageReportsIndex(status) })
      .options({
        maxPages: Infinity,
        filters: { messageReport: { or: [{ attr: 'reporter_user_id', eq: userId }, { attr: 'author_user_id', eq: userId }] } },
      })
      .send();
    for (const report of Items) {
      const names = {
        ...(report.reporter_user_id === userId && report.reporter_name !== DELETED_NAME ? { reporter_name: DELETED_NAME } : {}),
        ...(report.author_user_id === userId && report.author_name !== DELETED_NAME ? { author_name: DELETED_NAME } : {}),
      };
      if (Object.keys(names).length === 0) continue;
      await MessageReportEntity.build(UpdateItemCommand)
        .item({ id: report.id, ...names } as never)
        .options({ condition: { attr: 'id', exists: true } })
        .send()
        .catch(ignoreGone);
      changed += 1;
    }
  }
  return changed;
}

/** `MESSAGING#<user>`, whole: its standing, its rate counters, its response figures. */
export async function deleteMessagingItems(userId: string): Promise<number> {
  const { Count = 0 } = await kalanTable
    .build(DeletePartitionCommand)
    .entities(MessagingAccountEntity, MessagingCounterEntity, ResponseStatsEntity)
    .query({ partition: `MESSAGING#${userId}` })
    .options({ consistent: true })
    .send();
  return Count;
}
