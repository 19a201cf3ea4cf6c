import { ROLES } from '../constants.js';
import type { RouteDefinition } from '../routes.js';

/**
 * My data (law 2013-450 of Côte d'Ivoire on personal data): everything Kalan holds about the
 * caller, and the deletion of its account. An admin account is not deleted by its owner: it is
 * removed by another admin or by the operator (the route refuses the admin group). The deletion
 * admits a caller whose profile is already gone: its retry finishes a deletion that failed midway.
 */
export const accountRoutes = {
  exportMyData: { method: 'GET', path: '/api/me/export', handler: 'account/export-my-data', auth: 'jwt', roles: ROLES },
  deleteMe: { method: 'DELETE', path: '/api/me', handler: 'account/delete-me', auth: 'jwt', roles: ['parent', 'tuteur', 'entreprise'], accountMayBeGone: true },
} as const satisfies Record<string, RouteDefinition>;
