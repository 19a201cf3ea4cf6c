import { routes } from '#shared/routes';
import { apiHandler, ok } from '#commons/http';
import { getMyVerification } from './my-verification.js';

/** `GET /api/me/kyc`: the caller's latest submission (status, admin note), or `null`. */
export const handler = apiHandler(routes.getMyKyc, {}, async ({ caller }) => ok(await getMyVerification(caller.userId)));
