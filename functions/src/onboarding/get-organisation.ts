import { routes } from '#shared/routes';
import { apiHandler, ok } from '#commons/http';
import { getOrganisation } from './answers.js';

/** `GET /api/me/organisation`: the company's onboarding answers, or `null` if none yet. */
export const handler = apiHandler(routes.getOrganisation, {}, async ({ caller }) => ok(await getOrganisation(caller.userId)));
