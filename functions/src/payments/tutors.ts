/** The tutor being booked: its stored profile (rate) and name, never what the browser says. */
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import type { AvailabilityEntry } from '#shared/tutor-profile-schemas';
import type { AvailabilityException } from '#shared/lesson-slots';
import { ProfileEntity } from '#commons/db';
import { availabilityOf, getTutorProfileById } from '../tutors/visible.js';

export interface BookableTutor {
  id: string;
  userId: string;
  name: string;
  hourlyRate: number | undefined;
  isCompleted: boolean;
  /** The tutor's zone (where a lesson in their slots takes place unless the notes say otherwise). */
  location?: string;
  /** The weekly hours and days off its free slots come from (a booking by slots checks them). */
  week: AvailabilityEntry[];
  exceptions: AvailabilityException[];
}

export async function findTutor(tutorId: string): Promise<BookableTutor | null> {
  const tutor = await getTutorProfileById(tutorId);
  if (!tutor) return null;
  const { Item: profile } = await ProfileEntity.build(GetItemCommand).key({ user_id: tutor.user_id }).send();
  return {
    id: tutor.id,
    userId: tutor.user_id,
    name: profile ? `${profile.first_name} ${profile.last_name}`.trim() : 'Répétiteur',
    hourlyRate: tutor.hourly_rate,
    isCompleted: tutor.is_completed,
    location: tutor.location,
    ...availabilityOf(tutor),
  };
}
