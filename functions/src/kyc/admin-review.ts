import { kycIdParamsSchema, reviewKycSchema } from '#shared/kyc-schemas';
import { routes } from '#shared/routes';
import { ok } from '#commons/http';
import { apiHandlerWithSecondFactor } from '#commons/http-second-factor';
import { logger } from '#commons/logger';
import { reviewVerification } from './review-verification.js';

/** `POST /api/admin/kyc/{id}/review`: approve, or reject with a note (409 unless pending). */
export const handler = apiHandlerWithSecondFactor(
  routes.reviewKyc,
  { params: kycIdParamsSchema, body: reviewKycSchema },
  async ({ caller, params, body }) => {
    const verification = await reviewVerification(params.id, caller.userId, body.decision, body.admin_notes);
    logger.info('KYC reviewed', { verificationId: params.id, decision: body.decision, adminId: caller.userId });
    return ok(verification);
  },
);
