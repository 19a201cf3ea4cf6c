import { ROLES } from '../constants.js';
import type { RouteDefinition } from '../routes.js';

/**
 * WhatsApp (issue 34): a user proves a number with a code sent over WhatsApp, then receives its
 * notifications there (always the caller's own: the owner is the token's subject). Meta's webhook is
 * public and authenticated by its `X-Hub-Signature-256`; its GET is the one-time verify handshake.
 */
export const whatsappRoutes = {
  getWhatsAppChannel: { method: 'GET', path: '/api/notifications/whatsapp', handler: 'whatsapp/channel', auth: 'jwt', roles: ROLES, adminWithoutSecondFactor: true },
  /** Sends a 6-digit code to the number given (the `kalan_code` template); the channel is `pending`. */
  startWhatsAppVerification: {
    method: 'POST',
    path: '/api/notifications/whatsapp/number',
    handler: 'whatsapp/channel',
    auth: 'jwt',
    roles: ROLES,
    adminWithoutSecondFactor: true,
  },
  /** The code given back: the channel is `verified` and the WhatsApp preference on. */
  confirmWhatsAppVerification: {
    method: 'POST',
    path: '/api/notifications/whatsapp/verify',
    handler: 'whatsapp/channel',
    auth: 'jwt',
    roles: ROLES,
    adminWithoutSecondFactor: true,
  },
  /** Turns the channel off and forgets the number. */
  removeWhatsAppChannel: { method: 'DELETE', path: '/api/notifications/whatsapp', handler: 'whatsapp/channel', auth: 'jwt', roles: ROLES, adminWithoutSecondFactor: true },
  whatsappWebhookVerify: { method: 'GET', path: '/api/webhooks/whatsapp', handler: 'whatsapp/webhook', auth: 'public', roles: [] },
  whatsappWebhook: { method: 'POST', path: '/api/webhooks/whatsapp', handler: 'whatsapp/webhook', auth: 'public', roles: [] },
} as const satisfies Record<string, RouteDefinition>;
