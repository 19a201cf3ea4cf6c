/**
 * A tutor's response figures on its page (issue 31), from `response_stats` of the tutor's view:
 * 'Répond en général en 3 h' and 'Taux de réponse : 92 %' — nothing below
 * RESPONSE_STATS_MIN_QUESTIONS questions (the API answers null then).
 */
import { responseRateLabel, responseTimeLabel } from '#shared/messaging';
import type { TutorResponseStats } from '#shared/messaging-schemas';

/** The two lines to show, or null. Read defensively: a view without the field shows nothing. */
export function responseFigures(tutor: object): { responseTime: string; responseRate: string } | null {
  const stats = (tutor as { response_stats?: TutorResponseStats | null }).response_stats;
  if (!stats || !Number.isFinite(stats.response_hours) || !Number.isFinite(stats.response_rate)) return null;
  return { responseTime: responseTimeLabel(stats.response_hours), responseRate: responseRateLabel(stats.response_rate) };
}
