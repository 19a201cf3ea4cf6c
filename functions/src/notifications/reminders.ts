/**
 * The reminders of a lesson: when the tutor accepts it, one EventBridge Scheduler one-time
 * schedule per reminder (`at(...)`, deleted by the scheduler after it ran), in the reminders'
 * group, invoking the reminder Lambda with its own role. The reminder re-reads the transaction
 * and tells both sides only if the lesson is still on (remind.ts). A lesson called off deletes them.
 */
import { DEFAULT_LESSON_REMINDER_OFFSETS_SECONDS } from '#shared/notifications';
import { CreateScheduleCommand, DeleteScheduleCommand } from '@aws-sdk/client-scheduler';
import { scheduler } from '#commons/clients/ses';
import { requireEnv } from '#commons/env';
import { logger } from '#commons/logger';

/** What the schedule hands the reminder Lambda. */
export interface ReminderEvent {
  transactionId: string;
  secondsBefore: number;
}

/**
 * Seconds before the start, from `LESSON_REMINDER_OFFSETS_SECONDS` (e.g. `86400,3600`, the
 * default): tests set a few seconds to see a reminder arrive.
 */
export function reminderOffsets(value = process.env.LESSON_REMINDER_OFFSETS_SECONDS): number[] {
  if (!value?.trim()) return [...DEFAULT_LESSON_REMINDER_OFFSETS_SECONDS];
  const offsets = value.split(',').map((part) => Number(part.trim()));
  if (offsets.some((n) => !Number.isInteger(n) || n <= 0)) throw new Error(`LESSON_REMINDER_OFFSETS_SECONDS invalide : ${value}`);
  return offsets;
}

/** One schedule per lesson and reminder: a second creation of the same is refused, not doubled. */
export const reminderScheduleName = (transactionId: string, secondsBefore: number) => `lesson-${transactionId}-${secondsBefore}`;

/** `at(yyyy-mm-ddThh:mm:ss)` in UTC (Abidjan's time). */
export const atExpression = (instant: Date) => `at(${instant.toISOString().slice(0, 19)})`;

/** The reminders still ahead of `now`: [seconds before the start, when]. */
export function remindersAhead(start: string, now: Date, offsets = reminderOffsets()): Array<{ secondsBefore: number; at: Date }> {
  return offsets
    .map((secondsBefore) => ({ secondsBefore, at: new Date(Date.parse(start) - secondsBefore * 1000) }))
    .filter(({ at }) => at.getTime() > now.getTime());
}

function settings() {
  return { group: requireEnv('REMINDER_SCHEDULE_GROUP'), roleArn: requireEnv('REMINDER_SCHEDULER_ROLE_ARN') };
}

/**
 * Creates the lesson's reminder schedules (those still ahead); an existing one is kept. `targetArn`:
 * the function that sends them, the notifier itself (its invocation's ARN).
 */
export async function scheduleReminders(transactionId: string, start: string, targetArn: string, now = new Date()): Promise<number> {
  const { group, roleArn } = settings();
  let created = 0;
  for (const { secondsBefore, at } of remindersAhead(start, now)) {
    const input: ReminderEvent = { transactionId, secondsBefore };
    try {
      await scheduler.send(
        new CreateScheduleCommand({
          Name: reminderScheduleName(transactionId, secondsBefore),
          GroupName: group,
          ScheduleExpression: atExpression(at),
          ScheduleExpressionTimezone: 'UTC',
          FlexibleTimeWindow: { Mode: 'OFF' },
          ActionAfterCompletion: 'DELETE',
          ClientToken: reminderScheduleName(transactionId, secondsBefore),
          Description: `Kalan : rappel de cours ${secondsBefore} s avant le début`,
          Target: {
            Arn: targetArn,
            RoleArn: roleArn,
            Input: JSON.stringify(input),
            RetryPolicy: { MaximumRetryAttempts: 5, MaximumEventAgeInSeconds: 3600 },
          },
        }),
      );
      created += 1;
    } catch (error) {
      if ((error as { name?: string }).name !== 'ConflictException') throw error;
    }
  }
  return created;
}

/** Deletes the lesson's reminder schedules that are still there. */
export async function cancelReminders(transactionId: string): Promise<void> {
  const { group } = settings();
  for (const secondsBefore of reminderOffsets()) {
    try {
      await scheduler.send(new DeleteScheduleCommand({ Name: reminderScheduleName(transactionId, secondsBefore), GroupName: group }));
    } catch (error) {
      if ((error as { name?: string }).name !== 'ResourceNotFoundException') throw error;
    }
  }
  logger.info('Lesson reminders deleted', { transaction_id: transactionId });
}
