/**
 * The part of Amplify every signed-in page needs (its configuration, the session and its tokens,
 * the auth events), in its own chunk: lib/amplify.ts fetches it only when a session may exist or
 * someone signs in (issue 34). The sign-in flows stay in cognito-actions.ts and mfa.ts.
 */
import type { RuntimeConfig } from '#shared/schemas';
import { Amplify } from 'aws-amplify';
import { Hub } from 'aws-amplify/utils';

export { fetchAuthSession, getCurrentUser } from 'aws-amplify/auth';

export function configure(config: RuntimeConfig, onAuthEvent: (event: string, data?: unknown) => void): void {
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        // Only set locally, where cognito-local emulates the user pool.
        userPoolEndpoint: config.userPoolEndpoint,
        loginWith: { email: true },
      },
    },
  });
  Hub.listen('auth', ({ payload }) => onAuthEvent(payload.event, 'data' in payload ? payload.data : undefined));
}
