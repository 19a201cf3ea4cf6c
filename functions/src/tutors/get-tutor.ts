/**
 * A tutor's profile, two routes in one Lambda (the stack's resource budget; docs/decisions.md),
 * chosen by API Gateway's `routeKey`:
 *
 * - `GET /api/tutors/{id}`: the public profile any signed-in user sees (the full name).
 * - `GET /api/public/tutors/{id}`: what a visitor sees (issue 17): a tutor listed publicly only,
 *   its `PUBLIC_TUTOR_PROFILE_KEYS` only; 404 for any other.
 */
import type { Context } from 'aws-lambda';
import { messages } from '#shared/messages';
import { tutorIdParamsSchema } from '#shared/tutor-profile-schemas';
import { routeKey, routes } from '#shared/routes';
import { apiHandler, json, ok, publicApiHandler, type ApiEvent, type ApiResult } from '#commons/http';
import { getPublicTutorProfile, getVisitorProfile } from './profiles.js';

const byRoute: Record<string, (event: ApiEvent, context: Context) => Promise<ApiResult>> = {
  [routeKey(routes.getTutorProfile)]: apiHandler(routes.getTutorProfile, { params: tutorIdParamsSchema }, async ({ caller, params }) =>
    ok(await getPublicTutorProfile(params.id, caller)),
  ),
  [routeKey(routes.publicTutorProfile)]: publicApiHandler(routes.publicTutorProfile, { params: tutorIdParamsSchema }, async ({ params }) =>
    ok(await getVisitorProfile(params.id)),
  ),
};

export const handler = async (event: ApiEvent, context: Context): Promise<ApiResult> => {
  const route = byRoute[event.routeKey];
  if (!route) return json(404, { error: { code: 'not_found', message: messages.http.notFound } });
  return route(event, context);
};
