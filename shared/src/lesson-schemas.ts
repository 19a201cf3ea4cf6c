/**
 * Lessons as parents and tutors manage them (issue 15): the 'Mes cours' view of a booking of a
 * lesson in the tutor's slots, the actions each side may take on it now, and the request of
 * `POST /api/lessons/{id}/actions`. The money underneath is the transaction process
 * (transaction-process.ts): every action here is one of its transitions or steps; which one, and
 * whether the caller may take it, is decided there, the same on the server and in the SPA.
 */
import * as z from './zod.js';
import { cancellationOutcome, type CancelledBy, type CancellationOutcome } from './cancellation-policy.js';
import { lessonsMessages } from './message-catalogue/lessons.js';
import { optionalText } from './schemas.js';
import { canTakeAction, stepFor, type TransactionAction, type TransactionStatus } from './transaction-process.js';

/** What a parent or a tutor can do on a lesson, as the API names it. */
export const LESSON_ACTIONS = ['accept', 'decline', 'cancel', 'mark_given', 'confirm', 'report_problem', 'report_no_show'] as const;
export type LessonAction = (typeof LESSON_ACTIONS)[number];

/** The side of a lesson the caller is on. */
export type LessonSide = 'parent' | 'tutor';

/** The transition (or step) of the transaction process each action takes. */
export const LESSON_ACTION_TRANSITIONS: Record<LessonAction, TransactionAction | 'mark_given'> = {
  accept: 'accept',
  decline: 'decline',
  cancel: 'cancel',
  mark_given: 'mark_given',
  confirm: 'release',
  report_problem: 'report_problem',
  report_no_show: 'report_no_show',
};

/** `POST /api/lessons/{id}/actions`. A problem reported says what happened. */
export const lessonActionSchema = z
  .object({
    action: z.enum(LESSON_ACTIONS, { error: lessonsMessages.actionInvalid }),
    reason: optionalText(1000),
  })
  .check(
    z.superRefine((value, ctx) => {
      if (value.action === 'report_problem' && !value.reason?.trim()) {
        ctx.issues.push({ code: 'custom', input: value.reason, path: ['reason'], message: lessonsMessages.reasonRequired });
      }
    }),
  );
export type LessonActionInput = z.infer<typeof lessonActionSchema>;

/** What `lessonActionsAllowed` needs of a lesson. */
export interface LessonFacts {
  status: TransactionStatus;
  /** The first slot's start (ISO). */
  start: string;
  /** The last slot's end (ISO). */
  end: string;
  given_at?: string;
  /** Until when the tutor may answer a request (ISO; the answer window's end, never after the start). */
  answer_deadline?: string;
}

/**
 * The tutor's answer window is over: its deadline, or the lesson's start, has passed. From then on
 * only the workflow's timer (the request declined, the parent refunded) and an admin act on it.
 */
export function answerWindowOver(lesson: LessonFacts, now: Date): boolean {
  const start = Date.parse(lesson.start);
  const deadline = lesson.answer_deadline ? Math.min(Date.parse(lesson.answer_deadline), start) : start;
  return now.getTime() >= deadline;
}

/**
 * The actions `side` may take on the lesson now: the transaction process allows them from its
 * status (for a lesson), and the clock allows them — the tutor's answer (accept, decline) only
 * within the answer window, a cancellation only before the start, the tutor's "given" and the
 * parent's reports only from the start, "given" once.
 */
export function lessonActionsAllowed(lesson: LessonFacts, side: LessonSide, now: Date): LessonAction[] {
  const started = now.getTime() >= Date.parse(lesson.start);
  const actor = side === 'parent' ? 'parent' : 'tutor';
  return LESSON_ACTIONS.filter((action) => {
    if (action === 'mark_given') return started && !lesson.given_at && stepFor('mark_given', lesson.status, actor, true) !== undefined;
    if ((action === 'accept' || action === 'decline') && answerWindowOver(lesson, now)) return false;
    if (action === 'cancel' && started) return false;
    // Reports and the parent's confirmation (which releases the funds) come once the lesson has started.
    if ((action === 'report_problem' || action === 'report_no_show' || action === 'confirm') && !started) return false;
    if (action === 'report_no_show' && lesson.given_at) return false;
    return canTakeAction(LESSON_ACTION_TRANSITIONS[action] as TransactionAction, lesson.status, actor, true, true);
  });
}

/** What `lessonStatusLabel` reads. */
export interface LessonLabelFacts extends LessonFacts {
  outcome?: 'declined' | 'no_answer';
  cancellation?: { by: LessonSide };
  /** Issue 32: why the lesson's money is a credit. */
  credit?: { reason: 'cancellation' | 'guarantee' };
  /** Issue 32: the trial guarantee claimed, and the parent's choice. */
  guarantee?: { choice: 'refund' | 'credit' };
}

/** The lesson's status in French words, as 'Mes cours' shows it. */
export function lessonStatusLabel(lesson: LessonLabelFacts, now: Date): string {
  const started = now.getTime() >= Date.parse(lesson.start);
  const ended = now.getTime() >= Date.parse(lesson.end);
  switch (lesson.status) {
    case 'requested':
      return 'En attente de confirmation';
    case 'escrow':
      if (lesson.given_at) return 'Cours donné';
      if (ended) return 'Terminé, à confirmer';
      return started ? 'En cours' : 'Confirmé';
    case 'disputed':
      return 'Problème signalé';
    case 'released':
      return 'Terminé';
    case 'credited':
      return lesson.credit?.reason === 'guarantee' ? 'Garantie : crédit pour un autre répétiteur' : 'Annulé, en crédit';
    case 'transferred':
      return 'Crédit utilisé';
    case 'refund_pending':
    case 'refunded':
      if (lesson.guarantee?.choice === 'refund') return 'Garantie premier cours : remboursé';
      if (lesson.cancellation) return lesson.cancellation.by === 'tutor' ? 'Annulé par le répétiteur' : 'Annulé par le parent';
      if (lesson.outcome === 'declined') return 'Refusé par le répétiteur';
      if (lesson.outcome === 'no_answer') return 'Sans réponse du répétiteur';
      return 'Annulé, remboursé';
    case 'needs_attention':
      return 'Action requise';
    default:
      return 'Annulé';
  }
}

/** What cancelling now would give back and to whom (`cancellation-policy.ts`), or null when too late. */
export function lessonCancellation(lesson: { start: string; amount_total: number }, side: LessonSide, now: Date): CancellationOutcome | null {
  const by: CancelledBy = side === 'parent' ? 'parent' : 'tuteur';
  return cancellationOutcome({ by, lessonStart: new Date(lesson.start), now, amount: lesson.amount_total });
}

/** A lesson in 'Mes cours' (either side's view: the other side's name, never their contact details). */
export interface LessonView {
  id: string;
  status: TransactionStatus;
  /** French: 'En attente de confirmation', 'Confirmé', 'Cours donné', 'Annulé'… */
  status_label: string;
  subject: string;
  level: string;
  start: string;
  end: string;
  duration_hours: number;
  /** Where the lesson takes place, or its link (the tutor's teaching mode and zone, or the parent's notes). */
  place: string | null;
  notes?: string;
  amount_total: number;
  tutor_id: string;
  tutor_name: string;
  parent_name: string;
  /** Until when the tutor may answer (status `requested`). */
  answer_deadline?: string;
  accepted_at?: string;
  given_at?: string;
  /** When held funds are released if nobody acts (status `escrow`). */
  auto_release_at?: string;
  /** A request that ended without a lesson: declined by the tutor, or unanswered in time. */
  outcome?: 'declined' | 'no_answer';
  /** A cancellation made: who, and what it gave back. */
  cancellation?: { by: LessonSide; at: string; refund: number; tutor: number; commission: number };
  /** Issue 32: the package the lesson belongs to ('Mes cours' groups its lessons). */
  package_id?: string;
  /** Issue 32: the parent's first lesson with this tutor ('Premier cours': the trial guarantee). */
  trial?: boolean;
  /** Issue 32: the parent may claim the trial guarantee now (a first lesson, funds held, within the window, not claimed yet). */
  guarantee_open?: boolean;
  /** Issue 32: the lesson's money kept as a credit: why, the last start a lesson it pays may have, when it is refunded unspent. */
  credit?: { reason: 'cancellation' | 'guarantee'; rebook_until: string; refund_at: string };
  /** Issue 32: when the tutor moved this package lesson (the parent may then cancel it in full). */
  moved_at?: string;
  /** The actions the caller may take now. */
  actions: LessonAction[];
}

/** `GET /api/lessons`: the caller's lessons, upcoming first (soonest first), then past (latest first). */
export interface LessonsPage {
  side: LessonSide;
  upcoming: LessonView[];
  past: LessonView[];
}
