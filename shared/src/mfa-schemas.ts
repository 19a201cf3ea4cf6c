/** The admin's second factor (TOTP): what `GET/POST /api/admin/mfa` answer. */
import { mfaMessages } from './message-catalogue/mfa.js';
import * as z from './zod.js';

/**
 * Where an admin session stands: `not_enrolled` (no TOTP recorded, or Cognito no longer has it on:
 * the console shows the enrolment page), `sign_in_again` (enrolled after this session began: the
 * session never gave a code), `passed` (the admin routes answer).
 */
export const MFA_STATUSES = ['not_enrolled', 'sign_in_again', 'passed'] as const;
export type MfaStatus = (typeof MFA_STATUSES)[number];

export const mfaStatusSchema = z.object({ status: z.enum(MFA_STATUSES) });
export type MfaStatusResponse = z.infer<typeof mfaStatusSchema>;

/**
 * `POST /api/admin/mfa` takes an empty JSON object: the enrolment is Cognito's to confirm, nothing
 * the browser says is read. Anything else (bad JSON, unknown fields) is refused before any write.
 */
export const enrolMfaBodySchema = z.strictObject({});

/** The API's 403 to an admin without the factor carries this code; the SPA then asks where it stands. */
export const MFA_REQUIRED_CODE = 'mfa_required';

/** The issuer shown by authenticator apps next to the account (the otpauth URI's `issuer`). */
export const TOTP_ISSUER = 'Kalan';

/** The 6-digit code of an authenticator app (spaces typed between groups are dropped). */
export const totpCodeSchema = z.object({
  code: z.pipe(
    z.pipe(z.string(), z.transform((value) => value.replace(/\s+/g, ''))),
    z.string().check(z.regex(/^\d{6}$/, mfaMessages.codeInvalid)),
  ),
});
export type TotpCodeInput = z.input<typeof totpCodeSchema>;
