import type { Profile } from '#shared/schemas';
import { apiRequest } from '../api';

/**
 * `GET /api/me`: the signed-in user's profile. Its schema (and zod) is fetched with the answer,
 * not with the first page: a visitor never asks (issue 34).
 */
export async function getMe(signal?: AbortSignal): Promise<Profile> {
  const [{ profileSchema }, payload] = await Promise.all([import('#shared/schemas'), apiRequest<unknown>('getMe', { signal })]);
  return profileSchema.parse(payload);
}

export const meQueryKey = (userId: string | undefined) => ['me', userId] as const;
