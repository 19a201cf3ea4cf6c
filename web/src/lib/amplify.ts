import type { RuntimeConfig } from '#shared/schemas';
import { Amplify } from 'aws-amplify';

export function configureAmplify(config: RuntimeConfig): void {
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
}
