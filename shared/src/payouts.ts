/**
 * Tutors' payouts (issue 30) as plain data: the operators a tutor is paid on, how an Ivorian
 * mobile number belongs to one, each operator's limits per transfer and fee, the settings of a
 * withdrawal, and the French words of every payout status. Pure: no AWS, no zod, safe in every bundle.
 */
import { formatFcfa, type Fcfa } from './money.js';

export const PAYOUT_OPERATORS = ['orange', 'mtn', 'moov', 'wave'] as const;
export type PayoutOperator = (typeof PAYOUT_OPERATORS)[number];

export const PAYOUT_PROVIDERS = ['cinetpay', 'wave'] as const;
export type PayoutProviderName = (typeof PAYOUT_PROVIDERS)[number];

export interface OperatorRules {
  label: string;
  /**
   * The 10-digit national number's first two digits (since 2021: 07 Orange, 05 MTN, 01 Moov).
   * A Wave account lives on any mobile number.
   */
  prefixes: readonly string[];
  /** Per transfer, in FCFA (the operator's limits, as published). */
  min: Fcfa;
  max: Fcfa;
  /** What the provider charges, passed on to the tutor: ceil(amount × rate), in FCFA. */
  feeRate: number;
  /** Who sends to it unless configuration says otherwise (PAYOUT_PROVIDER_<OPERATOR>). */
  defaultProvider: PayoutProviderName;
  /** CinetPay's `payment_method` for this operator (its transfer API). */
  cinetpayMethod?: string;
}

export const OPERATOR_RULES: Record<PayoutOperator, OperatorRules> = {
  orange: { label: 'Orange Money', prefixes: ['07'], min: 200, max: 1_500_000, feeRate: 0.015, defaultProvider: 'cinetpay', cinetpayMethod: 'OM' },
  mtn: { label: 'MTN MoMo', prefixes: ['05'], min: 100, max: 2_000_000, feeRate: 0.015, defaultProvider: 'cinetpay', cinetpayMethod: 'MOMO' },
  moov: { label: 'Moov Money', prefixes: ['01'], min: 500, max: 2_000_000, feeRate: 0.015, defaultProvider: 'cinetpay', cinetpayMethod: 'FLOOZ' },
  wave: { label: 'Wave', prefixes: ['07', '05', '01'], min: 100, max: 1_500_000, feeRate: 0.01, defaultProvider: 'wave', cinetpayMethod: 'WAVECI' },
};

/** The smallest withdrawal a tutor may ask for (a setting: below it the fee eats the payout). */
export const PAYOUT_MIN_AMOUNT: Fcfa = 1_000;
/** Withdrawals wait this long after the destination is added or changed (account-takeover defence). */
export const DESTINATION_HOLD_HOURS = 48;
/** The e-mailed code that proves a destination change: its length, life and tries. */
export const DESTINATION_CODE_LENGTH = 6;
export const DESTINATION_CODE_TTL_MINUTES = 10;
export const DESTINATION_CODE_MAX_ATTEMPTS = 5;
/** A payout still 'envoyé' after this long is stuck: the reconciler re-queries it, an alarm tells an operator. */
export const PAYOUT_STUCK_MINUTES = 60;

export const PAYOUT_STATUSES = ['requested', 'sent', 'paid', 'failed', 'reversed', 'cancelled', 'needs_attention'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];
/** Final: nothing moves a payout out of these. */
export const FINAL_PAYOUT_STATUSES: readonly PayoutStatus[] = ['failed', 'reversed', 'cancelled'];
/** The money is on its way: counted in 'En cours de retrait'. */
export const IN_FLIGHT_PAYOUT_STATUSES: readonly PayoutStatus[] = ['requested', 'sent', 'needs_attention'];

export const PAYOUT_STATUS_LABELS: Record<PayoutStatus, string> = {
  requested: 'Demandé',
  sent: 'Envoyé',
  paid: 'Payé',
  failed: 'Échoué',
  reversed: 'Annulé',
  cancelled: 'Annulé',
  needs_attention: 'En vérification',
};

export const PAYOUT_STATUS_DESCRIPTIONS: Record<PayoutStatus, string> = {
  requested: 'Votre demande de retrait est enregistrée',
  sent: "Le transfert est en cours chez l'opérateur",
  paid: 'Le montant a été versé sur votre compte mobile',
  failed: 'Le transfert a échoué : le montant est revenu sur votre solde',
  reversed: "L'opérateur a annulé le transfert : le montant est revenu sur votre solde",
  cancelled: 'Retrait annulé : le montant est revenu sur votre solde',
  needs_attention: 'Notre équipe vérifie ce retrait',
};

/** The provider's failure codes Kalan handles by name, and what the tutor reads. */
export const PAYOUT_FAILURE_REASONS = {
  balance_too_low: 'Le service de paiement est momentanément indisponible',
  limit_exceeded: "Le montant dépasse la limite autorisée par l'opérateur pour ce numéro",
  operator_unavailable: "L'opérateur mobile est momentanément indisponible",
  rejected: "L'opérateur a refusé le transfert vers ce numéro",
  invalid_destination: "Ce numéro n'est pas un compte mobile money actif",
  reversed: "L'opérateur a annulé le transfert",
  cancelled_by_admin: 'Retrait annulé par notre équipe',
  unknown: 'Le transfert a échoué',
} as const;
export type PayoutFailureReason = keyof typeof PAYOUT_FAILURE_REASONS;

/** The national 10 digits of an Ivorian number (+225 / 00225, spaces, dots, dashes dropped), or null. */
export function nationalDigits(value: string): string | null {
  const digits = value.replace(/[\s.\-()]/g, '').replace(/^(\+225|00225)/, '');
  return /^0\d{9}$/.test(digits) ? digits : null;
}

/** The number in E.164 (+225XXXXXXXXXX) when it is a mobile number of the operator, else null. */
export function operatorPhone(operator: PayoutOperator, value: string): string | null {
  const digits = nationalDigits(value);
  if (!digits) return null;
  return OPERATOR_RULES[operator].prefixes.includes(digits.slice(0, 2)) ? `+225${digits}` : null;
}

/** '+2250701020304' → '07 01 02 03 04'. */
export function formatIvorianPhone(e164: string): string {
  const digits = nationalDigits(e164) ?? e164;
  return digits.replace(/(\d{2})(?=\d)/g, '$1 ');
}

/** '+2250701020304' → '07 •• •• •3 04': what lists and e-mails show of a destination. */
export function maskedPhone(e164: string): string {
  const digits = nationalDigits(e164) ?? e164;
  return `${digits.slice(0, 2)} •• •• •${digits.slice(7, 8)} ${digits.slice(8)}`;
}

export interface PayoutQuote {
  /** Debited from the balance. */
  amount: Fcfa;
  /** The provider's fee, passed on. */
  fee: Fcfa;
  /** What arrives on the phone. */
  net: Fcfa;
}

/** Fee and net of a withdrawal of `amount` to `operator`: fee = ceil(amount × rate), net = amount − fee. */
export function quotePayout(operator: PayoutOperator, amount: Fcfa): PayoutQuote {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new RangeError(`Montant invalide : ${amount}`);
  const fee = Math.ceil(amount * OPERATOR_RULES[operator].feeRate);
  return { amount, fee, net: amount - fee };
}

/** Why `amount` cannot be withdrawn to `operator` from `available` (French), or null when it can. */
export function withdrawalAmountError(operator: PayoutOperator, amount: number, available: Fcfa): string | null {
  if (!Number.isSafeInteger(amount) || amount <= 0) return 'Saisissez un montant entier en FCFA';
  if (amount < PAYOUT_MIN_AMOUNT) return `Le retrait minimum est de ${formatFcfa(PAYOUT_MIN_AMOUNT)}`;
  if (amount > available) return `Votre solde disponible est de ${formatFcfa(available)}`;
  const rules = OPERATOR_RULES[operator];
  const { net } = quotePayout(operator, amount);
  if (net < rules.min) return `${rules.label} accepte au minimum ${formatFcfa(rules.min)} par transfert`;
  if (net > rules.max) return `${rules.label} accepte au maximum ${formatFcfa(rules.max)} par transfert`;
  return null;
}
