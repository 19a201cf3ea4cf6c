import type { MfaStatusResponse } from '#shared/mfa-schemas';
import { routes } from '#shared/routes';
import { apiHandler, ok } from '#commons/http';
import { secondFactorStatus } from '#commons/second-factor';

/** `GET /api/admin/mfa`: where this admin session stands with the second factor (reachable without it). */
export const handler = apiHandler(routes.getAdminMfa, {}, async ({ caller }) => {
  const body: MfaStatusResponse = { status: await secondFactorStatus(caller) };
  return ok(body);
});
