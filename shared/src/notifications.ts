/**
 * Notifications (issue 15, point 5): what a user is told, on which channel, in which words. Pure:
 * safe in every bundle (the notifier Lambda and the SPA). The API's schemas are in
 * notification-schemas.ts; who is told what, from which change, in functions/src/notifications.
 */
import { courseOf } from './french.js';
import { frenchDayOf, frenchDelay, frenchTimeOf, lessonTimeLabel } from './french-dates.js';
import { messagingMessages } from './message-catalogue/messaging.js';
import { packagesMessages } from './message-catalogue/packages.js';
import { payoutsMessages } from './message-catalogue/payouts.js';
import { formatFcfa } from './money.js';
import { maskedPhone, PAYOUT_FAILURE_REASONS, type PayoutFailureReason } from './payouts.js';

export const NOTIFICATION_KINDS = [
  /** A parent asks for a lesson (paid, waiting for the tutor's answer): to the tutor. */
  'lesson_requested',
  /** The tutor accepted: to the parent. */
  'lesson_accepted',
  /** The tutor declined, or did not answer in time: to the parent. */
  'lesson_declined',
  /** One side cancelled: to the other side. */
  'lesson_cancelled',
  /** Issue 32: the tutor moved a package lesson (off a day off) to another slot: to the parent. */
  'lesson_moved',
  /** Before the lesson (24 h and 1 h by default): to both sides. */
  'lesson_reminder',
  /** Paystack confirmed the payment: to the parent. */
  'payment_received',
  /** The funds left escrow for the tutor: to both. */
  'funds_released',
  /** Paystack refunded the parent: to the parent. */
  'refund_done',
  /** The funds froze on a problem the parent reported: to both. */
  'dispute_opened',
  /** An admin decided the dispute (release or refund): to both. */
  'dispute_decided',
  /** The tutor's identity verification was approved / rejected: to the tutor. */
  'kyc_approved',
  'kyc_rejected',
  /** The tutor's payout destination was added or changed (issue 30): to the tutor. */
  'payout_destination_changed',
  /** A withdrawal's outcome (issue 30): paid to the phone, failed, reversed by the operator, cancelled by an admin. To the tutor. */
  'payout_paid',
  'payout_failed',
  'payout_reversed',
  'payout_cancelled',
  /** A message still unread UNREAD_EMAIL_DELAY_MINUTES after it was sent (issue 31): once per unread run, to its recipient. */
  'message_unread',
  /** An admin upheld a report of one of the user's messages with a warning (issue 31): to its author. */
  'message_warning',
  /** A package ends in RENEWAL_NOTICE_DAYS (issue 32): once, to its parent and its tutor ('Renouveler'). */
  'package_renewal',
  /**
   * Issue 32: a package is N lesson transactions, but its package-wide moments are told once per
   * package (functions/src/notifications/changes.ts): paid (the tutor's request, the parent's
   * receipt), accepted, declined (or not answered in time), stopped by the parent. A lesson's own
   * later events (cancelled into a credit, moved, released, disputed) keep their lesson kinds.
   */
  'package_requested',
  'package_paid',
  'package_accepted',
  'package_declined',
  'package_stopped',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** In-app always; e-mail by the user's choice (on by default); WhatsApp once a number is proven (issue 34). */
export const NOTIFICATION_CHANNELS = ['in_app', 'email', 'whatsapp'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** A notification is kept this long, then DynamoDB's TTL deletes it. */
export const NOTIFICATION_TTL_DAYS = 180;
/** `GET /api/notifications` returns at most this many, newest first. */
export const NOTIFICATIONS_PAGE_SIZE = 50;
/** When the reminders of an accepted lesson are sent, in seconds before its start. */
export const DEFAULT_LESSON_REMINDER_OFFSETS_SECONDS = [24 * 60 * 60, 60 * 60] as const;

/** One notification as the API returns it. */
export interface NotificationView {
  id: string;
  kind: NotificationKind;
  title: string;
  body: string;
  /** Where in the SPA the user acts on it (a path of the app). */
  link: string;
  created_at: string;
  read_at: string | null;
}

/** `GET /api/notifications`: the newest, and how many are unread in all. */
export interface NotificationsPage {
  notifications: NotificationView[];
  unread_count: number;
}

/** The user's choice per channel (in-app cannot be turned off). */
export interface NotificationPreferences {
  email: boolean;
  /** On only with a verified WhatsApp number (the channel's routes turn it on and off too). */
  whatsapp: boolean;
}

/** `GET/PUT /api/notifications/preferences`: the choice, and which channels can be chosen now. */
export interface NotificationPreferencesView extends NotificationPreferences {
  /** `whatsapp`: the stage has WhatsApp configured. */
  available: { email: boolean; whatsapp: boolean };
}

export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = { email: true, whatsapp: false };

/** Paths of the SPA a notification links to. */
export const conversationLink = (conversationId: string) => `/messages/${encodeURIComponent(conversationId)}`;
export const lessonLink = (transactionId: string) => `/cours?lesson=${encodeURIComponent(transactionId)}`;
/** A package's lessons, grouped in 'Mes cours' (issue 32). */
export const packageLink = (packageId: string) => `/cours?forfait=${encodeURIComponent(packageId)}`;
const PARENT_PAYMENTS = '/payments';
const TUTOR_REVENUES = '/tutor-revenues';
const KYC_PAGE = '/kyc';

export type Side = 'parent' | 'tutor';

/** What a notification about a transaction says: read from the transaction item. */
export interface LessonFacts {
  transactionId: string;
  subject: string;
  /** The lesson's start (ISO instant), when it has one. */
  start?: string;
  parentName: string;
  tutorName: string;
  amountTotal: number;
  amountTutor: number;
  /** What the refund gives back: all of it, unless a late cancellation kept the tutor's share. */
  amountRefunded: number;
  /** A lesson booked in the tutor's slots ('Mes cours'), or a booking of the older kind. */
  lesson: boolean;
  /** A request's end of the tutor's answer window (ISO), when it waits for one: the WhatsApp template says it. */
  answerDeadline?: string;
}

/** What a package-wide notification says (issue 32): read from the package item or one of its lessons. */
export interface PackageFacts {
  packageId: string;
  subject: string;
  parentName: string;
  tutorName: string;
}

/** The terms of a package, from the package item itself (its payment's moment). */
export interface PackageTerms extends PackageFacts {
  lessons: number;
  lessonsPerWeek: number;
  /** YYYY-MM-DD: the package's first day. */
  startDate: string;
  amountTotal: number;
}

/** What a notification about a withdrawal says: read from the payout item. */
export interface PayoutFacts {
  payoutId: string;
  /** Debited from the balance (fee included): what comes back when it fails. */
  amount: number;
  /** What arrives on the phone. */
  net: number;
  /** E.164: shown masked. */
  phone: string;
  failureReason?: PayoutFailureReason;
}

export type NotificationDetails =
  | { kind: 'lesson_requested' | 'lesson_accepted' | 'payment_received' | 'refund_done' | 'dispute_opened'; facts: LessonFacts }
  | { kind: 'lesson_declined'; facts: LessonFacts; automatic: boolean }
  | { kind: 'lesson_cancelled'; facts: LessonFacts; by: Side }
  /** `facts.start` is the new start; `previousStart` the one it replaces. */
  | { kind: 'lesson_moved'; facts: LessonFacts; previousStart?: string }
  | { kind: 'lesson_reminder'; facts: LessonFacts; secondsBefore: number }
  | { kind: 'funds_released'; facts: LessonFacts }
  | { kind: 'dispute_decided'; facts: LessonFacts; outcome: 'released' | 'refunded' }
  | { kind: 'kyc_approved' }
  | { kind: 'kyc_rejected'; notes?: string }
  /** `phone`: masked; `until`: the end of the withdrawals' hold, in words. */
  | { kind: 'payout_destination_changed'; phone: string; until: string }
  | { kind: 'payout_paid' | 'payout_failed' | 'payout_reversed' | 'payout_cancelled'; payout: PayoutFacts }
  /** `senderName`: the other side's name as the conversation holds it; never the message's text. */
  | { kind: 'message_unread'; conversationId: string; senderName: string }
  | { kind: 'message_warning'; conversationId: string }
  /** `lastLessonStart`: the package's last lesson (ISO instant). */
  | { kind: 'package_renewal'; packageId: string; tutorName: string; parentName: string; lastLessonStart: string }
  | { kind: 'package_requested' | 'package_paid'; package: PackageTerms }
  | { kind: 'package_accepted'; package: PackageFacts }
  | { kind: 'package_declined'; package: PackageFacts; automatic: boolean }
  /** `lessons`: how many of its lessons the stop cancels (or whose credit it refunds). */
  | { kind: 'package_stopped'; package: PackageFacts; lessons: number };

export interface NotificationContent {
  title: string;
  body: string;
  link: string;
}

/** 'Cours de mathématiques — Mardi 1er décembre, 09:00'. */
export function lessonLine(facts: Pick<LessonFacts, 'subject' | 'start'>): string {
  const course = courseOf(facts.subject);
  return facts.start ? `${course} — ${lessonTimeLabel(facts.start)}` : course;
}

/** The French title, body and link of a notification to `side`. */
export function notificationContent(details: NotificationDetails, side: Side): NotificationContent {
  if (details.kind === 'kyc_approved') {
    return {
      title: 'Identité vérifiée',
      body: "Votre pièce d'identité a été validée : votre profil affiche désormais le badge « Vérifié ».",
      link: KYC_PAGE,
    };
  }
  if (details.kind === 'kyc_rejected') {
    const notes = details.notes?.trim().replace(/[\s.]+$/, '');
    return {
      title: "Vérification d'identité refusée",
      body: `Vos documents n'ont pas été acceptés${notes ? ` : ${notes}` : ''}. Vous pouvez en envoyer de nouveaux.`,
      link: KYC_PAGE,
    };
  }
  if (details.kind === 'payout_destination_changed') {
    return { title: payoutsMessages.notifyDestinationTitle, body: payoutsMessages.notifyDestination(details.phone, details.until), link: TUTOR_REVENUES };
  }
  if (details.kind === 'message_unread') {
    return { title: messagingMessages.unreadTitle, body: messagingMessages.unreadBody(details.senderName), link: conversationLink(details.conversationId) };
  }
  if (details.kind === 'message_warning') {
    return { title: messagingMessages.warningTitle, body: messagingMessages.warningBody, link: conversationLink(details.conversationId) };
  }
  if (details.kind === 'package_renewal') {
    // 'mardi 1er décembre à 09:00'
    const lastLesson = `${frenchDayOf(details.lastLessonStart).toLowerCase()} à ${frenchTimeOf(details.lastLessonStart)}`;
    return {
      title: packagesMessages.renewalTitle,
      body:
        side === 'parent'
          ? packagesMessages.renewalBodyParent(details.tutorName, lastLesson)
          : packagesMessages.renewalBodyTutor(details.parentName, lastLesson),
      link: packageLink(details.packageId),
    };
  }
  if ('package' in details) return packageContent(details, side);
  if ('payout' in details) return payoutContent(details);
  const { facts } = details;
  const line = lessonLine(facts);
  const onLesson = facts.lesson ? lessonLink(facts.transactionId) : side === 'parent' ? PARENT_PAYMENTS : TUTOR_REVENUES;
  const other = side === 'parent' ? facts.tutorName : facts.parentName;
  switch (details.kind) {
    case 'lesson_requested':
      return { title: 'Nouvelle demande de cours', body: `${line}. ${facts.parentName} attend votre réponse.`, link: onLesson };
    case 'lesson_accepted':
      return { title: 'Cours confirmé', body: `${line}. ${facts.tutorName} a accepté votre demande.`, link: onLesson };
    case 'lesson_declined':
      return {
        title: 'Demande de cours refusée',
        body: details.automatic
          ? `${line}. ${facts.tutorName} n'a pas répondu à temps : vous êtes remboursé intégralement.`
          : `${line}. ${facts.tutorName} a refusé votre demande : vous êtes remboursé intégralement.`,
        link: onLesson,
      };
    case 'lesson_cancelled':
      return {
        title: 'Cours annulé',
        body: `${line}. ${details.by === 'parent' ? facts.parentName : facts.tutorName} a annulé le cours.`,
        link: onLesson,
      };
    case 'lesson_moved':
      return {
        title: 'Cours déplacé',
        body: `${line}. ${facts.tutorName} a déplacé le cours${details.previousStart ? ` prévu ${lessonTimeLabel(details.previousStart)}` : ''} : vous pouvez encore l'annuler sans frais jusqu'à son début.`,
        link: onLesson,
      };
    case 'lesson_reminder':
      return {
        title: `Rappel : votre cours commence dans ${frenchDelay(details.secondsBefore)}`,
        body: `${line}, avec ${other}.`,
        link: onLesson,
      };
    case 'payment_received':
      return {
        title: 'Paiement reçu',
        body: `${line}. Nous avons bien reçu votre paiement de ${formatFcfa(facts.amountTotal)} : il reste bloqué jusqu'après le cours.`,
        link: facts.lesson ? onLesson : PARENT_PAYMENTS,
      };
    case 'funds_released':
      return side === 'tutor'
        ? { title: 'Paiement libéré', body: `${line}. ${formatFcfa(facts.amountTutor)} vous ont été versés.`, link: TUTOR_REVENUES }
        : { title: 'Paiement versé au répétiteur', body: `${line}. Le paiement a été versé à ${facts.tutorName}.`, link: PARENT_PAYMENTS };
    case 'refund_done':
      return {
        title: 'Remboursement effectué',
        body: `${line}. Votre remboursement de ${formatFcfa(facts.amountRefunded)} a été effectué.`,
        link: PARENT_PAYMENTS,
      };
    case 'dispute_opened':
      return {
        title: 'Litige ouvert',
        body:
          side === 'parent'
            ? `${line}. Votre signalement a été transmis à notre équipe : le paiement reste bloqué jusqu'à sa décision.`
            : `${line}. ${facts.parentName} a signalé un problème : le paiement reste bloqué jusqu'à la décision de notre équipe.`,
        link: onLesson,
      };
    case 'dispute_decided':
      return {
        title: 'Litige tranché',
        body:
          details.outcome === 'released'
            ? `${line}. Notre équipe a tranché : le paiement est versé à ${facts.tutorName}.`
            : `${line}. Notre équipe a tranché : ${side === 'parent' ? 'vous êtes remboursé' : `${facts.parentName} est remboursé`}.`,
        link: onLesson,
      };
  }
}

const lessonsCount = (n: number) => `${n} cours`;

/**
 * A package's moment, told once for all its lessons (issue 32); both sides act on it in 'Mes cours',
 * on the package's own group (the renewal notice's link).
 */
function packageContent(details: Extract<NotificationDetails, { package: PackageFacts }>, side: Side): NotificationContent {
  const pkg = details.package;
  const link = packageLink(pkg.packageId);
  const courses = courseOf(pkg.subject, { lowerCase: true });
  switch (details.kind) {
    case 'package_requested':
    case 'package_paid': {
      const { lessons, lessonsPerWeek, startDate } = details.package;
      // '12 cours de mathématiques, 3 par semaine à partir du mardi 1er décembre'
      const terms = `${lessonsCount(lessons)} ${courses.replace(/^cours /, '')}, ${lessonsPerWeek} par semaine à partir du ${frenchDayOf(`${startDate}T00:00:00.000Z`).toLowerCase()}`;
      return details.kind === 'package_requested'
        ? { title: `Nouvelle demande de forfait : ${terms}`, body: `${pkg.parentName} a payé le forfait et attend votre réponse.`, link }
        : {
            title: 'Paiement du forfait reçu',
            body: `${capitalFirst(terms)}. Nous avons bien reçu votre paiement de ${formatFcfa(details.package.amountTotal)} : chaque cours n'est versé à ${pkg.tutorName} qu'après avoir eu lieu.`,
            link,
          };
    }
    case 'package_accepted':
      return { title: `Forfait accepté par ${pkg.tutorName}`, body: `Vos ${courses} avec ${pkg.tutorName} sont confirmés.`, link };
    case 'package_declined':
      return {
        title: 'Forfait refusé',
        body: details.automatic
          ? `${pkg.tutorName} n'a pas répondu à temps à votre forfait : les ${courses} non acceptés vous sont remboursés intégralement.`
          : `${pkg.tutorName} a refusé votre forfait : vous êtes remboursé intégralement.`,
        link,
      };
    case 'package_stopped': {
      const plural = details.lessons > 1 ? 's' : '';
      return side === 'parent'
        ? {
            title: `Forfait arrêté : ${lessonsCount(details.lessons)} remboursé${plural}`,
            body: `Vous avez arrêté votre forfait avec ${pkg.tutorName} : les cours non donnés vous sont remboursés selon la politique d'annulation.`,
            link,
          }
        : {
            title: `Forfait arrêté : ${lessonsCount(details.lessons)} annulé${plural}`,
            body: `${pkg.parentName} a arrêté son forfait : les ${courses} à venir sont annulés. Les cours déjà donnés vous restent acquis.`,
            link,
          };
    }
  }
}

const capitalFirst = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A withdrawal's outcome, in the words of payoutsMessages; the tutor acts on it on 'Mes revenus'. */
function payoutContent(details: Extract<NotificationDetails, { payout: PayoutFacts }>): NotificationContent {
  const { payout } = details;
  const text = payoutsMessages;
  const amount = formatFcfa(payout.amount);
  switch (details.kind) {
    case 'payout_paid':
      return { title: text.notifyPaidTitle, body: text.notifyPaid(formatFcfa(payout.net), maskedPhone(payout.phone)), link: TUTOR_REVENUES };
    case 'payout_failed':
      return { title: text.notifyFailedTitle, body: text.notifyFailed(amount, PAYOUT_FAILURE_REASONS[payout.failureReason ?? 'unknown']), link: TUTOR_REVENUES };
    case 'payout_reversed':
      return { title: text.notifyReversedTitle, body: text.notifyReversed(amount), link: TUTOR_REVENUES };
    case 'payout_cancelled':
      return { title: text.notifyCancelledTitle, body: text.notifyCancelled(amount), link: TUTOR_REVENUES };
  }
}
