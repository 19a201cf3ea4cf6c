import { Duration, Stack } from 'aws-cdk-lib';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { FilterCriteria, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import { ScheduleGroup } from 'aws-cdk-lib/aws-scheduler';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { eventHandlers } from '#shared/routes';
import { NOTIFIER_EVENT_PATTERNS } from '../../functions/src/notifications/stream-filter.js';
import type { Api } from './api.js';
import { KalanFunction, kalanFunctionsOf } from './kalan-function.js';
import { acknowledge, nagId, nagReference } from './nag.js';
import type { Stage } from './stage.js';

export interface NotificationsProps {
  readonly stage: Stage;
  readonly table: Table;
  /** The notifications' API routes get their rows' rights from the API; nothing else to wire here. */
  readonly api: Api;
  /** The site's origin: the e-mails link there. */
  readonly siteUrl: string;
}

/** The prefix of the reminders' schedule names (functions/src/notifications/reminders.ts). */
export const REMINDER_SCHEDULE_PREFIX = 'lesson-';
/** The prefix of the unread messages' e-mail schedules, in the same group (functions/src/messages/unread-email.ts, issue 31). */
export const UNREAD_SCHEDULE_PREFIX = 'unread-';
/** The prefix of the packages' renewal notices, in the same group (functions/src/packages/renewal-notice.ts, issue 32). */
export const RENEWAL_SCHEDULE_PREFIX = 'package-renewal-';

/**
 * Notifications (issue 15, point 5). The table's stream feeds a second consumer, the notifier
 * (functions/src/notifications/notify.ts), through its own event source mapping filtered on the
 * transactions' status changes and the KYC decisions: a failing batch is bisected and retried, then
 * set aside in a dead-letter queue (alarmed by Monitoring, like every queue of the stack). E-mails
 * go through SES v2 from the stage's sender. An accepted lesson's reminders are one-time
 * EventBridge Scheduler schedules in a group of their own, invoking the notifier itself (its own
 * ARN, read from its invocation) with a dedicated role; a reminder that still fails after the
 * schedule's retries shows in the notifier's error alarm (no function or dead-letter queue of its
 * own: the stack is at CloudFormation's 500 resources, docs/decisions.md).
 */
export class Notifications extends Construct {
  readonly notifier: KalanFunction;
  readonly deadLetters: Queue;
  readonly scheduleGroup: ScheduleGroup;
  readonly schedulerRole: Role;

  constructor(scope: Construct, id: string, props: NotificationsProps) {
    super(scope, id);
    const { stage, table, siteUrl } = props;
    const { partition, region, account } = Stack.of(this);

    this.notifier = new KalanFunction(this, 'Notifier', { handlerModule: eventHandlers.notifier, table, stage });

    // The notifier: the stream's transactions and KYC decisions only, in order per item.
    this.deadLetters = new Queue(this, 'NotifierDeadLetters', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    acknowledge(this.deadLetters, 'This queue is itself the dead-letter destination of the notifier.', 'AwsSolutions-SQS3');
    this.notifier.addEventSource(
      new DynamoEventSource(table, {
        startingPosition: StartingPosition.TRIM_HORIZON,
        batchSize: 25,
        maxBatchingWindow: Duration.seconds(1),
        bisectBatchOnError: true,
        retryAttempts: 10,
        reportBatchItemFailures: false,
        onFailure: new SqsDlq(this.deadLetters),
        filters: NOTIFIER_EVENT_PATTERNS.map((pattern) => FilterCriteria.filter(structuredClone(pattern) as unknown as Record<string, unknown>)),
      }),
    );
    this.notifier.markGranted('tableStream');
    acknowledge(
      this.notifier,
      'dynamodb:ListStreams has no resource-level permissions; the stream read itself is limited to this table’s stream.',
      'AwsSolutions-IAM5[Resource::*]',
    );
    acknowledge(
      this.notifier,
      "The event source grant covers the table's stream, whose ARN ends with a creation timestamp.",
      `AwsSolutions-IAM5[Resource::${nagReference(table, 'StreamArn')}]`,
    );

    // E-mail: SES v2 from the stage's sender identity; a stage without one sends none. The notifier,
    // and every function whose row sends one itself (the payout destination's code, issue 30).
    const senders = [this.notifier, ...kalanFunctionsOf(this).filter((fn) => fn !== this.notifier && fn.permissions.email)];
    for (const fn of senders) {
      fn.addEnvironment('SITE_URL', siteUrl);
      const sender = stage.accountEmailSender;
      if (sender) {
        const identity = sender.sesVerifiedDomain ?? sender.fromEmail;
        fn.addEnvironment('NOTIFICATIONS_FROM_EMAIL', `${sender.fromName ?? 'Kalan'} <${sender.fromEmail}>`);
        if (sender.sesRegion) fn.addEnvironment('SES_REGION', sender.sesRegion);
        fn.addToRolePolicy(
          new PolicyStatement({
            actions: ['ses:SendEmail'],
            resources: [`arn:${partition}:ses:${sender.sesRegion ?? region}:${account}:identity/${identity}`],
          }),
        );
      }
      fn.markGranted('email');
    }

    // Reminders: one-time schedules in their group, run with their own role.
    this.scheduleGroup = new ScheduleGroup(this, 'LessonReminders', { scheduleGroupName: `kalan-${stage.name}-lesson-reminders` });
    const schedulesArns = [REMINDER_SCHEDULE_PREFIX, UNREAD_SCHEDULE_PREFIX, RENEWAL_SCHEDULE_PREFIX].map(
      (prefix) => `arn:${partition}:scheduler:${region}:${account}:schedule/${this.scheduleGroup.scheduleGroupName}/${prefix}*`,
    );
    this.schedulerRole = new Role(this, 'ReminderSchedulerRole', {
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com', {
        conditions: { StringEquals: { 'aws:SourceAccount': account } },
      }),
      description: "Kalan : les rappels de cours invoquent le notifieur, rien d'autre",
    });
    this.schedulerRole.addToPolicy(new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [this.notifier.functionArn] }));

    // The notifier (the lessons' reminders) and every function whose row schedules too (the messages
    // API: an unread message's e-mail, issue 31), all targeting the notifier with the one role.
    const schedulers = [this.notifier, ...kalanFunctionsOf(this).filter((fn) => fn !== this.notifier && fn.permissions.reminderSchedules)];
    for (const fn of schedulers) {
      fn.addEnvironment('REMINDER_SCHEDULE_GROUP', this.scheduleGroup.scheduleGroupName);
      fn.addEnvironment('REMINDER_SCHEDULER_ROLE_ARN', this.schedulerRole.roleArn);
      if (fn !== this.notifier) fn.addEnvironment('NOTIFIER_FUNCTION_ARN', this.notifier.functionArn);
      const actions = fn.permissions.reminderSchedules ?? [];
      fn.addToRolePolicy(new PolicyStatement({ actions: actions.map((a) => `scheduler:${a}`), resources: schedulesArns }));
      fn.addToRolePolicy(
        new PolicyStatement({
          actions: ['iam:PassRole'],
          resources: [this.schedulerRole.roleArn],
          conditions: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
        }),
      );
      fn.markGranted('reminderSchedules');
    }
    for (const fn of schedulers) {
      for (const prefix of [REMINDER_SCHEDULE_PREFIX, UNREAD_SCHEDULE_PREFIX, RENEWAL_SCHEDULE_PREFIX]) {
        acknowledge(
          fn,
          "A lesson's reminder schedules, an unread message's e-mail schedule, a package's renewal notice, are named after it: the group's prefix, not one schedule.",
          nagId(fn, `AwsSolutions-IAM5[Resource::arn:{partition}:scheduler:{region}:{account}:schedule/kalan-${stage.name}-lesson-reminders/${prefix}*]`),
        );
      }
    }
  }
}
