import type { Profile, SignInInput, SignUpInput } from '#shared/schemas';
import type { AuthSession, AuthUser } from 'aws-amplify/auth';
import { createContext } from 'react';
import type { SignInStep } from './cognito-actions';

export interface AuthState {
  user: AuthUser | null;
  session: AuthSession | null;
  profile: Profile | null;
  /** True until the first session lookup is over. */
  isLoading: boolean;
}

export interface AuthContextValue extends AuthState {
  /** A user is signed in and its profile (`GET /api/me`) is still loading. */
  isProfileLoading: boolean;
  /** The profile could not be loaded (French message in `message`). */
  profileError: Error | null;
  refetchProfile: () => void;
  /** Rejects with an Error whose message is the French text to show. `totp`: the code is asked next. */
  signIn: (input: SignInInput) => Promise<SignInStep>;
  /** Answers the TOTP code Cognito asks after the password (admins); rejects with the French text to show. */
  confirmSignInCode: (code: string) => Promise<void>;
  /** Creates the account, then signs in with the same credentials. */
  signUp: (input: SignUpInput) => Promise<void>;
  signOut: () => Promise<void>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);
