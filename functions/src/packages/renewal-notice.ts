/**
 * The renewal notice of a package (issue 32, point 4): when a package becomes active, a one-time
 * EventBridge Scheduler schedule in the reminders' group (as messages/unread-email.ts), named after
 * the package (a second creation is refused, not doubled), at RENEWAL_NOTICE_DAYS before its last
 * lesson's end, invoking the notifier with a `PackageRenewalEvent`. The notifier
 * (notifications/package-renewal.ts) tells the parent and the tutor once. Created by the notifier
 * itself, from the table's stream (the package's change into `active`): whichever path confirmed
 * the payment (webhook, return, workflow check), nothing more to grant or to call there.
 */
import { CreateScheduleCommand } from '@aws-sdk/client-scheduler';
import { RENEWAL_NOTICE_DAYS } from '#shared/packages';
import { scheduler } from '#commons/clients/ses';
import { requireEnv } from '#commons/env';
import { logger } from '#commons/logger';
import { atExpression } from '../notifications/reminders.js';

/** What the schedule hands the notifier. */
export interface PackageRenewalEvent {
  packageRenewal: { packageId: string };
}

/** Within the reminders' group, the renewal notices' own prefix (the role's and IAM's resource pattern). */
export const RENEWAL_SCHEDULE_PREFIX = 'package-renewal-';
/** ≤ 64 characters: the prefix (16) + the package's uuid (36). */
export const renewalScheduleName = (packageId: string) => `${RENEWAL_SCHEDULE_PREFIX}${packageId}`;

/** When the notice goes: RENEWAL_NOTICE_DAYS before the package's end, never in the past (then at once). */
export function renewalNoticeAt(endAt: string, now = new Date()): Date {
  const at = Date.parse(endAt) - RENEWAL_NOTICE_DAYS * 86_400_000;
  return new Date(Math.max(at, Math.ceil(now.getTime() / 1000) * 1000 + 1000));
}

/** Creates the package's schedule (an existing one is kept). `targetArn`: the notifier (its own invocation's ARN). */
export async function scheduleRenewalNotice(pkg: { id: string; end_at: string }, targetArn: string, now = new Date()): Promise<void> {
  const name = renewalScheduleName(pkg.id);
  const input: PackageRenewalEvent = { packageRenewal: { packageId: pkg.id } };
  try {
    await scheduler.send(
      new CreateScheduleCommand({
        Name: name,
        GroupName: requireEnv('REMINDER_SCHEDULE_GROUP'),
        ScheduleExpression: atExpression(renewalNoticeAt(pkg.end_at, now)),
        ScheduleExpressionTimezone: 'UTC',
        FlexibleTimeWindow: { Mode: 'OFF' },
        ActionAfterCompletion: 'DELETE',
        ClientToken: name,
        Description: 'Kalan : fin prochaine d’un forfait (Renouveler)',
        Target: {
          Arn: targetArn,
          RoleArn: requireEnv('REMINDER_SCHEDULER_ROLE_ARN'),
          Input: JSON.stringify(input),
          RetryPolicy: { MaximumRetryAttempts: 5, MaximumEventAgeInSeconds: 3600 },
        },
      }),
    );
  } catch (error) {
    if ((error as { name?: string }).name !== 'ConflictException') throw error;
    logger.info('Renewal notice already scheduled', { package_id: pkg.id });
  }
}
