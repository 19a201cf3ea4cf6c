/**
 * One interface for every payout provider (issue 30): CinetPay Transfer first, Wave second, chosen
 * per operator by configuration (providers/index.ts). Our payout id is the provider's idempotency
 * key (CinetPay's `client_transaction_id`, Wave's `idempotency-key` and `client_reference`): sending
 * the same payout twice — a retry, a crash between the send and its record — never pays twice.
 * A provider's notification is a hint: the truth is what `status` reads back from its API.
 */
import type { PayoutFailureReason, PayoutOperator, PayoutProviderName } from '#shared/payouts';

export interface SendPayout {
  /** Ours: the idempotency key at the provider. */
  payoutId: string;
  operator: PayoutOperator;
  /** E.164, +225 and 10 digits. */
  phone: string;
  /** What arrives on the phone (the fee already taken), FCFA. */
  net: number;
  holderName: string;
  /** Where the provider notifies (CinetPay requires one: error 725 without it). */
  notifyUrl: string;
}

/** What the provider says of a payout, read back from its API. */
export type ProviderStatus =
  /** Accepted, not final yet (CinetPay NEW / REC / NOS, Wave processing). */
  | { state: 'pending'; providerReference: string | null }
  /** Paid (CinetPay VAL, Wave succeeded). */
  | { state: 'paid'; providerReference: string | null }
  /** Will never be paid (CinetPay REJ, Wave failed): the amount goes back to the balance. */
  | { state: 'failed'; providerReference: string | null; reason: PayoutFailureReason; detail: string }
  /** Paid, then reversed by the provider (Wave reversed). */
  | { state: 'reversed'; providerReference: string | null; detail: string }
  /** The provider has no payout under our id: it was never sent. */
  | { state: 'unknown' };

export interface PayoutProvider {
  readonly name: PayoutProviderName;
  /**
   * Sends the payout, or finds the one already sent under `payoutId` (never a second transfer).
   * Throws `PayoutProviderError`.
   */
  send(request: SendPayout): Promise<ProviderStatus>;
  /** Reads the payout's status back from the provider. */
  status(payoutId: string, providerReference: string | null): Promise<ProviderStatus>;
  /** The provider's available balance (the float), FCFA. */
  balance(): Promise<number>;
}

/**
 * The provider's errors, by name. `transient`: worth retrying as is (the workflow's Retry);
 * otherwise the payout fails with `reason` (a limit, a refused number) or needs an admin (the float
 * too low, our configuration).
 */
export const PROVIDER_ERRORS = {
  /** Network, 5xx, time-out, rate limit. */
  unavailable: { transient: true, reason: 'operator_unavailable' },
  /** CinetPay 721: the operator's network is down. */
  operator_unavailable: { transient: true, reason: 'operator_unavailable' },
  /** CinetPay 602 / Wave insufficient-funds: our float must be topped up (an admin). */
  balance_too_low: { transient: false, reason: 'balance_too_low' },
  /** CinetPay 719 / 720, Wave's limits: this payout can never go through as is. */
  limit_exceeded: { transient: false, reason: 'limit_exceeded' },
  /** The number is not an account of the operator (CinetPay contact refused, Wave invalid mobile). */
  invalid_destination: { transient: false, reason: 'invalid_destination' },
  /** CinetPay 725: no notify URL — our configuration (an admin). */
  notify_url_missing: { transient: false, reason: 'unknown' },
  /** Credentials refused (not an expired token, which the client renews itself): configuration. */
  unauthorized: { transient: false, reason: 'unknown' },
  /** An answer we do not understand. */
  unexpected: { transient: false, reason: 'unknown' },
} as const satisfies Record<string, { transient: boolean; reason: PayoutFailureReason }>;
export type ProviderErrorName = keyof typeof PROVIDER_ERRORS;

export class PayoutProviderError extends Error {
  /** The Step Functions error name the task throws (`Payout.Transient` is retried by the workflow). */
  readonly errorType: string;
  constructor(
    readonly provider: PayoutProviderName,
    readonly errorName: ProviderErrorName,
    /** The provider's own code (CinetPay 602, Wave's error_code), for the admin. */
    readonly providerCode: string,
    message: string,
  ) {
    super(message);
    this.name = 'PayoutProviderError';
    this.errorType = PROVIDER_ERRORS[errorName].transient ? 'Payout.Transient' : `Payout.${errorName}`;
  }
  get transient(): boolean {
    return PROVIDER_ERRORS[this.errorName].transient;
  }
  get reason(): PayoutFailureReason {
    return PROVIDER_ERRORS[this.errorName].reason;
  }
}
