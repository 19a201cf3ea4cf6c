/**
 * The API reads kept as an offline copy by the service worker (web/src/sw.ts) and read back by
 * the app when the network is gone: 'Mes cours', 'Mes paiements', the notifications and the last
 * search, plus what those screens need to open at all (the profile). Shared by both sides, so it
 * imports nothing but the route table (no DOM, no React).
 */
import { routes, type RouteId } from '#shared/routes';

/** The reads whose last answer is kept, by screen. Only GETs; never a write. */
export const OFFLINE_COPY_ROUTES = {
  profile: ['getMe'],
  lessons: ['listMyLessons', 'listMyPackages', 'listMyCredits', 'getGuaranteeAllowance'],
  payments: ['listMyTransactions', 'tutorEarnings'],
  notifications: ['listNotifications'],
  search: ['searchTutors', 'publicSearchTutors'],
} as const satisfies Record<string, readonly RouteId[]>;

export type OfflineCopyScreen = keyof typeof OFFLINE_COPY_ROUTES;

/** The Cache Storage cache holding the copies: per user, emptied at sign-out (clearOfflineCopies). */
export const OFFLINE_COPIES_CACHE = 'kalan-api-copies';

/**
 * The header the service worker puts on an answer it gives from the copy instead of the network:
 * the date the server answered (its `Date` header), which the screens show ('mis à jour à 14:32').
 */
export const OFFLINE_COPY_HEADER = 'x-kalan-offline-copy';

/**
 * Offline with an access token past its hour (Amplify cannot renew it without the network), a read
 * goes out without a token but with this header naming the user it is for (the stored token's
 * `sub`): the worker files and finds the copies by it. It grants nothing — the API asks for a token
 * and answers 401 without one; the copies are on this phone, under this origin, anyway.
 */
export const OFFLINE_OWNER_HEADER = 'x-kalan-offline-owner';

/** Exact paths of the copied routes (none of them has a `{param}`): a path → its route id. */
export const OFFLINE_COPY_PATHS: ReadonlyMap<string, RouteId> = new Map(
  Object.values(OFFLINE_COPY_ROUTES)
    .flat()
    .map((id) => {
      const route = routes[id];
      if (route.method !== 'GET' || route.path.includes('{')) throw new Error(`${id} ne peut pas être copié hors ligne`);
      return [route.path, id] as const;
    }),
);
