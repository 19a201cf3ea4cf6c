/**
 * Reports of messages (issue 31, safety): a participant reports the other side's message; an admin
 * reads the report's snapshot (never the conversation) and decides once — dismiss, or uphold by a
 * warning, by hiding the message or by suspending its author's messaging. An upheld report counts
 * against the author: at UPHELD_REPORTS_BEFORE_RESTRICTION the author's messaging is restricted.
 * Each decision is one conditional transaction (the report `open` → `closed`, the author's count
 * as read, the message and the conversation's last message when hidden).
 */
import { randomUUID } from 'node:crypto';
import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { execute, type ExecuteTransactWriteInput } from 'dynamodb-toolbox/entity/actions/transactWrite';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import { messages } from '#shared/messages';
import {
  HIDDEN_MESSAGE_TEXT,
  UPHELD_REPORTS_BEFORE_RESTRICTION,
  type AdminMessageReportView,
  type AdminMessageReportsPage,
  type ConversationSide,
  type DecideReportRequest,
  type ReportMessageRequest,
  type ReportStatus,
} from '#shared/messaging-schemas';
import { cancellationCodes, retryOnConflict } from '#commons/counters';
import { kalanTable } from '#commons/db';
import { DomainError, NotFoundError, ValidationError } from '#commons/errors';
import { readIndexPage } from '#commons/index-page';
import { logger } from '#commons/logger';
import { ADMIN_LIST_PAGE_SIZE, type IndexList } from '#commons/page-cursor';
import { ConversationEntity, MessageEntity, MessageIdEntity, MessagingAccountEntity, messageSortKey } from './entities.js';
import { MessageReportEntity, MessageReportMarkerEntity, messageReportKey, messageReportsIndex, REPORT_CONTEXT_MESSAGES } from './report-entities.js';

type Conversation = FormattedItem<typeof ConversationEntity>;
type Message = FormattedItem<typeof MessageEntity>;
export type MessageReport = FormattedItem<typeof MessageReportEntity>;
type WriteItem = Extract<ExecuteTransactWriteInput[number], { params: unknown }>;

const conversationNotFound = () => new NotFoundError(messages.messaging.conversationNotFound);
const messageNotFound = () => new NotFoundError(messages.messaging.messageNotFound);
const reportNotFound = () => new NotFoundError(messages.messaging.reportNotFound);

/** The caller's side of the conversation, or null when it is not one of the pair. */
function sideOf(conversation: Conversation, userId: string): ConversationSide | null {
  if (conversation.parent_user_id === userId) return 'parent';
  if (conversation.tutor_user_id === userId) return 'tutor';
  return null;
}

const nameOf = (conversation: Conversation, side: ConversationSide) => (side === 'parent' ? conversation.parent_name : conversation.tutor_name);

async function getConversation(id: string): Promise<Conversation | null> {
  const { Item } = await ConversationEntity.build(GetItemCommand).key({ id }).options({ consistent: true }).send();
  return Item ?? null;
}

async function getMessage(conversationId: string, seq: number): Promise<Message | null> {
  const { Item } = await MessageEntity.build(GetItemCommand).key({ conversation_id: conversationId, seq }).options({ consistent: true }).send();
  return Item ?? null;
}

/** The messages just before `seq` (at most REPORT_CONTEXT_MESSAGES), oldest first. */
async function contextBefore(conversationId: string, seq: number): Promise<Message[]> {
  if (seq <= 1) return [];
  const { Items = [] } = await kalanTable
    .build(QueryCommand)
    .entities(MessageEntity)
    .query({
      partition: `CONV#${conversationId}`,
      range: { between: [messageSortKey(Math.max(1, seq - REPORT_CONTEXT_MESSAGES)), messageSortKey(seq - 1)] },
    })
    .options({ consistent: true })
    .send();
  return Items.sort((a, b) => a.seq - b.seq);
}

/**
 * A participant reports the other side's message: 404 when the caller is not one of the pair (the
 * conversation's existence is never revealed) or the message is not in it, 400 for its own, 409
 * for a second report of the same message by the same person.
 */
export async function reportMessage(reporterUserId: string, conversationId: string, messageId: string, request: ReportMessageRequest, now = new Date()) {
  const conversation = await getConversation(conversationId);
  const reporterSide = conversation && sideOf(conversation, reporterUserId);
  if (!conversation || !reporterSide) throw conversationNotFound();
  const { Item: ref } = await MessageIdEntity.build(GetItemCommand).key({ conversation_id: conversationId, id: messageId }).options({ consistent: true }).send();
  const message = ref && (await getMessage(conversationId, ref.seq));
  if (!message) throw messageNotFound();
  if (message.sender_user_id === reporterUserId) throw new ValidationError(messages.messaging.ownMessageReport);
  const authorSide = message.sender;
  const context = await contextBefore(conversationId, message.seq);
  const id = randomUUID();
  const createdAt = now.toISOString();
  const details = request.details?.trim();
  try {
    await execute(
      MessageReportMarkerEntity.build(PutTransaction)
        .item({ conversation_id: conversationId, message_id: messageId, reporter_user_id: reporterUserId, report_id: id, created_at: createdAt })
        .options({ condition: { attr: 'report_id', exists: false } }),
      MessageReportEntity.build(PutTransaction)
        .item({
          id,
          status: 'open',
          reason: request.reason,
          ...(details ? { details } : {}),
          created_at: createdAt,
          conversation_id: conversationId,
          reporter_user_id: reporterUserId,
          reporter_name: nameOf(conversation, reporterSide),
          reporter_side: reporterSide,
          author_user_id: message.sender_user_id,
          author_name: nameOf(conversation, authorSide),
          author_side: authorSide,
          message: { id: message.id, seq: message.seq, body: message.body, sent_at: message.sent_at },
          ...(message.hidden ? { message_hidden: true } : {}),
          context: context.map((m) => ({ seq: m.seq, sender: m.sender, body: m.body, sent_at: m.sent_at })),
          gsi1pk: messageReportsIndex('open'),
          gsi1sk: `${createdAt}#${id}`,
        })
        .options({ condition: { attr: 'id', exists: false } }),
    );
  } catch (error) {
    if (cancellationCodes(error)[0] === 'ConditionalCheckFailed') throw new DomainError('already_reported', 409, messages.messaging.alreadyReported);
    throw error;
  }
  logger.info('Message reported', { report_id: id, conversation_id: conversationId, reason: request.reason });
  return { id, status: 'open' as const, created_at: createdAt };
}

const reportsList = (status: ReportStatus): IndexList => ({
  name: `message-reports-${status}`,
  index: 'gsi1',
  partition: messageReportsIndex(status),
  tableKey: messageReportKey,
});

type MessagingAccount = FormattedItem<typeof MessagingAccountEntity>;

async function messagingAccountOf(userId: string): Promise<MessagingAccount | null> {
  const { Item } = await MessagingAccountEntity.build(GetItemCommand).key({ user_id: userId }).options({ consistent: true }).send();
  return Item ?? null;
}

export function toReportView(report: MessageReport, author: MessagingAccount | null): AdminMessageReportView {
  return {
    id: report.id,
    status: report.status,
    reason: report.reason,
    details: report.details ?? null,
    created_at: report.created_at,
    reporter: { user_id: report.reporter_user_id, name: report.reporter_name, side: report.reporter_side },
    author: {
      user_id: report.author_user_id,
      name: report.author_name,
      side: report.author_side,
      upheld_reports: author?.upheld_reports ?? 0,
      messaging_suspended: Boolean(author?.suspended_at),
    },
    conversation_id: report.conversation_id,
    message: { ...report.message, hidden: report.message_hidden === true },
    context: report.context,
    decision: report.decision ?? null,
    decided_at: report.decided_at ?? null,
    decided_by: report.decided_by ?? null,
    note: report.note ?? null,
  };
}

/** One page of the reports of a status (open by default), newest first, each with its author's standing. */
export async function reportsPage(status: ReportStatus = 'open', cursor?: string, size = ADMIN_LIST_PAGE_SIZE): Promise<AdminMessageReportsPage> {
  const { items, next_cursor } = await readIndexPage(MessageReportEntity, reportsList(status), cursor, size, (report) => ({ at: report.created_at, id: report.id }));
  const authors = new Map(
    await Promise.all([...new Set(items.map((r) => r.author_user_id))].map(async (userId) => [userId, await messagingAccountOf(userId)] as const)),
  );
  return { reports: items.map((report) => toReportView(report, authors.get(report.author_user_id) ?? null)), next_cursor };
}

/** What a decision does to the author's messaging account (pure: the counts as read). */
export function accountChangeOf(decision: DecideReportRequest['decision'], account: MessagingAccount | null) {
  if (decision === 'dismiss') return null;
  const upheld = (account?.upheld_reports ?? 0) + 1;
  const alreadySuspended = Boolean(account?.suspended_at);
  const reason = decision === 'suspend' ? ('admin' as const) : upheld >= UPHELD_REPORTS_BEFORE_RESTRICTION ? ('reports' as const) : null;
  return {
    upheld_reports: upheld,
    warnings: (account?.warnings ?? 0) + (decision === 'warn' ? 1 : 0),
    // Suspended once: a later decision keeps the first suspension's date (an admin's suspension names itself).
    suspend: reason && (!alreadySuspended || (reason === 'admin' && account?.suspended_reason !== 'admin')) ? reason : null,
  };
}

/** The condition that the author's account still holds the count read (or is still absent). */
function countAsRead(account: MessagingAccount | null) {
  if (!account) return { attr: 'user_id', exists: false } as const;
  if (account.upheld_reports === undefined) return { attr: 'upheld_reports', exists: false } as const;
  return { attr: 'upheld_reports', eq: account.upheld_reports } as const;
}

export interface DecisionOutcome {
  report: MessageReport;
  author: MessagingAccount | null;
}

/**
 * An admin decides an open report, once (a second decision: 409). Retried when another write moved
 * the author's account or the conversation meanwhile (each attempt re-reads and carries its own conditions).
 */
export async function decideReport(reportId: string, adminUserId: string, request: DecideReportRequest, now = new Date()): Promise<DecisionOutcome> {
  const decidedAt = now.toISOString();
  for (let attempt = 1; ; attempt++) {
    const { Item: report } = await MessageReportEntity.build(GetItemCommand).key({ id: reportId }).options({ consistent: true }).send();
    if (!report) throw reportNotFound();
    if (report.status !== 'open') throw new DomainError('report_already_decided', 409, messages.messaging.reportAlreadyDecided);
    const account = await messagingAccountOf(report.author_user_id);
    const change = accountChangeOf(request.decision, account);
    const note = request.note?.trim();
    // What the decision writes on the report (and what the answer shows of it).
    const closing = {
      status: 'closed' as const,
      decision: request.decision,
      decided_at: decidedAt,
      decided_by: adminUserId,
      ...(note ? { note } : {}),
      ...(request.decision === 'hide' ? { message_hidden: true } : {}),
    };
    const writes: WriteItem[] = [
      MessageReportEntity.build(UpdateTransaction)
        .item({
          id: report.id,
          ...closing,
          // The closed list, at the same position (created_at#id).
          gsi1pk: messageReportsIndex('closed'),
        } as never)
        .options({ condition: { attr: 'status', eq: 'open' } }) as WriteItem,
    ];
    if (change) {
      writes.push(
        MessagingAccountEntity.build(UpdateTransaction)
          .item({
            user_id: report.author_user_id,
            upheld_reports: change.upheld_reports,
            warnings: change.warnings,
            ...(change.suspend ? { suspended_at: decidedAt, suspended_reason: change.suspend } : {}),
            updated_at: decidedAt,
          } as never)
          // The count as read: two decisions at once never count one report.
          .options({ condition: countAsRead(account) }) as WriteItem,
      );
    }
    if (request.decision === 'hide') {
      const { conversation_id, message } = report;
      writes.push(
        MessageEntity.build(UpdateTransaction)
          .item({ conversation_id, seq: message.seq, hidden: true } as never)
          .options({ condition: { attr: 'id', eq: message.id } }) as WriteItem,
      );
      const conversation = await getConversation(conversation_id);
      if (conversation && conversation.message_count === message.seq) {
        // It is the conversation's last message: the lists show its text without reading it.
        writes.push(
          ConversationEntity.build(UpdateTransaction)
            .item({ id: conversation_id, last_message_body: HIDDEN_MESSAGE_TEXT } as never)
            .options({ condition: { attr: 'message_count', eq: message.seq } }) as WriteItem,
        );
      }
    }
    try {
      await retryOnConflict(() => execute(...writes));
    } catch (error) {
      const codes = cancellationCodes(error);
      if (codes[0] === 'ConditionalCheckFailed') throw new DomainError('report_already_decided', 409, messages.messaging.reportAlreadyDecided);
      // The account or the conversation moved meanwhile (another decision, a new message): read again.
      if (codes.includes('ConditionalCheckFailed') && attempt < 5) continue;
      throw error;
    }
    const decided: MessageReport = { ...report, ...closing };
    const author: MessagingAccount | null = change
      ? {
          ...(account ?? { user_id: report.author_user_id }),
          upheld_reports: change.upheld_reports,
          warnings: change.warnings,
          ...(change.suspend ? { suspended_at: decidedAt, suspended_reason: change.suspend } : {}),
        }
      : account;
    logger.info('Message report decided', { report_id: report.id, decision: request.decision, upheld_reports: author?.upheld_reports ?? 0, suspended: Boolean(author?.suspended_at) });
    return { report: decided, author };
  }
}

