import type { Profile, SignInInput, SignUpInput } from '#shared/schemas';
import type { AuthSession, AuthUser } from 'aws-amplify/auth';
import { createContext } from 'react';
import type { AuthNextStep } from './auth-errors';

export interface AuthState {
  user: AuthUser | null;
  session: AuthSession | null;
  profile: Profile | null;
  /** True until the first session lookup is over. */
  isLoading: boolean;
}

export interface AuthContextValue extends AuthState, AuthActions {
  /** A user is signed in and its profile (`GET /api/me`) is still loading. */
  isProfileLoading: boolean;
  /** The profile could not be loaded (French message in `message`). */
  profileError: Error | null;
  refetchProfile: () => void;
}

/** What a user can do with their account. */
export interface AuthActions {
  /**
   * Every action rejects with an Error whose message is the French text to show.
   * Signs in, or says which step is left (an account whose e-mail is not confirmed yet).
   */
  signIn: (input: SignInInput) => Promise<AuthNextStep>;
  /** Creates the account; its e-mail code is the next step (`confirmSignUp`). */
  signUp: (input: SignUpInput) => Promise<AuthNextStep>;
  /** Confirms the account with the e-mailed code, then signs in with the same credentials. */
  confirmSignUp: (input: SignInInput & { code: string }) => Promise<AuthNextStep>;
  resendSignUpCode: (email: string) => Promise<void>;
  /** Answers the TOTP code Cognito asks after the password (admins); rejects with the French text to show. */
  confirmSignInCode: (code: string) => Promise<void>;
  /** Sends a password reset code (an unknown address is not revealed). */
  requestPasswordReset: (email: string) => Promise<void>;
  confirmPasswordReset: (input: { email: string; code: string; password: string }) => Promise<void>;
  signOut: () => Promise<void>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);
