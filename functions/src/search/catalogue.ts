/**
 * The search catalogue: completed tutor profiles joined with their owner's names and
 * verification (spec §3 tutor_profile + profiles), in the compact shape the snapshot stores.
 */
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import { isPhotoReady, PHOTO_LAYOUT, profilePhotoState } from '#shared/photos';
import { availabilitySlotCount, type TutorSummary } from '#shared/search';
import { CATALOGUE_PARTITIONS, kalanTable, ProfileEntity, TutorProfileEntity } from '#commons/db';

export type TutorProfileItem = FormattedItem<typeof TutorProfileEntity>;
export type ProfileItem = FormattedItem<typeof ProfileEntity>;

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
    ...(isPhotoReady(profilePhotoState(tutorProfile)) ? { profile_image_layout: PHOTO_LAYOUT } : {}),
    availability_slots: availabilitySlotCount(tutorProfile.availability_schedule),
    // Kept only when set, like the photo's flag: the snapshot of a catalogue of visible tutors stays as it was.
    ...(tutorProfile.hidden_from_visitors === true ? { hidden_from_visitors: true as const } : {}),
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

/**
 * Every listed tutor, read from the sparse index of published tutors (gsi3: tutors' profiles and
 * completed tutor profiles, nothing else of the table), its shards in parallel, every page through
 * the library's own cursors. Sorted by id, so a rebuild is the same on every run.
 */
export async function readPublishedTutors(): Promise<TutorSummary[]> {
  const pages = await Promise.all(
    CATALOGUE_PARTITIONS.map(async (partition) => {
      const { Items = [] } = await kalanTable
        .build(QueryCommand)
        .entities(ProfileEntity, TutorProfileEntity)
        .query({ index: 'gsi3', partition })
        .options({ maxPages: Infinity })
        .send();
      return Items;
    }),
  );
  const profiles = new Map<string, ProfileItem>();
  const tutorProfiles: TutorProfileItem[] = [];
  for (const item of pages.flat()) {
    if ('id' in item) tutorProfiles.push(item as TutorProfileItem);
    else profiles.set(item.user_id, item as ProfileItem);
  }
  return tutorProfiles
    .map((tutorProfile) => toTutorSummary(tutorProfile, profiles.get(tutorProfile.user_id)))
    .filter((tutor): tutor is TutorSummary => tutor !== null)
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
