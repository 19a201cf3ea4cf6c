import type { RuntimeConfig } from '#shared/schemas';
import { subjectOf } from './jwt-subject';

/**
 * Amplify (its configuration, the session's tokens, its Hub of auth events) is fetched only when a
 * session may exist or once someone signs in or up: a visitor's first page — a tutor's page or the
 * search opened from a shared link — does not carry it (issue 34). Everything that touches Amplify
 * goes through `loadAmplify()`, which configures it before handing it out.
 */
type AmplifySession = typeof import('./amplify-session');

let config: RuntimeConfig | null = null;
let loading: Promise<AmplifySession> | null = null;
type AuthListener = (event: string, data?: unknown) => void;
const authListeners = new Set<AuthListener>();

const fetchSessionModule = () => import('./amplify-session');

/**
 * Whether this browser holds a Cognito session: Amplify keeps its tokens in local storage under
 * `CognitoIdentityServiceProvider.<client id>.*`, `LastAuthUser` naming the signed-in user. With
 * the client id (once the configuration is read), only this user pool's keys count. If Amplify
 * changed its keys, a returning user would be seen as a visitor until they sign in again.
 */
export function mayHaveSession(clientId = config?.userPoolClientId): boolean {
  const prefix = `CognitoIdentityServiceProvider.${clientId ? `${clientId}.` : ''}`;
  try {
    return Object.keys(localStorage).some((key) => key.startsWith(prefix) && key.endsWith('.LastAuthUser'));
  } catch {
    return false;
  }
}

/** Starts fetching Amplify's code (main.tsx, before the configuration is read) when a session may exist. */
export function preloadAmplify(): void {
  if (mayHaveSession()) void fetchSessionModule().catch(() => undefined);
}

export function configureAmplify(runtimeConfig: RuntimeConfig): void {
  config = runtimeConfig;
}

/** Amplify, configured with the runtime configuration (RuntimeConfigGate reads it first). */
export function loadAmplify(): Promise<AmplifySession> {
  loading ??= fetchSessionModule().then((amplify) => {
    if (!config) throw new Error('Amplify est demandé avant la configuration (RuntimeConfigGate)');
    amplify.configure(config, (event, data) => authListeners.forEach((listener) => listener(event, data)));
    return amplify;
  });
  // A failed fetch (the network) may be retried by the next call.
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

/** Amplify's auth events ('signedIn', 'signedOut', 'tokenRefresh'…) and their data, from the moment it is loaded. */
export function onAuthEvent(listener: AuthListener): () => void {
  authListeners.add(listener);
  return () => authListeners.delete(listener);
}

/**
 * The user whose session this browser holds, read from Amplify's stored access token WITHOUT
 * renewing it (its `sub`; the signature is not checked: nothing is granted with it). Offline, with
 * a token past its hour, Amplify cannot renew it; this lets the app stay this person's and open
 * their offline copies (issue 34) until the network is back and the session is renewed for real.
 */
export function lastSignedInUser(clientId = config?.userPoolClientId): { userId: string; username: string } | null {
  if (!clientId) return null;
  try {
    const prefix = `CognitoIdentityServiceProvider.${clientId}`;
    const username = localStorage.getItem(`${prefix}.LastAuthUser`);
    const userId = username ? subjectOf(localStorage.getItem(`${prefix}.${username}.accessToken`)) : null;
    return username && userId ? { userId, username } : null;
  } catch {
    return null;
  }
}

/** Cognito out of reach (no network), as opposed to a session Cognito refused. */
export function isNetworkFailure(error: unknown): boolean {
  return (error as { name?: unknown } | null)?.name === 'NetworkError' || (typeof navigator !== 'undefined' && navigator.onLine === false);
}
