/**
 * Lesson dates in French. A lesson's date is an Abidjan calendar date (`YYYY-MM-DD`, Abidjan = UTC,
 * shared/src/lesson-slots.ts): it is formatted from a local Date with the same calendar fields, so
 * the browser's own time zone can never move it to the day before or after.
 */
import { format } from 'date-fns';
import { fr } from 'date-fns/locale';

function localDate(date: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, day);
}

const dayOfMonth = (date: Date) => (date.getDate() === 1 ? '1er' : String(date.getDate()));

/** 'Lundi 30 novembre', 'Mardi 1er décembre'. */
export function frenchDayLabel(date: string): string {
  const local = localDate(date);
  const weekDay = format(local, 'EEEE', { locale: fr });
  return `${weekDay.charAt(0).toUpperCase()}${weekDay.slice(1)} ${dayOfMonth(local)} ${format(local, 'MMMM', { locale: fr })}`;
}

/** '24 décembre 2026', '1er janvier 2027'. */
export function frenchDate(date: string): string {
  const local = localDate(date);
  return `${dayOfMonth(local)} ${format(local, 'MMMM yyyy', { locale: fr })}`;
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
  return `${frenchDayLabel(new Date(start).toISOString().slice(0, 10))}, ${hoursLabel(start, end)}`;
}

/** 'mardi 1er décembre à 09:00': an instant in a sentence. */
export function frenchMoment(instant: string): string {
  const label = frenchDayLabel(new Date(instant).toISOString().slice(0, 10));
  return `${label.charAt(0).toLowerCase()}${label.slice(1)} à ${abidjanTime(instant)}`;
}

/** 'Lun. 30 nov.': a day on a small button. */
export function shortDayLabel(date: string): string {
  const label = format(localDate(date), 'EEE d MMM', { locale: fr });
  return `${label.charAt(0).toUpperCase()}${label.slice(1)}`;
}
