/**
 * Lessons as 'Mes cours' shows them (issue 15): the bookings of a lesson in the tutor's slots, seen
 * from the parent's or the tutor's side, with the actions the caller may take now. Read from the
 * transactions (the lesson lives in its booking), through the parent's and the tutor's lists.
 */
import { lessonSlotStarts, SLOT_MINUTES } from '#shared/lesson-slots';
import {
  lessonActionsAllowed,
  lessonStatusLabel,
  type LessonSide,
  type LessonsPage,
  type LessonView,
} from '#shared/lesson-schemas';
import { guaranteeOpen } from '#shared/packages';
import { isLesson, type TransactionStatus } from '#shared/transaction-process';
import { ZONE_LABELS, type Role, type Zone } from '#shared/constants';
import { answerDeadline } from '../escrow/timing.js';
import { transactionsOfParent, transactionsOfTutor, type Transaction } from '../payments/transactions.js';

/** Never a lesson of 'Mes cours': not paid (yet), or not the payment we asked for. */
const NOT_A_LESSON_YET: readonly TransactionStatus[] = ['pending', 'failed', 'payment_mismatch'];
/** Statuses of a lesson still to come (or under way) when its end is ahead. */
const UPCOMING: readonly TransactionStatus[] = ['requested', 'escrow'];

/** The side of the lesson `userId` is on, or null when it is not theirs. */
export function sideOf(tx: Transaction, userId: string, groups: readonly Role[]): LessonSide | null {
  if (groups.includes('tuteur') && tx.tutor_user_id === userId) return 'tutor';
  if (groups.includes('parent') && tx.parent_id === userId) return 'parent';
  return null;
}

/** The lesson's start and end (its first slot's start + its hours). */
export function lessonTimes(tx: Transaction): { start: string; end: string } {
  const starts = lessonSlotStarts(tx.course.scheduled_date!, tx.course.duration_hours);
  const end = new Date(Date.parse(starts[starts.length - 1]!) + SLOT_MINUTES * 60_000).toISOString();
  return { start: new Date(Date.parse(starts[0]!)).toISOString(), end };
}

/** A booking that is a lesson of 'Mes cours' (booked in slots, paid). */
export function isListedLesson(tx: Transaction): boolean {
  return isLesson(tx) && Boolean(tx.course.scheduled_date) && !NOT_A_LESSON_YET.includes(tx.status);
}

export function toLessonView(tx: Transaction, side: LessonSide, now: Date): LessonView {
  const { start, end } = lessonTimes(tx);
  const answer_deadline = tx.status === 'requested' ? answerDeadline(tx).toISOString() : undefined;
  const facts = {
    status: tx.status,
    start,
    end,
    given_at: tx.course.given_at,
    answer_deadline,
    outcome: tx.lesson_outcome,
    cancellation: tx.cancellation,
    credit: tx.credit,
    guarantee: tx.guarantee,
  };
  // Issue 32: the parent may claim the trial guarantee now (funds still held, within its window, once).
  const claimable = side === 'parent' && tx.trial === true && tx.status === 'escrow' && !tx.guarantee && guaranteeOpen({ start, end }, now);
  return {
    id: tx.id,
    status: tx.status,
    status_label: lessonStatusLabel(facts, now),
    subject: tx.course.subject,
    level: tx.course.level,
    start,
    end,
    duration_hours: tx.course.duration_hours,
    // The tutor's zone, in words ('Cocody', 'Cours à distance').
    place: tx.course.place ? (ZONE_LABELS[tx.course.place as Zone] ?? tx.course.place) : null,
    notes: tx.course.notes,
    amount_total: tx.amount_total,
    tutor_id: tx.tutor_id,
    tutor_name: tx.tutor_name,
    parent_name: tx.parent_name,
    ...(answer_deadline ? { answer_deadline } : {}),
    accepted_at: tx.accepted_at,
    given_at: tx.course.given_at,
    ...(tx.status === 'escrow' ? { auto_release_at: tx.auto_release_at } : {}),
    outcome: tx.lesson_outcome,
    cancellation: tx.cancellation,
    ...(tx.package_id ? { package_id: tx.package_id } : {}),
    ...(tx.trial ? { trial: true } : {}),
    ...(claimable ? { guarantee_open: true } : {}),
    ...(tx.credit ? { credit: { reason: tx.credit.reason, rebook_until: tx.credit.rebook_until, refund_at: tx.credit.refund_at } } : {}),
    ...(tx.course.moved_at ? { moved_at: tx.course.moved_at } : {}),
    actions: lessonActionsAllowed(facts, side, now),
  };
}

/** The caller's lessons: upcoming (soonest first), then past (latest first). */
export async function lessonsOf(userId: string, side: LessonSide, now: Date): Promise<LessonsPage> {
  const transactions = side === 'tutor' ? await transactionsOfTutor(userId) : await transactionsOfParent(userId);
  const views = transactions.filter(isListedLesson).map((tx) => toLessonView(tx, side, now));
  const isUpcoming = (view: LessonView) => UPCOMING.includes(view.status) && Date.parse(view.end) > now.getTime();
  const upcoming = views.filter(isUpcoming).sort((a, b) => a.start.localeCompare(b.start));
  const past = views.filter((view) => !isUpcoming(view)).sort((a, b) => b.start.localeCompare(a.start));
  return { side, upcoming, past };
}
