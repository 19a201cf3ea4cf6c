/** Profiles: one per user, written when the account is confirmed, read by everyone's `/api/me`. */
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import { UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import type { Profile, Role, UpdateProfileInput } from '#shared';
import { isConditionalCheckFailure, ProfileEntity } from '#commons/db';
import { NotFoundError } from '#commons/errors';

export interface NewProfile {
  user_id: string;
  first_name: string;
  last_name: string;
  email?: string;
  role: Role;
  is_verified?: boolean;
}

function toProfile(item: Profile & { updated_at?: string }): Profile {
  const { user_id, first_name, last_name, email, role, is_verified, created_at } = item;
  return { user_id, first_name, last_name, email, role, is_verified, created_at };
}

/**
 * Creates the profile once. Cognito may deliver a trigger more than once: a second call finds
 * the profile there and leaves it untouched (returns false).
 */
export async function createProfile(profile: NewProfile): Promise<boolean> {
  try {
    await ProfileEntity.build(PutItemCommand)
      .item({ ...profile, is_verified: profile.is_verified ?? false })
      .options({ condition: { attr: 'user_id', exists: false } })
      .send();
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}

export async function getProfile(userId: string): Promise<Profile | null> {
  const { Item } = await ProfileEntity.build(GetItemCommand).key({ user_id: userId }).send();
  return Item ? toProfile(Item) : null;
}

export async function updateProfile(userId: string, changes: UpdateProfileInput): Promise<Profile> {
  try {
    const { Attributes } = await ProfileEntity.build(UpdateItemCommand)
      .item({ user_id: userId, ...changes, updated_at: new Date().toISOString() })
      .options({ condition: { attr: 'user_id', exists: true }, returnValues: 'ALL_NEW' })
      .send();
    if (!Attributes) throw new NotFoundError();
    return toProfile(Attributes);
  } catch (error) {
    if (isConditionalCheckFailure(error)) throw new NotFoundError();
    throw error;
  }
}
