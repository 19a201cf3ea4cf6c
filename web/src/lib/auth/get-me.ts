import { profileSchema, type Profile } from '#shared/schemas';
import { apiRequest } from '../api';

/** `GET /api/me`: the signed-in user's profile. */
export async function getMe(signal?: AbortSignal): Promise<Profile> {
  return profileSchema.parse(await apiRequest<unknown>('getMe', { signal }));
}

export const meQueryKey = (userId: string | undefined) => ['me', userId] as const;
