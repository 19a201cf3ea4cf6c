/**
 * Issue 32's API contract (zod/mini): booking a package, its views for parents, tutors and admins,
 * credits, the trial guarantee's claim, a tutor moving a package lesson off a day off.
 */
import * as z from './zod.js';
import { PAYMENT_METHODS } from './constants.js';
import { guaranteeMessages } from './message-catalogue/guarantee.js';
import { packagesMessages } from './message-catalogue/packages.js';
import { paymentsMessages } from './message-catalogue/payments.js';
import { optionalText } from './schemas.js';
import { phoneNumberError, type PaymentInitResult } from './payments-schemas.js';
import {
  PACKAGE_DISCOUNT_MAX,
  PACKAGE_DISCOUNT_MIN,
  PACKAGE_DURATIONS,
  PACKAGE_LESSONS_PER_WEEK_MAX,
  PACKAGE_LESSONS_PER_WEEK_MIN,
  type PackageStatus,
  type WeeklySlot,
} from './packages.js';
import type { TransactionStatus } from './transaction-process.js';

export * from './packages.js';

const text = (max: number, error: string) =>
  z.string({ error }).check(z.trim(), z.minLength(1, { error }), z.maxLength(max, { error: `${max} caractères au maximum` }));

const isoInstant = (error: string) => z.string({ error }).check(z.iso.datetime({ offset: true, error }));

export const weeklySlotSchema = z.object({
  weekday: z.number({ error: packagesMessages.slotInvalid }).check(z.int({ error: packagesMessages.slotInvalid }), z.gte(1, { error: packagesMessages.slotInvalid }), z.lte(7, { error: packagesMessages.slotInvalid })),
  hour: z.number({ error: packagesMessages.slotInvalid }).check(z.int({ error: packagesMessages.slotInvalid }), z.gte(0, { error: packagesMessages.slotInvalid }), z.lte(23, { error: packagesMessages.slotInvalid })),
});

/**
 * `POST /api/packages`: lessons per week, one weekly slot per lesson (distinct days), the first day
 * of the package, the lessons' duration; the price is the server's (the tutor's rate and discount).
 */
export const packageRequestSchema = z
  .object({
    tutorId: text(64, paymentsMessages.tutorRequired),
    lessonsPerWeek: z
      .number({ error: packagesMessages.lessonsPerWeekRange })
      .check(
        z.int({ error: packagesMessages.lessonsPerWeekRange }),
        z.gte(PACKAGE_LESSONS_PER_WEEK_MIN, { error: packagesMessages.lessonsPerWeekRange }),
        z.lte(PACKAGE_LESSONS_PER_WEEK_MAX, { error: packagesMessages.lessonsPerWeekRange }),
      ),
    slots: z.array(weeklySlotSchema, { error: packagesMessages.slotsRequired }),
    startDate: z.string({ error: packagesMessages.startDateInvalid }).check(z.iso.date({ error: packagesMessages.startDateInvalid })),
    duration: z.union([z.literal(PACKAGE_DURATIONS[0]), z.literal(PACKAGE_DURATIONS[1])], { error: packagesMessages.durationInvalid }),
    subject: text(100, paymentsMessages.subjectRequired),
    level: text(100, paymentsMessages.levelRequired),
    notes: optionalText(1000),
    paymentMethod: z.enum(PAYMENT_METHODS, { error: paymentsMessages.methodInvalid }),
    phoneNumber: optionalText(30),
  })
  .check(
    z.superRefine((value, ctx) => {
      const phone = phoneNumberError(value.paymentMethod, value.phoneNumber);
      if (phone) ctx.issues.push({ code: 'custom', input: value.phoneNumber, path: ['phoneNumber'], message: phone });
      if (value.slots.length !== value.lessonsPerWeek) {
        ctx.issues.push({ code: 'custom', input: value.slots, path: ['slots'], message: packagesMessages.slotsCountMismatch });
      } else if (new Set(value.slots.map((slot) => slot.weekday)).size !== value.slots.length) {
        ctx.issues.push({ code: 'custom', input: value.slots, path: ['slots'], message: packagesMessages.slotsSameDay });
      }
    }),
  );
export type PackageRequest = z.infer<typeof packageRequestSchema>;

export const packageIdParamsSchema = z.object({
  id: z.string().check(z.regex(/^[0-9a-f-]{36}$/i, { error: packagesMessages.notFound })),
});

/** `PUT /api/tutors/me/package-discount`: the tutor's package discount, whole percent 0–20. */
export const packageDiscountSchema = z.object({
  discountPercent: z
    .number({ error: packagesMessages.discountRange })
    .check(z.int({ error: packagesMessages.discountRange }), z.gte(PACKAGE_DISCOUNT_MIN, { error: packagesMessages.discountRange }), z.lte(PACKAGE_DISCOUNT_MAX, { error: packagesMessages.discountRange })),
});

/**
 * `POST /api/credits/{id}/use`: spend a credit (a transaction in `credited`) on a new lesson in a
 * tutor's free slots — the same tutor for a package lesson's credit (within CREDIT_REBOOK_DAYS of
 * the lesson it replaces), another tutor for the trial guarantee's (a first lesson, its price at
 * most the credit; the rest goes back to the parent).
 */
export const useCreditSchema = z.object({
  tutorId: text(64, paymentsMessages.tutorRequired),
  slots: z
    .array(isoInstant(paymentsMessages.slotsInvalid), { error: paymentsMessages.slotsInvalid })
    .check(z.minLength(1, { error: paymentsMessages.slotsCount }), z.maxLength(2, { error: paymentsMessages.slotsCount })),
  subject: z.optional(text(100, paymentsMessages.subjectRequired)),
  level: z.optional(text(100, paymentsMessages.levelRequired)),
  notes: optionalText(1000),
});
export type UseCreditInput = z.infer<typeof useCreditSchema>;

/** `POST /api/lessons/{id}/guarantee`: the parent's claim on a first lesson, and what they choose. */
export const GUARANTEE_CHOICES = ['refund', 'credit'] as const;
export type GuaranteeChoice = (typeof GUARANTEE_CHOICES)[number];
export const guaranteeClaimSchema = z.object({
  choice: z.enum(GUARANTEE_CHOICES, { error: guaranteeMessages.choiceRequired }),
  reason: optionalText(1000),
});
export type GuaranteeClaimInput = z.infer<typeof guaranteeClaimSchema>;

/** `POST /api/lessons/{id}/reschedule`: the tutor moves a package lesson (on a day off) to another free slot. */
export const rescheduleSchema = z.object({
  slots: z
    .array(isoInstant(paymentsMessages.slotsInvalid), { error: paymentsMessages.slotsInvalid })
    .check(z.minLength(1, { error: paymentsMessages.slotsCount }), z.maxLength(2, { error: paymentsMessages.slotsCount })),
});
export type RescheduleInput = z.infer<typeof rescheduleSchema>;

/** A credit the parent holds (`GET /api/credits`). */
export interface CreditView {
  /** The transaction kept as a credit. */
  id: string;
  reason: 'cancellation' | 'guarantee';
  amount: number;
  tutor_id: string;
  tutor_name: string;
  subject: string;
  level: string;
  duration_hours: number;
  package_id?: string;
  /** The last start a rebooked lesson may have (package credit), or the credit's validity (guarantee). */
  rebook_until: string;
  /** When the credit, unspent, goes back to the parent. */
  refund_at: string;
}

/** One lesson of a package, as its pages list it. */
export interface PackageLessonView {
  id: string;
  start: string;
  end: string;
  status: TransactionStatus;
  status_label: string;
  amount: number;
  /** What this lesson has released to the tutor (its share + commission), refunded, or kept as a credit. */
  released: number;
  refunded: number;
  credit: number;
  /** The lesson was booked with a credit of this lesson (rebooked). */
  rebooked_from?: string;
}

export interface PackageView {
  id: string;
  status: PackageStatus;
  status_label: string;
  tutor_id: string;
  tutor_name: string;
  parent_name: string;
  subject: string;
  level: string;
  duration_hours: number;
  lessons_per_week: number;
  slots: WeeklySlot[];
  /** The first day and the last lesson's end (ISO). */
  start_date: string;
  end: string;
  discount_percent: number;
  lesson_price: number;
  amount_total: number;
  reference: string;
  invoice_number: string;
  created_at: string;
  paid_at?: string;
  stopped_at?: string;
  /** Sums over the lessons: always released + refunded + credit + held = amount_total once paid. */
  amounts: { released: number; refunded: number; credit: number; held: number };
  counts: { lessons: number; done: number; upcoming: number; cancelled: number };
  lessons: PackageLessonView[];
  /** 'Renouveler' is open (from RENEWAL_NOTICE_DAYS before the last lesson, while active). */
  renewal_open: boolean;
}

/** `GET /api/packages/{id}/renewal`: the same weekly slots for the next PACKAGE_WEEKS weeks, and which are no longer free. */
export interface RenewalPreview {
  start_date: string;
  starts: string[];
  unavailable: string[];
  amount_total: number;
}

/** `GET /api/guarantee`: what the parent has left of the trial guarantee this year. */
export interface GuaranteeAllowance {
  year: number;
  used: number;
  remaining: number;
}

/** `GET /api/packages`: the caller's packages (a parent's or a tutor's), newest first. */
export interface PackagesListResponse {
  packages: PackageView[];
}

/** `GET /api/credits`: the parent's open credits, the soonest to lapse first. */
export interface CreditsListResponse {
  credits: CreditView[];
}

/** `POST /api/packages` (and `…/renew`): a single booking's answer with the package booked. */
export type PackageInitResult = PaymentInitResult & { package_id: string };

/** `POST /api/credits/{id}/use` (201): the new lesson the credit paid. */
export interface CreditUseResult {
  transaction_id: string;
  message: string;
}

/** `POST /api/lessons/{id}/guarantee`: the lesson claimed, refunded or kept as a credit. */
export interface GuaranteeClaimResult {
  id: string;
  status: TransactionStatus;
  choice: GuaranteeChoice;
  /** The credit to spend on another tutor (choice `credit`). */
  credit?: { rebook_until: string; refund_at: string; amount: number };
  message: string;
}

/** One line of a package's invoice: a lesson, its date and price. */
export interface PackageInvoiceLine {
  transaction_id: string;
  description: string;
  start: string;
  amount: number;
  status_label: string;
}

/** `GET /api/packages/{id}/invoice`: InvoiceView's shape, with the package and its lessons as lines. */
export interface PackageInvoiceView {
  invoice_number: string;
  issued_at: string;
  package: PackageView;
  lines: PackageInvoiceLine[];
  total: number;
  parent: { name: string; email?: string };
  tutor: { name: string };
}

/** `GET /api/admin/packages`: the admin's 'Forfaits' tab, a page at a time (the admin lists' cursors). */
export interface AdminPackagesPage {
  packages: PackageView[];
  next_cursor: string | null;
}
