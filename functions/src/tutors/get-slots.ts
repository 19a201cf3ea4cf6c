import { freeSlots, LESSON_TIME_ZONE, type TutorSlots } from '#shared/lesson-slots';
import { normaliseWeek, tutorIdParamsSchema } from '#shared/tutor-profile-schemas';
import { routes } from '#shared/routes';
import { apiHandler, ok } from '#commons/http';
import { exceptionsOf, visibleTutorProfile } from './visible.js';

/**
 * `GET /api/tutors/{id}/slots`: the tutor's free slots of the next two weeks (issue 15, point 1),
 * from its weekly availability minus its days off and the slots starting within 2 h, for the same
 * callers as its public profile (a profile not completed: its owner and admins only).
 */
export const handler = apiHandler(routes.getTutorSlots, { params: tutorIdParamsSchema }, async ({ caller, params }) => {
  const item = await visibleTutorProfile(params.id, caller);
  const body: TutorSlots = {
    time_zone: LESSON_TIME_ZONE,
    slots: freeSlots({
      week: normaliseWeek(item.availability_schedule),
      exceptions: exceptionsOf(item),
      // No slot is held yet: bookings that hold their slots (conditional writes, released when the
      // payment fails or expires) come in a later step of issue 15, and will be subtracted here.
      taken: [],
      now: new Date(),
    }),
  };
  return ok(body);
});
