/**
 * Business metrics (Powertools Metrics): one count per event that matters to the money, written as
 * CloudWatch Embedded Metric Format lines on stdout (CloudWatch Logs turns them into metrics; the
 * local stack simply shows them as log lines). Namespace `Kalan`, dimensions `service` and `stage`:
 * the alarms and the dashboard (infra/lib/monitoring.ts) read exactly these.
 */
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import type middy from '@middy/core';
import type { TransactionAction } from '#shared/payments';
import { logger } from './logger.js';

export const METRICS_NAMESPACE = 'Kalan';
export const METRICS_SERVICE = 'kalan';

/** The business events, by metric name. */
export const BUSINESS_EVENTS = {
  /** A booking's Paystack checkout was opened (the parent is sent to pay). */
  PaymentInitialised: 'PaymentInitialised',
  /** Paystack confirmed the payment: the funds are held. */
  PaymentEscrowed: 'PaymentEscrowed',
  /** Held funds went to the tutor (parent, admin or the automatic release). */
  EscrowReleased: 'EscrowReleased',
  /** Paystack refunded the parent. */
  PaymentRefunded: 'PaymentRefunded',
  /** Paystack's amount or currency was not ours: never escrowed, settled by hand. */
  PaymentMismatch: 'PaymentMismatch',
  /** A webhook call turned away (bad or missing signature, unreadable body). */
  WebhookRejected: 'WebhookRejected',
  /** A workflow step failed for good: an admin must look (alarm at 1). */
  NeedsAttention: 'NeedsAttention',
  /** The reconciler repaired a transaction whose status and workflow disagreed. */
  ReconcilerRepair: 'ReconcilerRepair',
} as const;
export type BusinessEvent = keyof typeof BUSINESS_EVENTS;

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
