/**
 * Who is told what, from a change of a transaction's status or a KYC decision (pure: unit-tested
 * on its own). A change is read from the stream record's old and new images: the status it left,
 * the one it entered, and the action that moved it (`last_action`, written by the transition).
 */
import type { LessonFacts, NotificationDetails, PackageFacts, Side } from '#shared/notifications';
import type { PayoutFailureReason, PayoutStatus } from '#shared/payouts';
import { isLesson, type TransactionAction, type TransactionStatus } from '#shared/transaction-process';
import { answerDeadline } from '../escrow/timing.js';

/** The fields of a transaction item the notifier reads. */
export interface TransactionImage {
  id: string;
  status: TransactionStatus;
  updated_at: string;
  parent_id: string;
  parent_name: string;
  tutor_user_id: string;
  tutor_name: string;
  amount_total: number;
  amount_tutor: number;
  last_action?: TransactionAction;
  cancellation?: { by?: Side; refund?: number; at?: string };
  /** Issue 32: the lesson's package; its payment moment (shared by all the package's lessons). */
  package_id?: string;
  paid_at?: string;
  credit?: { refund_at: string; used_by?: string };
  course: { subject: string; scheduled_date?: string; holds_slots?: boolean; lesson?: boolean; moved_at?: string };
}

export interface PlannedNotification {
  side: Side;
  details: NotificationDetails;
  /** The part of the id after the time: `<transaction id>#<kind>`, or `<package id>#<kind>` for a package-wide moment. */
  ref: string;
  /**
   * The id's time when it is not the change's own (`updated_at`): a package-wide moment told from
   * any of its lessons takes a time all of them share, so that the id, hence the notification, is one.
   */
  when?: string;
}

/** The fields of a package item the notifier reads (packages/entities.ts). */
export interface PackageImage {
  id: string;
  status: string;
  parent_id: string;
  parent_name: string;
  tutor_user_id: string;
  tutor_name: string;
  subject: string;
  lessons_per_week: number;
  start_date: string;
  amount_total: number;
  lesson_ids: string[];
  updated_at: string;
  paid_at?: string;
  stopped_at?: string;
}

/**
 * Issue 32: a package lesson's cancellation or refund that the parent's stop made (packages/changes.ts
 * stops the package first, then cancels each lesson not started, and refunds each open credit):
 * cancelled at or after the stop, or a credit still open at the stop (not yet due for its refund).
 * The stop is told once for the package (notificationsOfPackage); these lessons say nothing more.
 */
export function partOfStop(tx: Pick<TransactionImage, 'cancellation' | 'credit'>, stoppedAt: string): boolean {
  if (tx.credit) return !tx.credit.used_by && tx.credit.refund_at > stoppedAt;
  return Boolean(tx.cancellation?.at && tx.cancellation.at >= stoppedAt);
}

/**
 * How many lessons a stop at `stoppedAt` cancels or refunds, from the lessons as they are when the
 * notifier reads them: those it cancelled or refunded already (partOfStop), and those it is still
 * about to (not started and waiting or accepted; an open credit) — the stop's own rule.
 */
export function lessonsStopped(lessons: Array<Pick<TransactionImage, 'status' | 'cancellation' | 'credit' | 'course'>>, stoppedAt: string): number {
  return lessons.filter((tx) => {
    if (tx.status === 'credited') return true;
    if (tx.status === 'requested' || tx.status === 'escrow') return Boolean(tx.course.scheduled_date && tx.course.scheduled_date > stoppedAt);
    return (tx.status === 'refund_pending' || tx.status === 'refunded') && partOfStop(tx, stoppedAt);
  }).length;
}

const packageFactsOf = (tx: TransactionImage & { package_id: string }): PackageFacts => ({
  packageId: tx.package_id,
  subject: tx.course.subject,
  parentName: tx.parent_name,
  tutorName: tx.tutor_name,
});

/**
 * A package's own moments, from its item's stream record: paid (→ `active` with `paid_at`: the
 * tutor's request and the parent's receipt, once for all its lessons), stopped by the parent (→
 * `stopped`: one notification each side; `stoppedLessons` is what lessonsStopped counted).
 */
export function notificationsOfPackage(before: PackageImage | undefined, after: PackageImage, stoppedLessons = 0): PlannedNotification[] {
  if (!before || before.status === after.status) return [];
  const facts: PackageFacts = { packageId: after.id, subject: after.subject, parentName: after.parent_name, tutorName: after.tutor_name };
  if (before.status === 'pending' && after.status === 'active') {
    const terms = { ...facts, lessons: after.lesson_ids.length, lessonsPerWeek: after.lessons_per_week, startDate: after.start_date, amountTotal: after.amount_total };
    const when = after.paid_at ?? after.updated_at;
    return [
      { side: 'tutor', details: { kind: 'package_requested', package: terms }, ref: `${after.id}#package_requested`, when },
      { side: 'parent', details: { kind: 'package_paid', package: terms }, ref: `${after.id}#package_paid`, when },
    ];
  }
  if (after.status === 'stopped') {
    const when = after.stopped_at ?? after.updated_at;
    return (['parent', 'tutor'] as const).map((side) => ({
      side,
      details: { kind: 'package_stopped', package: facts, lessons: stoppedLessons },
      ref: `${after.id}#package_stopped`,
      when,
    }));
  }
  return [];
}

/**
 * Whether the notifier must read the lesson's package to plan this change: a package lesson
 * cancelled or refunded may be part of its parent's stop (partOfStop).
 */
export function needsPackageState(before: TransactionImage | undefined, after: TransactionImage): boolean {
  return Boolean(after.package_id) && before?.status !== after.status && (after.status === 'refund_pending' || after.status === 'refunded');
}

export function lessonFacts(tx: TransactionImage): LessonFacts {
  return {
    transactionId: tx.id,
    subject: tx.course.subject,
    start: tx.course.scheduled_date,
    parentName: tx.parent_name,
    tutorName: tx.tutor_name,
    amountTotal: tx.amount_total,
    amountTutor: tx.amount_tutor,
    amountRefunded: tx.cancellation?.refund ?? tx.amount_total,
    lesson: isLesson(tx),
    // Only a request waits for an answer (the WhatsApp 'Nouvelle demande' says until when).
    // The window runs from the payment (the change that made it a request, when paid_at is missing).
    ...(tx.status === 'requested' ? { answerDeadline: answerDeadline({ paid_at: tx.paid_at, created_at: tx.updated_at, course: tx.course }).toISOString() } : {}),
  };
}

const other = (side: Side): Side => (side === 'parent' ? 'tutor' : 'parent');

/**
 * Issue 32: the tutor moved a package lesson (`course.moved_at` written anew, the status kept:
 * packages/changes.ts). Each move is told once: its ref carries the move's time.
 */
export function lessonMoved(before: TransactionImage | undefined, after: TransactionImage): boolean {
  return Boolean(before && after.course.moved_at && before.course.moved_at !== after.course.moved_at && before.status === after.status);
}

/**
 * The notifications a change of status gives (none when the status did not change), or a lesson moved.
 * `stoppedAt`: the lesson's package was stopped then (read by the notifier when needsPackageState).
 */
export function notificationsOfChange(before: TransactionImage | undefined, after: TransactionImage, stoppedAt?: string): PlannedNotification[] {
  const from = before?.status;
  const to = after.status;
  if (lessonMoved(before, after)) {
    return [
      {
        side: 'parent',
        details: { kind: 'lesson_moved', facts: lessonFacts(after), previousStart: before!.course.scheduled_date },
        ref: `${after.id}#lesson_moved#${after.course.moved_at}`,
      },
    ];
  }
  if (!from || from === to) return [];
  const facts = lessonFacts(after);
  const action = after.last_action;
  const plan: PlannedNotification[] = [];
  const tell = (side: Side, details: NotificationDetails) => plan.push({ side, details, ref: `${after.id}#${details.kind}` });

  // Issue 32: the package-wide moments of a package lesson, once per package.
  if (after.package_id) {
    const pkg = packageFactsOf(after as TransactionImage & { package_id: string });
    const tellPackage = (side: Side, details: NotificationDetails, when: string) => plan.push({ side, details, ref: `${pkg.packageId}#${details.kind}`, when });
    // Paid: the package's own record tells it (notificationsOfPackage), with its terms.
    if (from === 'pending' && (to === 'requested' || to === 'escrow')) return [];
    // The tutor's answer to the package applies to every lesson at one instant (packages/api.ts):
    // their shared `updated_at` makes one id.
    if (from === 'requested' && to === 'escrow') {
      tellPackage('parent', { kind: 'package_accepted', package: pkg }, after.updated_at);
      return plan;
    }
    if (from === 'requested' && to === 'refund_pending' && (action === 'decline' || action === 'auto_decline')) {
      // Each lesson's own answer window declines it at its own instant: the time they share is the
      // package's payment (the request the tutor did not answer).
      const automatic = action === 'auto_decline';
      tellPackage('parent', { kind: 'package_declined', package: pkg, automatic }, automatic ? (after.paid_at ?? after.updated_at) : after.updated_at);
      return plan;
    }
    // The parent's stop: told once by the package's record.
    if (stoppedAt && (to === 'refund_pending' || to === 'refunded') && partOfStop(after, stoppedAt)) return [];
  }

  if (from === 'pending' && (to === 'requested' || to === 'escrow')) {
    if (to === 'requested') tell('tutor', { kind: 'lesson_requested', facts });
    tell('parent', { kind: 'payment_received', facts });
  } else if (from === 'requested' && to === 'escrow') {
    tell('parent', { kind: 'lesson_accepted', facts });
  } else if (to === 'refund_pending' && (from === 'requested' || from === 'escrow')) {
    const by = after.cancellation?.by;
    if (action === 'cancel' || by) {
      // The side that cancelled is told nothing: it knows. The parent when it is not said.
      const canceller: Side = by ?? 'parent';
      tell(other(canceller), { kind: 'lesson_cancelled', facts, by: canceller });
    } else if (action === 'decline' || action === 'auto_decline') {
      tell('parent', { kind: 'lesson_declined', facts, automatic: action === 'auto_decline' });
    }
    // An admin's refund says nothing now: the refund done will.
  } else if (to === 'refunded') {
    tell('parent', { kind: 'refund_done', facts });
  } else if (from === 'escrow' && to === 'released') {
    tell('tutor', { kind: 'funds_released', facts });
    tell('parent', { kind: 'funds_released', facts });
  } else if (from === 'escrow' && to === 'disputed') {
    tell('parent', { kind: 'dispute_opened', facts });
    tell('tutor', { kind: 'dispute_opened', facts });
  } else if (from === 'disputed' && (to === 'released' || to === 'refund_pending')) {
    const outcome = to === 'released' ? 'released' : 'refunded';
    tell('parent', { kind: 'dispute_decided', facts, outcome });
    tell('tutor', { kind: 'dispute_decided', facts, outcome });
  }
  return plan;
}

/** Reminders are scheduled when the tutor accepts (requested → escrow) a lesson with a start. */
export function acceptedLesson(before: TransactionImage | undefined, after: TransactionImage): boolean {
  return before?.status === 'requested' && after.status === 'escrow' && Boolean(after.course.scheduled_date) && isLesson(after);
}

/** The lesson will not happen any more: its reminders are deleted. */
export function lessonCalledOff(before: TransactionImage | undefined, after: TransactionImage): boolean {
  return before?.status !== after.status && (before?.status === 'escrow' || before?.status === 'requested') && after.status === 'refund_pending';
}

/** The fields of a KYC submission the notifier reads. */
export interface KycImage {
  id: string;
  user_id: string;
  status: 'pending' | 'approved' | 'rejected';
  admin_notes?: string;
  reviewed_at?: string;
}

export function notificationOfKycReview(before: KycImage | undefined, after: KycImage): PlannedNotification | null {
  if (before?.status === after.status || (after.status !== 'approved' && after.status !== 'rejected')) return null;
  const details: NotificationDetails = after.status === 'approved' ? { kind: 'kyc_approved' } : { kind: 'kyc_rejected', notes: after.admin_notes };
  return { side: 'tutor', details, ref: `${after.id}#${details.kind}` };
}

/** The fields of a payout item the notifier reads (payouts/entities.ts). */
export interface PayoutImage {
  id: string;
  tutor_user_id: string;
  status: PayoutStatus;
  amount: number;
  net: number;
  phone: string;
  updated_at: string;
  failure_reason?: PayoutFailureReason;
}

/** The outcomes a tutor is told of, by the status a payout enters (stream-filter.ts lets only these through). */
const PAYOUT_OUTCOMES = {
  paid: 'payout_paid',
  failed: 'payout_failed',
  reversed: 'payout_reversed',
  cancelled: 'payout_cancelled',
} as const satisfies Partial<Record<PayoutStatus, NotificationDetails['kind']>>;

/**
 * A withdrawal's outcome, told to its tutor once: the status changed into paid, failed, reversed or
 * cancelled. The id's ref is `<payout id>#<kind>`: a reversal after a payment is a second outcome,
 * the same record delivered again is not.
 */
export function notificationOfPayout(before: PayoutImage | undefined, after: PayoutImage): PlannedNotification | null {
  if (before?.status === after.status || !Object.hasOwn(PAYOUT_OUTCOMES, after.status)) return null;
  const kind = PAYOUT_OUTCOMES[after.status as keyof typeof PAYOUT_OUTCOMES];
  const details: NotificationDetails = {
    kind,
    payout: { payoutId: after.id, amount: after.amount, net: after.net, phone: after.phone, failureReason: after.failure_reason },
  };
  return { side: 'tutor', details, ref: `${after.id}#${kind}` };
}
