/**
 * The API contract of onboarding, tutor profiles, uploads and KYC (zod/mini, shared by the
 * handlers and the SPA), plus the pure rules they share: upload keys and weekly availability.
 */
import * as z from './zod.js';
import {
  CHILD_LEVELS,
  COMPANY_TYPES,
  DEFAULT_SLOT,
  EXPERIENCE_OPTIONS,
  LEVELS,
  MAX_DIPLOMAS,
  MONTHLY_BUDGETS,
  PARENT_ZONES,
  SLOT_TIMES,
  SUBJECTS,
  TUTOR_COUNT_RANGES,
  UPLOAD_IMAGE_TYPES,
  UPLOAD_MAX_BYTES,
  WEEK_DAYS,
  ZONES,
  type ChildLevel,
  type CompanyType,
  type Experience,
  type KycStatus,
  type MonthlyBudget,
  type Role,
  type TutorCountRange,
  type WeekDay,
  type Zone,
} from './constants.js';
import { messages } from './messages.js';
import { pageCursorSchema, requiredText } from './schemas.js';

const m = messages.onboarding;

const optionalText = (max: number) =>
  z.optional(
    z.string().check(z.trim(), z.maxLength(max, { error: `${max} caractères au maximum` })),
  );

// ─── Uploads ────────────────────────────────────────────────────────────────────────────────

/** What an uploaded image is for; the KYC ones go to the private KYC bucket. */
export const UPLOAD_PURPOSES = ['profile_photo', 'diploma', 'kyc_cni', 'kyc_selfie'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];
export type UploadBucket = 'kyc' | 'tutor-images';
export type ImageContentType = (typeof UPLOAD_IMAGE_TYPES)[number];

export function bucketOfPurpose(purpose: UploadPurpose): UploadBucket {
  return purpose === 'kyc_cni' || purpose === 'kyc_selfie' ? 'kyc' : 'tutor-images';
}

export const IMAGE_EXTENSIONS: Record<ImageContentType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/**
 * `<owner user id>/<purpose>_<epoch ms>_<uuid>.<ext>`: built by the server only, so the owner
 * part is always the caller's own id, and the uuid makes every upload a new object.
 */
const UPLOAD_KEY = /^([A-Za-z0-9-]{1,64})\/(profile_photo|diploma|kyc_cni|kyc_selfie)_(\d{13})_([0-9a-f-]{36})\.(jpg|png|webp)$/;

export interface ParsedUploadKey {
  ownerId: string;
  purpose: UploadPurpose;
}

export function parseUploadKey(key: string): ParsedUploadKey | null {
  const match = UPLOAD_KEY.exec(key);
  if (!match) return null;
  return { ownerId: match[1]!, purpose: match[2] as UploadPurpose };
}

export function buildUploadKey(ownerId: string, purpose: UploadPurpose, contentType: ImageContentType, now: number, uuid: string): string {
  const key = `${ownerId}/${purpose}_${now}_${uuid}.${IMAGE_EXTENSIONS[contentType]}`;
  if (!parseUploadKey(key)) throw new Error('Clé de fichier invalide');
  return key;
}

export const uploadKeySchema = z
  .string({ error: messages.uploads.invalidKey })
  .check(z.refine((key) => parseUploadKey(key) !== null, { error: messages.uploads.invalidKey }));

/** `POST /api/uploads`: what the browser is about to upload. */
export const createUploadSchema = z.strictObject({
  purpose: z.enum(UPLOAD_PURPOSES, { error: messages.validation.invalidRequest }),
  content_type: z.enum(UPLOAD_IMAGE_TYPES, { error: messages.uploads.invalidType }),
  size: z
    .number({ error: messages.uploads.tooLarge })
    .check(
      z.int({ error: messages.uploads.tooLarge }),
      z.minimum(1, { error: messages.uploads.tooLarge }),
      z.maximum(UPLOAD_MAX_BYTES, { error: messages.uploads.tooLarge }),
    ),
});
export type CreateUploadInput = z.infer<typeof createUploadSchema>;

/** A presigned POST: the browser posts `fields` + the file (last) as multipart form data to `url`. */
export interface PresignedUpload {
  url: string;
  fields: Record<string, string>;
  key: string;
  expires_in: number;
}

/** `GET /api/uploads/url?key=…`. */
export const uploadUrlQuerySchema = z.object({ key: uploadKeySchema });
export interface SignedFileUrl {
  url: string;
  expires_in: number;
}

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

// ─── Tutor profile ──────────────────────────────────────────────────────────────────────────

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
  profile_image_key: z.optional(z.nullable(uploadKeySchema)),
  diploma_image_keys: z.array(uploadKeySchema).check(z.maxLength(MAX_DIPLOMAS, { error: m.tooManyDiplomas })),
});
export type TutorProfileInput = z.infer<typeof tutorProfileInputSchema>;

/** The tutor's own profile, as `GET/PUT /api/me/tutor-profile` return it. */
export interface MyTutorProfile {
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
  profile_image_key: string | null;
  profile_image_url: string | null;
  diploma_image_keys: string[];
  diploma_image_urls: string[];
  is_completed: boolean;
}

/** A tutor's public profile (`GET /api/tutors/{id}`), joined with its account (spec §3). */
export interface PublicTutorProfile {
  id: string;
  user_id: string;
  first_name: string;
  last_name: string;
  is_verified: boolean;
  bio: string;
  education: string;
  experience: Experience | null;
  teaching_method: string;
  subjects: string[];
  levels: string[];
  location: Zone | null;
  hourly_rate: number | null;
  availability_schedule: AvailabilityEntry[];
  /** Short-lived presigned URL, or null without a photo. */
  profile_image_url: string | null;
  diploma_image_urls: string[];
  diploma_count: number;
}

export const tutorIdParamsSchema = z.object({
  id: z.string({ error: messages.tutors.notFound }).check(z.regex(/^[A-Za-z0-9-]{1,64}$/, { error: messages.tutors.notFound })),
});

// ─── Parent and company onboarding ─────────────────────────────────────────────────────────

export const childSchema = z.strictObject({
  first_name: requiredText(50),
  age: z
    .number({ error: m.invalidAge })
    .check(z.int({ error: m.invalidAge }), z.minimum(1, { error: m.invalidAge }), z.maximum(99, { error: m.invalidAge })),
  level: z.enum(CHILD_LEVELS, { error: m.invalidChildLevel }),
});

/** `PUT /api/me/parent-preferences`: the parent's 3 onboarding steps. */
export const parentPreferencesSchema = z.strictObject({
  children: z
    .array(childSchema, { error: m.childrenRequired })
    .check(z.minLength(1, { error: m.childrenRequired }), z.maxLength(10, { error: '10 enfants au maximum' })),
  zone: z.optional(z.enum(PARENT_ZONES as unknown as readonly [Zone, ...Zone[]], { error: m.invalidZone })),
  monthly_budget: z.optional(z.enum(MONTHLY_BUDGETS, { error: m.invalidBudget })),
  preferences: optionalText(1000),
});
export type ParentPreferencesInput = z.infer<typeof parentPreferencesSchema>;
export interface ParentPreferences {
  children: Array<{ first_name: string; age: number; level: ChildLevel }>;
  zone: Zone | null;
  monthly_budget: MonthlyBudget | null;
  preferences: string;
  updated_at: string;
}

const PHONE = /^\+?[0-9 ().-]{8,20}$/;
const WEBSITE = /^https?:\/\/[^\s/$.?#][^\s]*\.[^\s]{2,}$/i;

/** `PUT /api/me/organisation`: the company's 3 onboarding steps. */
export const organisationSchema = z.strictObject({
  name: requiredText(120),
  type: z.enum(COMPANY_TYPES, { error: m.invalidCompanyType }),
  description: requiredText(1000),
  address: requiredText(200),
  phone: requiredText(20).check(
    z.refine((phone) => PHONE.test(phone) && phone.replace(/\D/g, '').length >= 8, { error: m.invalidPhone }),
  ),
  website: z.optional(
    z.string().check(z.trim(), z.maxLength(200), z.refine((url) => url === '' || WEBSITE.test(url), { error: m.invalidWebsite })),
  ),
  tutor_count: z.enum(TUTOR_COUNT_RANGES, { error: m.invalidTutorCount }),
  specialization: optionalText(300),
  certifications: optionalText(300),
});
export type OrganisationInput = z.infer<typeof organisationSchema>;
export interface Organisation {
  name: string;
  type: CompanyType;
  description: string;
  address: string;
  phone: string;
  website: string | null;
  tutor_count: TutorCountRange;
  specialization: string;
  certifications: string;
  updated_at: string;
}

// ─── KYC ────────────────────────────────────────────────────────────────────────────────────

const kycKey = (purpose: UploadPurpose) =>
  z
    .string({ error: messages.kyc.bothPhotosRequired })
    .check(
      z.minLength(1, { error: messages.kyc.bothPhotosRequired }),
      z.refine((key) => parseUploadKey(key)?.purpose === purpose, { error: messages.uploads.invalidKey }),
    );

/** `POST /api/me/kyc`: both photos are required (spec §5). */
export const submitKycSchema = z.strictObject({
  cni_image_key: kycKey('kyc_cni'),
  selfie_image_key: kycKey('kyc_selfie'),
});
export type SubmitKycInput = z.infer<typeof submitKycSchema>;

export const KYC_DECISIONS = ['approve', 'reject'] as const;
export type KycDecision = (typeof KYC_DECISIONS)[number];

/** `POST /api/admin/kyc/{id}/review`: rejecting without a note uses 'Documents non conformes'. */
export const reviewKycSchema = z.strictObject({
  decision: z.enum(KYC_DECISIONS, { error: messages.validation.invalidRequest }),
  admin_notes: z.optional(z.string().check(z.trim(), z.maxLength(500, { error: messages.kyc.noteTooLong }))),
});
export type ReviewKycInput = z.infer<typeof reviewKycSchema>;

export const kycIdParamsSchema = z.object({
  id: z.string().check(z.regex(/^[A-Za-z0-9-]{1,64}$/, { error: messages.kyc.notFound })),
});

/** `GET /api/admin/kyc?status=pending&cursor=`: every submission, or only those waiting (a sparse index). */
export const adminKycQuerySchema = z.object({
  cursor: pageCursorSchema,
  status: z.optional(z.enum(['pending'], { error: messages.validation.invalidRequest })),
});

/** A KYC submission as its owner sees it (`GET /api/me/kyc`; `null` when never submitted). */
export interface KycVerification {
  id: string;
  user_id: string;
  status: KycStatus;
  admin_notes: string | null;
  created_at: string;
  reviewed_at: string | null;
  cni_image_url: string;
  selfie_image_url: string;
}

/** A KYC submission in the admin's review list, with its owner (spec §7). */
export interface AdminKycItem extends KycVerification {
  verified_by: string | null;
  owner: { first_name: string; last_name: string; role: Role; email: string | null } | null;
}

/** What `POST /api/admin/kyc/{id}/review` answers (no document URLs: the list is reloaded). */
export interface KycReviewResult {
  id: string;
  user_id: string;
  status: KycStatus;
  admin_notes: string | null;
  verified_by: string;
  reviewed_at: string;
}

export interface AdminKycPage {
  items: AdminKycItem[];
  next_cursor: string | null;
}
