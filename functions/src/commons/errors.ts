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

export class UnauthorizedError extends DomainError {
  constructor(message: string = messages.http.unauthorized) {
    super('unauthorized', 401, message);
  }
}

export class ForbiddenError extends DomainError {
  constructor(message: string = messages.http.forbidden) {
    super('forbidden', 403, message);
  }
}

export class NotFoundError extends DomainError {
  constructor(message: string = messages.http.notFound) {
    super('not_found', 404, message);
  }
}

export class ConflictError extends DomainError {
  constructor(message: string = messages.http.conflict) {
    super('conflict', 409, message);
  }
}

/** An admin session that has not passed the TOTP second factor (the SPA reads the code). */
export class SecondFactorRequiredError extends DomainError {
  constructor(message: string = messages.mfa.required) {
    super(MFA_REQUIRED_CODE, 403, message);
  }
}
