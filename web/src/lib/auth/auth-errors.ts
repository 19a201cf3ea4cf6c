import { messages } from '#shared/messages';

/** Cognito wraps a PreSignUp rejection as "<trigger> failed with error <message>." */
const LAMBDA_REJECTION = /failed with error ([\s\S]+)\.$/;

/**
 * Where a sign-in or sign-up leaves the user: signed in, the e-mail code still to type, or the
 * code of the authentication app (an admin with TOTP on, lib/auth/mfa.ts).
 */
export type AuthNextStep = 'done' | 'confirmSignUp' | 'totp';

/** What the user was doing: the same Cognito error means different things in each. */
export type AuthAction = 'signIn' | 'signUp' | 'confirmSignUp' | 'resendCode' | 'requestReset' | 'confirmReset';

function errorName(error: unknown): string | undefined {
  return error instanceof Error ? error.name : undefined;
}

/**
 * Translates a Cognito / Amplify error into the French message shown to the user (spec §8).
 * On sign-in, InvalidPasswordException can only mean a wrong password (cognito-local answers it
 * where Cognito answers NotAuthorizedException); elsewhere it is the password policy.
 */
export function authErrorMessage(error: unknown, action: AuthAction = 'signIn'): string {
  switch (errorName(error)) {
    case 'NotAuthorizedException':
      return action === 'signIn' ? messages.auth.invalidCredentials : messages.auth.unexpected;
    case 'UserNotFoundException':
      // A reset code for an unknown address: as if the code were wrong (nothing is revealed).
      return action === 'confirmReset' ? messages.auth.codeMismatch : messages.auth.invalidCredentials;
    case 'InvalidPasswordException':
      return action === 'signIn' ? messages.auth.invalidCredentials : messages.validation.passwordPolicy;
    case 'UsernameExistsException':
    case 'AliasExistsException':
      return messages.auth.userExists;
    case 'CodeMismatchException':
      return messages.auth.codeMismatch;
    case 'ExpiredCodeException':
      return messages.auth.codeExpired;
    case 'LimitExceededException':
    case 'TooManyRequestsException':
    case 'TooManyFailedAttemptsException':
      return messages.auth.tooManyAttempts;
    case 'InvalidParameterException':
      return /already confirmed/i.test((error as Error).message) ? messages.auth.alreadyConfirmed : messages.auth.unexpected;
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

/** A sign-in or sign-up that ended in a step the app does not handle. */
export class AuthFlowError extends Error {
  override readonly name = 'AuthFlowError';
}
