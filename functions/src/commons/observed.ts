/**
 * The wrapper of every handler that is not an API route (Cognito triggers, the stream indexer, the
 * escrow workflow's tasks, scheduled jobs): the same logging context and metrics flush as the API
 * pipeline (http.ts), so every invocation logs with its correlation id and publishes what it counted.
 */
import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { logContext } from './logger.js';
import { flushMetrics } from './metrics.js';

export function observedHandler<Event, Result>(
  handle: (event: Event, context: Context) => Promise<Result>,
  options: { correlationIdOf?: (event: Event) => string | undefined } = {},
) {
  return middy<Event, Result, Error, Context>()
    .use(logContext<Event>(options.correlationIdOf))
    .use(flushMetrics() as middy.MiddlewareObj<Event, Result, Error, Context>)
    .handler(handle);
}
