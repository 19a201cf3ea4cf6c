import { routes } from '#shared/routes';
import { apiHandler, ok } from '#commons/http';
import { getParentPreferences } from './answers.js';

/** `GET /api/me/parent-preferences`: the parent's onboarding answers, or `null` if none yet. */
export const handler = apiHandler(routes.getParentPreferences, {}, async ({ caller }) =>
  ok(await getParentPreferences(caller.userId)),
);
