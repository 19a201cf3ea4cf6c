import { Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Schedule, ScheduleExpression, ScheduleTargetInput } from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { eventHandlers } from '#shared/routes';
import type { Escrow } from './escrow.js';
import { KalanFunction } from './kalan-function.js';
import { acknowledge, nagId, nagReference } from './nag.js';
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
 * It may read the Paystack secret, describe and start this state machine's executions, wake a
 * waiting one (a repair that changes a status), and read and write the table.
 */
export class Reconciler extends Construct {
  readonly function: KalanFunction;
  readonly schedule: Schedule;
  readonly deadLetterQueue: Queue;

  constructor(scope: Construct, id: string, props: ReconcilerProps) {
    super(scope, id);
    const { stage, table, escrow } = props;

    this.function = new KalanFunction(this, 'Function', { handlerModule: eventHandlers.reconciler, table, stage });
    this.function.addEnvironment('ESCROW_STATE_MACHINE_ARN', escrow.stateMachine.stateMachineArn);
    this.function.addEnvironment('PAYSTACK_SECRET_NAME', escrow.paystackSecret.secretName);
    escrow.paystackSecret.grantRead(this.function);
    escrow.stateMachine.grantStartExecution(this.function);
    escrow.stateMachine.grantTaskResponse(this.function);
    this.function.addToRolePolicy(new PolicyStatement({ actions: ['states:DescribeExecution'], resources: [escrow.executionsArn] }));
    acknowledge(
      this.function,
      "Executions are named per attempt (<transaction>-<attempt>): the reconciler describes the one recorded on each open transaction, and only this state machine's executions (`execution:<machine>:*`).",
      nagId(this, `AwsSolutions-IAM5[Resource::arn:{partition}:states:{region}:{account}:execution:${escrow.stateMachineNagName}:*]`),
    );

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
