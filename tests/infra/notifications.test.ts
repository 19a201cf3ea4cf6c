/**
 * Notifications (issue 15, point 5) in CDK: the notifier's own event source mapping on the table's
 * stream (the same filters as the local poller, bisect, retries, dead-letter queue with its alarm),
 * the reminders' schedule group and dedicated role, the notifier's rights on them, and SES.
 */
import { describe, expect, it } from 'vitest';
import { NOTIFIER_EVENT_PATTERNS } from '../../functions/src/notifications/stream-filter.js';
import { stageFrom } from '../../infra/lib/stage.js';
import { stageSettings } from '../../infra/stages.js';
import { type CfnResource, logicalId, synthesize } from './synthesize.js';
import type { Template } from 'aws-cdk-lib/assertions';

const { stack, template } = synthesize();
const notifications = stack.notifications;
const notifierId = logicalId(notifications.notifier);
type Statement = { Effect: string; Action: string | string[]; Resource: unknown; Condition?: unknown };
const statementsOfRole = (tpl: Template, roleId: string): Statement[] =>
  (Object.values(tpl.findResources('AWS::IAM::Policy')) as CfnResource[])
    .filter((policy) => (policy.Properties.Roles as Array<{ Ref: string }>).some((role) => role.Ref === roleId))
    .flatMap((policy) => policy.Properties.PolicyDocument.Statement as Statement[]);
const notifierRole = (tpl: Template, id: string) => (tpl.findResources('AWS::Lambda::Function')[id] as CfnResource).Properties.Role['Fn::GetAtt'][0] as string;

describe('the notifier on the table stream', () => {
  it('has a mapping of its own: transactions, KYC decisions and payout outcomes only, from the start, bisected, retried, then its dead-letter queue', () => {
    const mappings = Object.values(template.findResources('AWS::Lambda::EventSourceMapping') as Record<string, CfnResource>).filter(
      (m) => JSON.stringify(m.Properties.FunctionName) === JSON.stringify({ Ref: notifierId }),
    );
    expect(mappings).toHaveLength(1);
    expect(mappings[0]!.Properties).toMatchObject({
      EventSourceArn: { 'Fn::GetAtt': [logicalId(stack.data.table), 'StreamArn'] },
      StartingPosition: 'TRIM_HORIZON',
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: 10,
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [logicalId(notifications.deadLetters), 'Arn'] } } },
      FilterCriteria: {
        Filters: [
          {
            Pattern: JSON.stringify({
              eventName: ['MODIFY'],
              dynamodb: { Keys: { sk: { S: ['TRANSACTION'] } }, NewImage: { status: { S: ['requested', 'escrow', 'refund_pending', 'refunded', 'released', 'disputed'] } } },
            }),
          },
          { Pattern: JSON.stringify({ eventName: ['MODIFY'], dynamodb: { Keys: { sk: { S: ['KYC'] } }, NewImage: { status: { S: ['approved', 'rejected'] } } } }) },
          {
            Pattern: JSON.stringify({ eventName: ['MODIFY'], dynamodb: { Keys: { sk: { S: ['PAYOUT'] } }, NewImage: { status: { S: ['paid', 'failed', 'reversed', 'cancelled'] } } } }),
          },
          // Issue 32: a package active or stopped (paid and stopped are told once per package; the renewal notice is scheduled when it becomes active).
          { Pattern: JSON.stringify({ eventName: ['MODIFY'], dynamodb: { Keys: { sk: { S: ['PACKAGE'] } }, NewImage: { status: { S: ['active', 'stopped'] } } } }) },
        ],
      },
    });
    // The local stream poller applies the same patterns (infra/local/streams.ts).
    expect(mappings[0]!.Properties.FilterCriteria.Filters.map((f: { Pattern: string }) => JSON.parse(f.Pattern))).toEqual(
      JSON.parse(JSON.stringify(NOTIFIER_EVENT_PATTERNS)),
    );
  });

  it('alarms at the first batch set aside in its dead-letter queue', () => {
    const alarms = Object.values(template.findResources('AWS::CloudWatch::Alarm') as Record<string, CfnResource>).filter((a) =>
      JSON.stringify(a.Properties.Metrics ?? []).includes(JSON.stringify({ 'Fn::GetAtt': [logicalId(notifications.deadLetters), 'QueueName'] })),
    );
    expect(alarms).toHaveLength(1);
    expect(alarms[0]!.Properties).toMatchObject({ Threshold: 0, ComparisonOperator: 'GreaterThanThreshold' });
  });
});

describe('the lesson reminders', () => {
  it('are one-time schedules in a group of their own, run by a role that may only invoke the notifier', () => {
    template.hasResourceProperties('AWS::Scheduler::ScheduleGroup', { Name: 'kalan-dev-lesson-reminders' });
    const roleId = logicalId(notifications.schedulerRole);
    const role = template.findResources('AWS::IAM::Role')[roleId] as CfnResource;
    expect(role.Properties.AssumeRolePolicyDocument.Statement).toEqual([
      {
        Action: 'sts:AssumeRole',
        Effect: 'Allow',
        Principal: { Service: 'scheduler.amazonaws.com' },
        Condition: { StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } } },
      },
    ]);
    expect(role.Properties.ManagedPolicyArns).toBeUndefined();
    expect(statementsOfRole(template, roleId)).toEqual([
      { Effect: 'Allow', Action: 'lambda:InvokeFunction', Resource: { 'Fn::GetAtt': [notifierId, 'Arn'] } },
    ]);
  });

  it('are created and deleted by the notifier in their group only, passing the reminders role to the scheduler only', () => {
    const statements = statementsOfRole(template, notifierRole(template, notifierId));
    const scheduler = statements.filter((s) => [s.Action].flat().some((a) => a.startsWith('scheduler:')));
    expect(scheduler).toEqual([
      {
        Effect: 'Allow',
        Action: ['scheduler:CreateSchedule', 'scheduler:DeleteSchedule'],
        // The lessons' reminders, the unread messages' e-mails (issue 31), the packages' renewal notices (issue 32); IAM sorts them.
        Resource: ['lesson-*', 'package-renewal-*', 'unread-*'].map((prefix) => ({
          'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':scheduler:', { Ref: 'AWS::Region' }, ':', { Ref: 'AWS::AccountId' }, `:schedule/kalan-dev-lesson-reminders/${prefix}`]],
        })),
      },
    ]);
    const passRole = statements.filter((s) => [s.Action].flat().includes('iam:PassRole'));
    expect(passRole).toEqual([
      {
        Effect: 'Allow',
        Action: 'iam:PassRole',
        Resource: { 'Fn::GetAtt': [logicalId(notifications.schedulerRole), 'Arn'] },
        Condition: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
      },
    ]);
    const env = (template.findResources('AWS::Lambda::Function')[notifierId] as CfnResource).Properties.Environment.Variables;
    expect(env).toMatchObject({
      REMINDER_SCHEDULE_GROUP: 'kalan-dev-lesson-reminders',
      REMINDER_SCHEDULER_ROLE_ARN: { 'Fn::GetAtt': [logicalId(notifications.schedulerRole), 'Arn'] },
    });
    // The default offsets (24 h and 1 h) in the cloud: the variable is for tests only.
    expect(env.LESSON_REMINDER_OFFSETS_SECONDS).toBeUndefined();
  });
});

describe('e-mail', () => {
  it('is sent through SES from the stage sender identity only; a stage without a sender sends none', () => {
    const none = statementsOfRole(template, notifierRole(template, notifierId)).filter((s) => [s.Action].flat().some((a) => a.startsWith('ses:')));
    expect(none).toEqual([]);
    const withSender = synthesize({
      stage: stageFrom({
        ...stageSettings('dev'),
        name: 'dev-mail',
        accountEmailSender: { fromEmail: 'no-reply@kalan.ci', fromName: 'Kalan', sesVerifiedDomain: 'kalan.ci', sesRegion: 'eu-west-1' },
      }),
    });
    const id = logicalId(withSender.stack.notifications.notifier);
    const ses = statementsOfRole(withSender.template, notifierRole(withSender.template, id)).filter((s) => [s.Action].flat().some((a) => a.startsWith('ses:')));
    expect(ses).toEqual([
      {
        Effect: 'Allow',
        Action: 'ses:SendEmail',
        Resource: { 'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':ses:eu-west-1:', { Ref: 'AWS::AccountId' }, ':identity/kalan.ci']] },
      },
    ]);
    expect((withSender.template.findResources('AWS::Lambda::Function')[id] as CfnResource).Properties.Environment.Variables).toMatchObject({
      NOTIFICATIONS_FROM_EMAIL: 'Kalan <no-reply@kalan.ci>',
      SES_REGION: 'eu-west-1',
    });
  });
});
