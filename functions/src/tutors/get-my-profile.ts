import { routes } from '#shared/routes';
import { apiHandler, ok } from '#commons/http';
import { getTutorProfileOfUser, toMyTutorProfile } from './profiles.js';

/** `GET /api/me/tutor-profile`: the caller's own tutor profile, or `null` before the first save. */
export const handler = apiHandler(routes.getMyTutorProfile, {}, async ({ caller }) => {
  const item = await getTutorProfileOfUser(caller.userId);
  return ok(item ? await toMyTutorProfile(item) : null);
});
