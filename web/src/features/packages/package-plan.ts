/**
 * The 'Forfait mensuel' picker's arithmetic: which weekly slots (weekday, hour) the tutor's free
 * slots of the next two weeks offer for a lesson of 1 or 2 hours, and the start dates allowed.
 * Pure functions (no React): the server checks every one of the 4 weeks again when booking.
 */
import type { LessonSlot } from '#shared/lesson-slots';
import { PACKAGE_START_HORIZON_DAYS, type WeeklySlot } from '#shared/packages';

export const WEEKDAY_NAMES = ['Lundi', 'Mardi', 'Mercredi', 'Jeudi', 'Vendredi', 'Samedi', 'Dimanche'] as const;

/** ISO weekday (1 = lundi … 7 = dimanche) of an instant, Abidjan = UTC. */
export const isoWeekday = (instant: string) => ((new Date(instant).getUTCDay() + 6) % 7) + 1;

/**
 * For each weekday, the start hours at which `duration` consecutive free hours exist on at least one
 * of its dates in the free slots (the next two weeks): what a weekly slot may be. Sorted.
 */
export function weeklyOptions(free: readonly LessonSlot[], duration: number): Map<number, number[]> {
  const starts = new Set(free.map((slot) => slot.start));
  const options = new Map<number, Set<number>>();
  for (const slot of free) {
    const first = Date.parse(slot.start);
    let fits = true;
    for (let hour = 1; hour < duration; hour++) fits &&= starts.has(new Date(first + hour * 3_600_000).toISOString());
    if (!fits) continue;
    const weekday = isoWeekday(slot.start);
    const hours = options.get(weekday) ?? new Set<number>();
    hours.add(new Date(slot.start).getUTCHours());
    options.set(weekday, hours);
  }
  return new Map([...options].sort(([a], [b]) => a - b).map(([weekday, hours]) => [weekday, [...hours].sort((a, b) => a - b)]));
}

/** One slot per day: picking an hour on a day already chosen moves that day's lesson; picking it again removes it. */
export function toggleWeeklySlot(chosen: readonly WeeklySlot[], slot: WeeklySlot, max: number): WeeklySlot[] {
  const same = chosen.find((c) => c.weekday === slot.weekday);
  if (same?.hour === slot.hour) return chosen.filter((c) => c !== same);
  const others = chosen.filter((c) => c.weekday !== slot.weekday);
  if (!same && others.length >= max) return [...chosen];
  return [...others, slot].sort((a, b) => a.weekday - b.weekday);
}

/** Slots still offered for the new duration (a 2-hour lesson needs the next hour free too). */
export function keepOffered(chosen: readonly WeeklySlot[], options: Map<number, number[]>): WeeklySlot[] {
  return chosen.filter((slot) => options.get(slot.weekday)?.includes(slot.hour));
}

/** `YYYY-MM-DD` of `now` + `days` (Abidjan = UTC). */
export const dateAfter = (now: Date, days: number) => new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 10);

/** The start dates allowed: from today to the last day of the horizon. */
export function startDateBounds(now: Date): { min: string; max: string } {
  return { min: dateAfter(now, 0), max: dateAfter(now, PACKAGE_START_HORIZON_DAYS - 1) };
}

/** '14:00–15:00' of a weekly slot of `duration` hours. */
export const weeklyHours = (slot: WeeklySlot, duration: number) =>
  `${String(slot.hour).padStart(2, '0')}:00–${String(slot.hour + duration).padStart(2, '0')}:00`;

/** 'Lundi 16:00–17:00'. */
export const weeklySlotLabel = (slot: WeeklySlot, duration: number) => `${WEEKDAY_NAMES[slot.weekday - 1]} ${weeklyHours(slot, duration)}`;
