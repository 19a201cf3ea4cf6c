/**
 * The transaction lifecycle as data (Sharetribe-style process table): every status, its French
 * label, and which actor may take which action from which status. The API checks and the UI
 * buttons both read this table; the escrow workflow (functions/src/escrow/escrow.asl.json) drives
 * the automatic transitions. Pure: no AWS, no zod, safe in every bundle.
 */
import type { Role } from './constants.js';
import { INVOICE_NUMBER_LENGTH } from './constants.js';

export const TRANSACTION_STATUSES = [
  'pending',
  'escrow',
  'disputed',
  'refund_pending',
  'released',
  'refunded',
  'failed',
  'payment_mismatch',
  'needs_attention',
] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/** Statuses after which no money moves any more. */
export const FINAL_STATUSES = ['released', 'refunded', 'failed', 'payment_mismatch'] as const satisfies readonly TransactionStatus[];

export function isFinalStatus(status: TransactionStatus): boolean {
  return (FINAL_STATUSES as readonly TransactionStatus[]).includes(status);
}

/**
 * Statuses reached only after Paystack confirmed the payment (`confirm_payment`): the money was
 * received, whatever happened to it since (held, disputed, released, refunded or being refunded).
 * Only these transactions have an invoice. `pending` was never paid, `failed` expired unpaid or was
 * refused, `payment_mismatch` is not the payment we asked for (settled by hand). `needs_attention`
 * is not among them: the workflow may fail before or after the payment (see `moneyReceived`).
 */
export const MONEY_RECEIVED_STATUSES = [
  'escrow',
  'disputed',
  'refund_pending',
  'released',
  'refunded',
] as const satisfies readonly TransactionStatus[];

/**
 * The money of this transaction was received. A transaction waiting for an admin was paid when
 * Paystack's payment was confirmed (`paid_at`) before its workflow failed.
 */
export function moneyReceived(tx: { status: TransactionStatus; paid_at?: string }): boolean {
  if (tx.status === 'needs_attention') return tx.paid_at !== undefined;
  return (MONEY_RECEIVED_STATUSES as readonly TransactionStatus[]).includes(tx.status);
}

export const TRANSACTION_STATUS_LABELS: Record<TransactionStatus, string> = {
  pending: 'En attente',
  escrow: 'En escrow',
  disputed: 'Litige en cours',
  refund_pending: 'Remboursement en cours',
  released: 'Libéré',
  refunded: 'Remboursé',
  failed: 'Échec',
  payment_mismatch: 'Paiement non conforme',
  needs_attention: 'Action requise',
};

/** What a status means, under its label. */
export const TRANSACTION_STATUS_DESCRIPTIONS: Record<TransactionStatus, string> = {
  pending: 'Paiement en attente de confirmation',
  escrow: 'Fonds sécurisés en attente de validation',
  disputed: "Fonds bloqués : un administrateur examine le litige",
  refund_pending: 'Remboursement sous 2 à 3 jours ouvrés',
  released: 'Fonds transférés au répétiteur',
  refunded: 'Montant remboursé',
  failed: 'Le paiement a échoué',
  payment_mismatch: 'Montant ou devise différents chez Paystack : jamais mis en séquestre',
  needs_attention: "Un administrateur doit intervenir",
};

export const COURSE_STATUSES = ['scheduled', 'completed', 'cancelled'] as const;
export type CourseStatus = (typeof COURSE_STATUSES)[number];
export const COURSE_STATUS_LABELS: Record<CourseStatus, string> = {
  scheduled: 'Programmé',
  completed: 'Terminé',
  cancelled: 'Annulé',
};

/** The statuses a workflow can fail in (its waits and steps before the money is settled). */
export const ATTENTION_STATUSES = ['pending', 'escrow', 'disputed', 'refund_pending'] as const satisfies readonly TransactionStatus[];
export type AttentionStatus = (typeof ATTENTION_STATUSES)[number];

/** Who takes an action: a signed-in role, or the platform itself (webhook, workflow, timer). */
export type Actor = 'parent' | 'admin' | 'system';

export const TRANSACTION_ACTIONS = [
  'confirm_payment',
  'flag_payment',
  'expire_payment',
  'release',
  'auto_release',
  'refund',
  'dispute',
  'complete_refund',
  'flag_attention',
  'resume_payment',
  'resume_escrow',
  'resume_dispute',
] as const;
export type TransactionAction = (typeof TRANSACTION_ACTIONS)[number];

export interface Transition {
  action: TransactionAction;
  from: readonly TransactionStatus[];
  to: TransactionStatus;
  actors: readonly Actor[];
  /**
   * Only if the money was (true) or was not (false) received (`moneyReceived`): a transaction that
   * needs attention may have failed before the payment or after it, and money can leave escrow
   * only after it came in.
   */
  paid?: boolean;
}

/** The whole lifecycle. A parent may act only on its own transactions (checked by the API). */
export const TRANSITIONS: readonly Transition[] = [
  // Paystack confirmed the payment (webhook + verify): the funds are held by us.
  { action: 'confirm_payment', from: ['pending'], to: 'escrow', actors: ['system'] },
  // Paystack's amount or currency differs from ours: never escrowed; settled by hand at Paystack.
  { action: 'flag_payment', from: ['pending'], to: 'payment_mismatch', actors: ['system'] },
  // No payment before the workflow's deadline.
  { action: 'expire_payment', from: ['pending'], to: 'failed', actors: ['system'] },
  // Irreversible: the tutor's share is credited and the commission booked.
  { action: 'release', from: ['escrow'], to: 'released', actors: ['parent', 'admin'] },
  { action: 'release', from: ['disputed'], to: 'released', actors: ['admin'] },
  { action: 'auto_release', from: ['escrow'], to: 'released', actors: ['system'] },
  // The course is cancelled; Paystack refunds in 2–3 business days.
  { action: 'refund', from: ['escrow'], to: 'refund_pending', actors: ['parent', 'admin'] },
  { action: 'refund', from: ['disputed'], to: 'refund_pending', actors: ['admin'] },
  // A refund that failed at Paystack (funds still held) can be retried by an admin.
  { action: 'refund', from: ['needs_attention'], to: 'refund_pending', actors: ['admin'], paid: true },
  // A rating of 2 or less while the funds are held freezes them until an admin decides.
  { action: 'dispute', from: ['escrow'], to: 'disputed', actors: ['parent'] },
  { action: 'complete_refund', from: ['refund_pending'], to: 'refunded', actors: ['system'] },
  // A workflow step failed for good (Paystack down or refusing, an unexpected error): an admin must
  // look. Taken again while waiting for the admin, to record a later failure.
  { action: 'flag_attention', from: [...ATTENTION_STATUSES, 'needs_attention'], to: 'needs_attention', actors: ['system'] },
  // The admin's retry ('Relancer'), once Paystack said what the money did: back to the status the
  // workflow failed in (a refund retried is `refund` above), or the refund Paystack made.
  { action: 'resume_payment', from: ['needs_attention'], to: 'pending', actors: ['admin'], paid: false },
  { action: 'resume_escrow', from: ['needs_attention'], to: 'escrow', actors: ['admin'], paid: true },
  { action: 'resume_dispute', from: ['needs_attention'], to: 'disputed', actors: ['admin'], paid: true },
  { action: 'complete_refund', from: ['needs_attention'], to: 'refunded', actors: ['admin'], paid: true },
];

/** The retry action that puts a transaction back where its workflow failed. */
export const RESUME_ACTIONS: Record<AttentionStatus, TransactionAction> = {
  pending: 'resume_payment',
  escrow: 'resume_escrow',
  disputed: 'resume_dispute',
  refund_pending: 'refund',
};

/**
 * The transition `actor` may take from `from`. `paid` says whether the money was received; it is
 * known from the status except for `needs_attention`, where the caller gives `moneyReceived(tx)`
 * (without it, the transaction counts as unpaid: no money can leave).
 */
export function transitionFor(
  action: TransactionAction,
  from: TransactionStatus,
  actor: Actor,
  paid: boolean = moneyReceived({ status: from }),
): Transition | undefined {
  return TRANSITIONS.find(
    (t) => t.action === action && t.from.includes(from) && t.actors.includes(actor) && (t.paid === undefined || t.paid === paid),
  );
}

export function canTakeAction(action: TransactionAction, from: TransactionStatus, actor: Actor, paid?: boolean): boolean {
  return transitionFor(action, from, actor, paid) !== undefined;
}

/** The statuses from which `actor` may take `action` (the `status IN (...)` of a conditional write). */
export function statusesAllowing(action: TransactionAction, actor: Actor): TransactionStatus[] {
  return [...new Set(TRANSITIONS.filter((t) => t.action === action && t.actors.includes(actor)).flatMap((t) => t.from))];
}

/** Escrow decisions a person takes through the API (`release-escrow` of the spec). */
export const ESCROW_DECISIONS = ['release', 'refund'] as const;
export type EscrowDecision = (typeof ESCROW_DECISIONS)[number];

/** The actor a signed-in user acts as on money, or null (tutors and companies never do). */
export function actorForRole(groups: readonly Role[]): Exclude<Actor, 'system'> | null {
  if (groups.includes('admin')) return 'admin';
  if (groups.includes('parent')) return 'parent';
  return null;
}

/** Invoice number: the first 8 characters of the transaction id, upper-cased for reading. */
export function invoiceNumber(transactionId: string): string {
  return transactionId.slice(0, INVOICE_NUMBER_LENGTH).toUpperCase();
}

/** Ratings a parent gives after the lesson. */
export const RATING_MIN = 1;
export const RATING_MAX = 5;

/**
 * How long a booking may stay unpaid before the workflow fails it (seconds): 30 minutes. Paystack's
 * checkout and a mobile-money approval take minutes; a slot held for a day by an abandoned
 * checkout is a slot lost. Before failing it the workflow asks Paystack once more (payment-check.ts).
 */
export const PAYMENT_TIMEOUT_SECONDS = 30 * 60;
/** Default window after the lesson date before funds still in escrow are released automatically. */
export const DEFAULT_AUTO_RELEASE_DAYS = 7;

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
