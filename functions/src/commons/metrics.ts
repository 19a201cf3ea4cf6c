/**
 * Business metrics (Powertools Metrics): one count per event that matters to the money, written as
 * CloudWatch Embedded Metric Format lines on stdout (CloudWatch Logs turns them into metrics; the
 * local stack simply shows them as log lines). Namespace `Kalan`, dimensions `service` and `stage`:
 * the alarms and the dashboard (infra/lib/monitoring.ts) read exactly these (names: shared/src/metrics.ts).
 */
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import type middy from '@middy/core';
import { BUSINESS_EVENTS, METRICS_NAMESPACE, METRICS_SERVICE, type BusinessEvent } from '#shared/metrics';
import type { TransactionAction } from '#shared/transaction-process';
import { logger } from './logger.js';

/** The stage the function runs in (set on every function by infra/lib/monitoring.ts; `local` offline). */
export function stageName(): string {
  return process.env.KALAN_STAGE || 'local';
}

export const metrics = new Metrics({
  namespace: METRICS_NAMESPACE,
  serviceName: METRICS_SERVICE,
  defaultDimensions: { stage: stageName() },
  // Its warnings (an invalid dimension…) go through the structured logs, not a bare console.
  logger,
});

export { BUSINESS_EVENTS, type BusinessEvent };

/** The business event of each status change that counts one (applyTransition records them). */
const TRANSITION_EVENTS: Partial<Record<TransactionAction, BusinessEvent>> = {
  confirm_payment: 'PaymentEscrowed',
  flag_payment: 'PaymentMismatch',
  release: 'EscrowReleased',
  auto_release: 'EscrowReleased',
  complete_refund: 'PaymentRefunded',
  flag_attention: 'NeedsAttention',
};

/** Counts the business event of a status change just written, if it is one. */
export function recordTransitionEvent(action: TransactionAction): void {
  const event = TRANSITION_EVENTS[action];
  if (event) recordBusinessEvent(event);
}

/** Counts one business event; published when the invocation ends (`flushMetrics`). */
export function recordBusinessEvent(event: BusinessEvent, count = 1): void {
  metrics.addMetric(BUSINESS_EVENTS[event], MetricUnit.Count, count);
}

/**
 * The middy middleware publishing what the invocation counted, when it ends, failed or not.
 * Powertools' own `logMetrics` would also print a "no metrics" warning on every invocation that
 * counted nothing (most API calls), so it publishes only when there is something to publish.
 */
export function flushMetrics(): middy.MiddlewareObj {
  const publish = () => {
    if (metrics.hasStoredMetrics()) metrics.publishStoredMetrics();
  };
  return { after: publish, onError: publish };
}
