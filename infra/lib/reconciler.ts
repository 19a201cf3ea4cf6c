import { Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Schedule, ScheduleExpression, ScheduleTargetInput } from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { eventHandlers } from '#shared/routes';
import type { Escrow } from './escrow.js';
import { KalanFunction } from './kalan-function.js';
import { acknowledge, nagReference } from './nag.js';
import type { Stage } from './stage.js';

export interface ReconcilerProps {
  readonly stage: Stage;
  readonly table: ITable;
  readonly escrow: Escrow;
}

/** How often the reconciler runs (issue 11: every 15 minutes). */
export const RECONCILE_RATE = Duration.minutes(15);

/**
 * The reconciler (functions/src/escrow/reconcile.ts): an EventBridge Scheduler schedule invokes it
 * every 15 minutes. A failed invocation is retried twice, then the event goes to a dead-letter
 * queue; one older than a run's interval is dropped, since the next run does the same work.
 * What the function may do is its row of infra/lib/permissions.ts.
 */
export class Reconciler extends Construct {
  readonly function: KalanFunction;
  readonly schedule: Schedule;
  readonly deadLetterQueue: Queue;

  constructor(scope: Construct, id: string, props: ReconcilerProps) {
    super(scope, id);
    const { stage, table, escrow } = props;

    this.function = new KalanFunction(this, 'Function', { handlerModule: eventHandlers.reconciler, table, stage });
    // Its row of infra/lib/permissions.ts: the Paystack key, StartExecution, DescribeExecution on the
    // machine's executions, SendTaskSuccess (a repair wakes the waiting workflow).
    escrow.grantDeclared(this.function);

    this.deadLetterQueue = new Queue(this, 'DeadLetters', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    acknowledge(this.deadLetterQueue, "This queue is the schedule's dead-letter queue; it needs none of its own.", 'AwsSolutions-SQS3');

    // The schedule's own role (not the stack-wide one CDK would share between schedules): it may
    // invoke this function and send to this queue, nothing else.
    const scheduleRole = new Role(this, 'ScheduleRole', { assumedBy: new ServicePrincipal('scheduler.amazonaws.com') });
    acknowledge(
      scheduleRole,
      "Lambda's invoke grant covers the function's versions and aliases (`<function arn>:*`), as CDK writes it.",
      `AwsSolutions-IAM5[Resource::${nagReference(this.function)}:*]`,
    );
    this.schedule = new Schedule(this, 'Every15Minutes', {
      schedule: ScheduleExpression.rate(RECONCILE_RATE),
      description: 'Kalan : réconciliation des transactions avec leur workflow et Paystack',
      target: new LambdaInvoke(this.function, {
        input: ScheduleTargetInput.fromObject({ source: 'schedule' }),
        retryAttempts: 2,
        maxEventAge: RECONCILE_RATE,
        deadLetterQueue: this.deadLetterQueue,
        role: scheduleRole,
      }),
    });
  }
}
