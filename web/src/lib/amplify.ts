import type { RuntimeConfig } from '#shared/schemas';

/**
 * Amplify (its configuration, the session's tokens, its Hub of auth events) is fetched only when a
 * session may exist or once someone signs in or up: a visitor's first page — a tutor's page or the
 * search opened from a shared link — does not carry it (issue 34). Everything that touches Amplify
 * goes through `loadAmplify()`, which configures it before handing it out.
 */
type AmplifySession = typeof import('./amplify-session');

let config: RuntimeConfig | null = null;
let loading: Promise<AmplifySession> | null = null;
const authListeners = new Set<(event: string) => void>();

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
    amplify.configure(config, (event) => authListeners.forEach((listener) => listener(event)));
    return amplify;
  });
  // A failed fetch (the network) may be retried by the next call.
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

/** Amplify's auth events ('signedIn', 'signedOut', 'tokenRefresh'…), from the moment it is loaded. */
export function onAuthEvent(listener: (event: string) => void): () => void {
  authListeners.add(listener);
  return () => authListeners.delete(listener);
}
