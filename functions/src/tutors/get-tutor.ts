import { tutorIdParamsSchema } from '#shared/tutor-profile-schemas';
import { routes } from '#shared/routes';
import { apiHandler, ok } from '#commons/http';
import { getPublicTutorProfile } from './profiles.js';

/** `GET /api/tutors/{id}`: a tutor's public profile, for any signed-in user. */
export const handler = apiHandler(routes.getTutorProfile, { params: tutorIdParamsSchema }, async ({ caller, params }) =>
  ok(await getPublicTutorProfile(params.id, caller)),
);
