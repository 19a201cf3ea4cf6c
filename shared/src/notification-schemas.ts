/**
 * The API contract of notifications (zod/mini): the preferences per channel and the id of a
 * notification. Types of the answers are in notifications.ts.
 */
import * as z from './zod.js';
import { notificationsMessages } from './message-catalogue/notifications.js';
import { whatsappMessages } from './message-catalogue/whatsapp.js';
import { normalizeIvorianPhone } from './payments-schemas.js';
import { WHATSAPP_CODE_LENGTH } from './whatsapp.js';

const t = notificationsMessages;

/**
 * `PUT /api/notifications/preferences`: e-mail and WhatsApp on or off (WhatsApp on only with a
 * verified number: the handler checks the channel).
 */
export const notificationPreferencesSchema = z.strictObject({
  email: z.boolean({ error: t.emailChoice }),
  whatsapp: z.boolean({ error: t.whatsappChoice }),
});

/** The body of the notifications' actions: none, or an empty object (anything else is a 400). */
export const noNotificationBodySchema = z.strictObject({});

/** `POST /api/notifications/{id}/read`. */
export const notificationParamsSchema = z.strictObject({
  id: z.string().check(z.minLength(1, { error: t.unknown }), z.maxLength(300, { error: t.unknown })),
});

/** `POST /api/notifications/whatsapp/number` (issue 34): an Ivorian number, as people type it. */
export const whatsappNumberSchema = z.strictObject({
  phone: z
    .string({ error: whatsappMessages.invalidPhone })
    .check(z.maxLength(30, { error: whatsappMessages.invalidPhone }), z.refine((value) => normalizeIvorianPhone(value) !== null, { error: whatsappMessages.invalidPhone })),
});

/** `POST /api/notifications/whatsapp/verify`: the 6 digits received on WhatsApp. */
export const whatsappCodeSchema = z.strictObject({
  code: z.string({ error: whatsappMessages.invalidCode }).check(z.trim(), z.regex(new RegExp(`^\\d{${WHATSAPP_CODE_LENGTH}}$`), { error: whatsappMessages.invalidCode })),
});
