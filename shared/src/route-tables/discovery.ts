import type { RouteDefinition } from '../routes.js';

/** Search, favourites, search history, AI recommendations. */
export const discoveryRoutes = {} as const satisfies Record<string, RouteDefinition>;
