/**
 * The e-mail of a message left unread (issue 31): one per unread run, UNREAD_EMAIL_DELAY_MINUTES
 * after its first message — never one per message. The messages API calls `scheduleUnreadEmail`
 * when a message makes the recipient's unread count go from 0 to 1: a one-time EventBridge
 * Scheduler schedule (as the lesson reminders: notifications/reminders.ts, same group and role),
 * named after the conversation, the recipient's side and the seq (a second creation of the same is
 * refused, not doubled), invoking the notifier with an `UnreadMessageEvent`. The notifier
 * (notifications/unread.ts) checks the recipient still has not read up to that seq, then writes one
 * `message_unread` notification, e-mailed as the others.
 */
import { CreateScheduleCommand } from '@aws-sdk/client-scheduler';
import { UNREAD_EMAIL_DELAY_MINUTES, type ConversationSide } from '#shared/messaging';
import { scheduler } from '#commons/clients/ses';
import { requireEnv } from '#commons/env';
import { logger } from '#commons/logger';
import { atExpression } from '../notifications/reminders.js';

export interface UnreadRun {
  conversationId: string;
  recipientUserId: string;
  recipientSide: ConversationSide;
  /** The first unread message of the run. */
  seq: number;
  sentAt: string;
}

/** What the schedule hands the notifier. */
export interface UnreadMessageEvent {
  unreadMessage: { conversationId: string; recipientUserId: string; recipientSide: ConversationSide; seq: number; sentAt: string };
}

/** Within the reminders' group, the unread e-mails' own prefix (the role's and IAM's resource pattern). */
export const UNREAD_SCHEDULE_PREFIX = 'unread-';
/** ≤ 64 characters: `unread-` + 32 hex + `-parent-` + the seq. */
export const unreadScheduleName = (run: Pick<UnreadRun, 'conversationId' | 'recipientSide' | 'seq'>) =>
  `${UNREAD_SCHEDULE_PREFIX}${run.conversationId}-${run.recipientSide}-${run.seq}`;

/** When the e-mail goes: the run's first message plus the delay; never in the past (a late call schedules it at once). */
export function unreadEmailAt(sentAt: string, now = new Date()): Date {
  const at = Date.parse(sentAt) + UNREAD_EMAIL_DELAY_MINUTES * 60_000;
  // `at()` counts whole seconds: the next one, so that the instant is never behind the scheduler's clock.
  return new Date(Math.max(at, Math.ceil(now.getTime() / 1000) * 1000 + 1000));
}

/**
 * Creates the run's schedule (an existing one is kept). Throws on a failure: the caller decides
 * (the message is sent already; the send does not fail for its e-mail).
 */
export async function scheduleUnreadEmail(run: UnreadRun): Promise<void> {
  const name = unreadScheduleName(run);
  const input: UnreadMessageEvent = { unreadMessage: { ...run } };
  try {
    await scheduler.send(
      new CreateScheduleCommand({
        Name: name,
        GroupName: requireEnv('REMINDER_SCHEDULE_GROUP'),
        ScheduleExpression: atExpression(unreadEmailAt(run.sentAt)),
        ScheduleExpressionTimezone: 'UTC',
        FlexibleTimeWindow: { Mode: 'OFF' },
        ActionAfterCompletion: 'DELETE',
        ClientToken: name,
        Description: 'Kalan : e-mail d’un message non lu',
        Target: {
          Arn: requireEnv('NOTIFIER_FUNCTION_ARN'),
          RoleArn: requireEnv('REMINDER_SCHEDULER_ROLE_ARN'),
          Input: JSON.stringify(input),
          RetryPolicy: { MaximumRetryAttempts: 5, MaximumEventAgeInSeconds: 3600 },
        },
      }),
    );
  } catch (error) {
    if ((error as { name?: string }).name !== 'ConflictException') throw error;
    logger.info('Unread e-mail already scheduled', { conversation_id: run.conversationId, seq: run.seq });
  }
}
