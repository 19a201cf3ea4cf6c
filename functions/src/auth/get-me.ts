import { messages } from '#shared/messages';
import { routes } from '#shared/routes';
import { NotFoundError } from '#commons/errors';
import { apiHandler, ok } from '#commons/http';
import { getProfile } from './profile-read.js';

/** `GET /api/me`: the caller's own profile, and nobody else's. */
export const handler = apiHandler(routes.getMe, {}, async ({ caller }) => {
  const profile = await getProfile(caller.userId);
  if (!profile) throw new NotFoundError(messages.http.profileNotFound);
  return ok(profile);
});
