/**
 * Reports of messages (issue 31, safety). A report keeps a snapshot of what the admin needs — the
 * reported message, up to REPORT_CONTEXT_MESSAGES messages before it, the names of both sides — so
 * that an admin decides on a report without ever reading a conversation. Its own partition
 * (`MSG_REPORT#<id>`), listed per status newest first on gsi1 (`MSG_REPORTS#open|closed`, moved on
 * the decision). One report per reporter and message: a marker in the conversation's partition,
 * put with the report on condition that it does not exist.
 */
import { Entity } from 'dynamodb-toolbox/entity';
import { boolean } from 'dynamodb-toolbox/schema/boolean';
import { item } from 'dynamodb-toolbox/schema/item';
import { list } from 'dynamodb-toolbox/schema/list';
import { map } from 'dynamodb-toolbox/schema/map';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { CONVERSATION_SIDES, REPORT_DECISIONS, REPORT_REASONS, REPORT_STATUSES, type ReportStatus } from '#shared/messaging';
import { indexKeys, onKalanTable } from '#commons/db';

/** The messages before the reported one that the snapshot keeps (the admin's context). */
export const REPORT_CONTEXT_MESSAGES = 5;

export const messageReportsIndex = (status: ReportStatus) => `MSG_REPORTS#${status}`;
export const messageReportKey = (id: string) => ({ pk: `MSG_REPORT#${id}`, sk: 'REPORT' });

const side = () => string().enum(...CONVERSATION_SIDES);

export const MessageReportEntity = new Entity({
  name: 'messageReport',
  ...onKalanTable,
  schema: item({
    id: string().key(),
    status: string().enum(...REPORT_STATUSES),
    reason: string().enum(...(Object.keys(REPORT_REASONS) as Array<keyof typeof REPORT_REASONS>)),
    details: string().optional(),
    created_at: string(),
    conversation_id: string(),
    /** 'Compte supprimé' once that account is deleted (account/delete-account.ts). */
    reporter_user_id: string(),
    reporter_name: string(),
    reporter_side: side(),
    author_user_id: string(),
    author_name: string(),
    author_side: side(),
    /** The reported message as stored when it was reported (already masked when it was sent masked). */
    message: map({ id: string(), seq: number(), body: string(), sent_at: string() }),
    /** Set by a `hide` decision. */
    message_hidden: boolean().optional(),
    /** Up to REPORT_CONTEXT_MESSAGES messages before it, oldest first. */
    context: list(map({ seq: number(), sender: side(), body: string(), sent_at: string() })),
    decision: string().enum(...(Object.keys(REPORT_DECISIONS) as Array<keyof typeof REPORT_DECISIONS>)).optional(),
    decided_at: string().optional(),
    /** The deciding admin's user id. */
    decided_by: string().optional(),
    note: string().optional(),
    // MSG_REPORTS#<status> / <created_at>#<id>.
    ...indexKeys('gsi1'),
  }),
  computeKey: ({ id }: { id: string }) => messageReportKey(id),
});

/** A reporter's report of one message: put with the report (attribute_not_exists), so that each reports a message once. */
export const MessageReportMarkerEntity = new Entity({
  name: 'messageReportMarker',
  ...onKalanTable,
  schema: item({
    conversation_id: string().key(),
    message_id: string().key(),
    reporter_user_id: string().key(),
    report_id: string(),
    created_at: string(),
  }),
  computeKey: ({ conversation_id, message_id, reporter_user_id }: { conversation_id: string; message_id: string; reporter_user_id: string }) => ({
    pk: `CONV#${conversation_id}`,
    sk: `REPORTED#${message_id}#${reporter_user_id}`,
  }),
});
