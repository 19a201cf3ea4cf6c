/** What 'Mes cours' says of packages and credits (issue 32), and the free starts a credit or a move may take. Pure: no React. */
import { lessonCancellation, type LessonSide, type LessonView } from '#shared/lesson-schemas';
import type { LessonSlot } from '#shared/lesson-slots';
import { formatFcfa } from '#shared/money';
import type { PackageView } from '#shared/package-schemas';

const HOUR = 3_600_000;

export const WEEKDAY_LABELS = ['Lundi', 'Mardi', 'Mercredi', 'Jeudi', 'Vendredi', 'Samedi', 'Dimanche'] as const;

/** A package lesson the tutor may move to another free slot: still to come, waiting or held. */
export const movable = (lesson: LessonView, now: Date) =>
  (lesson.status === 'requested' || lesson.status === 'escrow') && Date.parse(lesson.start) > now.getTime();

/** The parent's cancellation of a package lesson in the full band: a credit, not a refund (PACKAGES.md). */
export const CREDIT_INSTEAD =
  'Ce cours du forfait devient un crédit à réserver avec le même répétiteur dans la semaine qui suit ; non utilisé, il vous est remboursé à la fin du forfait.';

/**
 * A parent's cancellation of a package lesson the policy refunds in full (≥ 24 h before) makes a
 * credit; so does one of a lesson the tutor moved (always the full band), until it starts.
 */
export function cancelMakesCredit(lesson: LessonView, side: LessonSide, now: Date, inPackage: boolean): boolean {
  if (!inPackage || side !== 'parent') return false;
  const outcome = lessonCancellation(lesson, side, now);
  return outcome !== null && (outcome.refund >= lesson.amount_total || Boolean(lesson.moved_at));
}

/** The lessons of a package the stop cancels (not started, still to be given) and those kept as credits. */
export function stopConsequence(pkg: PackageView, lessons: readonly LessonView[], now: Date): string {
  const ids = new Set(pkg.lessons.map((lesson) => lesson.id));
  const own = lessons.filter((lesson) => ids.has(lesson.id));
  const cancelled = own.filter((lesson) => (lesson.status === 'requested' || lesson.status === 'escrow') && Date.parse(lesson.start) > now.getTime());
  const refund = cancelled.reduce((sum, lesson) => sum + (lessonCancellation(lesson, 'parent', now)?.refund ?? 0), 0);
  const late = cancelled.filter((lesson) => (lessonCancellation(lesson, 'parent', now)?.refund ?? 0) < lesson.amount_total).length;
  const credits = pkg.lessons.filter((lesson) => lesson.status === 'credited').reduce((sum, lesson) => sum + lesson.credit, 0);
  const parts = [
    cancelled.length === 0
      ? 'Aucun cours à venir à annuler.'
      : `Les ${cancelled.length} cours à venir sont annulés : vous serez remboursé de ${formatFcfa(refund)}${late > 0 ? ` (la moitié pour ${late === 1 ? 'le cours qui commence' : `les ${late} cours qui commencent`} dans moins de 24 h)` : ' (la totalité de leur prix)'}.`,
  ];
  if (credits > 0) parts.push(`Vos crédits non utilisés vous sont remboursés (${formatFcfa(credits)}).`);
  parts.push('Les cours déjà commencés ou donnés restent dus au répétiteur. Cette action est irréversible.');
  return parts.join(' ');
}

/** The starts at which `hours` consecutive free slots begin, no later than `until` (ISO). */
export function lessonStartsWithin(free: readonly LessonSlot[], hours: number, until: string): string[] {
  const starts = new Set(free.map((slot) => slot.start));
  const limit = Date.parse(until);
  return free
    .map((slot) => slot.start)
    .filter((start) => Date.parse(start) <= limit)
    .filter((start) => Array.from({ length: hours - 1 }, (_, i) => new Date(Date.parse(start) + (i + 1) * HOUR).toISOString()).every((next) => starts.has(next)));
}

