/**
 * Identity verification (KYC): the tutor's submission of an ID card and a selfie, the admin's
 * review, and the shapes of both lists.
 */
import * as z from './zod.js';
import { type KycStatus, type Role } from './constants.js';
import { kycMessages } from './message-catalogue/kyc.js';
import { uploadsMessages } from './message-catalogue/uploads.js';
import { validationMessages } from './message-catalogue/validation.js';
import { pageCursorSchema } from './schemas.js';
import { parseUploadKey, type UploadPurpose } from './upload-schemas.js';

const kycKey = (purpose: UploadPurpose) =>
  z
    .string({ error: kycMessages.bothPhotosRequired })
    .check(
      z.minLength(1, { error: kycMessages.bothPhotosRequired }),
      z.refine((key) => parseUploadKey(key)?.purpose === purpose, { error: uploadsMessages.invalidKey }),
    );

/** `POST /api/me/kyc`: both photos are required (spec §5). */
export const submitKycSchema = z.strictObject({
  cni_image_key: kycKey('kyc_cni'),
  selfie_image_key: kycKey('kyc_selfie'),
});
export type SubmitKycInput = z.infer<typeof submitKycSchema>;

export const KYC_DECISIONS = ['approve', 'reject'] as const;
export type KycDecision = (typeof KYC_DECISIONS)[number];

/** `POST /api/admin/kyc/{id}/review`: rejecting without a note uses 'Documents non conformes'. */
export const reviewKycSchema = z.strictObject({
  decision: z.enum(KYC_DECISIONS, { error: validationMessages.invalidRequest }),
  admin_notes: z.optional(z.string().check(z.trim(), z.maxLength(500, { error: kycMessages.noteTooLong }))),
});
export type ReviewKycInput = z.infer<typeof reviewKycSchema>;

export const kycIdParamsSchema = z.object({
  id: z.string().check(z.regex(/^[A-Za-z0-9-]{1,64}$/, { error: kycMessages.notFound })),
});

/** `GET /api/admin/kyc?status=pending&cursor=`: every submission, or only those waiting (a sparse index). */
export const adminKycQuerySchema = z.object({
  cursor: pageCursorSchema,
  status: z.optional(z.enum(['pending'], { error: validationMessages.invalidRequest })),
});

/** A KYC submission as its owner sees it (`GET /api/me/kyc`; `null` when never submitted). */
export interface KycVerification {
  id: string;
  user_id: string;
  status: KycStatus;
  admin_notes: string | null;
  created_at: string;
  reviewed_at: string | null;
  cni_image_url: string;
  selfie_image_url: string;
}

/** A KYC submission in the admin's review list, with its owner (spec §7). */
export interface AdminKycItem extends KycVerification {
  verified_by: string | null;
  owner: { first_name: string; last_name: string; role: Role; email: string | null } | null;
}

/** What `POST /api/admin/kyc/{id}/review` answers (no document URLs: the list is reloaded). */
export interface KycReviewResult {
  id: string;
  user_id: string;
  status: KycStatus;
  admin_notes: string | null;
  verified_by: string;
  reviewed_at: string;
}

export interface AdminKycPage {
  items: AdminKycItem[];
  next_cursor: string | null;
}
