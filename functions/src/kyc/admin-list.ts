import { adminKycQuerySchema } from '#shared/kyc-schemas';
import { routes } from '#shared/routes';
import { ok } from '#commons/http';
import { apiHandlerWithSecondFactor } from '#commons/http-second-factor';
import { listVerifications } from './verifications.js';

/** `GET /api/admin/kyc[?status=pending]`: submissions (or those waiting), newest first, with owner and documents. */
export const handler = apiHandlerWithSecondFactor(routes.listKycVerifications, { query: adminKycQuerySchema }, async ({ query }) =>
  ok(await listVerifications(query.cursor, query.status ?? 'all')),
);
