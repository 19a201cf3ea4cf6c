/**
 * The search catalogue: completed tutor profiles joined with their owner's names and
 * verification (spec §3 tutor_profile + profiles), in the compact shape the snapshot stores.
 */
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { availabilitySlotCount, type TutorSummary } from '#shared/search';
import { ProfileEntity, TutorProfileEntity } from '#commons/db';

export type TutorProfileItem = FormattedItem<typeof TutorProfileEntity>;
export type ProfileItem = FormattedItem<typeof ProfileEntity>;

export interface CatalogueSnapshot {
  version: 1;
  generated_at: string;
  tutors: TutorSummary[];
}

/** Only completed profiles of tutors are listed (spec §5); anything else is left out. */
export function toTutorSummary(
  tutorProfile: TutorProfileItem | undefined,
  profile: ProfileItem | undefined,
): TutorSummary | null {
  if (!tutorProfile?.is_completed || !profile || profile.role !== 'tuteur') return null;
  return {
    id: tutorProfile.id,
    user_id: tutorProfile.user_id,
    first_name: profile.first_name,
    last_name: profile.last_name,
    is_verified: profile.is_verified,
    bio: tutorProfile.bio ?? '',
    education: tutorProfile.education ?? '',
    experience: tutorProfile.experience ?? null,
    teaching_method: tutorProfile.teaching_method ?? '',
    subjects: tutorProfile.subjects,
    levels: tutorProfile.levels,
    location: tutorProfile.location ?? null,
    hourly_rate: tutorProfile.hourly_rate ?? null,
    profile_image_url: tutorProfile.profile_image_url ?? null,
    availability_slots: availabilitySlotCount(tutorProfile.availability_schedule),
  };
}

/** The listed tutor of a user as the table holds it now (strongly consistent reads). */
export async function readTutorOfUser(userId: string): Promise<TutorSummary | null> {
  const [tutorProfile, profile] = await Promise.all([
    TutorProfileEntity.build(GetItemCommand).key({ user_id: userId }).options({ consistent: true }).send(),
    ProfileEntity.build(GetItemCommand).key({ user_id: userId }).options({ consistent: true }).send(),
  ]);
  return toTutorSummary(tutorProfile.Item, profile.Item);
}
