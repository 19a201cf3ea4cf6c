import { describe, expect, it } from 'vitest';
import {
  abidjanDate,
  areConsecutiveFreeSlots,
  BOOKING_HORIZON_DAYS,
  freeSlots,
  MIN_BOOKING_LEAD_MINUTES,
  weekDayOf,
  weeklySlotsOn,
} from '#shared/lesson-slots';
import { emptyWeek, type AvailabilityEntry } from '#shared/tutor-profile-schemas';

/** Available every day from `start` to `end`. */
function everyDay(start: string, end: string): AvailabilityEntry[] {
  return emptyWeek().map((day) => ({ ...day, available: true, slots: [{ start, end }] }));
}

const at = (iso: string) => new Date(iso);
const starts = (slots: { start: string }[]) => slots.map((slot) => slot.start);

describe('the Abidjan calendar', () => {
  it('names week days from Lundi, whatever the machine time zone', () => {
    expect(weekDayOf('2026-11-23')).toBe('Lundi');
    expect(weekDayOf('2026-11-29')).toBe('Dimanche');
    expect(weekDayOf('2028-02-29')).toBe('Mardi');
  });

  it('dates an instant in UTC (Abidjan has no offset and no daylight saving)', () => {
    expect(abidjanDate('2026-11-30T23:59:59.999Z')).toBe('2026-11-30');
    expect(abidjanDate('2026-12-01T00:00:00.000Z')).toBe('2026-12-01');
  });
});

describe('weekly slots of a day', () => {
  it('cuts each range into one-hour slots, in order, the last one ending at the range end', () => {
    const week = emptyWeek().map((day) =>
      day.day === 'Mardi' ? { ...day, available: true, slots: [{ start: '16:00', end: '18:00' }, { start: '09:00', end: '10:00' }] } : day,
    );
    expect(starts(weeklySlotsOn('2026-11-24', week))).toEqual(['2026-11-24T09:00:00.000Z', '2026-11-24T16:00:00.000Z', '2026-11-24T17:00:00.000Z']);
    expect(weeklySlotsOn('2026-11-24', week).at(-1)!.end).toBe('2026-11-24T18:00:00.000Z');
    expect(weeklySlotsOn('2026-11-25', week)).toEqual([]);
  });
});

describe('free slots', () => {
  const week = everyDay('08:00', '10:00');

  it(`spans ${BOOKING_HORIZON_DAYS} days, today included`, () => {
    const slots = freeSlots({ week, now: at('2026-11-23T00:00:00.000Z') });
    expect(slots).toHaveLength(BOOKING_HORIZON_DAYS * 2);
    expect(slots[0]!.start).toBe('2026-11-23T08:00:00.000Z');
    expect(slots.at(-1)!.start).toBe('2026-12-06T09:00:00.000Z');
  });

  it(`starts no sooner than ${MIN_BOOKING_LEAD_MINUTES} minutes from now: exactly then is still free`, () => {
    expect(starts(freeSlots({ week, now: at('2026-11-23T06:00:00.000Z'), days: 1 }))).toEqual(['2026-11-23T08:00:00.000Z', '2026-11-23T09:00:00.000Z']);
    expect(starts(freeSlots({ week, now: at('2026-11-23T06:00:00.001Z'), days: 1 }))).toEqual(['2026-11-23T09:00:00.000Z']);
  });

  it('late in the evening, goes on from tomorrow morning (across midnight)', () => {
    const slots = freeSlots({ week, now: at('2026-11-23T23:30:00.000Z'), days: 2 });
    expect(starts(slots)).toEqual(['2026-11-24T08:00:00.000Z', '2026-11-24T09:00:00.000Z']);
  });

  it('runs across month and year ends, and over 29 February', () => {
    expect(starts(freeSlots({ week, now: at('2026-11-30T20:00:00.000Z'), days: 2 }))).toEqual(['2026-12-01T08:00:00.000Z', '2026-12-01T09:00:00.000Z']);
    expect(freeSlots({ week, now: at('2026-12-31T12:00:00.000Z'), days: 2 })[0]!.start).toBe('2027-01-01T08:00:00.000Z');
    const leap = freeSlots({ week, now: at('2028-02-28T12:00:00.000Z'), days: 3 });
    expect([...new Set(leap.map((slot) => abidjanDate(slot.start)))]).toEqual(['2028-02-29', '2028-03-01']);
  });

  it('skips the days off, both ends included', () => {
    const slots = freeSlots({ week, exceptions: [{ start_date: '2026-11-24', end_date: '2026-11-25' }], now: at('2026-11-23T00:00:00.000Z'), days: 4 });
    expect([...new Set(slots.map((slot) => abidjanDate(slot.start)))]).toEqual(['2026-11-23', '2026-11-26']);
  });

  it('leaves out the slots taken, however their instant is written', () => {
    const slots = freeSlots({ week, taken: ['2026-11-23T08:00:00Z'], now: at('2026-11-23T00:00:00.000Z'), days: 1 });
    expect(starts(slots)).toEqual(['2026-11-23T09:00:00.000Z']);
  });

  it('follows the week: a day without availability has no slot', () => {
    const mondays = emptyWeek().map((day) => (day.day === 'Lundi' ? { ...day, available: true, slots: [{ start: '08:00', end: '09:00' }] } : day));
    const slots = freeSlots({ week: mondays, now: at('2026-11-23T00:00:00.000Z') });
    expect(starts(slots)).toEqual(['2026-11-23T08:00:00.000Z', '2026-11-30T08:00:00.000Z']);
  });
});

describe('a lesson of several hours', () => {
  const free = freeSlots({ week: everyDay('08:00', '12:00'), now: at('2026-11-23T00:00:00.000Z'), days: 1 });

  it('holds consecutive free slots', () => {
    expect(areConsecutiveFreeSlots(['2026-11-23T09:00:00.000Z', '2026-11-23T08:00:00.000Z'], free)).toBe(true);
  });

  it('refuses a gap, a slot that is not free, a repeated slot or none', () => {
    expect(areConsecutiveFreeSlots(['2026-11-23T08:00:00.000Z', '2026-11-23T10:00:00.000Z'], free)).toBe(false);
    expect(areConsecutiveFreeSlots(['2026-11-23T11:00:00.000Z', '2026-11-23T12:00:00.000Z'], free)).toBe(false);
    expect(areConsecutiveFreeSlots(['2026-11-23T08:00:00.000Z', '2026-11-23T08:00:00.000Z'], free)).toBe(false);
    expect(areConsecutiveFreeSlots([], free)).toBe(false);
  });
});
