import { ROLES } from '../constants.js';
import type { RouteDefinition } from '../routes.js';

/** Accounts and profiles. */
export const authRoutes = {
  /** Reachable before the admin's second factor: the SPA learns the role here. */
  getMe: { method: 'GET', path: '/api/me', handler: 'auth/get-me', auth: 'jwt', roles: ROLES, adminWithoutSecondFactor: true },
  updateMe: { method: 'PATCH', path: '/api/me', handler: 'auth/update-me', auth: 'jwt', roles: ROLES },
  /** The admin's second factor: where it stands for this session (`MfaStatus`). */
  getAdminMfa: { method: 'GET', path: '/api/admin/mfa', handler: 'auth/admin-mfa-status', auth: 'jwt', roles: ['admin'], adminWithoutSecondFactor: true },
  /** Records the TOTP enrolment Cognito confirms; the admin then signs in again with a code. */
  enrolAdminMfa: { method: 'POST', path: '/api/admin/mfa', handler: 'auth/admin-mfa-enrol', auth: 'jwt', roles: ['admin'], adminWithoutSecondFactor: true },
} as const satisfies Record<string, RouteDefinition>;
