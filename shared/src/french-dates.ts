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

/** Abbreviated as in French typography (and as the CLDR gives them: 'lun.', 'nov.'). */
const SHORT_WEEK_DAYS = ['Dim.', 'Lun.', 'Mar.', 'Mer.', 'Jeu.', 'Ven.', 'Sam.'] as const;
const SHORT_MONTHS = ['janv.', 'févr.', 'mars', 'avr.', 'mai', 'juin', 'juil.', 'août', 'sept.', 'oct.', 'nov.', 'déc.'] as const;

const two = (n: number) => String(n).padStart(2, '0');

/** 'Mardi 1er décembre' of an instant (Abidjan). */
export function frenchDayOf(instant: string | Date): string {
  const date = new Date(instant);
  const day = date.getUTCDate();
  return `${WEEK_DAYS[date.getUTCDay()]} ${day === 1 ? '1er' : day} ${MONTHS[date.getUTCMonth()]}`;
}

/** '24 décembre 2026', '1er janvier 2027' of an instant (Abidjan). */
export function frenchDateOf(instant: string | Date): string {
  const date = new Date(instant);
  const day = date.getUTCDate();
  return `${day === 1 ? '1er' : day} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** 'Lun. 30 nov.', 'Mar. 1 déc.' of an instant (Abidjan): a day on a small button. */
export function frenchShortDayOf(instant: string | Date): string {
  const date = new Date(instant);
  return `${SHORT_WEEK_DAYS[date.getUTCDay()]} ${date.getUTCDate()} ${SHORT_MONTHS[date.getUTCMonth()]}`;
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
