/**
 * zod schemas of the API contract, shared by the handlers and the SPA.
 * Written with `zod/mini`: the same validation for ~12 KB instead of ~85 KB in every Lambda
 * bundle and in the browser (see docs/decisions.md).
 */
import * as z from './zod.js';
import { EMAIL_CODE_LENGTH, PASSWORD_POLICY, PUBLIC_ROLES, ROLES } from './constants.js';
import { adminMessages } from './message-catalogue/admin.js';
import { validationMessages } from './message-catalogue/validation.js';

export const requiredText = (max = 100) =>
  z
    .string({ error: validationMessages.required })
    .check(
      z.trim(),
      z.minLength(1, { error: validationMessages.required }),
      z.maxLength(max, { error: `${max} caractères au maximum` }),
    );

/** An optional free text, trimmed, at most `max` characters. */
export const optionalText = (max: number) =>
  z.optional(z.string().check(z.trim(), z.maxLength(max, { error: `${max} caractères au maximum` })));

export const roleSchema = z.enum(ROLES, { error: validationMessages.invalidRole });
export const publicRoleSchema = z.enum(PUBLIC_ROLES, { error: validationMessages.invalidRole });

/**
 * Trimmed and lower-cased: one account per address whatever its capitals (the user pool is
 * case-insensitive, and the PreSignUp trigger refuses an address that is not lower-case).
 */
export const emailSchema = z
  .string({ error: validationMessages.required })
  .check(
    z.trim(),
    z.toLowerCase(),
    z.minLength(1, { error: validationMessages.required }),
    z.email({ error: validationMessages.email }),
  );

/** An address as the trigger expects it from the form: already trimmed and in lower case. */
export function isNormalizedEmail(email: string): boolean {
  return email === email.trim().toLowerCase();
}

/**
 * The kinds of character Cognito's policy may require, counted as Cognito counts them (basic
 * Latin letters, 0–9, its own list of symbols), with the message of each.
 */
const PASSWORD_CHARACTER_RULES = [
  { required: PASSWORD_POLICY.requireLowercase, pattern: /[a-z]/, error: validationMessages.passwordNeedsLowercase },
  { required: PASSWORD_POLICY.requireUppercase, pattern: /[A-Z]/, error: validationMessages.passwordNeedsUppercase },
  { required: PASSWORD_POLICY.requireDigits, pattern: /[0-9]/, error: validationMessages.passwordNeedsDigit },
  { required: PASSWORD_POLICY.requireSymbols, pattern: /[\^$*.[\]{}()?"!@#%&/\\,><':;|_~`=+\- ]/, error: validationMessages.passwordNeedsSymbol },
];

/**
 * A new password (sign-up, reset, an admin's): the pool's own policy, `PASSWORD_POLICY`, checked
 * before Cognito does, with a French message per rule (docs/decisions.md, issue 28).
 */
export const newPasswordSchema = z
  .string({ error: validationMessages.required })
  .check(
    z.minLength(1, { error: validationMessages.required }),
    z.minLength(PASSWORD_POLICY.minLength, { error: validationMessages.passwordTooShort }),
    ...PASSWORD_CHARACTER_RULES.filter((rule) => rule.required).map((rule) => z.regex(rule.pattern, { error: rule.error })),
  );

/** Signing in checks only that something was typed: older passwords may predate the policy. */
export const passwordSchema = z.string({ error: validationMessages.required }).check(z.minLength(1, { error: validationMessages.required }));

export const signInSchema = z.object({ email: emailSchema, password: passwordSchema });
export type SignInInput = z.infer<typeof signInSchema>;

/** The 6-digit code of an e-mail (sign-up confirmation, password reset); spaces are ignored. */
export const emailCodeSchema = z
  .string({ error: validationMessages.required })
  .check(
    z.overwrite((value) => value.replace(/\s+/g, '')),
    z.minLength(1, { error: validationMessages.required }),
    z.regex(new RegExp(`^\\d{${EMAIL_CODE_LENGTH}}$`), { error: validationMessages.emailCode }),
  );

export const confirmSignUpSchema = z.object({ code: emailCodeSchema });
export type ConfirmSignUpInput = z.infer<typeof confirmSignUpSchema>;

export const forgotPasswordSchema = z.object({ email: emailSchema });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z.object({ code: emailCodeSchema, password: newPasswordSchema });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

export const signUpSchema = z.object({
  email: emailSchema,
  password: newPasswordSchema,
  firstName: requiredText(50),
  lastName: requiredText(50),
  role: publicRoleSchema,
});
export type SignUpInput = z.infer<typeof signUpSchema>;

/** A user's profile (spec §3), as `GET /api/me` returns it. */
export const profileSchema = z.object({
  user_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.optional(z.string()),
  role: roleSchema,
  is_verified: z.boolean(),
  created_at: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

/** Every error response of the API: a stable code and a French message. */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.optional(z.array(z.object({ path: z.string(), message: z.string() }))),
  }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** Runtime settings served at /config.json (written at deploy time, or by the local stack). */
export const runtimeConfigSchema = z.object({
  stage: z.string(),
  region: z.string(),
  userPoolId: z.string(),
  userPoolClientId: z.string(),
  /** Only set locally, where Cognito is emulated. */
  userPoolEndpoint: z.optional(z.string()),
  apiBaseUrl: z.string(),
  /**
   * The messages' WebSocket endpoint (issue 31): the API Gateway WebSocket API's wss:// URL in the
   * cloud; absent locally, where the router serves the same protocol at `/ws` on the page's origin.
   */
  realtimeUrl: z.optional(z.string()),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

/** `PATCH /api/me`: a user may correct its names; role and verification are not its to change. */
export const updateProfileSchema = z
  .strictObject({
    first_name: z.optional(requiredText(50)),
    last_name: z.optional(requiredText(50)),
  })
  .check(
    z.refine((value) => value.first_name !== undefined || value.last_name !== undefined, {
      error: 'Indiquez au moins un champ à modifier',
    }),
  );
export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;

/**
 * A page cursor in a query string (the admin's paged lists, issue 11): opaque to the browser,
 * base64url only. What it stands for is checked by the function that decodes it.
 */
export const pageCursorSchema = z.optional(
  z.string({ error: adminMessages.invalidCursor }).check(
    z.minLength(1, { error: adminMessages.invalidCursor }),
    z.maxLength(512, { error: adminMessages.invalidCursor }),
    z.regex(/^[A-Za-z0-9_-]+$/, { error: adminMessages.invalidCursor }),
  ),
);
