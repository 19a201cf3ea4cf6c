/**
 * A tutor's response figures (issue 31, point 2: 'Répond en général en N h', 'Taux de réponse'):
 * a parent's message while no question is waiting starts one (`questions += 1`); the tutor's next
 * message in that conversation answers it — within RESPONSE_RATE_WINDOW_HOURS it counts as
 * answered, and its delay joins the last RESPONSE_TIME_SAMPLES delays. Both writes are in the
 * message's own transaction, so a message that is not written counts nothing and a retry never
 * counts twice.
 */
import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { $add, $set } from 'dynamodb-toolbox/entity/actions/update';
import { RESPONSE_RATE_WINDOW_HOURS, RESPONSE_STATS_MIN_QUESTIONS, RESPONSE_TIME_SAMPLES } from '#shared/messaging';
import type { TutorResponseStats } from '#shared/messaging-schemas';
import { ResponseStatsEntity } from './entities.js';

export type ResponseStats = FormattedItem<typeof ResponseStatsEntity>;

export async function getResponseStats(tutorUserId: string, consistent = false): Promise<ResponseStats | null> {
  const { Item } = await ResponseStatsEntity.build(GetItemCommand).key({ user_id: tutorUserId }).options({ consistent }).send();
  return Item ?? null;
}

/** A new question for the tutor (no condition: an ADD commutes with any other). */
export function questionWrite(tutorUserId: string, at: string) {
  return ResponseStatsEntity.build(UpdateTransaction).item({ user_id: tutorUserId, questions: $add(1), updated_at: at });
}

/**
 * The tutor's answer to the question waiting since `since`: conditional on the figures read
 * (`updated_at`), because the samples list is rewritten whole (kept to its last entries) — a
 * concurrent answer in another conversation makes the message's transaction retry.
 */
export function answerWrite(tutorUserId: string, stored: ResponseStats | null, since: string, at: string) {
  const seconds = Math.max(0, Math.round((Date.parse(at) - Date.parse(since)) / 1000));
  const samples = [...(stored?.recent_response_seconds ?? []), seconds].slice(-RESPONSE_TIME_SAMPLES);
  const inWindow = seconds <= RESPONSE_RATE_WINDOW_HOURS * 3600;
  return ResponseStatsEntity.build(UpdateTransaction)
    .item({
      user_id: tutorUserId,
      answered_in_window: $add(inWindow ? 1 : 0),
      recent_response_seconds: $set(samples),
      updated_at: at,
    })
    .options({ condition: stored?.updated_at ? { attr: 'updated_at', eq: stored.updated_at } : { attr: 'updated_at', exists: false } });
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/**
 * The figures the tutor's page shows; null below RESPONSE_STATS_MIN_QUESTIONS questions (too few to
 * mean anything), and while no question was answered (no delay to show: a time would be invented).
 */
export function toResponseStatsView(stats: Pick<ResponseStats, 'questions' | 'answered_in_window' | 'recent_response_seconds'> | null): TutorResponseStats | null {
  const questions = stats?.questions ?? 0;
  if (questions < RESPONSE_STATS_MIN_QUESTIONS) return null;
  const samples = stats?.recent_response_seconds ?? [];
  if (samples.length === 0) return null;
  return {
    response_hours: Math.round((median(samples) / 3600) * 10) / 10,
    response_rate: Math.min(100, Math.round(((stats?.answered_in_window ?? 0) / questions) * 100)),
  };
}

export async function responseStatsOf(tutorUserId: string): Promise<TutorResponseStats | null> {
  return toResponseStatsView(await getResponseStats(tutorUserId));
}
