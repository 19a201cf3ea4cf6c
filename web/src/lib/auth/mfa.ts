/**
 * The Cognito calls of the admin's second factor (TOTP): enrolment (associate a secret, verify a
 * first code, make TOTP the preferred factor) and the code asked at sign-in. Loaded on demand,
 * like cognito-actions.ts.
 */
import { TOTP_ISSUER } from '#shared/mfa-schemas';
import { authMessages } from '#shared/message-catalogue/auth';
import { mfaMessages } from '#shared/message-catalogue/mfa';
import { confirmSignIn, setUpTOTP, updateMFAPreference, verifyTOTPSetup } from 'aws-amplify/auth';
import { AuthFlowError } from './auth-errors';

export interface TotpSetup {
  /** The base32 secret, shown for manual entry. */
  secret: string;
  /** The otpauth:// URI the QR code carries (issuer Kalan, the admin's email). */
  uri: string;
}

/** Cognito's answers to a wrong or expired code (cognito-local answers the first, AWS either). */
const WRONG_CODE = new Set(['CodeMismatchException', 'EnableSoftwareTokenMFAException', 'ExpiredCodeException']);

function inFrench(error: unknown): never {
  const name = error instanceof Error ? error.name : undefined;
  if (name && WRONG_CODE.has(name)) throw new AuthFlowError(mfaMessages.codeMismatch);
  throw error;
}

/** Asks Cognito for a new secret for the signed-in user (AssociateSoftwareToken). */
export async function startTotpSetup(email: string): Promise<TotpSetup> {
  const details = await setUpTOTP();
  return { secret: details.sharedSecret, uri: details.getSetupUri(TOTP_ISSUER, email).toString() };
}

/** Verifies the first code, then turns TOTP on as the preferred factor: Cognito asks it at every sign-in from now on. */
export async function finishTotpSetup(code: string): Promise<void> {
  try {
    await verifyTOTPSetup({ code, options: { friendlyDeviceName: TOTP_ISSUER } });
  } catch (error) {
    inFrench(error);
  }
  await updateMFAPreference({ totp: 'PREFERRED' });
}

/** Answers the sign-in's TOTP challenge (CONFIRM_SIGN_IN_WITH_TOTP_CODE). */
export async function confirmTotpCode(code: string): Promise<void> {
  let result;
  try {
    result = await confirmSignIn({ challengeResponse: code });
  } catch (error) {
    inFrench(error);
  }
  if (!result.isSignedIn) throw new AuthFlowError(authMessages.unexpected);
}
