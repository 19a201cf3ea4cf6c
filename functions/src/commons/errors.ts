import { MFA_REQUIRED_CODE } from '#shared/mfa-schemas';
import { messages } from '#shared/messages';

export interface ErrorDetail {
  path: string;
  message: string;
}

/** A domain error: a stable code, an HTTP status and a French message for the user. */
export class DomainError extends Error {
  constructor(
    readonly code: string,
    readonly statusCode: number,
    message: string,
    readonly details?: ErrorDetail[],
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export class ValidationError extends DomainError {
  constructor(message: string = messages.validation.invalidRequest, details?: ErrorDetail[]) {
    super('validation_error', 400, message, details);
  }
}

/** A domain error class of one code and one status, whose message defaults to the given one. */
function domainErrorClass(code: string, statusCode: number, defaultMessage: string) {
  return class extends DomainError {
    constructor(message: string = defaultMessage) {
      super(code, statusCode, message);
    }
  };
}

export class UnauthorizedError extends domainErrorClass('unauthorized', 401, messages.http.unauthorized) {}

export class ForbiddenError extends domainErrorClass('forbidden', 403, messages.http.forbidden) {}

export class NotFoundError extends domainErrorClass('not_found', 404, messages.http.notFound) {}

export class ConflictError extends domainErrorClass('conflict', 409, messages.http.conflict) {}

/** A token of an account deleted since it was issued (commons/live-account.ts). */
export class AccountDeletedError extends domainErrorClass('account_deleted', 401, messages.account.accountDeleted) {}

/** An admin session that has not passed the TOTP second factor (the SPA reads the code). */
export class SecondFactorRequiredError extends domainErrorClass(MFA_REQUIRED_CODE, 403, messages.mfa.required) {}
