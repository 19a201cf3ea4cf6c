/**
 * Dates and times of lessons in French, without a date library (safe in every bundle, the Lambdas'
 * too). Lessons happen in Abidjan, where the wall clock is UTC all year (lesson-slots.ts): an
 * instant is read in UTC, whatever the machine's time zone.
 */

const WEEK_DAYS = ['Dimanche', 'Lundi', 'Mardi', 'Mercredi', 'Jeudi', 'Vendredi', 'Samedi'] as const;
const MONTHS = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
] as const;

const two = (n: number) => String(n).padStart(2, '0');

/** 'Mardi 1er décembre' of an instant (Abidjan). */
export function frenchDayOf(instant: string | Date): string {
  const date = new Date(instant);
  const day = date.getUTCDate();
  return `${WEEK_DAYS[date.getUTCDay()]} ${day === 1 ? '1er' : day} ${MONTHS[date.getUTCMonth()]}`;
}

/** '09:00' of an instant (Abidjan). */
export function frenchTimeOf(instant: string | Date): string {
  const date = new Date(instant);
  return `${two(date.getUTCHours())}:${two(date.getUTCMinutes())}`;
}

/** 'Mardi 1er décembre, 09:00': when a lesson starts, as notifications and e-mails say it. */
export function lessonTimeLabel(instant: string | Date): string {
  return `${frenchDayOf(instant)}, ${frenchTimeOf(instant)}`;
}

/** A delay in words: 86 400 → '24 heures', 3 600 → '1 heure', 1 800 → '30 minutes', 45 → '45 secondes'. */
export function frenchDelay(seconds: number): string {
  const plural = (n: number, word: string) => `${n} ${word}${n > 1 ? 's' : ''}`;
  if (seconds >= 3600 && seconds % 3600 === 0) return plural(seconds / 3600, 'heure');
  if (seconds >= 60 && seconds % 60 === 0) return plural(seconds / 60, 'minute');
  return plural(seconds, 'seconde');
}
