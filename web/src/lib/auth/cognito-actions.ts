/**
 * The Cognito calls made on a user's action (sign-in, sign-up, sign-out). Loaded on demand:
 * they bring Amplify's sign-in flows (SRP, device, WebAuthn…) that /auth does not need to paint.
 */
import type { SignUpInput } from '#shared/schemas';
import { messages } from '#shared/messages';
import { signIn, signOut, signUp } from 'aws-amplify/auth';
import { AuthFlowError } from './auth-errors';

/** Where a sign-in stands after the password: signed in, or Cognito asks the TOTP code (admins). */
export type SignInStep = 'done' | 'totp';

/** USER_PASSWORD_AUTH: the SRP flow cannot be emulated by the local Cognito. */
export async function signInWithPassword(email: string, password: string): Promise<SignInStep> {
  const attempt = () => signIn({ username: email, password, options: { authFlowType: 'USER_PASSWORD_AUTH' } });
  let result;
  try {
    result = await attempt();
  } catch (error) {
    if (!(error instanceof Error) || error.name !== 'UserAlreadyAuthenticatedException') throw error;
    // A stale session of another account is still stored: replace it.
    await signOut();
    result = await attempt();
  }
  // An account with TOTP on (an enrolled admin): the code is asked next (lib/auth/mfa.ts).
  if (!result.isSignedIn && result.nextStep.signInStep === 'CONFIRM_SIGN_IN_WITH_TOTP_CODE') return 'totp';
  if (!result.isSignedIn) throw new AuthFlowError(messages.auth.unexpected);
  return 'done';
}

/** Creates the account; the PreSignUp trigger confirms it, so the user can sign in at once. */
export async function createAccount({ email, password, firstName, lastName, role }: SignUpInput): Promise<void> {
  const { isSignUpComplete, nextStep } = await signUp({
    username: email,
    password,
    options: { userAttributes: { email, given_name: firstName, family_name: lastName, 'custom:role': role } },
  });
  const confirmed = isSignUpComplete || nextStep.signUpStep === 'DONE' || nextStep.signUpStep === 'COMPLETE_AUTO_SIGN_IN';
  if (!confirmed) throw new AuthFlowError(messages.auth.unexpected);
}

export { signOut };
