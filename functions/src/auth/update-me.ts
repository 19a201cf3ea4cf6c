import { routes } from '#shared/routes';
import { updateProfileSchema } from '#shared/schemas';
import { ok } from '#commons/http';
import { apiHandlerWithSecondFactor } from '#commons/http-second-factor';
import { updateProfile } from './profiles.js';

/** `PATCH /api/me`: corrects the caller's first or last name. */
export const handler = apiHandlerWithSecondFactor(routes.updateMe, { body: updateProfileSchema }, async ({ caller, body }) =>
  ok(await updateProfile(caller.userId, body)),
);
