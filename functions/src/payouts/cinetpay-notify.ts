/**
 * `POST /api/webhooks/cinetpay-transfer` — public (no JWT): CinetPay Transfer's notification of a
 * transfer's outcome. It is an unsigned form POST: anyone can send one, so nothing in it is
 * trusted but the id it names. Only `client_transaction_id` (our payout id) is read; the payout's
 * status is then read back from CinetPay's API and applied through the same code as the workflow's
 * check and the reconciler (settle.ts, conditional on the payout's status): a notification
 * delivered five times, or out of order, or a forged one, changes nothing the API does not confirm,
 * and nothing after the first settlement.
 *
 * Answers: 200 for anything that is not a payout of ours in flight at CinetPay (the same empty
 * answer, at once: no way to probe which ids exist, no call to CinetPay on a stranger's behalf);
 * 200 when CinetPay cannot be read back now (the workflow's checks and the reconciler read it
 * again); 5xx only when our own store fails, so that CinetPay delivers the notification again.
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { messages } from '#shared/messages';
import type { PayoutStatus } from '#shared/payouts';
import * as z from '#shared/zod';
import { json } from '#commons/http';
import { logger, setCorrelationId } from '#commons/logger';
import { observedHandler } from '#commons/observed';
import { PayoutProviderError } from './providers/provider.js';
import { providerNamed } from './providers/index.js';
import { applyProviderStatus, getPayout } from './settle.js';

/** The only field read: CinetPay echoes the `client_transaction_id` we sent, our payout id. */
const notificationSchema = z.looseObject({ client_transaction_id: z.uuid() });

/** The payouts a notification may move on: in flight. A settled one is final (CinetPay never reverses). */
const AWAITING: readonly PayoutStatus[] = ['requested', 'sent', 'needs_attention'];

const received = () => json(200, { received: true });

function bodyOf(event: APIGatewayProxyEventV2): Record<string, unknown> {
  const raw = event.isBase64Encoded ? Buffer.from(event.body ?? '', 'base64').toString('utf8') : (event.body ?? '');
  const type = String(event.headers?.['content-type'] ?? '').toLowerCase();
  if (type.includes('application/json')) {
    try {
      const parsed: unknown = JSON.parse(raw);
      return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  }
  // CinetPay posts application/x-www-form-urlencoded.
  return Object.fromEntries(new URLSearchParams(raw));
}

export const handler = observedHandler(async (event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> => {
  const parsed = notificationSchema.safeParse(bodyOf(event));
  if (!parsed.success) {
    logger.warn('CinetPay transfer notification without a payout id');
    return received();
  }
  const payoutId = parsed.data.client_transaction_id;
  setCorrelationId(payoutId);
  try {
    const payout = await getPayout(payoutId);
    if (!payout || payout.provider !== 'cinetpay' || !AWAITING.includes(payout.status)) {
      logger.info('CinetPay transfer notification ignored', { payoutId, status: payout?.status ?? 'missing' });
      return received();
    }
    let status;
    try {
      status = await providerNamed('cinetpay').status(payout.id, payout.provider_reference ?? null);
    } catch (error) {
      if (!(error instanceof PayoutProviderError)) throw error;
      // CinetPay not readable now: the workflow's checks and the reconciler read it again.
      logger.warn('CinetPay not read back after its notification', { payoutId, error: error.errorName, code: error.providerCode });
      return received();
    }
    await applyProviderStatus(payout, status);
    logger.info('CinetPay transfer notification applied', { payoutId, state: status.state });
    return received();
  } catch (error) {
    // Our store failed: 5xx, and CinetPay notifies again.
    logger.error('CinetPay transfer notification not processed', error as Error);
    return json(500, { error: { code: 'internal', message: messages.http.internal } });
  }
}, { correlationIdOf: (event) => event.requestContext?.requestId });
