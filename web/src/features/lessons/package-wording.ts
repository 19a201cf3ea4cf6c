/** What 'Mes cours' says of packages and credits (issue 32). */
import type { LessonView } from '#shared/lesson-schemas';

export const WEEKDAY_LABELS = ['Lundi', 'Mardi', 'Mercredi', 'Jeudi', 'Vendredi', 'Samedi', 'Dimanche'] as const;

/** A package lesson the tutor may move to another free slot: still to come, waiting or held. */
export const movable = (lesson: LessonView, now: Date) =>
  (lesson.status === 'requested' || lesson.status === 'escrow') && Date.parse(lesson.start) > now.getTime();

/** The parent's cancellation of a package lesson in the full band: a credit, not a refund (PACKAGES.md). */
export const CREDIT_INSTEAD =
  'Ce cours du forfait devient un crédit à réserver avec le même répétiteur dans la semaine qui suit ; non utilisé, il vous est remboursé à la fin du forfait.';
