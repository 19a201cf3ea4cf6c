import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  addException,
  addSlot,
  availabilityExceptionsSchema,
  isCalendarDate,
  messages,
  canAddSlot,
  emptyWeek,
  normaliseWeek,
  parseHourlyRate,
  parseUploadKey,
  removeSlot,
  setDayAvailable,
  submitKycSchema,
  tutorProfileInputSchema,
  UPLOAD_MAX_BYTES,
  buildUploadKey,
  acceptedFormats,
  createUploadSchema,
} from '#shared';

/** The smallest tutor profile the schema accepts. */
const minimalTutorProfile = {
  bio: 'Bio',
  education: 'Licence',
  experience: 'debutant',
  subjects: ['Français'],
  levels: ['Primaire'],
  location: 'distance',
  hourly_rate: null,
  availability_schedule: [],
  diploma_image_keys: [],
};

describe('weekly availability (spec §5)', () => {
  it('starts with the seven days from Lundi to Dimanche, none available', () => {
    const week = emptyWeek();
    expect(week.map((d) => d.day)).toEqual(['Lundi', 'Mardi', 'Mercredi', 'Jeudi', 'Vendredi', 'Samedi', 'Dimanche']);
    expect(week.every((d) => !d.available && d.slots.length === 0)).toBe(true);
  });

  it('gives an activated day the default 09:00–17:00 slot and clears it when deactivated', () => {
    const on = setDayAvailable(emptyWeek(), 'Mardi', true);
    expect(on[1]).toEqual({ day: 'Mardi', available: true, slots: [{ start: '09:00', end: '17:00' }] });
    const off = setDayAvailable(addSlot(on, 'Mardi', { start: '18:00', end: '20:00' }), 'Mardi', false);
    expect(off[1]).toEqual({ day: 'Mardi', available: false, slots: [] });
  });

  it('adds a slot only if it ends after it starts, on the hour from 08:00 to 21:00, without overlap', () => {
    const week = setDayAvailable(emptyWeek(), 'Lundi', true);
    expect(canAddSlot(week, 'Lundi', { start: '18:00', end: '18:00' })).toBe(false);
    expect(canAddSlot(week, 'Lundi', { start: '19:00', end: '18:00' })).toBe(false);
    expect(canAddSlot(week, 'Lundi', { start: '07:00', end: '08:00' })).toBe(false);
    expect(canAddSlot(week, 'Lundi', { start: '20:00', end: '22:00' })).toBe(false);
    expect(canAddSlot(week, 'Lundi', { start: '18:30', end: '19:00' })).toBe(false);
    expect(canAddSlot(week, 'Lundi', { start: '16:00', end: '18:00' })).toBe(false); // overlaps 09–17
    expect(canAddSlot(week, 'Mardi', { start: '18:00', end: '20:00' })).toBe(false); // day not available
    const added = addSlot(week, 'Lundi', { start: '08:00', end: '09:00' });
    expect(added[0]!.slots).toEqual([
      { start: '08:00', end: '09:00' },
      { start: '09:00', end: '17:00' },
    ]);
    expect(addSlot(week, 'Lundi', { start: '19:00', end: '18:00' })).toEqual(week);
    expect(removeSlot(added, 'Lundi', 0)[0]!.slots).toEqual([{ start: '09:00', end: '17:00' }]);
  });

  it('normalises a saved schedule to the seven days in order', () => {
    const week = normaliseWeek([{ day: 'Dimanche', available: true, slots: [{ start: '10:00', end: '12:00' }] }]);
    expect(week).toHaveLength(7);
    expect(week[6]).toEqual({ day: 'Dimanche', available: true, slots: [{ start: '10:00', end: '12:00' }] });
    expect(week[0]).toEqual({ day: 'Lundi', available: false, slots: [] });
  });
});

describe('days off (issue 15)', () => {
  const firstError = (value: unknown) => {
    const result = z.safeParse(availabilityExceptionsSchema, value);
    return result.success ? null : result.error.issues[0]!.message;
  };

  it('are real calendar dates written YYYY-MM-DD', () => {
    for (const date of ['2026-11-30', '2028-02-29', '2026-12-31']) expect(isCalendarDate(date), date).toBe(true);
    for (const date of ['2026-02-29', '2026-02-30', '2026-13-01', '2026-11-31', '30/11/2026', '2026-1-05', '2026-11-30T00:00', '']) {
      expect(isCalendarDate(date), date).toBe(false);
    }
  });

  it('accept a single day and a range, end included; refuse an end before the start', () => {
    expect(firstError([{ start_date: '2026-12-24', end_date: '2026-12-24' }, { start_date: '2026-12-30', end_date: '2027-01-02' }])).toBeNull();
    expect(firstError([{ start_date: '2026-12-24', end_date: '2026-12-23' }])).toBe(messages.onboarding.dayOffEndBeforeStart);
    expect(firstError([{ start_date: '2026-02-30', end_date: '2026-03-01' }])).toBe(messages.onboarding.invalidDayOffDate);
    expect(firstError([{ start_date: '2026-12-24' }])).toBe(messages.onboarding.invalidDayOffDate);
    expect(firstError([{ start_date: '2026-12-24', end_date: '2026-12-24', reason: 'Noël' }])).not.toBeNull();
  });

  it('are at most 20 periods', () => {
    const days = Array.from({ length: 21 }, (_, i) => ({ start_date: `2027-01-${String(i + 1).padStart(2, '0')}`, end_date: `2027-01-${String(i + 1).padStart(2, '0')}` }));
    expect(firstError(days.slice(0, 20))).toBeNull();
    expect(firstError(days)).toBe(messages.onboarding.tooManyDaysOff);
  });

  it('are optional in a saved profile and kept in date order by the editor, each period once', () => {
    expect(z.safeParse(tutorProfileInputSchema, minimalTutorProfile).success).toBe(true);
    expect(z.safeParse(tutorProfileInputSchema, { ...minimalTutorProfile, availability_exceptions: [{ start_date: '2026-12-24', end_date: '2026-12-26' }] }).success).toBe(true);
    expect(z.safeParse(tutorProfileInputSchema, { ...minimalTutorProfile, availability_exceptions: [{ start_date: '2026-12-26', end_date: '2026-12-24' }] }).success).toBe(false);

    const christmas = { start_date: '2026-12-24', end_date: '2026-12-26' };
    const list = addException(addException([], { start_date: '2027-01-05', end_date: '2027-01-05' }), christmas);
    expect(list).toEqual([christmas, { start_date: '2027-01-05', end_date: '2027-01-05' }]);
    expect(addException(list, { ...christmas })).toEqual(list);
  });
});

describe('hourly rate field', () => {
  it('parses an integer, gives null when empty and NaN otherwise', () => {
    expect(parseHourlyRate('5000')).toBe(5000);
    expect(parseHourlyRate(' 5 000 ')).toBe(5000);
    expect(parseHourlyRate('')).toBeNull();
    expect(parseHourlyRate('   ')).toBeNull();
    expect(Number.isNaN(parseHourlyRate('50.5'))).toBe(true);
    expect(Number.isNaN(parseHourlyRate('-5'))).toBe(true);
  });
});

describe('upload keys', () => {
  const uuid = '0f8fad5b-d9cb-469f-a165-70867728950e';
  it('are built under the owner id with the purpose, the time and a uuid', () => {
    const key = buildUploadKey('user-1', 'kyc_cni', 'image/jpeg', 1_750_000_000_000, uuid);
    expect(key).toBe(`user-1/kyc_cni_1750000000000_${uuid}.jpg`);
    expect(parseUploadKey(key)).toEqual({ ownerId: 'user-1', purpose: 'kyc_cni', uuid, contentType: 'image/jpeg' });
    const diploma = buildUploadKey('user-1', 'diploma', 'application/pdf', 1_750_000_000_000, uuid);
    expect(diploma).toBe(`user-1/diploma_1750000000000_${uuid}.pdf`);
    expect(parseUploadKey(diploma)).toEqual({ ownerId: 'user-1', purpose: 'diploma', uuid, contentType: 'application/pdf' });
  });

  it('refuse an unresolved or foreign owner, other paths and other extensions', () => {
    expect(() => buildUploadKey('undefined/..', 'diploma', 'image/png', 1_750_000_000_000, uuid)).toThrow();
    expect(parseUploadKey(`../user-1/diploma_1750000000000_${uuid}.png`)).toBeNull();
    expect(parseUploadKey(`user-1/diploma_1750000000000_${uuid}.html`)).toBeNull();
    expect(parseUploadKey(`user-1/avatar_1750000000000_${uuid}.png`)).toBeNull();
    expect(parseUploadKey(`user-1/sub/diploma_1750000000000_${uuid}.png`)).toBeNull();
  });

  it('take a PDF for a diploma only: a photo and an identity document are images', () => {
    for (const purpose of ['profile_photo', 'kyc_cni', 'kyc_selfie'] as const) {
      expect(parseUploadKey(`user-1/${purpose}_1750000000000_${uuid}.pdf`), purpose).toBeNull();
      expect(() => buildUploadKey('user-1', purpose, 'application/pdf', 1_750_000_000_000, uuid), purpose).toThrow();
      expect(acceptedFormats(purpose)).toBe('JPEG, PNG ou WebP');
    }
    expect(acceptedFormats('diploma')).toBe('PDF, JPEG, PNG ou WebP');
  });
});

describe('the upload request', () => {
  const request = (purpose: string, content_type: string, size = 1000) => z.safeParse(createUploadSchema, { purpose, content_type, size });
  const refusal = (result: ReturnType<typeof request>) => (result.success ? null : result.error.issues[0]?.message);

  it('takes a PDF or an image as a diploma, and only an image for the others', () => {
    expect(request('diploma', 'application/pdf').success).toBe(true);
    expect(request('diploma', 'image/webp').success).toBe(true);
    expect(request('profile_photo', 'image/jpeg').success).toBe(true);
    for (const purpose of ['profile_photo', 'kyc_cni', 'kyc_selfie']) expect(refusal(request(purpose, 'application/pdf')), purpose).toBe(messages.uploads.invalidType);
    expect(refusal(request('diploma', 'text/html'))).toBe(messages.uploads.invalidDiplomaType);
  });

  it('says the limit in the words of the file: a photo, or a file', () => {
    expect(refusal(request('profile_photo', 'image/png', UPLOAD_MAX_BYTES + 1))).toBe(messages.uploads.tooLarge);
    expect(refusal(request('diploma', 'application/pdf', UPLOAD_MAX_BYTES + 1))).toBe(messages.uploads.diplomaTooLarge);
    expect(request('diploma', 'application/pdf', UPLOAD_MAX_BYTES).success).toBe(true);
    expect(request('diploma', 'application/pdf', 0).success).toBe(false);
  });
});

describe('request schemas', () => {
  it('require both KYC photos, each of its kind', () => {
    const uuid = '0f8fad5b-d9cb-469f-a165-70867728950e';
    const cni = `u/kyc_cni_1750000000000_${uuid}.jpg`;
    const selfie = `u/kyc_selfie_1750000000000_${uuid}.jpg`;
    expect(z.safeParse(submitKycSchema, { cni_image_key: cni, selfie_image_key: selfie }).success).toBe(true);
    expect(z.safeParse(submitKycSchema, { cni_image_key: cni }).success).toBe(false);
    expect(z.safeParse(submitKycSchema, { cni_image_key: selfie, selfie_image_key: cni }).success).toBe(false);
  });

  it('refuse duplicate subjects and unknown fields in a tutor profile', () => {
    expect(z.safeParse(tutorProfileInputSchema, minimalTutorProfile).success).toBe(true);
    expect(z.safeParse(tutorProfileInputSchema, { ...minimalTutorProfile, subjects: ['Français', 'Français'] }).success).toBe(false);
    expect(z.safeParse(tutorProfileInputSchema, { ...minimalTutorProfile, is_verified: true }).success).toBe(false);
    expect(z.safeParse(tutorProfileInputSchema, { ...minimalTutorProfile, user_id: 'someone-else' }).success).toBe(false);
  });

  it('keep the upload size limit at 5 MB', () => {
    expect(UPLOAD_MAX_BYTES).toBe(5 * 1024 * 1024);
  });
});
