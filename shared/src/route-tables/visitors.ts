import type { RouteDefinition } from '../routes.js';

/**
 * Visitors (issue 17): the tutors a person without an account may browse — only those listed
 * publicly (`isListedPublicly`: verified, not hidden by the tutor), only their public fields
 * (`PUBLIC_TUTOR_CARD_KEYS`, `PUBLIC_TUTOR_PROFILE_KEYS` of shared/src/visitors.ts). No JWT and no
 * role: a token, if sent, is ignored. Served by the modules of the signed-in routes (no Lambda of
 * their own), under `/api/public/`, which the WAF, API Gateway and the local router limit.
 */
export const visitorRoutes = {
  /** The query parameters of `GET /api/search/tutors`. */
  publicSearchTutors: { method: 'GET', path: '/api/public/tutors', handler: 'search/search-tutors', auth: 'public', roles: [] },
  publicTutorProfile: { method: 'GET', path: '/api/public/tutors/{id}', handler: 'tutors/get-tutor', auth: 'public', roles: [] },
} as const satisfies Record<string, RouteDefinition>;
