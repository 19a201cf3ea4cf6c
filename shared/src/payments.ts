/**
 * Payments as people see them: the French words of every status, the invoice number, the payment
 * methods, the booking dialog's defaults, the earnings periods and when a lesson may be rated.
 * The transaction process itself (statuses, transitions, effects, timers) is
 * shared/src/transaction-process.ts. Pure: no AWS, no zod, safe in every bundle.
 */
import { INVOICE_NUMBER_LENGTH } from './constants.js';
import { courseOf } from './french.js';
import type { CourseStatus, TransactionStatus } from './transaction-process.js';

export const TRANSACTION_STATUS_LABELS: Record<TransactionStatus, string> = {
  pending: 'En attente',
  requested: 'En attente de confirmation',
  escrow: 'En escrow',
  disputed: 'Litige en cours',
  refund_pending: 'Remboursement en cours',
  released: 'Libéré',
  refunded: 'Remboursé',
  failed: 'Échec',
  payment_mismatch: 'Paiement non conforme',
  needs_attention: 'Action requise',
  credited: 'Crédit',
  transferred: 'Crédit utilisé',
};

/** What a status means, under its label. */
export const TRANSACTION_STATUS_DESCRIPTIONS: Record<TransactionStatus, string> = {
  pending: 'Paiement en attente de confirmation',
  requested: 'Paiement reçu : le répétiteur doit confirmer le cours',
  escrow: 'Fonds sécurisés en attente de validation',
  disputed: "Fonds bloqués : un administrateur examine le litige",
  refund_pending: 'Remboursement sous 2 à 3 jours ouvrés',
  released: 'Fonds transférés au répétiteur',
  refunded: 'Montant remboursé',
  failed: 'Le paiement a échoué',
  payment_mismatch: 'Montant ou devise différents chez Paystack : jamais mis en séquestre',
  needs_attention: "Un administrateur doit intervenir",
  credited: 'Montant gardé en crédit pour un autre cours, remboursé s’il n’est pas utilisé à temps',
  transferred: 'Montant utilisé pour payer un autre cours',
};

export const COURSE_STATUS_LABELS: Record<CourseStatus, string> = {
  scheduled: 'Programmé',
  completed: 'Terminé',
  cancelled: 'Annulé',
};

/**
 * What a booking is, in words ('Cours de mathématiques (Collège) avec Awa Koné — 2 h'): derived
 * from the course, the tutor's name and the hours; bookings made before it was derived carry
 * their own copy (`description`), which wins.
 */
export function bookingDescription(tx: {
  description?: string;
  tutor_name: string;
  course: { subject: string; level: string; duration_hours: number };
}): string {
  return tx.description ?? `${courseOf(tx.course.subject)} (${tx.course.level}) avec ${tx.tutor_name} — ${tx.course.duration_hours} h`;
}

/** Invoice number: the first 8 characters of the transaction id, upper-cased for reading. */
export function invoiceNumber(transactionId: string): string {
  return transactionId.slice(0, INVOICE_NUMBER_LENGTH).toUpperCase();
}

/** Ratings a parent gives after the lesson. */
export const RATING_MIN = 1;
export const RATING_MAX = 5;

/** Earnings periods of Mes Revenus. */
export const EARNINGS_PERIODS = ['week', 'month', 'year'] as const;
export type EarningsPeriod = (typeof EARNINGS_PERIODS)[number];
export const EARNINGS_PERIOD_LABELS: Record<EarningsPeriod, string> = {
  week: 'Semaine',
  month: 'Mois',
  year: 'Année',
};

/**
 * Start of an earnings period (spec §9): week = the last 7 days, month from the 1st, year from
 * 1 January — in Abidjan's time, which is UTC all year round.
 */
export function periodStart(period: EarningsPeriod, now: Date): Date {
  if (period === 'week') return new Date(now.getTime() - 7 * 24 * 60 * 60 * 1000);
  if (period === 'month') return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  return new Date(Date.UTC(now.getUTCFullYear(), 0, 1));
}

/** Payment method labels of the booking dialog. */
export const PAYMENT_METHOD_LABELS = {
  card: 'Carte bancaire',
  mobile_money_orange: 'Orange Money',
  mobile_money_mtn: 'MTN Mobile Money',
  mobile_money_moov: 'Moov Money',
  mobile_money_wave: 'Wave',
} as const;

export function isMobileMoney(method: string): boolean {
  return method.startsWith('mobile_money_');
}

/** What the booking dialog shows when the tutor lists no subject or no level (spec §2 Search). */
export const BOOKING_DEFAULT_SUBJECT = 'Cours général';
export const BOOKING_DEFAULT_LEVEL = 'Niveau débutant';

export interface RateableLesson {
  status: TransactionStatus;
  created_at: string;
  paid_at?: string;
  course: { status: CourseStatus; scheduled_date?: string; parent_rating?: number };
}

/**
 * The lesson is over, so the parent may rate it (once): funds released (course completed), or
 * funds still held and the lesson time (or the payment, without a date) has passed.
 */
export function lessonIsOver(lesson: RateableLesson, now: Date): boolean {
  if (lesson.course.status === 'completed') return true;
  if (lesson.status !== 'escrow' && lesson.status !== 'disputed') return false;
  const lessonAt = new Date(lesson.course.scheduled_date ?? lesson.paid_at ?? lesson.created_at);
  return lessonAt.getTime() <= now.getTime();
}

export function canRateLesson(lesson: RateableLesson, now: Date): boolean {
  return lesson.course.parent_rating === undefined && lessonIsOver(lesson, now);
}
