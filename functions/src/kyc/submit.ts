import { submitKycSchema } from '#shared/kyc-schemas';
import { routes } from '#shared/routes';
import { json, apiHandler } from '#commons/http';
import { logger } from '#commons/logger';
import { submitVerification } from './verifications.js';

/** `POST /api/me/kyc`: submits the ID card photo and the selfie for review. */
export const handler = apiHandler(routes.submitKyc, { body: submitKycSchema }, async ({ caller, body }) => {
  const verification = await submitVerification(caller.userId, body);
  logger.info('KYC submitted', { userId: caller.userId, verificationId: verification.id });
  return json(201, verification);
});
