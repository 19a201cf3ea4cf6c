/**
 * The API contract of notifications (zod/mini): the preferences per channel and the id of a
 * notification. Types of the answers are in notifications.ts.
 */
import * as z from './zod.js';
import { messages } from './messages.js';

const t = messages.notifications;

/** `PUT /api/notifications/preferences`: e-mail on or off; SMS / WhatsApp cannot be turned on yet. */
export const notificationPreferencesSchema = z.strictObject({
  email: z.boolean({ error: t.emailChoice }),
  sms: z.boolean({ error: t.smsChoice }).check(z.refine((on) => on === false, { error: t.smsUnavailable })),
});

/** The body of the notifications' actions: none, or an empty object (anything else is a 400). */
export const noNotificationBodySchema = z.strictObject({});

/** `POST /api/notifications/{id}/read`. */
export const notificationParamsSchema = z.strictObject({
  id: z.string().check(z.minLength(1, { error: t.unknown }), z.maxLength(300, { error: t.unknown })),
});
