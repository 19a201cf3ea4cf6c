/**
 * Reading a tutor profile as another user may see it, without the photo and upload modules (the
 * slots' Lambda needs no S3 client).
 */
import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import type { AvailabilityException } from '#shared/lesson-slots';
import { normaliseWeek, type AvailabilityEntry } from '#shared/tutor-profile-schemas';
import { messages } from '#shared/messages';
import { kalanTable, TutorProfileEntity } from '#commons/db';
import { NotFoundError } from '#commons/errors';

export type StoredTutorProfile = FormattedItem<typeof TutorProfileEntity>;

/** By the profile's own id (gsi2 `TUTOR#<id>` / `TUTOR_PROFILE`). */
export async function getTutorProfileById(id: string): Promise<StoredTutorProfile | null> {
  const { Items } = await kalanTable
    .build(QueryCommand)
    .entities(TutorProfileEntity)
    .query({ index: 'gsi2', partition: `TUTOR#${id}`, range: { eq: 'TUTOR_PROFILE' } })
    .send();
  return Items?.[0] ?? null;
}

/**
 * A tutor profile as another user may see it: a profile whose onboarding is not finished is
 * visible to its owner and admins only (404 for anybody else, as for an unknown id).
 */
export async function visibleTutorProfile(id: string, caller: { userId: string; groups: readonly string[] }): Promise<StoredTutorProfile> {
  const item = await getTutorProfileById(id);
  const mayPreview = item && (item.user_id === caller.userId || caller.groups.includes('admin'));
  if (!item || (!item.is_completed && !mayPreview)) throw new NotFoundError(messages.tutors.notFound);
  return item;
}

/** The tutor's days off; none on a profile saved before they existed. */
export function exceptionsOf(item: StoredTutorProfile): AvailabilityException[] {
  return (item.availability_exceptions ?? []).map(({ start_date, end_date }) => ({ start_date, end_date }));
}

/** What the tutor's free slots come from: the seven days of its weekly hours, and its days off. */
export function availabilityOf(item: StoredTutorProfile): { week: AvailabilityEntry[]; exceptions: AvailabilityException[] } {
  return { week: normaliseWeek(item.availability_schedule), exceptions: exceptionsOf(item) };
}
