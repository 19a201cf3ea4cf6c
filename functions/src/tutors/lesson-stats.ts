/**
 * A tutor's lesson figures (issue 15, point 4): lessons accepted, lessons the tutor cancelled,
 * no-shows confirmed by an admin. One small item per tutor (`LESSON_STATS#<tutor id>`), moved by
 * `$add` in the DynamoDB transaction of the status change that counts (transitions.ts): a change
 * that fails or is retried never counts twice. The public profile shows the cancellation rate and
 * the no-shows from it.
 */
import { Entity } from 'dynamodb-toolbox/entity';
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { $add } from 'dynamodb-toolbox/entity/actions/update';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import type { TutorLessonStats } from '#shared/tutor-profile-schemas';
import { onKalanTable } from '#commons/db';

export const LESSON_STATS = ['accepted', 'tutor_cancelled', 'no_shows'] as const;
export type LessonStat = (typeof LESSON_STATS)[number];

export const TutorLessonStatsEntity = new Entity({
  name: 'tutorLessonStats',
  ...onKalanTable,
  schema: item({
    tutor_id: string().key(),
    accepted: number().optional(),
    tutor_cancelled: number().optional(),
    no_shows: number().optional(),
  }),
  computeKey: ({ tutor_id }: { tutor_id: string }) => ({ pk: `LESSON_STATS#${tutor_id}`, sk: 'LESSONS' }),
});

/** The write that counts one more `stat` for the tutor, in the caller's DynamoDB transaction. */
export function lessonStatWrite(tutorId: string, stat: LessonStat) {
  return TutorLessonStatsEntity.build(UpdateTransaction).item({ tutor_id: tutorId, [stat]: $add(1) } as never);
}

/** The tutor's figures (zeros for a tutor with none yet). */
export async function lessonStatsOf(tutorId: string): Promise<TutorLessonStats> {
  const { Item } = await TutorLessonStatsEntity.build(GetItemCommand).key({ tutor_id: tutorId }).send();
  return { accepted: Item?.accepted ?? 0, tutor_cancelled: Item?.tutor_cancelled ?? 0, no_shows: Item?.no_shows ?? 0 };
}
