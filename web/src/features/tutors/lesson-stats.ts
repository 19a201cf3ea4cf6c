/**
 * A tutor's lesson figures on its public profile (issue 15, point 4), from `lesson_stats`:
 * the share of the lessons it accepted that it then cancelled, and the no-shows parents reported
 * that an administrator upheld ('constatées': a report alone does not count).
 */
import type { TutorLessonStats } from '#shared/tutor-profile-schemas';

export interface LessonFigures {
  /** 'Taux d'annulation : 5 %', or null before a first accepted lesson (no rate of nothing). */
  cancellationRate: string | null;
  /** 'Absences constatées : 0' (upheld by an administrator). */
  noShows: string;
}

export function lessonFigures(stats: TutorLessonStats): LessonFigures {
  const rate = stats.accepted >= 1 ? Math.round((stats.tutor_cancelled / stats.accepted) * 100) : null;
  return {
    cancellationRate: rate === null ? null : `Taux d'annulation : ${Math.min(rate, 100)}\u00a0%`,
    noShows: `Absences constatées : ${stats.no_shows}`,
  };
}
