/**
 * Which screens show the offline copy right now, and of when (issue 34). The API client records
 * every answer of a copied route (lib/api.ts): the service worker's copy carries the date it was
 * made (OFFLINE_COPY_HEADER), a fresh answer does not and clears it.
 */
import { useSyncExternalStore } from 'react';
import type { RouteId } from '#shared/routes';
import { createStore } from './external-store';
import { OFFLINE_COPIES_CACHE, OFFLINE_COPY_HEADER, OFFLINE_COPY_PATHS, OFFLINE_COPY_ROUTES, type OfflineCopyScreen } from './offline-copies';

const copies = createStore<ReadonlyMap<RouteId, Date>>(new Map());

/** Called by the API client with each answer to a GET. */
export function recordAnswer(routeId: RouteId, response: Response): void {
  if (![...OFFLINE_COPY_PATHS.values()].includes(routeId)) return;
  const madeAt = response.headers.get(OFFLINE_COPY_HEADER);
  const next = new Map(copies.get());
  const date = madeAt ? new Date(madeAt) : null;
  if (date && !Number.isNaN(date.getTime())) next.set(routeId, date);
  else if (!next.delete(routeId)) return;
  copies.set(next);
}

/** The date of the oldest copy a screen shows, or null when all its data is fresh. */
export function useOfflineCopyDate(screen: OfflineCopyScreen): Date | null {
  const shown = useSyncExternalStore(copies.subscribe, copies.get);
  const dates = (OFFLINE_COPY_ROUTES[screen] as readonly RouteId[]).map((id) => shown.get(id)).filter((date): date is Date => Boolean(date));
  return dates.length ? new Date(Math.min(...dates.map((date) => date.getTime()))) : null;
}

/**
 * The network is back: the copies' marks go, and every read is asked again (the shown ones now,
 * the others when next shown) — an answer that still comes from the copy marks it again. Asking
 * only the shown queries would leave the mark of a copy read by a query no longer on screen.
 */
export function forgetOfflineCopies(): boolean {
  if (copies.get().size === 0) return false;
  copies.set(new Map());
  return true;
}

/** At sign-out: the copies are one person's lessons and payments; nothing of them stays on the phone. */
export async function clearOfflineCopies(): Promise<void> {
  copies.set(new Map());
  if ('caches' in window) await caches.delete(OFFLINE_COPIES_CACHE);
}
