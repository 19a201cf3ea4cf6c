/**
 * Who is told what, from a change of a transaction's status or a KYC decision (pure: unit-tested
 * on its own). A change is read from the stream record's old and new images: the status it left,
 * the one it entered, and the action that moved it (`last_action`, written by the transition).
 */
import type { LessonFacts, NotificationDetails, Side } from '#shared/notifications';
import type { PayoutFailureReason, PayoutStatus } from '#shared/payouts';
import { isLesson, type TransactionAction, type TransactionStatus } from '#shared/transaction-process';

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
  cancellation?: { by?: Side; refund?: number };
  course: { subject: string; scheduled_date?: string; holds_slots?: boolean; lesson?: boolean; moved_at?: string };
}

export interface PlannedNotification {
  side: Side;
  details: NotificationDetails;
  /** The part of the id after the time: `<transaction id>#<kind>`. */
  ref: string;
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

/** The notifications a change of status gives (none when the status did not change), or a lesson moved. */
export function notificationsOfChange(before: TransactionImage | undefined, after: TransactionImage): PlannedNotification[] {
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
