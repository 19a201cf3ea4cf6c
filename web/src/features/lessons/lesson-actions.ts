/**
 * What each lesson action is called, and what its confirmation says. Every action of 'Mes cours'
 * commits someone (the tutor to come, money to move, an administrator to look): each goes through
 * the confirmation dialog, which says what will happen — for a cancellation, what the policy
 * gives back now (`lessonCancellation`).
 */
import { lessonCancellation, type LessonAction, type LessonSide, type LessonView } from '#shared/lesson-schemas';
import { lessonsMessages } from '#shared/message-catalogue/lessons';
import { commissionOf, formatFcfa } from '#shared/money';
import { cancellationConsequence } from '@/lib/cancellation-wording';
import { lessonTimeLabel } from '@/lib/lesson-dates';
import { cancelMakesCredit, CREDIT_INSTEAD } from './package-wording';

/** The buttons' labels, in the order they are shown. */
export const ACTION_LABELS: Record<LessonAction, string> = {
  accept: 'Accepter',
  decline: 'Refuser',
  mark_given: 'Cours donné',
  confirm: 'Confirmer le cours',
  report_problem: 'Signaler un problème',
  report_no_show: 'Signaler une absence',
  cancel: 'Annuler le cours',
};

/**
 * The actions that move money (a refund, the release to the tutor): disabled offline, never
 * queued for the network's return (issue 34). The others only change who is expected to act.
 */
export const MONEY_ACTIONS: readonly LessonAction[] = ['decline', 'cancel', 'confirm'];

/** The main action of a lesson (a solid button); the others are outlined. */
export const PRIMARY_ACTIONS: readonly LessonAction[] = ['accept', 'mark_given', 'confirm'];

/** What the API answered, said to the user once done. */
export const ACTION_DONE: Record<LessonAction, string> = {
  accept: lessonsMessages.accepted,
  decline: lessonsMessages.declined,
  cancel: lessonsMessages.cancelled,
  mark_given: lessonsMessages.given,
  confirm: lessonsMessages.confirmed,
  report_problem: lessonsMessages.reported,
  report_no_show: lessonsMessages.reported,
};

export interface ActionConfirmation {
  title: string;
  description: string;
  confirmLabel: string;
  destructive: boolean;
  /** The reason asked (a problem reported): its label. */
  reasonLabel?: string;
}

/**
 * The confirmation of `action` on `lesson` by `side`, at `now` (a cancellation's refund depends on
 * it). A package lesson the parent cancels while the policy refunds it in full becomes a credit.
 */
export function actionConfirmation(lesson: LessonView, action: LessonAction, side: LessonSide, now: Date, inPackage = false): ActionConfirmation {
  const when = lessonTimeLabel(lesson.start, lesson.end);
  const tutorShare = lesson.amount_total - commissionOf(lesson.amount_total);
  switch (action) {
    case 'accept':
      return {
        title: 'Accepter ce cours ?',
        description: `${when}, avec ${lesson.parent_name}. Le parent sera prévenu. Si vous annulez ensuite, cette annulation comptera sur votre profil.`,
        confirmLabel: 'Accepter',
        destructive: false,
      };
    case 'decline':
      return {
        title: 'Refuser cette demande ?',
        description: `${when}. Le parent sera remboursé intégralement (${formatFcfa(lesson.amount_total)}). Cette action est irréversible.`,
        confirmLabel: 'Refuser',
        destructive: true,
      };
    case 'cancel': {
      const outcome = lessonCancellation(lesson, side, now);
      const credit = cancelMakesCredit(lesson, side, now, inPackage);
      return {
        title: 'Annuler ce cours ?',
        description: `${when}. ${credit ? CREDIT_INSTEAD : cancellationConsequence(outcome, side, lesson.amount_total)} Cette action est irréversible.`,
        confirmLabel: 'Annuler le cours',
        destructive: true,
      };
    }
    case 'mark_given':
      return {
        title: 'Marquer le cours comme donné ?',
        description: `${when}. Le parent pourra confirmer le cours ou signaler un problème ; sans réponse de sa part, les fonds vous seront versés automatiquement.`,
        confirmLabel: 'Cours donné',
        destructive: false,
      };
    case 'confirm':
      return {
        title: 'Confirmer le cours ?',
        description: `${formatFcfa(tutorShare)} seront versés à ${lesson.tutor_name}. Cette action est irréversible.`,
        confirmLabel: 'Confirmer le cours',
        destructive: true,
      };
    case 'report_problem':
      return {
        title: 'Signaler un problème ?',
        description: 'Les fonds restent bloqués et un administrateur examine le cours avant de décider.',
        confirmLabel: 'Signaler',
        destructive: false,
        reasonLabel: "Qu'est-il arrivé ?",
      };
    case 'report_no_show':
      return {
        title: 'Signaler une absence ?',
        description: `${when} : le répétiteur ne s'est pas présenté. Les fonds restent bloqués et un administrateur examine le cours avant de décider.`,
        confirmLabel: 'Signaler une absence',
        destructive: false,
      };
  }
}
