/**
 * A tutor's days off and free slots against the local stack (issue 15, point 1): the days off saved
 * with the profile (validated, in French, nothing written on bad input; none on a profile saved
 * before they existed), and `GET /api/tutors/{id}/slots`: the weekly hours of the next two weeks,
 * never on a day off, never within 2 h, for the callers who may see the profile.
 *
 * The handler reads the real clock: the assertions hold for any instant between the request and
 * its answer (the first and last days of the window, which move at midnight, are only bounded).
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { messages } from '#shared';
import { WEEK_DAYS } from '#shared/constants';
import { abidjanDate, MIN_BOOKING_LEAD_MINUTES } from '#shared/lesson-slots';
import { api, newUser, type TestUser } from '../support/stack.js';
import { tutorProfileBody } from './access-fixtures.js';
import { db, withdrawTutorProfile } from './payments-helpers.js';

const DAY = 24 * 3_600_000;
/** Every day 08:00–21:00: 13 one-hour slots a day. */
const everyDay = WEEK_DAYS.map((day) => ({ day, available: true, slots: [{ start: '08:00', end: '21:00' }] }));
const dateIn = (days: number, from = Date.now()) => abidjanDate(new Date(from + days * DAY));

const tutors: string[] = [];
afterAll(async () => {
  // The shared stack's search tests count the catalogue: take our tutors out of it again.
  await Promise.all(tutors.map(withdrawTutorProfile));
});

async function tutor(): Promise<TestUser> {
  const user = await newUser('tuteur');
  tutors.push(user.sub);
  return user;
}
const save = (user: TestUser, overrides: Record<string, unknown>) =>
  api('/api/me/tutor-profile', { method: 'PUT', token: user.accessToken, body: tutorProfileBody(overrides) });
const mine = async (user: TestUser) => (await api('/api/me/tutor-profile', { token: user.accessToken })).body;
const slotsOf = (id: string, caller: TestUser) => api(`/api/tutors/${id}/slots`, { token: caller.accessToken });

describe('days off on the tutor profile (PUT/GET /api/me/tutor-profile)', () => {
  it('saves them, reads them back, and a later save replaces them', async () => {
    const user = await tutor();
    const days_off = [
      { start_date: dateIn(10), end_date: dateIn(10) },
      { start_date: dateIn(2), end_date: dateIn(4) },
    ];
    const saved = await save(user, { availability_exceptions: days_off });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.availability_exceptions).toEqual(days_off);
    expect((await mine(user)).availability_exceptions).toEqual(days_off);

    expect((await save(user, { availability_exceptions: [] })).status).toBe(200);
    expect((await mine(user)).availability_exceptions).toEqual([]);
  });

  it('reads none on a profile saved without them, or saved before they existed', async () => {
    const user = await tutor();
    const saved = await save(user, {});
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.availability_exceptions).toEqual([]);
    // A profile written before issue 15 has no such attribute at all.
    await db().send(
      new UpdateCommand({ TableName: 'kalan-local', Key: { pk: `USER#${user.sub}`, sk: 'TUTOR_PROFILE' }, UpdateExpression: 'REMOVE availability_exceptions' }),
    );
    expect((await mine(user)).availability_exceptions).toEqual([]);
    const slots = await slotsOf(saved.body.id, await newUser('parent'));
    expect(slots.status, slots.text).toBe(200);
    expect(slots.body.slots.length).toBeGreaterThan(0);
  });

  it.each([
    ['an end before the start', [{ start_date: '2026-12-10', end_date: '2026-12-09' }], messages.onboarding.dayOffEndBeforeStart],
    ['a date that does not exist', [{ start_date: '2026-02-30', end_date: '2026-03-02' }], messages.onboarding.invalidDayOffDate],
    ['a date not written YYYY-MM-DD', [{ start_date: '10/12/2026', end_date: '2026-12-12' }], messages.onboarding.invalidDayOffDate],
    ['a missing end', [{ start_date: '2026-12-10' }], messages.onboarding.invalidDayOffDate],
    [
      'more than 20 periods',
      Array.from({ length: 21 }, (_, i) => ({ start_date: `2027-01-${String(i + 1).padStart(2, '0')}`, end_date: `2027-01-${String(i + 1).padStart(2, '0')}` })),
      messages.onboarding.tooManyDaysOff,
    ],
  ])('refuses %s in French and writes nothing', async (_case, availability_exceptions, message) => {
    const user = await tutor();
    const refused = await save(user, { availability_exceptions });
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('validation_error');
    expect(refused.body.error.message).toBe(message);
    expect(await mine(user)).toBeNull();

    // Nor over a saved profile: it stays as it was.
    const kept = [{ start_date: '2027-03-01', end_date: '2027-03-05' }];
    expect((await save(user, { availability_exceptions: kept })).status).toBe(200);
    const before = await mine(user);
    expect((await save(user, { availability_exceptions, bio: 'Changé' })).status).toBe(400);
    expect(await mine(user)).toEqual(before);
  });
});

describe('free slots (GET /api/tutors/{id}/slots)', () => {
  it('offers the weekly hours of the next 14 days, none on a day off, none within 2 h', async () => {
    const user = await tutor();
    const daysOff = [
      { start_date: dateIn(1), end_date: dateIn(3) },
      { start_date: dateIn(9), end_date: dateIn(9) },
    ];
    const saved = await save(user, { availability_schedule: everyDay, availability_exceptions: daysOff });
    expect(saved.status, saved.text).toBe(200);
    const parent = await newUser('parent');

    const before = Date.now();
    const response = await slotsOf(saved.body.id, parent);
    const after = Date.now();
    expect(response.status, response.text).toBe(200);
    expect(response.body.time_zone).toBe('Africa/Abidjan');
    const slots = response.body.slots as Array<{ start: string; end: string }>;

    const off = new Set([1, 2, 3, 9].flatMap((n) => [dateIn(n, before), dateIn(n, after)]));
    const lastDate = dateIn(13, after);
    for (const slot of slots) {
      const start = Date.parse(slot.start);
      expect(Date.parse(slot.end) - start, slot.start).toBe(3_600_000);
      expect(off.has(abidjanDate(slot.start)), `${slot.start} est un jour d'absence`).toBe(false);
      const hour = new Date(start).getUTCHours();
      expect(hour >= 8 && hour <= 20 && new Date(start).getUTCMinutes() === 0, slot.start).toBe(true);
      expect(start, `${slot.start} commence dans moins de 2 h`).toBeGreaterThanOrEqual(before + MIN_BOOKING_LEAD_MINUTES * 60_000);
      expect(abidjanDate(slot.start) <= lastDate, `${slot.start} est au-delà de 14 jours`).toBe(true);
    }
    expect(slots.map((slot) => slot.start)).toEqual([...new Set(slots.map((slot) => slot.start))].sort());
    // Every hour of every day that is not off, between the window's moving ends.
    for (let n = 4; n <= 12; n++) {
      if (n === 9) continue;
      const date = dateIn(n, before);
      expect(slots.filter((slot) => abidjanDate(slot.start) === date), date).toHaveLength(13);
    }
  });

  it('answers 404 in French for an unknown tutor and for a profile out of the catalogue, to all but its owner', async () => {
    const parent = await newUser('parent');
    const unknown = await slotsOf('00000000-0000-4000-8000-000000000000', parent);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe(messages.tutors.notFound);

    const owner = await tutor();
    const saved = await save(owner, { availability_schedule: everyDay });
    await withdrawTutorProfile(owner.sub);
    const hidden = await slotsOf(saved.body.id, parent);
    expect(hidden.status).toBe(404);
    expect(hidden.body.error.message).toBe(messages.tutors.notFound);
    expect((await slotsOf(saved.body.id, owner)).status).toBe(200);
  });
});
