/**
 * Lesson dates in French. A lesson's date is an Abidjan calendar date (`YYYY-MM-DD`, Abidjan = UTC,
 * shared/src/lesson-slots.ts): it is read as that day at midnight UTC, so the browser's own time
 * zone can never move it to the day before or after. The words come from shared/src/french-dates.ts
 * (the e-mails' and notifications' too): no date library in the screens that show a lesson, the
 * visitor's tutor page included (issue 34).
 */
import { frenchDateOf, frenchDayOf, frenchShortDayOf } from '#shared/french-dates';

const midnightOf = (date: string) => `${date}T00:00:00.000Z`;

/** 'Lundi 30 novembre', 'Mardi 1er décembre'. */
export function frenchDayLabel(date: string): string {
  return frenchDayOf(midnightOf(date));
}

/** '24 décembre 2026', '1er janvier 2027'. */
export function frenchDate(date: string): string {
  return frenchDateOf(midnightOf(date));
}

/** 'HH:MM' of an instant in Abidjan (= UTC, whatever the browser's time zone). */
export function abidjanTime(instant: string): string {
  return new Date(instant).toISOString().slice(11, 16);
}

/** '09:00–11:00'. */
export function hoursLabel(start: string, end: string): string {
  return `${abidjanTime(start)}–${abidjanTime(end)}`;
}

/** 'Mardi 1er décembre, 09:00–11:00': a lesson's day and hours in Abidjan. */
export function lessonTimeLabel(start: string, end: string): string {
  return `${frenchDayOf(start)}, ${hoursLabel(start, end)}`;
}

/** 'mardi 1er décembre à 09:00': an instant in a sentence. */
export function frenchMoment(instant: string): string {
  const label = frenchDayOf(instant);
  return `${label.charAt(0).toLowerCase()}${label.slice(1)} à ${abidjanTime(instant)}`;
}

/** 'Lun. 30 nov.': a day on a small button. */
export function shortDayLabel(date: string): string {
  return frenchShortDayOf(midnightOf(date));
}
