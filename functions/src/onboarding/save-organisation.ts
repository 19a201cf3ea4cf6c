import { organisationSchema } from '#shared/company-schemas';
import { routes } from '#shared/routes';
import { apiHandler, ok } from '#commons/http';
import { saveOrganisation } from './answers.js';

/** `PUT /api/me/organisation`: the organisation's details and team. */
export const handler = apiHandler(routes.saveOrganisation, { body: organisationSchema }, async ({ caller, body }) =>
  ok(await saveOrganisation(caller.userId, body)),
);
