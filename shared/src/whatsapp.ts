/**
 * WhatsApp (issue 34): the channel Kalan's notifications go out on besides in-app and e-mail,
 * through the WhatsApp Business Platform's Cloud API. What the browser, the functions and the local
 * double share: the numbers, the proof of a number, the templates (approved in Meta's WhatsApp
 * Manager under these names, in French), the payload of the quick-reply buttons, the statuses.
 *
 * Facts of the Cloud API this builds on: messages go out with `POST /{phone-number-id}/messages`
 * (Graph API, bearer token); outside the 24-hour window after the person's last message only an
 * approved template may be sent; a template's quick-reply button returns its payload in a webhook
 * (`messages[].type === 'button'`, `button.payload`); the webhook is verified once by a GET
 * (`hub.mode=subscribe`, `hub.verify_token`, `hub.challenge` echoed) and every POST is signed
 * `X-Hub-Signature-256: sha256=<HMAC-SHA256 of the raw body with the app secret>`; statuses
 * (sent → delivered → read, or failed with an error code) arrive out of order and may repeat.
 */
import type { NotificationKind } from './notifications.js';

/** The Graph API version the functions and the double speak. */
export const WHATSAPP_GRAPH_VERSION = 'v21.0';

/** A number is proven by a 6-digit code sent over WhatsApp, valid this long, tried at most this often. */
export const WHATSAPP_CODE_LENGTH = 6;
export const WHATSAPP_CODE_TTL_MINUTES = 10;
export const WHATSAPP_CODE_MAX_ATTEMPTS = 5;
/** At most this many codes per user per hour (each one is a paid template message). */
export const WHATSAPP_CODES_PER_HOUR = 3;

/** Words that turn the channel off when a person writes them (case and accents folded). */
export const WHATSAPP_STOP_WORDS = ['stop', 'arret', 'arreter', 'desabonner', 'unsubscribe'] as const;

/** A message's delivery, in the order it can only move forward (a status never goes back). */
export const WHATSAPP_STATUSES = ['accepted', 'sent', 'delivered', 'read', 'failed'] as const;
export type WhatsAppStatus = (typeof WHATSAPP_STATUSES)[number];
/** Rank of a status: a stored status is replaced only by a higher rank ('failed' is final). */
export const WHATSAPP_STATUS_RANK: Record<WhatsAppStatus, number> = { accepted: 0, sent: 1, delivered: 2, read: 3, failed: 4 };

/** The user's WhatsApp channel as the API shows it (the number masked except its last digits). */
export interface WhatsAppChannelView {
  /** `none`: no number; `pending`: a code was sent and not yet given; `verified`: on; `stopped`: the person wrote STOP or blocked us. */
  state: 'none' | 'pending' | 'verified' | 'stopped';
  /** E.164 number ('+2250707123456'), only the caller's own. */
  phone: string | null;
  /** Why a `stopped` channel stopped: the person wrote STOP, or WhatsApp said the number cannot get our messages. */
  stoppedReason?: WhatsAppStopReason;
}

/**
 * Why a channel stopped. `undeliverable`: the Cloud API's error 131026 (the number blocked Kalan,
 * left WhatsApp or never accepted its terms: Meta does not say which) — sending more would only fail.
 */
export type WhatsAppStopReason = 'stop' | 'undeliverable';
/** The Cloud API's 'Message undeliverable' error code (a block, no WhatsApp, terms not accepted). */
export const WHATSAPP_UNDELIVERABLE_CODE = 131026;

/** The templates Kalan sends, by name (language `fr`). Their bodies, as approved, with {{n}} variables. */
export const WHATSAPP_TEMPLATES = {
  kalan_code: { body: 'Votre code Kalan : {{1}}. Il expire dans 10 minutes. Ne le donnez à personne.', buttons: [] },
  kalan_nouvelle_demande: {
    body: 'Nouvelle demande de {{1}} : {{2}}, le {{3}}. Répondez avant le {{4}}.',
    buttons: [{ type: 'quick_reply', text: 'Accepter' }, { type: 'quick_reply', text: 'Refuser' }],
  },
  kalan_cours_accepte: { body: '{{1}} a accepté votre cours de {{2}} du {{3}}.', buttons: [] },
  kalan_cours_refuse: { body: '{{1}} a refusé votre demande de {{2}} du {{3}}. Vous êtes remboursé(e).', buttons: [] },
  kalan_rappel_cours: {
    body: 'Rappel : cours de {{1}} avec {{2}} {{3}}.',
    buttons: [{ type: 'url', text: 'Voir le cours' }],
  },
  kalan_retrait: { body: 'Retrait : {{1}}', buttons: [] },
  kalan_message: { body: 'Nouveau message de {{1}} sur Kalan.', buttons: [{ type: 'url', text: 'Lire' }] },
  kalan_paiement_recu: { body: 'Paiement reçu : {{1}} pour le cours de {{2}} du {{3}}. Il est gardé par Kalan jusqu’au cours.', buttons: [] },
  kalan_remboursement: { body: 'Remboursement effectué : {{1}} pour le cours de {{2}}.', buttons: [] },
  kalan_fonds_verses: { body: '{{1}} ont été versés sur votre solde Kalan pour le cours de {{2}} du {{3}}.', buttons: [] },
  kalan_notification: { body: '{{1}} — {{2}}', buttons: [{ type: 'url', text: 'Ouvrir Kalan' }] },
} as const;
export type WhatsAppTemplateName = keyof typeof WHATSAPP_TEMPLATES;

/**
 * The payload of a quick-reply button: what to do, on which lesson. It carries no authority: the
 * webhook acts only for the verified number of the lesson's tutor, with the lesson's own rules.
 */
export type WhatsAppButtonPayload = { action: 'accept' | 'decline'; transactionId: string };

const PAYLOAD = /^lesson:(accept|decline):([A-Za-z0-9_-]{1,80})$/;

export function buttonPayload({ action, transactionId }: WhatsAppButtonPayload): string {
  return `lesson:${action}:${transactionId}`;
}

/** The button's payload read back; null for anything else (a stale format, a forged one). */
export function parseButtonPayload(payload: string): WhatsAppButtonPayload | null {
  const match = PAYLOAD.exec(payload);
  return match ? { action: match[1] as WhatsAppButtonPayload['action'], transactionId: match[2]! } : null;
}

/** Notification kinds that have their own template (the others go out as `kalan_notification`). */
export const WHATSAPP_TEMPLATE_OF: Partial<Record<NotificationKind, WhatsAppTemplateName>> = {
  lesson_requested: 'kalan_nouvelle_demande',
  lesson_accepted: 'kalan_cours_accepte',
  lesson_declined: 'kalan_cours_refuse',
  lesson_reminder: 'kalan_rappel_cours',
  payment_received: 'kalan_paiement_recu',
  refund_done: 'kalan_remboursement',
  funds_released: 'kalan_fonds_verses',
  payout_paid: 'kalan_retrait',
  payout_failed: 'kalan_retrait',
  payout_reversed: 'kalan_retrait',
  payout_cancelled: 'kalan_retrait',
  message_unread: 'kalan_message',
};
