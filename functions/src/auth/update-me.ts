import { routes } from '#shared/routes';
import { updateProfileSchema } from '#shared/schemas';
import { apiHandler, ok } from '#commons/http';
import { updateProfile } from './profiles.js';

/** `PATCH /api/me`: corrects the caller's first or last name. */
export const handler = apiHandler(routes.updateMe, { body: updateProfileSchema }, async ({ caller, body }) =>
  ok(await updateProfile(caller.userId, body)),
);
