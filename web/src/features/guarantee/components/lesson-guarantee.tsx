import type { ReactNode } from 'react';
import { GuaranteeClaimButton, type ClaimableLesson } from './guarantee-claim-button';
import { TrialBadge } from './trial-badge';
import { TrialTutorNotice } from './trial-tutor-notice';

/** A lesson of 'Mes cours' with the trial guarantee's fields (LessonView of issue 32). */
export interface GuaranteeLesson extends ClaimableLesson {
  status: string;
  trial?: boolean;
}

/** Where a lesson card puts the guarantee: by the status badge, under the notes, among the buttons. */
export interface LessonGuaranteeSlots {
  badge: ReactNode;
  notice: ReactNode;
  action: ReactNode;
}

/**
 * The trial guarantee's parts of one lesson card, for the side reading it: 'Premier cours' for both;
 * the tutor's rule before accepting; the parent's claim while the guarantee is open. The lessons'
 * page receives this function from app/ (one feature does not import another).
 */
export function lessonGuaranteeSlots(lesson: GuaranteeLesson, side: 'parent' | 'tutor', busy = false): LessonGuaranteeSlots {
  return {
    badge: <TrialBadge trial={lesson.trial} />,
    notice: side === 'tutor' ? <TrialTutorNotice lesson={lesson} /> : null,
    action: side === 'parent' ? <GuaranteeClaimButton lesson={lesson} disabled={busy} /> : null,
  };
}
