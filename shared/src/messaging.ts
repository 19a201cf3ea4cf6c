/**
 * Messages between a parent and a tutor (issue 31): the rules as constants, and the words. Pure:
 * safe in every bundle (the SPA, the messages Lambdas, the socket). The API's schemas are in
 * messaging-schemas.ts; the masking rule in contact-masking.ts.
 */
import type { TransactionStatus } from './transaction-process.js';

/** The two sides of a conversation (the caller's side is always the token's role). */
export const CONVERSATION_SIDES = ['parent', 'tutor'] as const;
export type ConversationSide = (typeof CONVERSATION_SIDES)[number];

/** A message's text, trimmed: at most this many characters. */
export const MESSAGE_MAX_LENGTH = 2000;
/** `GET …/messages` returns at most this many, the newest, oldest first on screen. */
export const MESSAGES_PAGE_SIZE = 30;
/** `GET /api/conversations` returns at most this many, the most recently active first. */
export const CONVERSATIONS_PAGE_SIZE = 30;

/** Messages an account may send per minute (all conversations together); above: 429. */
export const MESSAGES_PER_MINUTE = 10;
/** Conversations a parent may open with tutors it never wrote to, per day (UTC); above: 429. */
export const NEW_CONVERSATIONS_PER_DAY = 20;

/** A message still unread this long after it was sent e-mails its recipient — once per unread run, never once per message. */
export const UNREAD_EMAIL_DELAY_MINUTES = 15;

/** Upheld reports (warned, hidden or suspended) against one account after which its messaging is restricted. */
export const UPHELD_REPORTS_BEFORE_RESTRICTION = 3;

/** A WebSocket connection's item lives this long (API Gateway closes a connection after 2 hours). */
export const SOCKET_CONNECTION_TTL_SECONDS = 2 * 60 * 60;
/** The SPA pings this often (API Gateway closes a connection idle for 10 minutes). */
export const SOCKET_PING_SECONDS = 5 * 60;
/** While the socket is down, an open conversation is polled this often, the list of conversations less often. */
export const CONVERSATION_POLL_SECONDS = 5;
export const CONVERSATIONS_POLL_SECONDS = 30;

/**
 * A pair's contact details are shown once it has a paid lesson: a booking of this parent with this
 * tutor in one of these statuses (paid and not refunded). Once seen, the conversation stays unmasked.
 */
export const CONTACT_UNLOCKING_STATUSES = ['requested', 'escrow', 'disputed', 'released'] as const satisfies readonly TransactionStatus[];

/** What replaces a phone number, an e-mail, a link or a handle while the pair has no paid lesson. */
export const MASKED_CONTACT = '[coordonnées masquées]';

/** What the masking found (contact-masking.ts). */
export const CONTACT_KINDS = ['phone', 'email', 'link', 'handle'] as const;
export type ContactKind = (typeof CONTACT_KINDS)[number];

/** Why a message is reported. */
export const REPORT_REASONS = {
  contact: 'Partage de coordonnées',
  harassment: 'Harcèlement ou propos insultants',
  scam: 'Arnaque ou paiement hors de Kalan',
  inappropriate: 'Contenu inapproprié',
  other: 'Autre',
} as const;
export type ReportReason = keyof typeof REPORT_REASONS;

/**
 * An admin's decision on a report. `dismiss` rejects it; the three others uphold it (and count
 * towards UPHELD_REPORTS_BEFORE_RESTRICTION for the reported message's sender).
 */
export const REPORT_DECISIONS = {
  dismiss: 'Rejeter le signalement',
  warn: "Avertir l'auteur",
  hide: 'Masquer le message',
  suspend: 'Suspendre la messagerie du compte',
} as const;
export type ReportDecision = keyof typeof REPORT_DECISIONS;
export const REPORT_STATUSES = ['open', 'closed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** What a hidden message shows to both participants. */
export const HIDDEN_MESSAGE_TEXT = 'Message masqué par la modération';
/** What a deleted account's messages show to the other participant (law 2013-450: removed). */
export const DELETED_MESSAGE_TEXT = 'Message supprimé';

/**
 * The real-time protocol, the same on API Gateway's WebSocket API and on the local router's
 * (`/ws`): the client connects with `?token=<Cognito access token>`, sends `{"action":"ping"}`
 * every SOCKET_PING_SECONDS, and receives these events as JSON text frames.
 */
export type RealtimeEvent =
  /** A new message in one of the user's conversations (also to the sender's other screens). */
  | { type: 'message'; conversation_id: string; seq: number }
  /** The other side read up to `read_seq` ('lu'). */
  | { type: 'read'; conversation_id: string; reader: ConversationSide; read_seq: number }
  | { type: 'pong' };
export type RealtimeRequest = { action: 'ping' };

/** 'Répond en général en 3 h' (median of the tutor's recent first replies, rounded up to the hour). */
export function responseTimeLabel(hours: number): string {
  if (hours <= 1) return 'Répond en général en moins d’une heure';
  return `Répond en général en ${Math.ceil(hours)} h`;
}

/** 'Taux de réponse : 92 %' (questions answered within 24 h). */
export function responseRateLabel(percent: number): string {
  return `Taux de réponse : ${Math.round(percent)} %`;
}

/** Below this many questions received, neither figure is shown (too few to mean anything). */
export const RESPONSE_STATS_MIN_QUESTIONS = 3;
/** A question counts as answered when the tutor's reply comes within this many hours. */
export const RESPONSE_RATE_WINDOW_HOURS = 24;
/** The median response time is computed over the tutor's last this-many answered questions. */
export const RESPONSE_TIME_SAMPLES = 20;
