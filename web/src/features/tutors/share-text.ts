/**
 * What a shared tutor link says (issue 17): the text under the preview in WhatsApp or an SMS —
 * who, what, where and how much. Pure, unit-tested.
 */
import { atPlace } from '#shared/french';
import { formatFcfa } from '#shared/money';
import { zoneLabel } from '#shared/search';

export function shareTextOf(tutor: { subjects: string[]; location: string | null; hourly_rate: number | null }, name: string): string {
  const subjects = tutor.subjects.length ? ` en ${tutor.subjects.slice(0, 3).join(', ')}` : '';
  const zone = zoneLabel(tutor.location);
  const place = tutor.location === 'distance' ? ' à distance' : zone ? ` ${atPlace(zone)}` : '';
  const rate = tutor.hourly_rate === null ? '' : ` — ${formatFcfa(tutor.hourly_rate)}/h`;
  return `${name}, répétiteur${subjects}${place}${rate}, sur Kalan`;
}
