/** Dates of the money screens, in French, in Abidjan's time (UTC all year). */
const dateTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Africa/Abidjan' });
const dateOnly = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'Africa/Abidjan' });

export function formatDateTime(iso: string | undefined): string {
  return iso ? dateTime.format(new Date(iso)) : '—';
}

export function formatDate(iso: string | undefined): string {
  return iso ? dateOnly.format(new Date(iso)) : '—';
}
