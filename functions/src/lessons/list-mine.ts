import { routes } from '#shared/routes';
import { apiHandler, ok } from '#commons/http';
import { lessonsOf } from './lessons.js';

/** `GET /api/lessons`: 'Mes cours' — the caller's lessons, as the parent who booked or the tutor booked. */
export const handler = apiHandler(routes.listMyLessons, {}, async ({ caller }) => {
  const side = caller.groups.includes('tuteur') ? 'tutor' : 'parent';
  return ok(await lessonsOf(caller.userId, side, new Date()));
});
