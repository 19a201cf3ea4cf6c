/**
 * The payouts API contract (issue 30, zod/mini): the tutor's wallet, payout destination and
 * withdrawals, and the admin's payouts console. Every amount is an integer of FCFA.
 */
import * as z from './zod.js';
import { payoutsMessages } from './message-catalogue/payouts.js';
import { validationMessages } from './message-catalogue/validation.js';
import { pageCursorSchema } from './schemas.js';
import {
  DESTINATION_CODE_LENGTH,
  operatorPhone,
  PAYOUT_OPERATORS,
  PAYOUT_PROVIDERS,
  PAYOUT_STATUSES,
  type PayoutOperator,
  type PayoutProviderName,
  type PayoutStatus,
} from './payouts.js';

export * from './payouts.js';

const operatorSchema = z.enum(PAYOUT_OPERATORS, { error: payoutsMessages.operatorRequired });
const holderNameSchema = z
  .string({ error: payoutsMessages.holderNameRequired })
  .check(
    z.trim(),
    z.minLength(2, { error: payoutsMessages.holderNameRequired }),
    z.maxLength(80, { error: '80 caractères au maximum' }),
    z.regex(/^[\p{L}][\p{L}' .-]*$/u, { error: payoutsMessages.holderNameInvalid }),
  );
const phoneSchema = z.string({ error: payoutsMessages.phoneRequired }).check(z.trim(), z.minLength(1, { error: payoutsMessages.phoneRequired }), z.maxLength(20, { error: payoutsMessages.phoneInvalid }));
const codeSchema = z.string({ error: payoutsMessages.codeRequired }).check(z.trim(), z.regex(new RegExp(`^\\d{${DESTINATION_CODE_LENGTH}}$`), { error: payoutsMessages.codeRequired }));
const noteSchema = z.string({ error: payoutsMessages.noteRequired }).check(z.trim(), z.minLength(3, { error: payoutsMessages.noteRequired }), z.maxLength(500, { error: '500 caractères au maximum' }));

/** The number must be a mobile number of the chosen operator (07 Orange, 05 MTN, 01 Moov; Wave any). */
function phoneOfOperator(value: { operator: PayoutOperator; phone: string }, ctx: { issues: unknown[] }) {
  if (!operatorPhone(value.operator, value.phone)) {
    (ctx.issues as Array<Record<string, unknown>>).push({ code: 'custom', path: ['phone'], message: payoutsMessages.phoneOfOperator(value.operator), input: value.phone });
  }
}

/** `PUT /api/wallet/destination`: the operator, the number, the holder's name and the e-mailed code. */
export const setDestinationSchema = z
  .object({ operator: operatorSchema, phone: phoneSchema, holder_name: holderNameSchema, code: codeSchema })
  .check(z.superRefine(phoneOfOperator));
export type SetDestinationInput = z.infer<typeof setDestinationSchema>;

/** The same fields without the code: what the form checks before asking for one. */
export const destinationFormSchema = z
  .object({ operator: operatorSchema, phone: phoneSchema, holder_name: holderNameSchema })
  .check(z.superRefine(phoneOfOperator));
export type DestinationFormInput = z.infer<typeof destinationFormSchema>;

/**
 * `POST /api/wallet/withdrawals`: the amount debited (fee included) and the id the browser made
 * for this request: a double tap or a retry sends the same id and gets the same payout.
 */
export const withdrawSchema = z.object({
  amount: z.number({ error: payoutsMessages.amountRequired }).check(z.int({ error: payoutsMessages.amountRequired }), z.positive({ error: payoutsMessages.amountRequired })),
  request_id: z.uuid({ error: validationMessages.invalidId }),
});
export type WithdrawInput = z.infer<typeof withdrawSchema>;

export const payoutsQuerySchema = z.object({ cursor: pageCursorSchema });

export const adminPayoutsQuerySchema = z.object({
  status: z.optional(z.enum(PAYOUT_STATUSES, { error: payoutsMessages.statusInvalid })),
  cursor: pageCursorSchema,
});

/** 'Relancer' a payout that needs attention, to the same or a corrected destination. */
export const adminRetryPayoutSchema = z
  .object({ note: noteSchema, operator: z.optional(operatorSchema), phone: z.optional(phoneSchema) })
  .check(
    z.superRefine((value, ctx) => {
      if ((value.operator === undefined) !== (value.phone === undefined)) {
        ctx.issues.push({ code: 'custom', path: ['phone'], message: payoutsMessages.correctedDestinationIncomplete, input: value.phone });
      } else if (value.operator && value.phone) phoneOfOperator({ operator: value.operator, phone: value.phone }, ctx);
    }),
  );
export type AdminRetryPayoutInput = z.infer<typeof adminRetryPayoutSchema>;

export const adminCancelPayoutSchema = z.object({ note: noteSchema });

/** A destination whose holder's name differs from the KYC name: an admin accepts or refuses it. */
export const adminReviewDestinationSchema = z.object({ decision: z.enum(['approve', 'reject'], { error: payoutsMessages.decisionRequired }), note: noteSchema });

export const DESTINATION_STATUSES = ['active', 'review', 'rejected', 'failed'] as const;
export type DestinationStatus = (typeof DESTINATION_STATUSES)[number];

export interface DestinationView {
  operator: PayoutOperator;
  operator_label: string;
  /** The tutor's own number, in full ('07 01 02 03 04'). */
  phone: string;
  holder_name: string;
  /** `review`: the name differs from the KYC name (an admin decides); `failed`: a payout to it failed. */
  status: DestinationStatus;
  name_matches_kyc: boolean;
  changed_at: string;
  /** Withdrawals wait until then (48 h after a change); null once past. */
  hold_until: string | null;
}

export interface PayoutView {
  id: string;
  amount: number;
  fee: number;
  net: number;
  operator: PayoutOperator;
  operator_label: string;
  phone_masked: string;
  status: PayoutStatus;
  status_label: string;
  status_description: string;
  /** Why it failed or was cancelled, in French. */
  failure_reason: string | null;
  created_at: string;
  updated_at: string;
  sent_at: string | null;
  paid_at: string | null;
  /** failed, reversed or cancelled: when the amount came back to the balance. */
  returned_at: string | null;
}

export interface WalletView {
  /** Released earnings − withdrawals (fee included) not returned: what may be withdrawn. */
  available: number;
  /** 'En séquestre': the tutor's share of lessons paid and not yet released. */
  held: number;
  /** 'En cours de retrait': requested, sent or in verification. */
  in_flight: number;
  /** Paid out to the phone so far (net). */
  paid_out: number;
  destination: DestinationView | null;
  /** Why 'Retirer' is not possible now (French), or null. */
  blocked_reason: string | null;
  min_amount: number;
  /** The withdrawal under way, at most one. */
  current_payout: PayoutView | null;
}

export interface PayoutsPage {
  payouts: PayoutView[];
  next_cursor: string | null;
}

export interface AdminPayoutView extends PayoutView {
  tutor_user_id: string;
  tutor_name: string;
  phone: string;
  holder_name: string;
  provider: PayoutProviderName;
  provider_reference: string | null;
  /** Where and why the workflow stopped (needs_attention). */
  attention: { state: string; error: string; cause: string; at: string } | null;
  admin_notes: string | null;
}

export interface AdminPayoutsPage {
  payouts: AdminPayoutView[];
  next_cursor: string | null;
  /** Payouts per status (the filter's counts). */
  counts: Partial<Record<PayoutStatus, number>>;
}

export interface ProviderFloat {
  provider: PayoutProviderName;
  /** The provider's available balance, or null when it could not be read. */
  balance: number | null;
  /** Net amounts of payouts requested or sent, plus the last 7 days' daily average: the next 24 hours' need. */
  expected_24h: number;
  short: boolean;
  read_at: string;
}

export interface AdminDestinationView extends DestinationView {
  tutor_user_id: string;
  tutor_name: string;
  kyc_name: string | null;
}

export { PAYOUT_PROVIDERS };
