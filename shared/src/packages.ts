/**
 * Issue 32: the first lesson without risk (the trial guarantee) and the monthly arrangement
 * ('forfait'), as data and pure functions shared by the API and the SPA. No AWS, no zod.
 *
 * A package is a set of ordinary lessons (one transaction each, in the tutor's slots) booked
 * together for PACKAGE_WEEKS weeks and paid once (one Paystack payment for all of them): each
 * lesson then lives the lifecycle of transaction-process.ts — the tutor accepts, the lesson is
 * given, its own share of the money is released on confirmation or automatically, cancelled under
 * the policy. What a package adds: its price (a discount the tutor sets), credits (a lesson
 * cancelled in time is kept as a credit to rebook within the following week, refunded at the
 * package's end otherwise), stopping (every lesson not yet given cancelled under the policy), and
 * renewal.
 */
import { commissionOf, type Fcfa, type LessonPrice } from './money.js';

/** A package books this many weeks of lessons. */
export const PACKAGE_WEEKS = 4;
export const PACKAGE_LESSONS_PER_WEEK_MIN = 1;
export const PACKAGE_LESSONS_PER_WEEK_MAX = 5;
/** A package's lessons last 1 or 2 hours (all the same). */
export const PACKAGE_DURATIONS = [1, 2] as const;
/** The discount a tutor may give on packages, in whole percent. */
export const PACKAGE_DISCOUNT_MIN = 0;
export const PACKAGE_DISCOUNT_MAX = 20;
/** A package starts at the latest this many days from today (the first lesson's week). */
export const PACKAGE_START_HORIZON_DAYS = 14;
/** A cancelled package lesson's credit must be rebooked on a slot within this many days after the lesson it replaces. */
export const CREDIT_REBOOK_DAYS = 7;
/** Parent and tutor are told this many days before a package's last lesson that it ends ('Renouveler'). */
export const RENEWAL_NOTICE_DAYS = 7;
/** After this many released lessons with the same tutor (and no package running), the recommendations suggest a package. */
export const PACKAGE_SUGGESTION_AFTER_LESSONS = 2;

export const PACKAGE_STATUSES = [
  /** Booked, its one payment not confirmed yet (the lessons are `pending`). */
  'pending',
  /** Paid: its lessons run. */
  'active',
  /** The parent stopped it: the lessons not yet given were cancelled under the policy. */
  'stopped',
  /** Every lesson is settled (released, refunded or spent as a credit). */
  'completed',
  /** The payment failed or expired: nothing was taken, the slots are free. */
  'failed',
] as const;
export type PackageStatus = (typeof PACKAGE_STATUSES)[number];

/** A weekly slot of a package: ISO weekday (1 = lundi … 7 = dimanche) and the start hour (Abidjan = UTC). */
export interface WeeklySlot {
  weekday: number;
  hour: number;
}

/**
 * The lessons' starts of a package: for each of PACKAGE_WEEKS weeks from `startDate` (YYYY-MM-DD,
 * the first day that may hold a lesson), each weekly slot's date at its hour, sorted. The first
 * week runs from `startDate` to the day before `startDate + 7`: a slot whose weekday comes before
 * the start's falls later in that week. `weeks × slots.length` starts, ISO instants.
 */
export function packageLessonStarts(startDate: string, slots: readonly WeeklySlot[], weeks: number = PACKAGE_WEEKS): string[] {
  const start = new Date(`${startDate}T00:00:00.000Z`);
  const startWeekday = ((start.getUTCDay() + 6) % 7) + 1;
  const starts: string[] = [];
  for (let week = 0; week < weeks; week++) {
    for (const slot of slots) {
      const offset = (slot.weekday - startWeekday + 7) % 7;
      const day = new Date(start.getTime() + (week * 7 + offset) * 86_400_000);
      day.setUTCHours(slot.hour, 0, 0, 0);
      starts.push(day.toISOString());
    }
  }
  return starts.sort();
}

/** The price of one package lesson: the hourly rate less the package discount, × hours; tutor + commission = total. */
export function packageLessonPrice(hourlyRate: Fcfa, hours: number, discountPercent: number): LessonPrice {
  const total = Math.round((hourlyRate * hours * (100 - discountPercent)) / 100);
  const commission = commissionOf(total);
  return { total, commission, tutor: total - commission };
}

/** What a package costs: its lessons' prices (all equal) and their sum, paid once. */
export function packagePrice(hourlyRate: Fcfa, hours: number, discountPercent: number, lessons: number): { lesson: LessonPrice; total: Fcfa; saved: Fcfa } {
  const lesson = packageLessonPrice(hourlyRate, hours, discountPercent);
  return { lesson, total: lesson.total * lessons, saved: hourlyRate * hours * lessons - lesson.total * lessons };
}

/**
 * The trial guarantee, as data (docs/decisions.md says why): a parent's first lesson with a tutor
 * ('Premier cours') may be claimed up to `claim_window_hours` after its end while its funds are
 * still held, at most `max_per_year` times per parent account per calendar year. The parent gets
 * all of it back (a refund, or a credit for a first lesson with another tutor valid
 * `credit_validity_days`); the tutor is paid `tutor_share_percent` of their share of the first
 * hour, by the platform (account `platform:guarantee`), never by the parent.
 */
export const TRIAL_GUARANTEE = {
  claim_window_hours: 24,
  max_per_year: 2,
  tutor_share_percent: 50,
  credit_validity_days: 30,
} as const;

/** The tutor's pay when the guarantee is claimed: `tutor_share_percent` of the tutor's share of one hour. */
export function guaranteeTutorShare(hourlyRate: Fcfa, guarantee: { tutor_share_percent: number } = TRIAL_GUARANTEE): Fcfa {
  const hour = hourlyRate - commissionOf(hourlyRate);
  return Math.round((hour * guarantee.tutor_share_percent) / 100);
}

/** The guarantee may still be claimed: within the window after the lesson's end (ISO), and not before its start. */
export function guaranteeOpen(lesson: { start: string; end: string }, now: Date, guarantee: { claim_window_hours: number } = TRIAL_GUARANTEE): boolean {
  const t = now.getTime();
  return t >= Date.parse(lesson.start) && t <= Date.parse(lesson.end) + guarantee.claim_window_hours * 3_600_000;
}

/** The calendar year (UTC = Abidjan) a claim counts in. */
export function guaranteeYear(now: Date): number {
  return now.getUTCFullYear();
}
