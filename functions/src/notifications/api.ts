/**
 * The notifications API, five small routes in one Lambda (the stack's resource budget: one
 * function, log group, role and alarm instead of five; docs/decisions.md): each route keeps its
 * own `apiHandler` (roles, schemas, French errors), chosen by API Gateway's `routeKey`.
 *
 * - `GET /api/notifications`: the caller's newest notifications and how many are unread.
 * - `POST /api/notifications/{id}/read`: one of the caller's own read (another's is not found).
 * - `POST /api/notifications/read-all`: every unread one of the caller read.
 * - `GET` / `PUT /api/notifications/preferences`: the caller's channels (SMS / WhatsApp not yet).
 */
import type { Context } from 'aws-lambda';
import { messages } from '#shared/messages';
import { noNotificationBodySchema, notificationParamsSchema, notificationPreferencesSchema } from '#shared/notification-schemas';
import { routeKey, routes } from '#shared/routes';
import { apiHandler, json, ok, type ApiEvent, type ApiResult } from '#commons/http';
import { listNotifications, markAllRead, markRead } from './notifications.js';
import { preferencesOf, savePreferences, toPreferencesView } from './preferences.js';

const byRoute: Record<string, (event: ApiEvent, context: Context) => Promise<ApiResult>> = {
  [routeKey(routes.listNotifications)]: apiHandler(routes.listNotifications, {}, async ({ caller }) => ok(await listNotifications(caller.userId))),
  [routeKey(routes.markNotificationRead)]: apiHandler(routes.markNotificationRead, { params: notificationParamsSchema, body: noNotificationBodySchema }, async ({ caller, params }) => {
    await markRead(caller.userId, params.id);
    return json(204, undefined);
  }),
  [routeKey(routes.markAllNotificationsRead)]: apiHandler(routes.markAllNotificationsRead, { body: noNotificationBodySchema }, async ({ caller }) =>
    ok({ marked: await markAllRead(caller.userId) }),
  ),
  [routeKey(routes.getNotificationPreferences)]: apiHandler(routes.getNotificationPreferences, {}, async ({ caller }) =>
    ok(toPreferencesView(await preferencesOf(caller.userId))),
  ),
  [routeKey(routes.saveNotificationPreferences)]: apiHandler(routes.saveNotificationPreferences, { body: notificationPreferencesSchema }, async ({ caller, body }) =>
    ok(toPreferencesView(await savePreferences(caller.userId, body))),
  ),
};

export const handler = async (event: ApiEvent, context: Context): Promise<ApiResult> => {
  const route = byRoute[event.routeKey];
  if (!route) return json(404, { error: { code: 'not_found', message: messages.http.notFound } });
  return route(event, context);
};
