/** Profiles: one per user, written when the account is confirmed, read by everyone's `/api/me`. */
import { type Profile, type Role, type UpdateProfileInput } from '#shared';
import { profileEntity } from '#commons/db';
import { NotFoundError } from '#commons/errors';

export interface NewProfile {
  user_id: string;
  first_name: string;
  last_name: string;
  email?: string;
  role: Role;
}

function toProfile(item: {
  user_id: string;
  first_name: string;
  last_name: string;
  email?: string;
  role: Role;
  is_verified: boolean;
  created_at: string;
}): Profile {
  const { user_id, first_name, last_name, email, role, is_verified, created_at } = item;
  return { user_id, first_name, last_name, email, role, is_verified, created_at };
}

/**
 * Creates the profile once. Cognito may deliver a trigger more than once: a second call finds
 * the profile there and leaves it untouched (returns false).
 */
export async function createProfile(profile: NewProfile): Promise<boolean> {
  try {
    await profileEntity.create({ ...profile, is_verified: false }).go();
    return true;
  } catch (error) {
    if (isConditionalFailure(error)) return false;
    throw error;
  }
}

export async function getProfile(userId: string): Promise<Profile | null> {
  const { data } = await profileEntity.get({ user_id: userId }).go();
  return data ? toProfile(data) : null;
}

export async function updateProfile(userId: string, changes: UpdateProfileInput): Promise<Profile> {
  try {
    const { data } = await profileEntity
      .patch({ user_id: userId })
      .set(changes)
      .go({ response: 'all_new' });
    return toProfile(data);
  } catch (error) {
    if (isConditionalFailure(error)) throw new NotFoundError();
    throw error;
  }
}

function isConditionalFailure(error: unknown): boolean {
  const text = `${(error as Error)?.name ?? ''} ${(error as Error)?.message ?? ''}`;
  return text.includes('ConditionalCheckFailed') || text.includes('conditional request failed');
}
