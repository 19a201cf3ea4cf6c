import { freeSlots, LESSON_TIME_ZONE, type TutorSlots } from '#shared/lesson-slots';
import { normaliseWeek, tutorIdParamsSchema } from '#shared/tutor-profile-schemas';
import { routes } from '#shared/routes';
import { apiHandler, ok } from '#commons/http';
import { heldSlotStarts } from './slot-holds.js';
import { exceptionsOf, visibleTutorProfile } from './visible.js';

/**
 * `GET /api/tutors/{id}/slots`: the tutor's free slots of the next two weeks (issue 15, point 1),
 * from its weekly availability minus its days off, the slots bookings hold and those starting
 * within 2 h, for the same callers as its public profile (a profile not completed: its owner and
 * admins only).
 */
export const handler = apiHandler(routes.getTutorSlots, { params: tutorIdParamsSchema }, async ({ caller, params }) => {
  const item = await visibleTutorProfile(params.id, caller);
  const now = new Date();
  const body: TutorSlots = {
    time_zone: LESSON_TIME_ZONE,
    slots: freeSlots({
      week: normaliseWeek(item.availability_schedule),
      exceptions: exceptionsOf(item),
      // The slots bookings hold (tutors/slot-holds.ts): until the payment fails or expires, or a refund.
      taken: await heldSlotStarts(item.id, now),
      now,
    }),
  };
  return ok(body);
});
