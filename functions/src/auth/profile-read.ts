/**
 * Reading a profile, apart from its writes (profiles.ts): `/api/me`, the most called route, then
 * bundles no transaction or update action.
 */
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import type { Profile } from '#shared';
import { ProfileEntity } from '#commons/db';

export function toProfile(item: Profile & { updated_at?: string }): Profile {
  const { user_id, first_name, last_name, email, role, is_verified, created_at } = item;
  return { user_id, first_name, last_name, email, role, is_verified, created_at };
}

export async function getProfile(userId: string): Promise<Profile | null> {
  const { Item } = await ProfileEntity.build(GetItemCommand).key({ user_id: userId }).send();
  return Item ? toProfile(Item) : null;
}
