/**
 * A lesson reminder, when its one-time EventBridge Scheduler schedule (reminders.ts) invokes the
 * notifier (notify.ts) with it. Tells both sides only if the lesson is still on: accepted and funds
 * held (`escrow`), not started yet. Once each: the notification's id is the reminder's own
 * (deliver.ts), whatever the retries.
 */
import { logger } from '#commons/logger';
import { getTransaction } from '../payments/transactions.js';
import { lessonFacts, type PlannedNotification, type TransactionImage } from './changes.js';
import { deliver, productionChannels, recipientOf, type Channels, type DeliveryResult } from './deliver.js';
import type { ReminderEvent } from './reminders.js';

export async function remind(event: ReminderEvent, channels: Channels = productionChannels, now = new Date()): Promise<DeliveryResult[]> {
  const tx = (await getTransaction(event.transactionId)) as TransactionImage | null;
  const start = tx?.course.scheduled_date;
  if (!tx || tx.status !== 'escrow' || !start || Date.parse(start) <= now.getTime()) {
    logger.info('Lesson reminder not sent: the lesson is off or started', { transaction_id: event.transactionId, status: tx?.status });
    return [];
  }
  const when = new Date(Date.parse(start) - event.secondsBefore * 1000).toISOString();
  const facts = lessonFacts(tx);
  const results: DeliveryResult[] = [];
  for (const side of ['parent', 'tutor'] as const) {
    const planned: PlannedNotification = {
      side,
      details: { kind: 'lesson_reminder', facts, secondsBefore: event.secondsBefore },
      ref: `${tx.id}#lesson_reminder#${event.secondsBefore}`,
    };
    const result = await deliver(recipientOf(side, tx), planned, when, channels);
    if (result) results.push(result);
  }
  return results;
}
