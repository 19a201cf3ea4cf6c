/**
 * The tutor's week (issue 15, point 6): which Abidjan dates a week holds, which lessons fall on
 * each, and where a lesson sits on the hour grid. Abidjan is UTC all year (no daylight saving,
 * shared/src/lesson-slots.ts): dates and hours are read on UTC, whatever the browser's time zone.
 */
import { abidjanDate, weekDayOf } from '#shared/lesson-slots';
import { WEEK_DAYS } from '#shared/constants';
import type { TransactionStatus } from '#shared/transaction-process';

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/** `YYYY-MM-DD` + `days` (negative for earlier), across month and year ends. */
export function addDays(date: string, days: number): string {
  return abidjanDate(new Date(Date.parse(`${date}T00:00:00.000Z`) + days * DAY_MS));
}

/** The Monday of the week of an Abidjan date (weeks run Monday to Sunday). */
export function mondayOf(date: string): string {
  return addDays(date, -WEEK_DAYS.indexOf(weekDayOf(date)));
}

/** The seven dates of the week starting on `monday`. */
export function weekDates(monday: string): string[] {
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}

/**
 * Lessons that take the tutor's time: asked, confirmed, given or in dispute. Not those that will
 * not happen (declined, cancelled, refunded, never paid).
 */
const ON_CALENDAR: readonly TransactionStatus[] = ['requested', 'escrow', 'disputed', 'released', 'needs_attention'];

export function isOnCalendar(lesson: { status: TransactionStatus; cancellation?: unknown }): boolean {
  return ON_CALENDAR.includes(lesson.status) && !lesson.cancellation;
}

/** The week's days, each with the calendar's lessons that start on it, in order. */
export function lessonsOfWeek<T extends { start: string; status: TransactionStatus; cancellation?: unknown }>(
  lessons: readonly T[],
  monday: string,
): Array<{ date: string; lessons: T[] }> {
  return weekDates(monday).map((date) => ({
    date,
    lessons: lessons.filter((lesson) => isOnCalendar(lesson) && abidjanDate(lesson.start) === date).sort((a, b) => a.start.localeCompare(b.start)),
  }));
}

/** The hours the grid shows: the bookable day (08:00 to 21:00), widened to any lesson outside it. */
export function gridHours(lessons: ReadonlyArray<{ start: string; end: string }>, first = 8, last = 21): { first: number; last: number } {
  let from = first;
  let to = last;
  for (const lesson of lessons) {
    const start = new Date(lesson.start);
    const endHours = (Date.parse(lesson.end) - Date.parse(`${abidjanDate(lesson.start)}T00:00:00.000Z`)) / HOUR_MS;
    from = Math.min(from, start.getUTCHours());
    to = Math.max(to, Math.min(24, Math.ceil(endHours)));
  }
  return { first: from, last: to };
}

/** A lesson's rows on a grid of one row per hour from `firstHour`: its first row (0-based) and how many. */
export function gridPlacement(lesson: { start: string; end: string }, firstHour: number): { row: number; span: number } {
  const start = new Date(lesson.start);
  const row = start.getUTCHours() - firstHour;
  const span = Math.max(1, Math.ceil((Date.parse(lesson.end) - start.getTime()) / HOUR_MS));
  return { row, span };
}
