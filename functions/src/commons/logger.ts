/**
 * Structured JSON logs (Powertools Logger); never log secrets, tokens or document URLs.
 *
 * Every line of an invocation carries the Lambda context (function, request id, cold start) and one
 * `correlation_id` that follows a request wherever it goes: the API Gateway request id for an API
 * call, the Paystack reference for a webhook, and for the escrow workflow the id its execution was
 * started with (the booking's or the admin retry's request). Once a handler knows which transaction
 * it works on, `transaction_id` is on every later line too, so one search finds a payment's whole
 * story across the API, the webhook and the state machine.
 */
import { Logger } from '@aws-lambda-powertools/logger';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type middy from '@middy/core';
import type { Context } from 'aws-lambda';

export const logger = new Logger({ serviceName: 'kalan' });

/**
 * The middy middleware of every handler: the Lambda context on each line, the correlation id that
 * `correlationIdOf` finds in the event (the Lambda request id when it finds none), and every key
 * added during the invocation removed after it (`resetKeys`), even when it fails, so a warm
 * container never lends one invocation's ids to the next.
 */
export function logContext<Event>(correlationIdOf?: (event: Event) => string | undefined): middy.MiddlewareObj<Event, unknown, Error, Context> {
  const inject = injectLambdaContext(logger, { resetKeys: true });
  return {
    before: (request) => {
      inject.before!(request as never);
      const fromEvent = correlationIdOf?.(request.event);
      setCorrelationId(fromEvent || request.context.awsRequestId);
    },
    after: inject.after as never,
    onError: inject.onError as never,
  };
}

/** Replaces the invocation's correlation id (the webhook's, once the Paystack reference is read). */
export function setCorrelationId(correlationId: string | undefined): void {
  if (correlationId) logger.setCorrelationId(correlationId);
}

/** The invocation's correlation id: what an execution started now is given to carry on. */
export function currentCorrelationId(): string | undefined {
  const id = logger.getCorrelationId();
  return typeof id === 'string' && id !== '' ? id : undefined;
}

/**
 * The transaction this invocation works on, on every later line of the invocation. A temporary key
 * (`appendKeys`), not a Powertools "persistent" one: those survive `resetKeys` and would leak into
 * the container's next invocation.
 */
export function logTransaction(transactionId: string | undefined): void {
  if (transactionId) logger.appendKeys({ transaction_id: transactionId });
}
