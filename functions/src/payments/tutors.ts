/** The tutor being booked: its stored profile (rate) and name, never what the browser says. */
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import type { AvailabilityEntry } from '#shared/tutor-profile-schemas';
import { normaliseWeek } from '#shared/tutor-profile-schemas';
import type { AvailabilityException } from '#shared/lesson-slots';
import { kalanTable, ProfileEntity, TutorProfileEntity } from '#commons/db';

export interface BookableTutor {
  id: string;
  userId: string;
  name: string;
  hourlyRate: number | undefined;
  isCompleted: boolean;
  /** The weekly hours and days off its free slots come from (a booking by slots checks them). */
  week: AvailabilityEntry[];
  exceptions: AvailabilityException[];
}

export async function findTutor(tutorId: string): Promise<BookableTutor | null> {
  const { Items } = await kalanTable
    .build(QueryCommand)
    .entities(TutorProfileEntity)
    .query({ index: 'gsi2', partition: `TUTOR#${tutorId}` })
    .options({ limit: 1 })
    .send();
  const tutor = Items?.[0];
  if (!tutor) return null;
  const { Item: profile } = await ProfileEntity.build(GetItemCommand).key({ user_id: tutor.user_id }).send();
  return {
    id: tutor.id,
    userId: tutor.user_id,
    name: profile ? `${profile.first_name} ${profile.last_name}`.trim() : 'Répétiteur',
    hourlyRate: tutor.hourly_rate,
    isCompleted: tutor.is_completed,
    week: normaliseWeek(tutor.availability_schedule),
    exceptions: (tutor.availability_exceptions ?? []).map(({ start_date, end_date }) => ({ start_date, end_date })),
  };
}
