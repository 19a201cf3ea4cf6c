import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuthSession, AuthUser } from 'aws-amplify/auth';
import { startTransition, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { isNetworkFailure, lastSignedInUser, loadAmplify, mayHaveSession, onAuthEvent } from '../amplify';
import { AuthContext, type AuthActions, type AuthContextValue } from './auth-context';
import { authErrorMessage, type AuthAction, type AuthNextStep } from './auth-errors';
import { getMe, meQueryKey } from './get-me';
import { clearOfflineCopies } from '../pwa/offline-copy-store';
import { roleOfGroups, startOpeningReads } from '../opening-reads';

interface SessionState {
  user: AuthUser | null;
  session: AuthSession | null;
  isLoading: boolean;
}

const SIGNED_OUT: SessionState = { user: null, session: null, isLoading: false };

/** The profile's query (`GET /api/me`), kept five minutes. */
const meQuery = (userId: string | undefined) => ({
  queryKey: meQueryKey(userId),
  queryFn: ({ signal }: { signal: AbortSignal }) => getMe(signal),
  staleTime: 5 * 60_000,
});

/** Sign-in, sign-up and sign-out code, fetched on first use (see preloadAuthActions), Amplify configured. */
const loadCognitoActions = () => Promise.all([loadAmplify(), import('./cognito-actions')]).then(([, cognito]) => cognito);

/** Starts fetching the sign-in/sign-up code, e.g. as soon as the user touches the form. */
export function preloadAuthActions(): void {
  void loadCognitoActions();
}

/** Rethrows any failure as an Error carrying the French message to show. */
async function inFrench<T>(kind: AuthAction, action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    throw new Error(authErrorMessage(error, kind), { cause: error });
  }
}

/** The renewal errors after which Amplify drops the session (its TokenOrchestrator's list): sign in again. */
const REFUSALS = ['NotAuthorizedException', 'TokenRevokedException', 'UserNotFoundException', 'PasswordResetRequiredException', 'UserNotConfirmedException', 'RefreshTokenReuseException'];
function sessionRefused(error: unknown): boolean {
  const name = (error as { name?: unknown } | undefined)?.name;
  return typeof name === 'string' && REFUSALS.some((refusal) => name.startsWith(refusal));
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [sessionState, setSessionState] = useState<SessionState>({ user: null, session: null, isLoading: true });

  const refreshSession = useCallback(async () => {
    // Without a session in this browser (a visitor), Amplify is not even fetched (issue 34).
    if (!mayHaveSession()) {
      startTransition(() => setSessionState(SIGNED_OUT));
      return;
    }
    try {
      const { fetchAuthSession, getCurrentUser } = await loadAmplify();
      const user = await getCurrentUser();
      const session = await fetchAuthSession();
      // Asked now, not once the screens render: their code may still be on its way (issue 14).
      // Only the first time: later refreshes (a new token…) leave the query to its own rules.
      if (!queryClient.getQueryState(meQueryKey(user.userId))) {
        void queryClient.prefetchQuery(meQuery(user.userId));
        // The screen's own reads too, in parallel with the profile (lib/opening-reads.ts).
        startOpeningReads(queryClient, roleOfGroups(session.tokens?.accessToken.payload['cognito:groups']));
      }
      startTransition(() => setSessionState({ user, session, isLoading: false }));
    } catch (error) {
      // Offline with a token past its hour: Amplify cannot renew it (it keeps it), yet this is still
      // this person's phone — the screens read their offline copies (issue 34) until the network is
      // back ('online' below) and the session is renewed; a session Cognito refused signs out.
      const offline = isNetworkFailure(error) ? lastSignedInUser() : null;
      startTransition(() => setSessionState(offline ? { user: offline, session: null, isLoading: false } : SIGNED_OUT));
    }
  }, [queryClient]);

  const clearSession = useCallback(() => {
    setSessionState(SIGNED_OUT);
    queryClient.clear(); // no data of the previous user survives a sign-out
    void clearOfflineCopies(); // nor its offline copies (issue 34)
  }, [queryClient]);

  useEffect(() => {
    void refreshSession();
    const backOnline = () => void refreshSession();
    window.addEventListener('online', backOnline);
    const stopListening = onAuthEvent((event, data) => {
      if (event === 'signedOut') clearSession();
      // A renewal Cognito refused ends the session (Amplify cleared it): signed out. One that failed
      // with the session kept (no network, Cognito busy) is left to the next read: asking again at
      // once would fail again and announce it again, in a loop.
      else if (event === 'tokenRefresh_failure') {
        if (sessionRefused((data as { error?: unknown } | undefined)?.error)) void refreshSession();
      } else void refreshSession(); // signedIn, tokenRefresh, …
    });
    return () => {
      window.removeEventListener('online', backOnline);
      stopListening();
    };
  }, [refreshSession, clearSession]);

  const userId = sessionState.user?.userId;
  // The prefetch above asked already: a failure it got is shown (with 'Réessayer'), not asked again.
  const profileQuery = useQuery({ ...meQuery(userId), enabled: Boolean(userId), retryOnMount: false });

  /** The account actions, in French on failure; as stable as the session's refresh and clear. */
  const actions = useMemo((): AuthActions => {
    /** Signs in; refreshes the session only once signed in (not when a step is left). */
    const signInAndRefresh = async (email: string, password: string): Promise<AuthNextStep> => {
      const cognito = await loadCognitoActions();
      const next = await cognito.signInWithPassword(email, password);
      if (next === 'done') await refreshSession();
      return next;
    };
    return {
      signIn: ({ email, password }) => inFrench('signIn', () => signInAndRefresh(email, password)),
      confirmSignInCode: (code) =>
        inFrench('signIn', async () => {
          const [, mfa] = await Promise.all([loadAmplify(), import('./mfa')]);
          await mfa.confirmTotpCode(code);
          await refreshSession();
        }),
      signUp: (input) =>
        inFrench('signUp', async () => {
          const cognito = await loadCognitoActions();
          const next = await cognito.createAccount(input);
          return next === 'done' ? signInAndRefresh(input.email, input.password) : next;
        }),
      confirmSignUp: async ({ email, password, code }) => {
        const cognito = await loadCognitoActions();
        await inFrench('confirmSignUp', () => cognito.confirmAccount(email, code));
        return inFrench('signIn', () => signInAndRefresh(email, password));
      },
      resendSignUpCode: (email) => inFrench('resendCode', async () => (await loadCognitoActions()).resendAccountCode(email)),
      requestPasswordReset: (email) => inFrench('requestReset', async () => (await loadCognitoActions()).requestPasswordReset(email)),
      confirmPasswordReset: ({ email, code, password }) =>
        inFrench('confirmReset', async () => (await loadCognitoActions()).confirmPasswordReset(email, code, password)),
      signOut: async () => {
        try {
          const cognito = await loadCognitoActions();
          await cognito.signOut();
        } finally {
          clearSession();
        }
      },
    };
  }, [refreshSession, clearSession]);

  const { refetch } = profileQuery;
  const refetchProfile = useCallback(() => void refetch(), [refetch]);

  const value = useMemo<AuthContextValue>(
    () => ({
      user: sessionState.user,
      session: sessionState.session,
      profile: userId ? (profileQuery.data ?? null) : null,
      isLoading: sessionState.isLoading,
      isProfileLoading: Boolean(userId) && (profileQuery.isPending || (profileQuery.isError && profileQuery.isFetching)),
      profileError: userId ? profileQuery.error : null,
      refetchProfile,
      ...actions,
    }),
    [
      sessionState,
      userId,
      profileQuery.data,
      profileQuery.isPending,
      profileQuery.isError,
      profileQuery.isFetching,
      profileQuery.error,
      refetchProfile,
      actions,
    ],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
