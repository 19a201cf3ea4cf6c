import { parentPreferencesSchema } from '#shared/parent-schemas';
import { routes } from '#shared/routes';
import { apiHandler, ok } from '#commons/http';
import { saveParentPreferences } from './answers.js';

/** `PUT /api/me/parent-preferences`: children, zone, monthly budget and free-text preferences. */
export const handler = apiHandler(routes.saveParentPreferences, { body: parentPreferencesSchema }, async ({ caller, body }) =>
  ok(await saveParentPreferences(caller.userId, body)),
);
