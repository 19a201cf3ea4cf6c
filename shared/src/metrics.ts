/**
 * The business metrics, named once: the functions publish them (functions/src/commons/metrics.ts)
 * and the alarms and the dashboard read them (infra/lib/monitoring.ts). Data only.
 */
export const METRICS_NAMESPACE = 'Kalan';
/** The `service` dimension (Powertools' own, from its serviceName). */
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
  /** A webhook call turned away for its signature (missing or wrong): anyone can send one. */
  WebhookRejected: 'WebhookRejected',
  /**
   * A body signed with our Paystack secret that is not a Paystack event Kalan reads (400): Paystack
   * changed its format, or the secret leaked (alarm at 1).
   */
  WebhookEventRefused: 'WebhookEventRefused',
  /** A workflow step failed for good: an admin must look (alarm at 1). */
  NeedsAttention: 'NeedsAttention',
  /** The reconciler repaired a transaction whose status and workflow disagreed. */
  ReconcilerRepair: 'ReconcilerRepair',
  /** An execution stopped on purpose because a new attempt replaces it (admin retry, reconciler). */
  ExecutionReplaced: 'ExecutionReplaced',
  /** A payout failed (the provider refused it, or REJ): the amount is back on the tutor's balance (alarm at 1). */
  PayoutsFailed: 'PayoutsFailed',
  /**
   * Payouts still requested or sent more than PAYOUT_STUCK_MINUTES after their request, counted by
   * each run of the payouts reconciler (alarm at 1).
   */
  PayoutsStuck: 'PayoutsStuck',
  /**
   * FCFA missing at a provider for the next 24 hours' payouts (its balance below the expected
   * need), published by the payouts reconciler for each provider short (alarm above 0).
   */
  PayoutFloatShortfall: 'PayoutFloatShortfall',
  /**
   * Updates of a correctly signed WhatsApp webhook that failed inside (a status, a button, a STOP):
   * answered 200 all the same (Meta would replay the batch for days), so this is how they are seen;
   * also a signed body that is not a WhatsApp webhook (400) (alarm at 1).
   */
  WhatsAppWebhookFailed: 'WhatsAppWebhookFailed',
  /**
   * A WhatsApp message (a notification's template, a verification code) the Cloud API refused for
   * good: a template not approved, a number not on WhatsApp, the token expired… (alarm at 1; the
   * notification's e-mail went instead).
   */
  WhatsAppSendFailed: 'WhatsAppSendFailed',
} as const;
export type BusinessEvent = keyof typeof BUSINESS_EVENTS;
