import { routes } from '#shared/routes';
import { apiHandler, ok } from '#commons/http';
import { allProfiles } from './money.js';

/** `GET /api/admin/users`: every profile, newest first. */
export const handler = apiHandler(routes.adminUsers, {}, async () => ok({ users: await allProfiles() }));
