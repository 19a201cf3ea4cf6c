/**
 * `POST /api/webhooks/paystack` — public (no JWT): Paystack proves itself with
 * `x-paystack-signature`, the HMAC-SHA512 of the RAW body with our secret key. Anything unsigned
 * or badly signed gets 401 and changes nothing; a signed body that is not a Paystack event
 * (paystack-event.ts) gets 400 and changes nothing.
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { messages } from '#shared/messages';
import { json } from '#commons/http';
import { logger, setCorrelationId } from '#commons/logger';
import { recordBusinessEvent } from '#commons/metrics';
import { observedHandler } from '#commons/observed';
import { isSignedByPaystack } from './paystack.js';
import { PaystackUnavailableError } from './paystack.js';
import { parseWebhookBody } from './paystack-event.js';
import { processPaystackEvent } from './webhook-processing.js';

function rawBodyOf(event: APIGatewayProxyEventV2): Buffer {
  const body = event.body ?? '';
  return event.isBase64Encoded ? Buffer.from(body, 'base64') : Buffer.from(body, 'utf8');
}

const REFUSALS = {
  invalid_json: messages.validation.invalidJson,
  invalid_event: messages.payments.invalidWebhookEvent,
} as const;

export const handler = observedHandler(async (event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> => {
  const rawBody = rawBodyOf(event);
  const signature = event.headers?.['x-paystack-signature'];
  if (!(await isSignedByPaystack(rawBody, signature))) {
    logger.warn('Paystack webhook with a missing or invalid signature');
    recordBusinessEvent('WebhookRejected');
    return json(401, { error: { code: 'invalid_signature', message: messages.payments.invalidSignature } });
  }
  const parsed = parseWebhookBody(rawBody);
  if (!parsed.ok) {
    logger.warn('Signed Paystack webhook with a body that is not a Paystack event', { error: parsed.error, issues: parsed.issues });
    recordBusinessEvent('WebhookEventRefused');
    return json(400, { error: { code: parsed.error, message: REFUSALS[parsed.error] } });
  }
  const payload = parsed.event;
  // Signed by Paystack: from here on, its reference is what this webhook's lines are found by.
  setCorrelationId(payload.charge?.reference);
  try {
    const outcome = await processPaystackEvent(payload);
    logger.info('Paystack event processed', { event: payload.event, outcome });
    return json(200, { received: true, outcome });
  } catch (error) {
    // 5xx: Paystack delivers the event again later (it retries for up to 72 h).
    logger.error('Paystack event not processed', error as Error);
    const unavailable = error instanceof PaystackUnavailableError;
    return json(unavailable ? 503 : 500, {
      error: { code: unavailable ? 'provider_unavailable' : 'internal', message: messages.http.internal },
    });
  }
}, { correlationIdOf: (event) => event.requestContext?.requestId });
