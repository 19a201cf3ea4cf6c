import { enrolMfaBodySchema, type MfaStatusResponse } from '#shared/mfa-schemas';
import { routes } from '#shared/routes';
import { apiHandler, ok } from '#commons/http';
import { recordEnrolment } from '#commons/second-factor-enrolment';
import { logger } from '#commons/logger';

/**
 * `POST /api/admin/mfa`: after the console had Cognito verify the admin's TOTP code and turn TOTP
 * on, records the enrolment (Cognito asked again here, never trusted from the browser). This
 * session gave no code: the admin signs in again.
 */
export const handler = apiHandler(routes.enrolAdminMfa, { body: enrolMfaBodySchema }, async ({ caller }) => {
  const enrolledAt = await recordEnrolment(caller);
  logger.info('Admin second factor enrolled', { user_id: caller.userId, enrolled_at: enrolledAt });
  const body: MfaStatusResponse = { status: 'sign_in_again' };
  return ok(body);
});
