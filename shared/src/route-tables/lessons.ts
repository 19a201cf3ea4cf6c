import type { RouteDefinition } from '../routes.js';

/**
 * Lessons (issue 15): 'Mes cours' for parents and tutors, and what each side does on a lesson.
 * Always the caller's own lessons: the parent who booked, the tutor booked (checked in the handler).
 */
export const lessonRoutes = {
  listMyLessons: { method: 'GET', path: '/api/lessons', handler: 'lessons/list-mine', auth: 'jwt', roles: ['parent', 'tuteur'] },
  /** accept, decline, cancel, mark_given, confirm, report_problem, report_no_show (lesson-schemas.ts). */
  lessonAction: { method: 'POST', path: '/api/lessons/{id}/actions', handler: 'lessons/act', auth: 'jwt', roles: ['parent', 'tuteur'] },
} as const satisfies Record<string, RouteDefinition>;
