import { messages } from '#shared/messages';

/** Cognito wraps a PreSignUp rejection as "<trigger> failed with error <message>." */
const LAMBDA_REJECTION = /failed with error ([\s\S]+)\.$/;

function errorName(error: unknown): string | undefined {
  return error instanceof Error ? error.name : undefined;
}

/**
 * Translates a Cognito / Amplify error into the French message shown to the user (spec §8).
 * On sign-in, InvalidPasswordException can only mean a wrong password (cognito-local answers it
 * where Cognito answers NotAuthorizedException); on sign-up it is the password policy.
 */
export function authErrorMessage(error: unknown, action: 'signIn' | 'signUp' = 'signIn'): string {
  switch (errorName(error)) {
    case 'NotAuthorizedException':
    case 'UserNotFoundException':
      return messages.auth.invalidCredentials;
    case 'InvalidPasswordException':
      return action === 'signIn' ? messages.auth.invalidCredentials : messages.validation.passwordTooShort;
    case 'UsernameExistsException':
      return messages.auth.userExists;
    case 'UserLambdaValidationException': {
      const rejection = LAMBDA_REJECTION.exec((error as Error).message)?.[1]?.trim();
      return rejection || messages.auth.unexpected;
    }
    case 'AuthFlowError':
      return (error as Error).message;
    default:
      return messages.auth.unexpected;
  }
}

/** A sign-in or sign-up that ended in a step the app does not handle (e.g. unconfirmed account). */
export class AuthFlowError extends Error {
  override readonly name = 'AuthFlowError';
}
