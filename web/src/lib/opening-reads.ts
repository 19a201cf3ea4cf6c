/**
 * The reads of the screen the app opens on, started as soon as the session is known — while the
 * profile (`GET /api/me`) is on its way and the screen is drawn — instead of once the screen has
 * rendered (issue 34). Measured on /cours: the lessons were asked ~320 ms after the profile came
 * back (the whole page drawn first), one more round trip before the largest paint.
 *
 * A screen's module (app/routes, fetched at start by preloadScreenOf) exports `openingReads`; the
 * auth provider calls it once, with the role the session's token names (its Cognito groups).
 */
import { ROLES, type Role } from '#shared/constants';
import type { FetchQueryOptions, Query, QueryClient, QueryKey } from '@tanstack/react-query';

/** What a screen asks for as it opens, for this role (undefined: a token without a role group). */
export type OpeningReads = (queryClient: QueryClient, role: Role | undefined) => void;

interface ScreenModule {
  openingReads?: OpeningReads;
}

let openingScreen: Promise<ScreenModule> | null = null;

/** The module of the screen the app opens on (app/router.ts `preloadScreenOf`, at start). */
export function expectOpeningScreen(screen: Promise<object>): void {
  openingScreen = screen;
}

/** Starts the opening screen's reads, once per page load (the auth provider, at the first session). */
export function startOpeningReads(queryClient: QueryClient, role: Role | undefined): void {
  const screen = openingScreen;
  openingScreen = null;
  // A screen whose code failed to come shows it when it renders (RouteErrorBoundary), not here.
  void screen?.then((module) => module.openingReads?.(queryClient, role)).catch(() => undefined);
}

/** The copies read for the opening, by query: when their data arrived. */
const openingCopies = new WeakMap<object, number>();

/** How long a copy read for the opening stays this visit's own: the screen mounts well within it. */
const OPENING_COPY_MS = 10_000;

/** Prefetches one of the opening screen's reads, its copy marked as the opening's (see readOnEachVisit). */
export async function prefetchOpeningRead<T, K extends QueryKey>(queryClient: QueryClient, options: FetchQueryOptions<T, Error, T, K>): Promise<void> {
  await queryClient.prefetchQuery(options);
  const query = queryClient.getQueryCache().find({ queryKey: options.queryKey, exact: true });
  if (query?.state.status === 'success') openingCopies.set(query, query.state.dataUpdatedAt);
}

/**
 * The `staleTime` of a read made again on each visit of its screen (what it shows depends on the
 * clock): always stale — except the copy read for the opening (prefetchOpeningRead) during its
 * first 10 s, which the screen takes as its own instead of asking a second time. Any later read
 * (an action's invalidation, a refresh) ends that: the copy is then stale as any other.
 */
export function readOnEachVisit(query: Pick<Query, 'state'>): number {
  const openedAt = openingCopies.get(query);
  return openedAt !== undefined && openedAt === query.state.dataUpdatedAt && Date.now() - openedAt < OPENING_COPY_MS ? OPENING_COPY_MS : 0;
}

/** The role a session's access token names (its `cognito:groups`), if one of Kalan's. */
export function roleOfGroups(groups: unknown): Role | undefined {
  return Array.isArray(groups) ? ROLES.find((role) => groups.includes(role)) : undefined;
}
