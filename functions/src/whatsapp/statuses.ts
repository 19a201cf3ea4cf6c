/**
 * A message's delivery status from the webhook, stored only forward: statuses arrive out of order
 * and repeat (Meta retries, batches, and sends `read` before `delivered` at times), so a status is
 * written only over a lower rank (WHATSAPP_STATUS_RANK; 'failed' is final), conditionally on the
 * rank read — of two deliveries racing, one writes, the other reads again and finds nothing to do.
 */
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { WHATSAPP_STATUS_RANK } from '#shared/whatsapp';
import { WhatsAppMessageEntity } from './entities.js';
import type { WhatsAppStatusUpdate } from './webhook-payload.js';

/**
 * `stored`: the status moved forward; `stale`: a repeat or one overtaken (nothing written);
 * `unknown`: no message of ours has this id (another app's, or one whose item was never written).
 * `fallbackDue`: the message failed and its e-mail fallback is not known to be sent.
 */
export interface StatusOutcome {
  outcome: 'stored' | 'stale' | 'unknown';
  fallbackDue: boolean;
}

/** A writer racing on every attempt is a bug or an attack, not traffic: give up after a few. */
const ATTEMPTS = 5;

function timesOf(stored: string | undefined): Record<string, number> {
  try {
    const parsed = JSON.parse(stored ?? '{}') as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, number>) : {};
  } catch {
    return {};
  }
}

export async function recordStatus(update: WhatsAppStatusUpdate, now = new Date()): Promise<StatusOutcome> {
  const rank = WHATSAPP_STATUS_RANK[update.status];
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const { Item: message } = await WhatsAppMessageEntity.build(GetItemCommand).key({ message_id: update.messageId }).options({ consistent: true }).send();
    if (!message) return { outcome: 'unknown', fallbackDue: false };
    if (rank <= message.status_rank) {
      // A repeat of 'failed' asks again for a fallback not yet sent (the first ask may have failed:
      // the fallback itself is once per message, by its own flag).
      return { outcome: 'stale', fallbackDue: message.status === 'failed' && !message.fallback_email_sent };
    }
    try {
      await WhatsAppMessageEntity.build(UpdateItemCommand)
        .item({
          message_id: update.messageId,
          status: update.status,
          status_rank: rank,
          status_times: JSON.stringify({ ...timesOf(message.status_times), [update.status]: update.at }),
          updated_at: now.toISOString(),
          ...(update.error?.code !== undefined ? { error_code: update.error.code } : {}),
          ...(update.error?.title ? { error_title: update.error.title } : {}),
        })
        .options({ condition: { attr: 'status_rank', eq: message.status_rank } })
        .send();
      return { outcome: 'stored', fallbackDue: update.status === 'failed' };
    } catch (error) {
      if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
    }
  }
  throw new Error(`WhatsApp status of ${update.messageId}: still racing after ${ATTEMPTS} attempts`);
}
