import { ROLES } from '../constants.js';
import type { RouteDefinition } from '../routes.js';

/** Accounts and profiles. */
export const authRoutes = {
  getMe: { method: 'GET', path: '/api/me', handler: 'auth/get-me', auth: 'jwt', roles: ROLES },
  updateMe: { method: 'PATCH', path: '/api/me', handler: 'auth/update-me', auth: 'jwt', roles: ROLES },
} as const satisfies Record<string, RouteDefinition>;
