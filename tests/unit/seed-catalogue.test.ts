import { describe, expect, it } from 'vitest';
import { LEVELS, RATE_STEP, SUBJECTS, WEEK_DAYS, ZONES } from '#shared';
import { seedTutors } from '../../infra/local/seed/tutors.js';

describe('demo tutor catalogue', () => {
  const tutors = seedTutors();

  it('has at least 60 tutors, always the same ones', () => {
    expect(tutors.length).toBeGreaterThanOrEqual(60);
    expect(seedTutors().map((t) => t.tutorProfile.id)).toEqual(tutors.map((t) => t.tutorProfile.id));
    expect(new Set(tutors.map((t) => t.tutorProfile.id)).size).toBe(tutors.length);
  });

  it('covers the first eight areas (remote included), every subject and level; larger catalogues every zone', () => {
    const completed = tutors.filter((t) => t.tutorProfile.is_completed).map((t) => t.tutorProfile);
    expect(new Set(completed.map((t) => t.location))).toEqual(
      new Set(['cocody', 'plateau', 'marcory', 'treichville', 'adjame', 'yopougon', 'abobo', 'distance']),
    );
    expect(new Set(seedTutors(1_000).map((t) => t.tutorProfile.location))).toEqual(new Set(ZONES));
    expect(new Set(completed.flatMap((t) => t.subjects))).toEqual(new Set(SUBJECTS));
    expect(new Set(completed.flatMap((t) => t.levels))).toEqual(new Set(LEVELS));
  });

  it('charges whole FCFA rates from 2 000 to 10 000 on the slider steps', () => {
    for (const { tutorProfile } of tutors) {
      expect(tutorProfile.hourly_rate).toBeGreaterThanOrEqual(2000);
      expect(tutorProfile.hourly_rate).toBeLessThanOrEqual(10000);
      expect(tutorProfile.hourly_rate % RATE_STEP).toBe(0);
    }
  });

  it('mixes verified and unverified, completed and unfinished profiles', () => {
    const verified = tutors.filter((t) => t.profile.is_verified).length;
    expect(verified).toBeGreaterThan(0);
    expect(verified).toBeLessThan(tutors.length);
    expect(tutors.some((t) => !t.tutorProfile.is_completed)).toBe(true);
  });

  it('gives each tutor a weekly schedule with valid slots on available days only', () => {
    for (const { tutorProfile } of tutors) {
      expect(tutorProfile.availability_schedule.map((d) => d.day)).toEqual([...WEEK_DAYS]);
      for (const day of tutorProfile.availability_schedule) {
        if (!day.available) expect(day.slots).toEqual([]);
        for (const slot of day.slots) expect(slot.end > slot.start).toBe(true);
      }
      expect(tutorProfile.bio.length).toBeGreaterThan(40);
      expect(tutorProfile.education.length).toBeGreaterThan(10);
    }
  });
});
