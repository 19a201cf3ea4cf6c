import {
  answerWindowOver,
  LESSON_ACTION_TRANSITIONS,
  lessonActionSchema,
  lessonCancellation,
  type LessonAction,
  type LessonActionInput,
  type LessonSide,
  type LessonView,
} from '#shared/lesson-schemas';
import type { Role } from '#shared/constants';
import { messages } from '#shared/messages';
import { transactionIdParamsSchema } from '#shared/payments-schemas';
import { routes } from '#shared/routes';
import type { TransactionAction } from '#shared/transaction-process';
import { CREDIT_REBOOK_DAYS } from '#shared/packages';
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { ConflictError, NotFoundError } from '#commons/errors';
import { apiHandler, ok } from '#commons/http';
import { applyStep, applyTransition, type CreditRequest } from '../escrow/transitions.js';
import { PackageEntity } from '../packages/entities.js';
import { getTransaction, type Transaction } from '../payments/transactions.js';
import { isListedLesson, sideOf, toLessonView } from './lessons.js';

/** Why an action the process knows is not open now: the clock, or the lesson's status. */
function refusal(action: LessonAction, lesson: LessonView, side: LessonSide, now: Date): string {
  const started = now.getTime() >= Date.parse(lesson.start);
  // The tutor's answer to a request once its window is over: the timer and an admin decide now.
  if ((action === 'accept' || action === 'decline') && side === 'tutor' && lesson.status === 'requested' && answerWindowOver(lesson, now)) {
    return messages.lessons.answerWindowClosed;
  }
  if (action === 'cancel' && started) return messages.lessons.tooLateToCancel;
  if ((action === 'report_problem' || action === 'report_no_show' || action === 'confirm' || action === 'mark_given') && !started) {
    return messages.lessons.notStarted;
  }
  return messages.lessons.notAllowed;
}

const DAY_MS = 86_400_000;

/**
 * Issue 32: a package lesson the parent cancels while the policy gives all of it back (in time, or
 * a lesson the tutor moved) becomes a credit: to rebook within CREDIT_REBOOK_DAYS after the
 * lesson, refunded at the package's end (never before the rebooking week is over). Null when the
 * cancellation is an ordinary one (not a package lesson, a late cancellation, the package gone).
 */
async function packageCredit(tx: Transaction, view: LessonView, now: Date): Promise<CreditRequest | null> {
  if (!tx.package_id) return null;
  const inFull = tx.course.moved_at !== undefined || lessonCancellation(view, 'parent', now)?.refund === tx.amount_total;
  if (!inFull) return null;
  const { Item: pkg } = await PackageEntity.build(GetItemCommand).key({ id: tx.package_id }).send();
  // A stopped package keeps no credit (the parent is leaving; its credits are refunded, and one
  // kept now could never be spent: a credit books only into a running package).
  if (!pkg || pkg.status !== 'active') return null;
  const rebookUntil = new Date(Date.parse(view.start) + CREDIT_REBOOK_DAYS * DAY_MS).toISOString();
  const refundAt = pkg.end_at > rebookUntil ? pkg.end_at : rebookUntil;
  return { reason: 'cancellation', rebook_until: rebookUntil, refund_at: refundAt };
}

/** Who acts on a lesson: the caller of the API (the token's subject and groups), or the tutor a verified WhatsApp number speaks for. */
export interface LessonActor {
  userId: string;
  groups: readonly Role[];
}

/**
 * What a parent or the tutor does on their lesson — accept or decline a request, cancel (by the
 * policy), mark it given, confirm it (the funds are released), report a problem or a no-show. The
 * lesson's actions allowed now (lesson-schemas.ts) are checked first, with a French reason; the
 * transaction process then applies it conditionally on the status read (transitions.ts): of two
 * racing answers, one wins, the other gets a ConflictError. Answers the lesson as `caller` sees it.
 * The one way in for the app's route and for WhatsApp's buttons (whatsapp/webhook.ts): the same
 * authorisation, lifecycle and deadline whichever way the tutor answers.
 */
export async function actOnLesson(caller: LessonActor, transactionId: string, body: LessonActionInput): Promise<LessonView> {
  const id = transactionId.toLowerCase();
  const tx = await getTransaction(id);
  const side = tx ? sideOf(tx, caller.userId, caller.groups) : null;
  // Someone else's lesson, or no lesson at all: nothing to say about it.
  if (!tx || !side || !isListedLesson(tx)) throw new NotFoundError(messages.lessons.notFound);
  const now = new Date();
  const view = toLessonView(tx, side, now);
  if (!view.actions.includes(body.action)) throw new ConflictError(refusal(body.action, view, side, now));
  const actor = side === 'tutor' ? 'tutor' : 'parent';
  if (body.action === 'mark_given') {
    try {
      await applyStep(tx, { step: 'mark_given', actor, actorId: caller.userId });
    } catch (error) {
      if ((error as { name?: string }).name === 'ConditionalCheckFailedException') throw new ConflictError(messages.lessons.alreadyGiven);
      throw error;
    }
  } else {
    const report =
      body.action === 'report_problem' ? { kind: 'problem' as const, reason: body.reason } : body.action === 'report_no_show' ? { kind: 'no_show' as const, reason: body.reason } : undefined;
    // A package lesson the parent cancels in full is kept as a credit (issue 32).
    const credit = body.action === 'cancel' && actor === 'parent' ? await packageCredit(tx, view, now) : null;
    await applyTransition({
      transactionId: id,
      action: credit ? 'cancel_for_credit' : (LESSON_ACTION_TRANSITIONS[body.action] as TransactionAction),
      actor,
      actorId: caller.userId,
      report,
      ...(credit ? { credit } : {}),
      now,
    });
  }
  const updated = await getTransaction(id);
  return toLessonView(updated!, side, new Date());
}

/** `POST /api/lessons/{id}/actions`: the caller's action on their lesson (actOnLesson). */
export const handler = apiHandler(
  routes.lessonAction,
  { params: transactionIdParamsSchema, body: lessonActionSchema },
  async ({ caller, params, body }) => ok(await actOnLesson(caller, params.id, body)),
);
