import { adminKycQuerySchema } from '#shared/onboarding-schemas';
import { routes } from '#shared/routes';
import { apiHandler, ok } from '#commons/http';
import { listVerifications } from './verifications.js';

/** `GET /api/admin/kyc`: every submission, newest first, with its owner and both documents. */
export const handler = apiHandler(routes.listKycVerifications, { query: adminKycQuerySchema }, async ({ query }) =>
  ok(await listVerifications(query.cursor)),
);
