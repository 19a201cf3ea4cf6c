/**
 * The Cognito calls made on a user's action (sign-in, sign-up and its e-mail code, password reset,
 * sign-out). Loaded on demand: they bring Amplify's sign-in flows (SRP, device, WebAuthn…) that
 * /auth does not need to paint.
 */
import type { SignUpInput } from '#shared/schemas';
import { authMessages } from '#shared/message-catalogue/auth';
import {
  confirmResetPassword,
  confirmSignUp,
  resendSignUpCode,
  resetPassword,
  signIn,
  signOut,
  signUp,
  type SignInOutput,
} from 'aws-amplify/auth';
import { AuthFlowError, type AuthNextStep } from './auth-errors';

/**
 * Where a sign-in attempt leaves the user: signed in, or one more step to take. The one place
 * that reads Amplify's next steps (the e-mail code, the second factor); the auth screen's step
 * machine shows them.
 */
function nextStepOf(result: SignInOutput): AuthNextStep {
  if (result.isSignedIn) return 'done';
  switch (result.nextStep.signInStep) {
    case 'DONE':
      return 'done';
    case 'CONFIRM_SIGN_UP':
      return 'confirmSignUp';
    // An account with TOTP on (an enrolled admin): the code is asked next (lib/auth/mfa.ts).
    case 'CONFIRM_SIGN_IN_WITH_TOTP_CODE':
      return 'totp';
    default:
      throw new AuthFlowError(authMessages.unexpected);
  }
}

/** USER_PASSWORD_AUTH: the SRP flow cannot be emulated by the local Cognito. */
export async function signInWithPassword(email: string, password: string): Promise<AuthNextStep> {
  const attempt = () => signIn({ username: email, password, options: { authFlowType: 'USER_PASSWORD_AUTH' } });
  let result: SignInOutput;
  try {
    result = await attempt();
  } catch (error) {
    if (!(error instanceof Error) || error.name !== 'UserAlreadyAuthenticatedException') throw error;
    // A stale session of another account is still stored: replace it.
    await signOut();
    result = await attempt();
  }
  return nextStepOf(result);
}

/** Creates the account; it can be used once the code e-mailed to the address is confirmed. */
export async function createAccount({ email, password, firstName, lastName, role }: SignUpInput): Promise<AuthNextStep> {
  const { isSignUpComplete, nextStep } = await signUp({
    username: email,
    password,
    options: { userAttributes: { email, given_name: firstName, family_name: lastName, 'custom:role': role } },
  });
  if (isSignUpComplete || nextStep.signUpStep === 'DONE') return 'done';
  if (nextStep.signUpStep === 'CONFIRM_SIGN_UP') return 'confirmSignUp';
  throw new AuthFlowError(authMessages.unexpected);
}

/** The code e-mailed at sign-up. */
export async function confirmAccount(email: string, code: string): Promise<void> {
  await confirmSignUp({ username: email, confirmationCode: code });
}

export async function resendAccountCode(email: string): Promise<void> {
  await resendSignUpCode({ username: email });
}

/** Sends a reset code. An unknown address is not revealed: the next step is the same. */
export async function requestPasswordReset(email: string): Promise<void> {
  try {
    await resetPassword({ username: email });
  } catch (error) {
    if (error instanceof Error && error.name === 'UserNotFoundException') return;
    throw error;
  }
}

export async function confirmPasswordReset(email: string, code: string, newPassword: string): Promise<void> {
  await confirmResetPassword({ username: email, confirmationCode: code, newPassword });
}

export { signOut };
