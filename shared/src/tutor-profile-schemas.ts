/**
 * Tutors' profiles: the tutor's onboarding (subjects, levels, experience, hourly rate, weekly
 * availability) as `PUT /api/me/tutor-profile` takes it, the pure rules of the weekly availability
 * editor, and the public profile parents read.
 */
import * as z from './zod.js';
import { DEFAULT_SLOT, EXPERIENCE_OPTIONS, LEVELS, MAX_DIPLOMAS, SLOT_TIMES, SUBJECTS, WEEK_DAYS, ZONES, type Experience, type WeekDay, type Zone } from './constants.js';
import { onboardingMessages } from './message-catalogue/onboarding.js';
import { tutorsMessages } from './message-catalogue/tutors.js';
import { optionalText, requiredText } from './schemas.js';
import { uploadKeySchema } from './upload-schemas.js';
import type { AvailabilityException } from './lesson-slots.js';
import type { PhotoVariant } from './photos.js';
import type { TutorResponseStats } from './messaging-schemas.js';

const m = onboardingMessages;

// ─── Weekly availability ────────────────────────────────────────────────────────────────────

export interface TimeSlot {
  start: string;
  end: string;
}
export interface AvailabilityEntry {
  day: WeekDay;
  available: boolean;
  slots: TimeSlot[];
}

const slotTime = z.enum(SLOT_TIMES as unknown as readonly [string, ...string[]], { error: m.invalidSlotTime });

export const timeSlotSchema = z
  .object({ start: slotTime, end: slotTime })
  .check(z.refine((slot) => slot.end > slot.start, { error: m.slotEndBeforeStart, path: ['end'] }));

function overlaps(slots: readonly TimeSlot[]): boolean {
  const sorted = [...slots].sort((a, b) => a.start.localeCompare(b.start));
  return sorted.some((slot, i) => i > 0 && slot.start < sorted[i - 1]!.end);
}

export const availabilityDaySchema = z
  .object({
    day: z.enum(WEEK_DAYS, { error: m.invalidDay }),
    available: z.boolean(),
    slots: z.array(timeSlotSchema).check(z.maxLength(SLOT_TIMES.length)),
  })
  .check(
    z.refine((day) => day.available || day.slots.length === 0, { error: m.slotsWhenUnavailable, path: ['slots'] }),
    z.refine((day) => !overlaps(day.slots), { error: m.slotsOverlap, path: ['slots'] }),
  );

export const availabilityScheduleSchema = z
  .array(availabilityDaySchema)
  .check(
    z.maxLength(WEEK_DAYS.length),
    z.refine((days) => new Set(days.map((d) => d.day)).size === days.length, { error: m.duplicateDay }),
  );

/** Lundi → Dimanche, nobody available. */
export function emptyWeek(): AvailabilityEntry[] {
  return WEEK_DAYS.map((day) => ({ day, available: false, slots: [] }));
}

/** The seven days in order, whatever the saved schedule holds (missing days unavailable). */
export function normaliseWeek(schedule: readonly { day: string; available: boolean; slots: TimeSlot[] }[] = []): AvailabilityEntry[] {
  return WEEK_DAYS.map((day) => {
    const saved = schedule.find((entry) => entry.day === day);
    return saved ? { day, available: saved.available, slots: saved.available ? [...saved.slots] : [] } : { day, available: false, slots: [] };
  });
}

/** Activating a day gives the default 09:00–17:00 slot; deactivating clears its slots (spec §5). */
export function setDayAvailable(week: readonly AvailabilityEntry[], day: WeekDay, available: boolean): AvailabilityEntry[] {
  return week.map((entry) =>
    entry.day !== day ? entry : { day, available, slots: available ? [{ ...DEFAULT_SLOT }] : [] },
  );
}

/** Adds a slot only if its end is later than its start and it overlaps no other slot of the day. */
export function canAddSlot(week: readonly AvailabilityEntry[], day: WeekDay, slot: TimeSlot): boolean {
  const entry = week.find((d) => d.day === day);
  if (!entry?.available) return false;
  if (!z.safeParse(timeSlotSchema, slot).success) return false;
  return !overlaps([...entry.slots, slot]);
}

export function addSlot(week: readonly AvailabilityEntry[], day: WeekDay, slot: TimeSlot): AvailabilityEntry[] {
  if (!canAddSlot(week, day, slot)) return [...week];
  return week.map((entry) =>
    entry.day !== day
      ? entry
      : { ...entry, slots: [...entry.slots, { ...slot }].sort((a, b) => a.start.localeCompare(b.start)) },
  );
}

export function removeSlot(week: readonly AvailabilityEntry[], day: WeekDay, index: number): AvailabilityEntry[] {
  return week.map((entry) => (entry.day !== day ? entry : { ...entry, slots: entry.slots.filter((_, i) => i !== index) }));
}

// ─── Days off ───────────────────────────────────────────────────────────────────────────────

/** A tutor keeps at most this many periods off (holidays, absences) on its profile. */
export const MAX_AVAILABILITY_EXCEPTIONS = 20;

/** A real calendar date written `YYYY-MM-DD` (2026-02-30 is not one). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00.000Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}

const calendarDate = z
  .string({ error: m.invalidDayOffDate })
  .check(z.refine(isCalendarDate, { error: m.invalidDayOffDate }));

/** Whole days off, both ends included (Abidjan dates): lesson-slots.ts offers no slot on them. */
export const availabilityExceptionSchema = z
  .strictObject({ start_date: calendarDate, end_date: calendarDate })
  .check(z.refine((off) => off.start_date <= off.end_date, { error: m.dayOffEndBeforeStart, path: ['end_date'] }));

export const availabilityExceptionsSchema = z
  .array(availabilityExceptionSchema)
  .check(z.maxLength(MAX_AVAILABILITY_EXCEPTIONS, { error: m.tooManyDaysOff }));

/** Adds a period off in date order; the same period twice is kept once. */
export function addException(list: readonly AvailabilityException[], off: AvailabilityException): AvailabilityException[] {
  if (list.some((kept) => kept.start_date === off.start_date && kept.end_date === off.end_date)) return [...list];
  return [...list, { start_date: off.start_date, end_date: off.end_date }].sort(
    (a, b) => a.start_date.localeCompare(b.start_date) || a.end_date.localeCompare(b.end_date),
  );
}

const uniqueList = <T extends string>(values: readonly T[], error: string) =>
  z.array(z.enum(values as unknown as readonly [T, ...T[]], { error })).check(
    z.refine((list) => new Set(list).size === list.length, { error }),
  );

export const hourlyRateSchema = z.nullable(
  z
    .number({ error: m.invalidRate })
    .check(z.int({ error: m.invalidRate }), z.minimum(0, { error: m.invalidRate }), z.maximum(1_000_000, { error: m.invalidRate })),
);

/** "Hourly rate parsed as integer, null if empty" (spec §5), as the form field gives it. */
export function parseHourlyRate(text: string): number | null {
  const trimmed = text.trim().replace(/[\s\u00a0]/g, '');
  if (trimmed === '') return null;
  return /^\d+$/.test(trimmed) ? Number.parseInt(trimmed, 10) : Number.NaN;
}

/** `PUT /api/me/tutor-profile`: the tutor's own profile (upsert; marks it completed). */
export const tutorProfileInputSchema = z.strictObject({
  bio: requiredText(2000),
  education: requiredText(300),
  experience: z.enum(EXPERIENCE_OPTIONS, { error: m.invalidExperience }),
  teaching_method: optionalText(2000),
  subjects: uniqueList(SUBJECTS, m.unknownSubject).check(z.minLength(1, { error: m.subjectsRequired })),
  levels: uniqueList(LEVELS, m.unknownLevel).check(z.minLength(1, { error: m.levelsRequired })),
  location: z.enum(ZONES, { error: m.invalidZone }),
  hourly_rate: hourlyRateSchema,
  availability_schedule: availabilityScheduleSchema,
  /** Days off; absent from older clients, read as none (the whole profile is replaced by a save). */
  availability_exceptions: z.optional(availabilityExceptionsSchema),
  profile_image_key: z.optional(z.nullable(uploadKeySchema)),
  diploma_image_keys: z.array(uploadKeySchema).check(z.maxLength(MAX_DIPLOMAS, { error: m.tooManyDiplomas })),
  /**
   * Issue 17: out of the public search, the public profile, the pre-rendered pages and the
   * sitemap (signed-in users still see it). Absent from older clients: the saved choice is kept
   * (false on a first save), so that a save which does not know it never shows a hidden profile.
   */
  hidden_from_visitors: z.optional(z.boolean({ error: m.invalidHiddenFromVisitors })),
});
export type TutorProfileInput = z.infer<typeof tutorProfileInputSchema>;

/** The profile editor's switch for `hidden_from_visitors`. */
export const HIDDEN_FROM_VISITORS_LABEL = 'Masquer mon profil aux visiteurs et aux moteurs de recherche';

/** The tutor's own profile, as `GET/PUT /api/me/tutor-profile` return it. */
/** What a tutor tells about itself, as its own profile and its public profile show it. */
interface TutorProfileFields {
  id: string;
  user_id: string;
  bio: string;
  education: string;
  experience: Experience | null;
  teaching_method: string;
  subjects: string[];
  levels: string[];
  location: Zone | null;
  hourly_rate: number | null;
  availability_schedule: AvailabilityEntry[];
  /** Issue 32: the discount (whole percent, 0–20) the tutor gives on monthly packages; 0 when none is set. */
  package_discount_percent: number;
}

export interface MyTutorProfile extends TutorProfileFields {
  availability_exceptions: AvailabilityException[];
  profile_image_key: string | null;
  profile_image_url: string | null;
  diploma_image_keys: string[];
  diploma_image_urls: string[];
  is_completed: boolean;
  /** The tutor hid the profile from visitors and search engines (false on profiles saved before). */
  hidden_from_visitors: boolean;
}

/** A tutor's public profile (`GET /api/tutors/{id}`), joined with its account (spec §3). */
export interface PublicTutorProfile extends TutorProfileFields {
  first_name: string;
  last_name: string;
  is_verified: boolean;
  /** The largest variant, or a short-lived presigned URL of the original until its variants are made; null without a photo. */
  profile_image_url: string | null;
  /** The photo's resized WebP variants for `srcset` (shared/src/photos.ts); empty until they are made. */
  profile_image_variants: PhotoVariant[];
  diploma_image_urls: string[];
  diploma_count: number;
  /**
   * The tutor's lessons (issue 15): accepted, cancelled by the tutor, no-shows an admin upheld —
   * the profile shows the cancellation rate and the no-shows from them.
   */
  lesson_stats: TutorLessonStats;
  /** How fast and how often the tutor answers parents' questions (issue 31); null below RESPONSE_STATS_MIN_QUESTIONS. */
  response_stats: TutorResponseStats | null;
}

export interface TutorLessonStats {
  accepted: number;
  tutor_cancelled: number;
  no_shows: number;
}

export const tutorIdParamsSchema = z.object({
  id: z.string({ error: tutorsMessages.notFound }).check(z.regex(/^[A-Za-z0-9-]{1,64}$/, { error: tutorsMessages.notFound })),
});
