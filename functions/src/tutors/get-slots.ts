import { LESSON_TIME_ZONE, type TutorSlots } from '#shared/lesson-slots';
import { tutorIdParamsSchema } from '#shared/tutor-profile-schemas';
import { routes } from '#shared/routes';
import { apiHandler, ok } from '#commons/http';
import { tutorFreeSlots } from './slot-holds.js';
import { availabilityOf, visibleTutorProfile } from './visible.js';

/**
 * `GET /api/tutors/{id}/slots`: the tutor's free slots of the next two weeks (issue 15, point 1),
 * from its weekly availability minus its days off, the slots bookings hold and those starting
 * within 2 h, for the same callers as its public profile (a profile not completed: its owner and
 * admins only).
 */
export const handler = apiHandler(routes.getTutorSlots, { params: tutorIdParamsSchema }, async ({ caller, params }) => {
  const item = await visibleTutorProfile(params.id, caller);
  const body: TutorSlots = { time_zone: LESSON_TIME_ZONE, slots: await tutorFreeSlots({ id: item.id, ...availabilityOf(item) }, new Date()) };
  return ok(body);
});
