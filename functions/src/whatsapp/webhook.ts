/**
 * `GET|POST /api/webhooks/whatsapp` — public (no JWT): Meta's WhatsApp Cloud API.
 * - GET is the one-time verify handshake: `hub.mode=subscribe` with our verify token → 200 and
 *   `hub.challenge` as text/plain; anything else → 403.
 * - POST carries statuses and messages, signed `X-Hub-Signature-256: sha256=<HMAC-SHA256 of the RAW
 *   body with the app secret>`. Missing or wrong → 401, nothing read. Signed but not a WhatsApp
 *   webhook → 400. Signed and well-formed → 200 whatever happens inside: Meta retries a non-2xx for
 *   days and would replay the whole batch; a failure is logged and counted (WhatsAppWebhookFailed,
 *   alarmed) instead, and a status repeated by Meta is asked again (statuses.ts).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { messages } from '#shared/messages';
import { json } from '#commons/http';
import { logger } from '#commons/logger';
import { recordBusinessEvent } from '#commons/metrics';
import { observedHandler } from '#commons/observed';
import { firstDelivery, forgetDelivery, handleIncomingMessage } from './conversation.js';
import { whatsappCredentials } from './cloud-api.js';
import { fallbackToEmail, sendText } from './send.js';
import { settleStatus } from './statuses.js';
import { parseWhatsAppWebhook } from './webhook-payload.js';

function rawBodyOf(event: APIGatewayProxyEventV2): Buffer {
  const body = event.body ?? '';
  return event.isBase64Encoded ? Buffer.from(body, 'base64') : Buffer.from(body, 'utf8');
}

/** `sha256=<64 hex>` of the raw body with the app secret, compared in constant time. */
export function whatsappSignatureMatches(rawBody: Buffer, header: string | undefined, appSecret: string): boolean {
  const match = /^sha256=([0-9a-f]{64})$/i.exec(header ?? '');
  // No secret configured signs nothing (an HMAC with an empty key is anyone's to compute).
  if (!match || !appSecret) return false;
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(match[1]!, 'hex'));
}

/** Both strings compared in constant time (their lengths aside). */
function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && b.length > 0 && timingSafeEqual(a, b);
}

async function handshake(event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> {
  const query = event.queryStringParameters ?? {};
  const { verifyToken } = await whatsappCredentials();
  const challenge = query['hub.challenge'];
  if (query['hub.mode'] !== 'subscribe' || !sameSecret(query['hub.verify_token'] ?? '', verifyToken) || !challenge || challenge.length > 200) {
    logger.warn('WhatsApp verify handshake refused');
    return json(403, { error: { code: 'forbidden', message: messages.whatsapp.invalidVerifyToken } });
  }
  return { statusCode: 200, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }, body: challenge };
}

const REFUSALS = { invalid_json: messages.validation.invalidJson, invalid_event: messages.whatsapp.invalidWebhookEvent } as const;

async function receive(event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> {
  const rawBody = rawBodyOf(event);
  const { appSecret } = await whatsappCredentials();
  if (!whatsappSignatureMatches(rawBody, event.headers?.['x-hub-signature-256'], appSecret)) {
    logger.warn('WhatsApp webhook with a missing or invalid signature');
    recordBusinessEvent('WebhookRejected');
    return json(401, { error: { code: 'invalid_signature', message: messages.payments.invalidSignature } });
  }
  const parsed = parseWhatsAppWebhook(rawBody);
  if (!parsed.ok) {
    // Meta changed its format, or the app secret leaked: alarmed like a failure inside.
    logger.error('Signed WhatsApp webhook with a body that is not a WhatsApp webhook', { error: parsed.error });
    recordBusinessEvent('WhatsAppWebhookFailed');
    return json(400, { error: { code: parsed.error, message: REFUSALS[parsed.error] } });
  }
  const { statuses, messages: incoming, skipped } = parsed.updates;
  if (skipped) logger.info('WhatsApp updates skipped (a kind or shape Kalan does not read)', { skipped });
  let failures = 0;
  // One update's failure never stops the others: each is tried, the failures counted.
  for (const update of statuses) {
    try {
      const { outcome } = await settleStatus(update, (messageId) => fallbackToEmail(messageId));
      logger.info('WhatsApp status', { messageId: update.messageId, status: update.status, outcome });
    } catch (error) {
      failures++;
      logger.error('WhatsApp status not processed', { messageId: update.messageId, status: update.status, error: error as Error });
    }
  }
  for (const message of incoming) {
    let claimed = false;
    try {
      // Meta delivers at least once: a message already handled (the same id) is not answered twice.
      claimed = await firstDelivery(message.id);
      if (!claimed) {
        logger.info('WhatsApp message delivered again: already handled', { messageId: message.id });
        continue;
      }
      const { outcome, reply, phone } = await handleIncomingMessage(message);
      // Never the number or the text in the logs: the message id finds it at Meta.
      logger.info('WhatsApp message', { messageId: message.id, type: message.type, outcome });
      if (reply) await sendText(phone, reply);
    } catch (error) {
      failures++;
      logger.error('WhatsApp message not processed', { messageId: message.id, type: message.type, error: error as Error });
      if (claimed) await forgetDelivery(message.id).catch(() => undefined);
    }
  }
  if (failures) recordBusinessEvent('WhatsAppWebhookFailed', failures);
  return json(200, { received: true });
}

export const handler = observedHandler(
  async (event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> =>
    event.requestContext?.http?.method === 'GET' ? handshake(event) : receive(event),
  { correlationIdOf: (event) => event.requestContext?.requestId },
);
