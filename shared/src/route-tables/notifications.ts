import { ROLES } from '../constants.js';
import type { RouteDefinition } from '../routes.js';

/**
 * Notifications (issue 15, point 5): every signed-in user reads and marks its own, and chooses its
 * channels. Always the caller's own (the owner is the token's subject, never a parameter). An admin
 * gets nothing here that any user does not: no second factor needed.
 */
export const notificationRoutes = {
  listNotifications: { method: 'GET', path: '/api/notifications', handler: 'notifications/api', auth: 'jwt', roles: ROLES, adminWithoutSecondFactor: true },
  markNotificationRead: {
    method: 'POST',
    path: '/api/notifications/{id}/read',
    handler: 'notifications/api',
    auth: 'jwt',
    roles: ROLES,
    adminWithoutSecondFactor: true,
  },
  markAllNotificationsRead: {
    method: 'POST',
    path: '/api/notifications/read-all',
    handler: 'notifications/api',
    auth: 'jwt',
    roles: ROLES,
    adminWithoutSecondFactor: true,
  },
  getNotificationPreferences: {
    method: 'GET',
    path: '/api/notifications/preferences',
    handler: 'notifications/api',
    auth: 'jwt',
    roles: ROLES,
    adminWithoutSecondFactor: true,
  },
  saveNotificationPreferences: {
    method: 'PUT',
    path: '/api/notifications/preferences',
    handler: 'notifications/api',
    auth: 'jwt',
    roles: ROLES,
    adminWithoutSecondFactor: true,
  },
} as const satisfies Record<string, RouteDefinition>;
