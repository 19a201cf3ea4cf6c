import { frenchDayOf, frenchTimeOf } from '#shared/french-dates';
import { offlineMessages } from '#shared/message-catalogue/offline';

/** 'Hors ligne — mis à jour à 14:32' (Abidjan time); a copy of another day names its day. */
export function offlineCopyLabel(madeAt: Date, now = new Date()): string {
  const time = frenchTimeOf(madeAt);
  if (frenchDayOf(madeAt) === frenchDayOf(now)) return offlineMessages.copyBanner(time);
  const day = frenchDayOf(madeAt);
  return offlineMessages.copyBannerDay(day.charAt(0).toLowerCase() + day.slice(1), time);
}
