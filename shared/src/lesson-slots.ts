/**
 * The lesson slots a tutor offers (issue 15, point 1): the weekly availability of the profile
 * (hourly slots from 08:00 to 21:00, per day) minus the tutor's exceptions (whole days off), the
 * slots already held or booked, and those too close to start — over the next two weeks.
 *
 * Lessons happen in Abidjan. Africa/Abidjan is UTC+0 all year (no daylight saving, since 1912), so
 * a lesson's wall-clock time there is its UTC time: the arithmetic below is plain UTC on instants,
 * and every slot is an ISO instant (`2026-12-01T09:00:00.000Z` is 09:00 in Abidjan), whatever the
 * time zone of the machine or the browser that computes it.
 */
import { WEEK_DAYS, type WeekDay } from './constants.js';
import type { AvailabilityEntry } from './tutor-profile-schemas.js';

export const LESSON_TIME_ZONE = 'Africa/Abidjan';
/** A slot is one hour: a lesson of N hours holds N consecutive slots. */
export const SLOT_MINUTES = 60;
/** The tutor page and the booking dialog show this many days, today included. */
export const BOOKING_HORIZON_DAYS = 14;
/** A slot starting sooner than this cannot be booked any more (the tutor must be able to come). */
export const MIN_BOOKING_LEAD_MINUTES = 120;

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** Whole days off, both ends included (`YYYY-MM-DD`, Abidjan dates). */
export interface AvailabilityException {
  start_date: string;
  end_date: string;
}

export interface LessonSlot {
  /** ISO instant (UTC = Abidjan time). */
  start: string;
  end: string;
}

/** The Abidjan calendar date of an instant: `YYYY-MM-DD`. */
export function abidjanDate(instant: Date | string): string {
  return new Date(instant).toISOString().slice(0, 10);
}

/** Lundi … Dimanche of an Abidjan date. */
export function weekDayOf(date: string): WeekDay {
  const sundayFirst = new Date(`${date}T00:00:00.000Z`).getUTCDay();
  return WEEK_DAYS[(sundayFirst + 6) % 7]!;
}

function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return hours * 60 + minutes;
}

function isOff(date: string, exceptions: readonly AvailabilityException[]): boolean {
  return exceptions.some((off) => off.start_date <= date && date <= off.end_date);
}

/** Every slot the weekly availability offers on one date, before exceptions and bookings. */
export function weeklySlotsOn(date: string, week: readonly AvailabilityEntry[]): LessonSlot[] {
  const entry = week.find((day) => day.day === weekDayOf(date));
  if (!entry?.available) return [];
  const midnight = Date.parse(`${date}T00:00:00.000Z`);
  const slots: LessonSlot[] = [];
  for (const range of entry.slots) {
    for (let minute = minutesOf(range.start); minute + SLOT_MINUTES <= minutesOf(range.end); minute += SLOT_MINUTES) {
      slots.push({ start: new Date(midnight + minute * MINUTE).toISOString(), end: new Date(midnight + (minute + SLOT_MINUTES) * MINUTE).toISOString() });
    }
  }
  return slots.sort((a, b) => a.start.localeCompare(b.start));
}

/** `GET /api/tutors/{id}/slots`: a tutor's free slots of the next two weeks. */
export interface TutorSlots {
  time_zone: typeof LESSON_TIME_ZONE;
  slots: LessonSlot[];
}

export interface FreeSlotsInput {
  week: readonly AvailabilityEntry[];
  exceptions?: readonly AvailabilityException[];
  /** Starts of the slots held by a booking under way or booked. */
  taken?: Iterable<string>;
  now: Date;
  days?: number;
}

/**
 * The slots a parent may book now: from today (Abidjan) for `days` days, in order, offered by the
 * weekly availability, on no day off, not taken, starting at least MIN_BOOKING_LEAD_MINUTES from now.
 */
export function freeSlots({ week, exceptions = [], taken = [], now, days = BOOKING_HORIZON_DAYS }: FreeSlotsInput): LessonSlot[] {
  const takenStarts = new Set([...taken].map((start) => new Date(start).toISOString()));
  const earliest = now.getTime() + MIN_BOOKING_LEAD_MINUTES * MINUTE;
  const today = Date.parse(`${abidjanDate(now)}T00:00:00.000Z`);
  const slots: LessonSlot[] = [];
  for (let day = 0; day < days; day++) {
    const date = abidjanDate(new Date(today + day * DAY));
    if (isOff(date, exceptions)) continue;
    for (const slot of weeklySlotsOn(date, week)) {
      if (Date.parse(slot.start) >= earliest && !takenStarts.has(slot.start)) slots.push(slot);
    }
  }
  return slots;
}

/**
 * Whether `starts` (one per hour of the lesson) are consecutive free slots: what a booking of
 * `starts.length` hours may hold. The check the server repeats before it holds them.
 */
export function areConsecutiveFreeSlots(starts: readonly string[], free: readonly LessonSlot[]): boolean {
  if (starts.length === 0) return false;
  const byStart = new Map(free.map((slot) => [slot.start, slot]));
  const sorted = [...starts].map((start) => new Date(start).toISOString()).sort();
  return sorted.every((start, i) => byStart.has(start) && (i === 0 || Date.parse(start) - Date.parse(sorted[i - 1]!) === SLOT_MINUTES * MINUTE));
}

/**
 * The starts of the `hours` one-hour slots of a lesson beginning at `first`: what a booking that
 * holds its slots keeps as its lesson date and duration, and frees when the lesson will not happen.
 */
export function lessonSlotStarts(first: string, hours: number): string[] {
  const start = Date.parse(first);
  return Array.from({ length: hours }, (_, i) => new Date(start + i * SLOT_MINUTES * MINUTE).toISOString());
}
