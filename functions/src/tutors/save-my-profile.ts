import { tutorProfileInputSchema } from '#shared/tutor-profile-schemas';
import { routes } from '#shared/routes';
import { apiHandler, ok } from '#commons/http';
import { logger } from '#commons/logger';
import { saveTutorProfile, toMyTutorProfile } from './profiles.js';

/**
 * `PUT /api/me/tutor-profile`: the tutor's onboarding answers (subjects, levels and zones of the
 * spec, integer rate or null, hourly availability slots), saved as a completed profile.
 */
export const handler = apiHandler(
  routes.saveMyTutorProfile,
  { body: tutorProfileInputSchema },
  async ({ caller, body }) => {
    const saved = await saveTutorProfile(caller.userId, body);
    logger.info('Tutor profile saved', { userId: caller.userId, tutorId: saved.id });
    return ok(await toMyTutorProfile(saved));
  },
);
