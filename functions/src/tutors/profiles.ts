/**
 * Tutor profiles: the tutor's own upsert (spec §7 UPSERT tutor_profiles), and the public profile
 * that any signed-in user sees at /tutors/:id.
 *
 * `profile_image_url` and `diploma_images` hold S3 keys of the tutor-images bucket (the bucket is
 * private): they are turned into short-lived presigned URLs when a profile is read.
 */
import { randomUUID } from 'node:crypto';
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import { $remove, $set, UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import type { Experience, Zone } from '#shared/constants';
import { messages } from '#shared/messages';
import { isPhotoReady, PHOTO_LAYOUT, profilePhotoState } from '#shared/photos';
import { normaliseWeek, type MyTutorProfile, type PublicTutorProfile, type TutorProfileInput } from '#shared/tutor-profile-schemas';
import { isListedPublicly, pickKeys, PUBLIC_TUTOR_PROFILE_KEYS, visitorName, type PublicVisitorProfile } from '#shared/visitors';
import { isConditionalCheckFailure, ProfileEntity, TutorProfileEntity } from '#commons/db';
import { ConflictError, NotFoundError } from '#commons/errors';
import { markPhotoReadyIfMade, publicPhoto, shownPhoto } from '../photos/variants.js';
import { assertOwnUpload, signedUrlOrNull } from '../uploads/storage.js';

import { exceptionsOf, getTutorProfileById, visibleTutorProfile, type StoredTutorProfile } from './visible.js';
import { assertNoPackageLessonOnDaysOff } from './day-off.js';
import { lessonStatsOf } from './lesson-stats.js';
import { responseStatsOf } from '../messages/response-stats.js';

export async function getTutorProfileOfUser(userId: string): Promise<StoredTutorProfile | null> {
  const { Item } = await TutorProfileEntity.build(GetItemCommand)
    .key({ user_id: userId })
    .options({ consistent: true })
    .send();
  return Item ?? null;
}

async function signedUrls(keys: readonly string[]): Promise<string[]> {
  return (await Promise.all(keys.map((key) => signedUrlOrNull(key)))).filter((url): url is string => url !== null);
}

function commonFields(item: StoredTutorProfile) {
  return {
    id: item.id,
    user_id: item.user_id,
    bio: item.bio ?? '',
    education: item.education ?? '',
    experience: (item.experience ?? null) as Experience | null,
    teaching_method: item.teaching_method ?? '',
    subjects: [...item.subjects],
    levels: [...item.levels],
    location: (item.location ?? null) as Zone | null,
    hourly_rate: item.hourly_rate ?? null,
    availability_schedule: normaliseWeek(item.availability_schedule),
    package_discount_percent: item.package_discount_percent ?? 0,
  };
}

export async function toMyTutorProfile(item: StoredTutorProfile): Promise<MyTutorProfile> {
  const [profileImageUrl, diplomaUrls] = await Promise.all([
    signedUrlOrNull(item.profile_image_url),
    signedUrls(item.diploma_images),
  ]);
  return {
    ...commonFields(item),
    availability_exceptions: exceptionsOf(item),
    profile_image_key: item.profile_image_url ?? null,
    profile_image_url: profileImageUrl,
    diploma_image_keys: [...item.diploma_images],
    diploma_image_urls: diplomaUrls,
    is_completed: item.is_completed,
    hidden_from_visitors: item.hidden_from_visitors === true,
  };
}

/**
 * The public profile joined with the account (first/last name, is_verified). A profile whose
 * onboarding is not finished is visible to its owner and admins only.
 */
export async function getPublicTutorProfile(
  id: string,
  caller: { userId: string; groups: readonly string[] },
): Promise<PublicTutorProfile> {
  const item = await visibleTutorProfile(id, caller);
  const [{ Item: account }, photo, diplomaUrls, lessonStats, responseStats] = await Promise.all([
    ProfileEntity.build(GetItemCommand).key({ user_id: item.user_id }).send(),
    shownPhoto(item.profile_image_url, isPhotoReady(profilePhotoState(item))),
    signedUrls(item.diploma_images),
    lessonStatsOf(item.id),
    responseStatsOf(item.user_id),
  ]);
  if (!account) throw new NotFoundError(messages.tutors.notFound);
  return {
    ...commonFields(item),
    first_name: account.first_name,
    last_name: account.last_name,
    is_verified: account.is_verified,
    profile_image_url: photo.url,
    profile_image_variants: photo.variants,
    diploma_image_urls: diplomaUrls,
    diploma_count: item.diploma_images.length,
    lesson_stats: lessonStats,
    response_stats: responseStats,
  };
}

/**
 * A tutor's profile as a visitor sees it (issue 17): only a tutor listed publicly — a completed
 * profile of a tutor, verified, not hidden — and of it only `PUBLIC_TUTOR_PROFILE_KEYS`: the
 * visitor's name, the photo's variants, the number of diplomas (not their files). Any other id
 * answers 404, as an unknown one does, whoever asks.
 */
export async function getVisitorProfile(id: string): Promise<PublicVisitorProfile> {
  const item = await getTutorProfileById(id);
  if (!item?.is_completed || item.hidden_from_visitors === true) throw new NotFoundError(messages.tutors.notFound);
  const [{ Item: account }, lessonStats, responseStats] = await Promise.all([
    ProfileEntity.build(GetItemCommand).key({ user_id: item.user_id }).send(),
    lessonStatsOf(item.id),
    responseStatsOf(item.user_id),
  ]);
  const listed = account?.role === 'tuteur' && isListedPublicly({ is_verified: account.is_verified, hidden_from_visitors: item.hidden_from_visitors });
  if (!account || !listed) throw new NotFoundError(messages.tutors.notFound);
  return pickKeys(
    {
      ...commonFields(item),
      ...publicPhoto(item.profile_image_url, isPhotoReady(profilePhotoState(item))),
      display_name: visitorName(account.first_name, account.last_name),
      first_name: account.first_name,
      is_verified: true as const,
      diploma_count: item.diploma_images.length,
      lesson_stats: lessonStats,
      response_stats: responseStats,
    },
    PUBLIC_TUTOR_PROFILE_KEYS,
  );
}

/**
 * Upsert by the tutor itself, marking the profile completed. The first save creates the item
 * (conditional on its absence, so two concurrent first saves cannot create two ids); later saves
 * update it, conditional on the id read just before, and keep its id, creation date and any
 * attribute other domains keep on it. A lost race is retried against the winner's item.
 */
export async function saveTutorProfile(userId: string, input: TutorProfileInput): Promise<StoredTutorProfile> {
  const saved = await writeTutorProfile(userId, input);
  // A photo whose variants the resizer made before this save named it: marked now (photos/variants.ts).
  if (await markPhotoReadyIfMade(profilePhotoState(saved))) {
    return { ...saved, photo_variants_of: saved.profile_image_url, photo_layout: PHOTO_LAYOUT };
  }
  return saved;
}

async function writeTutorProfile(userId: string, input: TutorProfileInput): Promise<StoredTutorProfile> {
  await Promise.all([
    ...(input.profile_image_key ? [assertOwnUpload(userId, input.profile_image_key, ['profile_photo'])] : []),
    ...input.diploma_image_keys.map((key) => assertOwnUpload(userId, key, ['diploma'])),
  ]);
  const answers = {
    bio: input.bio,
    education: input.education,
    experience: input.experience,
    teaching_method: input.teaching_method ?? '',
    subjects: [...input.subjects],
    levels: [...input.levels],
    location: input.location,
    availability_schedule: normaliseWeek(input.availability_schedule),
    availability_exceptions: (input.availability_exceptions ?? []).map(({ start_date, end_date }) => ({ start_date, end_date })),
    diploma_images: [...new Set(input.diploma_image_keys)],
    is_completed: true,
  };

  for (let attempt = 0; attempt < 3; attempt += 1) {
    const existing = await getTutorProfileOfUser(userId);
    const now = new Date().toISOString();
    // Issue 32: no new day off over a package lesson still to come (409, nothing saved).
    if (existing) await assertNoPackageLessonOnDaysOff(existing.id, exceptionsOf(existing), answers.availability_exceptions);
    try {
      if (!existing) {
        const item = {
          ...answers,
          user_id: userId,
          id: randomUUID(),
          hourly_rate: input.hourly_rate ?? undefined,
          profile_image_url: input.profile_image_key ?? undefined,
          hidden_from_visitors: input.hidden_from_visitors ?? false,
          created_at: now,
          updated_at: now,
        };
        await TutorProfileEntity.build(PutItemCommand)
          .item(item)
          .options({ condition: { attr: 'user_id', exists: false } })
          .send();
        return (await getTutorProfileOfUser(userId)) ?? (item as StoredTutorProfile);
      }
      const { Attributes } = await TutorProfileEntity.build(UpdateItemCommand)
        .item({
          ...answers,
          user_id: userId,
          subjects: $set(answers.subjects),
          levels: $set(answers.levels),
          availability_schedule: $set(answers.availability_schedule),
          availability_exceptions: $set(answers.availability_exceptions),
          diploma_images: $set(answers.diploma_images),
          hourly_rate: input.hourly_rate === null ? $remove() : input.hourly_rate,
          profile_image_url: input.profile_image_key ? input.profile_image_key : $remove(),
          // Absent (an older client): the saved choice stays as it is.
          ...(input.hidden_from_visitors === undefined ? {} : { hidden_from_visitors: input.hidden_from_visitors }),
          updated_at: now,
        })
        .options({ condition: { attr: 'id', eq: existing.id }, returnValues: 'ALL_NEW' })
        .send();
      if (!Attributes) throw new Error('UpdateItem returned no attributes');
      return Attributes as StoredTutorProfile;
    } catch (error) {
      if (!isConditionalCheckFailure(error)) throw error;
    }
  }
  throw new ConflictError();
}
