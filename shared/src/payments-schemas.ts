/**
 * The money API contract (zod/mini): the booking's payment request, escrow decisions, ratings,
 * and the shapes the payments, earnings and admin routes return.
 */
import * as z from './zod.js';
import { DURATION_MAX_HOURS, DURATION_MIN_HOURS, PAYMENT_METHODS, type PaymentMethod } from './constants.js';
import { EARNINGS_PERIODS, isMobileMoney, RATING_MAX, RATING_MIN, type EarningsPeriod } from './payments.js';
import { ESCROW_DECISIONS, type CourseStatus, type TransactionStatus } from './transaction-process.js';
import { paymentsMessages } from './message-catalogue/payments.js';
import { validationMessages } from './message-catalogue/validation.js';
import type { Role } from './constants.js';
import { optionalText, pageCursorSchema } from './schemas.js';

// The payments' words and the transaction process travel with the contract (one export line in index.ts).
export * from './payments.js';
export * from './transaction-process.js';

const text = (max: number, error: string) =>
  z.string({ error }).check(z.trim(), z.minLength(1, { error }), z.maxLength(max, { error: `${max} caractères au maximum` }));


/** Ivorian numbers: 10 digits, optionally after +225 / 00225; spaces, dots and dashes ignored. */
export function normalizeIvorianPhone(value: string): string | null {
  const digits = value.replace(/[\s.\-()]/g, '').replace(/^(\+225|00225)/, '');
  return /^0\d{9}$|^[1-9]\d{9}$/.test(digits) ? `+225${digits}` : null;
}

/** Duration of the lesson, whole hours from 1 to 8 (the form sends a number). */
export const durationSchema = z
  .number({ error: paymentsMessages.durationRequired })
  .check(
    z.int({ error: paymentsMessages.durationRange }),
    z.gte(DURATION_MIN_HOURS, { error: paymentsMessages.durationRange }),
    z.lte(DURATION_MAX_HOURS, { error: paymentsMessages.durationRange }),
  );

/** The booking's phone rule: mobile money needs a valid Ivorian number; the French error, or null. */
export function phoneNumberError(paymentMethod: PaymentMethod, phoneNumber: string | undefined): string | null {
  if (!isMobileMoney(paymentMethod)) return null;
  const phone = phoneNumber?.trim() ?? '';
  if (!phone) return paymentsMessages.phoneRequired;
  return normalizeIvorianPhone(phone) ? null : paymentsMessages.phoneInvalid;
}

/** How far in the past a lesson date may be (the clock of the parent's phone). */
export const SCHEDULE_TOLERANCE_MS = 5 * 60 * 1000;

/** A lesson date already past; the French error, or null. */
export function scheduledDateError(scheduledDate: string | undefined, now: Date): string | null {
  if (!scheduledDate) return null;
  return new Date(scheduledDate).getTime() < now.getTime() - SCHEDULE_TOLERANCE_MS ? paymentsMessages.scheduledDatePast : null;
}

/** A number of hours the booking accepts (whole hours, within the allowed range). */
export function isBookableDuration(duration: unknown): duration is number {
  return z.safeParse(durationSchema, duration).success;
}

/**
 * A booking by slots states its duration twice: it must hold one slot per hour of the lesson, and
 * a lesson date sent with them must be the first slot's start. The French error, or null.
 */
export function slotsError(value: { duration: number; slots?: readonly string[]; scheduledDate?: string }): string | null {
  if (!value.slots) return null;
  if (value.slots.length !== value.duration) return paymentsMessages.slotsDurationMismatch;
  const first = [...value.slots].map((start) => Date.parse(start)).sort((a, b) => a - b)[0];
  if (value.scheduledDate !== undefined && Date.parse(value.scheduledDate) !== first) return paymentsMessages.slotsScheduledDateMismatch;
  return null;
}

/**
 * `POST /api/payments` (the spec's payment request). No amount: the server prices the lesson from
 * the tutor's stored hourly rate. Unknown keys (an `amount` sent by a browser) are dropped.
 */
export const paymentRequestSchema = z
  .object({
    tutorId: text(64, paymentsMessages.tutorRequired),
    duration: durationSchema,
    subject: text(100, paymentsMessages.subjectRequired),
    level: text(100, paymentsMessages.levelRequired),
    scheduledDate: z.optional(
      z.string().check(z.iso.datetime({ offset: true, error: paymentsMessages.scheduledDateInvalid })),
    ),
    /**
     * The lesson's slots (issue 15): the start of each of its hours, consecutive free slots of the
     * tutor, held by the booking. Without them, the older free date (`scheduledDate`) is kept.
     */
    slots: z.optional(
      z
        .array(z.string().check(z.iso.datetime({ offset: true, error: paymentsMessages.slotsInvalid })), { error: paymentsMessages.slotsInvalid })
        .check(
          z.minLength(DURATION_MIN_HOURS, { error: paymentsMessages.slotsCount }),
          z.maxLength(DURATION_MAX_HOURS, { error: paymentsMessages.slotsCount }),
        ),
    ),
    notes: optionalText(1000),
    paymentMethod: z.enum(PAYMENT_METHODS, { error: paymentsMessages.methodInvalid }),
    phoneNumber: optionalText(30),
    email: z.optional(z.string().check(z.trim(), z.email({ error: paymentsMessages.emailInvalid }))),
  })
  .check(
    z.superRefine((value, ctx) => {
      const message = phoneNumberError(value.paymentMethod, value.phoneNumber);
      if (message) ctx.issues.push({ code: 'custom', input: value.phoneNumber, path: ['phoneNumber'], message });
      const slotsMessage = slotsError(value);
      if (slotsMessage) ctx.issues.push({ code: 'custom', input: value.slots, path: ['slots'], message: slotsMessage });
    }),
  );
export type PaymentRequest = z.infer<typeof paymentRequestSchema>;

/** The spec's 'paystack-payment' response. */
export interface PaymentInitResult {
  success: boolean;
  authorization_url?: string;
  transaction_id?: string;
  error?: string;
}

export const transactionIdParamsSchema = z.object({
  id: z.string().check(z.regex(/^[0-9a-f-]{36}$/i, { error: paymentsMessages.transactionNotFound })),
});

/** `POST /api/transactions/{id}/escrow`: the spec's 'release-escrow' (transactionId in the path). */
export const escrowDecisionSchema = z.object({
  action: z.enum(ESCROW_DECISIONS, { error: paymentsMessages.actionInvalid }),
  adminNotes: optionalText(1000),
});
export type EscrowDecisionInput = z.infer<typeof escrowDecisionSchema>;

/** The spec's 'release-escrow' response. */
/** `POST /api/transactions/{id}/verify`: what Paystack said of a booking's payment, and the status now. */
export interface PaymentCheckResult {
  outcome: 'escrowed' | 'amount_mismatch' | 'failed' | 'waiting' | 'unchanged';
  status: TransactionStatus;
}

export interface EscrowDecisionResult {
  success: boolean;
  status?: TransactionStatus;
  error?: string;
}

export const ratingSchema = z.object({
  rating: z
    .number({ error: paymentsMessages.ratingRange })
    .check(z.int({ error: paymentsMessages.ratingRange }), z.gte(RATING_MIN, { error: paymentsMessages.ratingRange }), z.lte(RATING_MAX, { error: paymentsMessages.ratingRange })),
  review: optionalText(2000),
});
export type RatingInput = z.infer<typeof ratingSchema>;

export const earningsQuerySchema = z.object({
  period: z._default(z.enum(EARNINGS_PERIODS, { error: paymentsMessages.periodInvalid }), 'month'),
});

export const closeDisputeSchema = z.object({ adminNotes: optionalText(1000) });

export interface CourseView {
  id: string;
  subject: string;
  level: string;
  duration_hours: number;
  scheduled_date?: string;
  /** A lesson booked in the tutor's slots (issue 15): managed from 'Mes cours'. */
  lesson?: boolean;
  notes?: string;
  status: CourseStatus;
  parent_rating?: number;
  parent_review?: string;
  rated_at?: string;
}

/** A transaction as every view shows it: integer FCFA, the same numbers everywhere. */
export interface TransactionView {
  id: string;
  invoice_number: string;
  reference: string;
  amount_total: number;
  amount_tutor: number;
  commission_amount: number;
  hourly_rate: number;
  status: TransactionStatus;
  payment_method: PaymentMethod;
  description: string;
  created_at: string;
  paid_at?: string;
  escrow_released_at?: string;
  refunded_at?: string;
  auto_release_at?: string;
  attention_reason?: string;
  admin_notes?: string;
  parent_id: string;
  parent_name: string;
  tutor_id: string;
  tutor_user_id: string;
  tutor_name: string;
  courses: CourseView[];
  /** Issue 32: the package this lesson belongs to ('Mes paiements' shows the package as one payment). */
  package_id?: string;
  /** Issue 32: the parent's first lesson with this tutor (the trial guarantee). */
  trial?: boolean;
  /** Issue 32: the lesson was paid with the credit of this transaction, not by a payment of its own. */
  funded_by?: string;
  /** Issue 32: the money kept as a credit: why, until when, and once spent the lesson it paid and how much. */
  credit?: { reason: 'cancellation' | 'guarantee'; rebook_until: string; refund_at: string; used_by?: string; transferred?: number };
  /** Issue 32: the trial guarantee claimed: the parent's choice and the tutor's pay by the platform. */
  guarantee?: { choice: 'refund' | 'credit'; at: string; tutor_share: number };
}

/** `POST /api/admin/transactions/{id}/retry`: the transaction after the retry, and what it did (French). */
export interface RetryTransactionResult {
  transaction: TransactionView;
  message: string;
}

export interface TransactionsSummary {
  total: number;
  in_escrow: number;
  released: number;
}

export interface ParentTransactionsResponse {
  transactions: TransactionView[];
  summary: TransactionsSummary;
}

export interface EarningsPoint {
  /** YYYY-MM-DD (week, month) or YYYY-MM (year). */
  bucket: string;
  label: string;
  received: number;
}

export interface EarningsResponse {
  period: EarningsPeriod;
  from: string;
  to: string;
  /** Tutor shares released in the period. */
  received: number;
  /** Tutor shares currently held (escrow, dispute), whatever the period: what is still to come. */
  pending: number;
  /** Lessons completed (funds released) in the period. */
  lessons_given: number;
  /** Average rating over all its rated courses, null when none is rated. */
  average_rating: number | null;
  rated_courses: number;
  chart: EarningsPoint[];
  transactions: TransactionView[];
}

export interface InvoiceView {
  invoice_number: string;
  issued_at: string;
  transaction: TransactionView;
  parent: { name: string; email?: string };
  tutor: { name: string };
}

/** The admin's transaction lists: every transaction, or those an admin must look at ('À traiter'). */
export const ADMIN_TRANSACTIONS_VIEWS = ['all', 'attention'] as const;
export type AdminTransactionsView = (typeof ADMIN_TRANSACTIONS_VIEWS)[number];

/** `GET /api/admin/transactions?view=&cursor=`: one page, newest first. */
export const adminTransactionsQuerySchema = z.object({
  cursor: pageCursorSchema,
  view: z.optional(z.enum(ADMIN_TRANSACTIONS_VIEWS, { error: validationMessages.invalidRequest })),
});
export type AdminTransactionsQuery = z.infer<typeof adminTransactionsQuerySchema>;

/** `GET /api/admin/users` and `/api/admin/disputes`: one page, newest first. */
export const adminPageQuerySchema = z.object({ cursor: pageCursorSchema });
export type AdminPageQuery = z.infer<typeof adminPageQuerySchema>;

/** A page of an admin list: `next_cursor` is null on the last page. */
export interface AdminTransactionsPage {
  transactions: TransactionView[];
  next_cursor: string | null;
}

export interface AdminUsersPage {
  users: AdminUser[];
  next_cursor: string | null;
}

export interface AdminDisputesPage {
  disputes: DisputeView[];
  next_cursor: string | null;
}

export interface AdminStats {
  total_users: number;
  verified_tutors: number;
  pending_kyc: number;
  active_disputes: number;
  needs_attention: number;
}

export interface AdminUser {
  user_id: string;
  first_name: string;
  last_name: string;
  email?: string;
  role: Role;
  is_verified: boolean;
  created_at: string;
}

export interface DisputeView {
  id: string;
  transaction_id: string;
  status: 'open' | 'resolved';
  /** What opened it: a low rating, or a problem or a no-show the parent reported (issue 15). */
  kind: 'rating' | 'problem' | 'no_show';
  rating?: number;
  review?: string;
  opened_at: string;
  resolved_at?: string;
  resolution?: string;
  admin_notes?: string;
  transaction: TransactionView;
}
