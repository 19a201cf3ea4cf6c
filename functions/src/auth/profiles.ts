/** Profiles: one per user, written when the account is confirmed, read by everyone's `/api/me` (profile-read.ts). */
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { execute } from 'dynamodb-toolbox/entity/actions/transactWrite';
import { UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import type { Profile, Role, UpdateProfileInput } from '#shared';
import { cancellationCodes, profileCounterWrites, retryOnConflict } from '#commons/counters';
import { isConditionalCheckFailure, ProfileEntity } from '#commons/db';
import { NotFoundError } from '#commons/errors';
import { toProfile } from './profile-read.js';

export { getProfile } from './profile-read.js';

export interface NewProfile {
  user_id: string;
  first_name: string;
  last_name: string;
  email?: string;
  role: Role;
  is_verified?: boolean;
}

/**
 * Creates the profile once, counted on the admin's cards in the same transaction. Cognito may
 * deliver a trigger more than once: a second call finds the profile there and leaves it (and the
 * counters) untouched (returns false).
 */
export async function createProfile(profile: NewProfile): Promise<boolean> {
  const isVerified = profile.is_verified ?? false;
  try {
    await retryOnConflict(() =>
      execute(
        ProfileEntity.build(PutTransaction)
          .item({ ...profile, is_verified: isVerified })
          .options({ condition: { attr: 'user_id', exists: false } }),
        ...profileCounterWrites(null, { role: profile.role, is_verified: isVerified }),
      ),
    );
    return true;
  } catch (error) {
    if (cancellationCodes(error)[0] === 'ConditionalCheckFailed') return false;
    throw error;
  }
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
