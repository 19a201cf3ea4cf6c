import { authMessages } from '#shared/message-catalogue/auth';
import { validationMessages } from '#shared/message-catalogue/validation';

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
      return action === 'signIn' ? authMessages.invalidCredentials : authMessages.unexpected;
    case 'UserNotFoundException':
      // A reset code for an unknown address: as if the code were wrong (nothing is revealed).
      return action === 'confirmReset' ? authMessages.codeMismatch : authMessages.invalidCredentials;
    case 'InvalidPasswordException':
      return action === 'signIn' ? authMessages.invalidCredentials : validationMessages.passwordPolicy;
    case 'UsernameExistsException':
    case 'AliasExistsException':
      return authMessages.userExists;
    case 'CodeMismatchException':
      return authMessages.codeMismatch;
    case 'ExpiredCodeException':
      return authMessages.codeExpired;
    case 'LimitExceededException':
    case 'TooManyRequestsException':
    case 'TooManyFailedAttemptsException':
      return authMessages.tooManyAttempts;
    case 'InvalidParameterException':
      return /already confirmed/i.test((error as Error).message) ? authMessages.alreadyConfirmed : authMessages.unexpected;
    case 'UserLambdaValidationException': {
      const rejection = LAMBDA_REJECTION.exec((error as Error).message)?.[1]?.trim();
      return rejection || authMessages.unexpected;
    }
    case 'AuthFlowError':
      return (error as Error).message;
    default:
      return authMessages.unexpected;
  }
}

/** A sign-in or sign-up that ended in a step the app does not handle. */
export class AuthFlowError extends Error {
  override readonly name = 'AuthFlowError';
}
