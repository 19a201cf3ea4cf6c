/**
 * The messages API contract (issue 31, zod/mini): conversations between a parent and a tutor,
 * their messages, reports, and the admin's reports queue. Always the caller's own conversations:
 * the side is the token's role, never a parameter.
 */
import * as z from './zod.js';
import { messagingMessages } from './message-catalogue/messaging.js';
import { validationMessages } from './message-catalogue/validation.js';
import { pageCursorSchema } from './schemas.js';
import {
  MESSAGE_MAX_LENGTH,
  REPORT_DECISIONS,
  REPORT_REASONS,
  REPORT_STATUSES,
  type ContactKind,
  type ConversationSide,
  type ReportDecision,
  type ReportReason,
  type ReportStatus,
} from './messaging.js';

export * from './messaging.js';

/** Conversation ids are 32 lower-case hex characters (derived from the pair on the server). */
export const conversationIdSchema = z.string({ error: messagingMessages.conversationNotFound }).check(z.regex(/^[0-9a-f]{32}$/, { error: messagingMessages.conversationNotFound }));
export const messageIdSchema = z.uuid({ error: messagingMessages.messageNotFound });
export const reportIdSchema = z.uuid({ error: messagingMessages.reportNotFound });

/**
 * `POST /api/conversations`: opens, or finds again, the pair's one conversation. A parent names the
 * tutor ('Poser une question': counts towards NEW_CONVERSATIONS_PER_DAY when new); either side may
 * name a lesson of theirs instead (a lesson card's link: the tutor may then write first).
 */
export const startConversationSchema = z.union([
  z.strictObject({
    tutor_id: z.string({ error: messagingMessages.tutorRequired }).check(z.trim(), z.minLength(1, { error: messagingMessages.tutorRequired }), z.maxLength(128, { error: messagingMessages.tutorRequired })),
  }),
  z.strictObject({
    transaction_id: z.string({ error: messagingMessages.lessonRequired }).check(z.trim(), z.minLength(1, { error: messagingMessages.lessonRequired }), z.maxLength(128, { error: messagingMessages.lessonRequired })),
  }),
], { error: messagingMessages.tutorRequired });
export type StartConversationRequest = z.infer<typeof startConversationSchema>;

/** `POST /api/conversations/{id}/messages`: `request_id` makes a retry land once. */
export const sendMessageSchema = z.object({
  request_id: z.uuid({ error: validationMessages.invalidId }),
  body: z
    .string({ error: messagingMessages.bodyRequired })
    .check(z.trim(), z.minLength(1, { error: messagingMessages.bodyRequired }), z.maxLength(MESSAGE_MAX_LENGTH, { error: messagingMessages.bodyTooLong })),
});
export type SendMessageRequest = z.infer<typeof sendMessageSchema>;

/** `POST /api/conversations/{id}/read`: everything up to `read_seq` (the newest shown) is read. */
export const markConversationReadSchema = z.object({
  read_seq: z.int({ error: messagingMessages.readSeqInvalid }).check(z.minimum(0, { error: messagingMessages.readSeqInvalid }), z.maximum(1_000_000_000, { error: messagingMessages.readSeqInvalid })),
});

/** `GET /api/conversations/{id}/messages?before=<seq>`: the page before that message (the newest without it). */
export const messagesPageQuerySchema = z.object({
  before: z.optional(z.coerce.number({ error: messagingMessages.cursorInvalid }).check(z.int({ error: messagingMessages.cursorInvalid }), z.minimum(1, { error: messagingMessages.cursorInvalid }))),
});

/** `GET /api/conversations?cursor=…`. */
export const conversationsQuerySchema = z.object({ cursor: pageCursorSchema });

/** `POST /api/conversations/{id}/messages/{messageId}/report`. */
export const reportMessageSchema = z.object({
  reason: z.enum(Object.keys(REPORT_REASONS) as [ReportReason, ...ReportReason[]], { error: messagingMessages.reportReasonRequired }),
  details: z.optional(z.string().check(z.trim(), z.maxLength(500, { error: '500 caractères au maximum' }))),
});
export type ReportMessageRequest = z.infer<typeof reportMessageSchema>;

/** `GET /api/admin/message-reports?status=open|closed&cursor=…`. */
export const adminReportsQuerySchema = z.object({
  status: z.optional(z.enum(REPORT_STATUSES, { error: messagingMessages.reportStatusInvalid })),
  cursor: pageCursorSchema,
});

/** `POST /api/admin/message-reports/{id}/decide`. */
export const decideReportSchema = z.object({
  decision: z.enum(Object.keys(REPORT_DECISIONS) as [ReportDecision, ...ReportDecision[]], { error: messagingMessages.decisionRequired }),
  note: z.optional(z.string().check(z.trim(), z.maxLength(500, { error: '500 caractères au maximum' }))),
});
export type DecideReportRequest = z.infer<typeof decideReportSchema>;

/** The other person of a conversation, as the caller sees it. */
export interface ConversationPartyView {
  /** 'Compte supprimé' once that account is deleted. */
  name: string;
  /** The tutor's public id (the tutor page's), when the other person is the tutor. */
  tutor_id: string | null;
  photo_url: string | null;
}

/** One conversation in the caller's list, or the header of an open one. */
export interface ConversationView {
  id: string;
  /** The caller's side. */
  side: ConversationSide;
  other: ConversationPartyView;
  last_message: { body: string; sender: ConversationSide; sent_at: string } | null;
  /** Messages of the other side the caller has not read. */
  unread_count: number;
  /** true until the pair has a paid lesson: contact details are masked. */
  contacts_masked: boolean;
  /** The caller may not send (its messaging is suspended or restricted, or the other account is deleted). */
  can_send: boolean;
  /** Why it may not, in French (null when it may). */
  send_blocked_reason: string | null;
  created_at: string;
  last_message_at: string | null;
}

export interface MessageView {
  id: string;
  /** 1, 2, 3… in the conversation: the order, the page cursor and the 'lu' mark. */
  seq: number;
  sender: ConversationSide;
  /** Sent by the caller. */
  mine: boolean;
  /** As stored: already masked when it was sent before the first paid lesson; HIDDEN_MESSAGE_TEXT / DELETED_MESSAGE_TEXT when hidden or deleted. */
  body: string;
  /** What the server masked in it (empty when nothing). */
  masked: ContactKind[];
  hidden: boolean;
  sent_at: string;
  /** For the caller's own messages: the other side read it ('lu'); otherwise 'envoyé'. Always false for the other side's. */
  read: boolean;
}

export interface MessagesPage {
  conversation: ConversationView;
  /** Oldest first. */
  messages: MessageView[];
  /** Pass as `before` for the older page; null at the first message. */
  next_before: number | null;
}

export interface ConversationsPage {
  conversations: ConversationView[];
  next_cursor: string | null;
  /** Unread messages over all the caller's conversations (the header's badge). */
  unread_total: number;
}

/** `POST …/messages` answers the stored message (masked as stored) — 201, or 200 for a retry of the same request_id. */
export interface SentMessageView {
  message: MessageView;
  conversation: ConversationView;
}

/** A tutor's figures shown on its page (null below RESPONSE_STATS_MIN_QUESTIONS questions). */
export interface TutorResponseStats {
  /** Median hours to the first reply over the last RESPONSE_TIME_SAMPLES answered questions. */
  response_hours: number;
  /** Questions answered within RESPONSE_RATE_WINDOW_HOURS, in percent (0–100). */
  response_rate: number;
}

/** One report in the admin's queue: the message, its context (the messages before it) and who reported it. */
export interface AdminMessageReportView {
  id: string;
  status: ReportStatus;
  reason: ReportReason;
  details: string | null;
  created_at: string;
  reporter: { user_id: string; name: string; side: ConversationSide };
  author: { user_id: string; name: string; side: ConversationSide; upheld_reports: number; messaging_suspended: boolean };
  conversation_id: string;
  message: { id: string; seq: number; body: string; sent_at: string; hidden: boolean };
  /** Up to 5 messages before the reported one, oldest first (as stored: masked as sent). */
  context: Array<{ seq: number; sender: ConversationSide; body: string; sent_at: string }>;
  decision: ReportDecision | null;
  decided_at: string | null;
  decided_by: string | null;
  note: string | null;
}

export interface AdminMessageReportsPage {
  reports: AdminMessageReportView[];
  next_cursor: string | null;
}
