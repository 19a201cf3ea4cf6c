import { join } from 'node:path';
import { ArnFormat, Duration, Stack } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Schedule, ScheduleExpression, ScheduleTargetInput } from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import { type ISecret, Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { StateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { eventHandlers } from '#shared/routes';
import { stackInstance, workflowStateMachine } from './escrow.js';
import { KalanFunction, kalanFunctionsOf } from './kalan-function.js';
import { acknowledge, nagId, nagReference, stackIdAsSeenFrom } from './nag.js';
import type { Api } from './api.js';
import type { PayoutWorkflowAction } from './permissions.js';
import { REPO_ROOT } from './paths.js';
import type { Stage } from './stage.js';

/** The payout workflow's definition: the one file the local runner executes too. */
export const PAYOUTS_ASL_FILE = join(REPO_ROOT, 'functions', 'src', 'payouts', 'payouts.asl.json');

/** How often the payouts reconciler runs: a payout left 'envoyé' is re-read within 5 minutes. */
export const PAYOUT_RECONCILE_RATE = Duration.minutes(5);

/** The providers' production APIs (the local stack points these at its doubles). */
export const CINETPAY_BASE_URL = 'https://client.cinetpay.com';
export const WAVE_BASE_URL = 'https://api.wave.com';

export interface PayoutsProps {
  readonly stage: Stage;
  readonly table: ITable;
  /** The payout routes' functions get their grants here (their rows: `payoutWorkflow`, `payoutProviders`). */
  readonly api: Api;
  /** The site's origin: CinetPay's notify_url is `<origin>/api/webhooks/cinetpay-transfer` (CloudFront routes /api/*). */
  readonly siteUrl: string;
  /**
   * Where the workflow's task function and the reconciler (with its schedule and dead-letter queue)
   * live: the `Payouts` nested stack. The state machine and its logs stay in this construct's own
   * stack, the top-level one, with every resource that holds history (docs/decisions.md, issue 29).
   */
  readonly functionsScope: Construct;
}

/**
 * Tutors' payouts (issue 30): the providers' credentials (Secrets Manager references by name, like
 * Paystack's), the Standard state machine that sends and checks each payout attempt, its task
 * function, the reconciler every 5 minutes, and what the payout routes may do with them (their
 * rows of infra/lib/permissions.ts: `payoutWorkflow`, `payoutProviders`).
 */
export class Payouts extends Construct {
  readonly stateMachine: StateMachine;
  readonly tasks: KalanFunction;
  readonly reconciler: KalanFunction;
  readonly schedule: Schedule;
  readonly deadLetterQueue: Queue;
  readonly cinetpaySecret: ISecret;
  readonly waveSecret: ISecret;
  private readonly siteUrl: string;
  private readonly stateMachineNamePrefix: string;
  /** Built from the name: the nested stack's functions name the machine without depending on it (the machine depends on their task function). */
  readonly stateMachineArn: string;
  private readonly executionsArn: string;

  constructor(scope: Construct, id: string, props: PayoutsProps) {
    super(scope, id);
    const { stage, table, api, siteUrl, functionsScope } = props;
    const stack = Stack.of(this);
    this.stateMachineNamePrefix = `kalan-${stage.name}-payouts-`;
    const stateMachineName = `${this.stateMachineNamePrefix}${stackInstance(stack.stackId)}`;
    this.stateMachineArn = stack.formatArn({ service: 'states', resource: 'stateMachine', resourceName: stateMachineName, arnFormat: ArnFormat.COLON_RESOURCE_NAME });
    this.executionsArn = stack.formatArn({ service: 'states', resource: 'execution', resourceName: `${stateMachineName}:*`, arnFormat: ArnFormat.COLON_RESOURCE_NAME });
    this.siteUrl = siteUrl;

    const secretNames = stage.payoutSecretNames;
    this.cinetpaySecret = Secret.fromSecretNameV2(this, 'CinetPaySecret', secretNames.cinetpay);
    this.waveSecret = Secret.fromSecretNameV2(this, 'WaveSecret', secretNames.wave);

    const jobs = functionsScope;
    this.tasks = new KalanFunction(jobs, 'PayoutTasks', { handlerModule: eventHandlers.payoutTasks, table, stage });
    this.reconciler = new KalanFunction(jobs, 'PayoutReconciler', { handlerModule: eventHandlers.payoutReconciler, table, stage });

    this.stateMachine = workflowStateMachine(this, {
      id: 'PayoutStateMachine',
      logsId: 'PayoutLogs',
      stateMachineName,
      aslFile: PAYOUTS_ASL_FILE,
      functionArnSubstitution: 'PayoutTasksFunctionArn',
      tasks: this.tasks,
      stage,
    });

    ({ schedule: this.schedule, deadLetterQueue: this.deadLetterQueue } = this.scheduleReconciler(jobs));
    for (const fn of kalanFunctionsOf(this)) this.grantDeclared(fn);
    this.acknowledgeNagFindings(api);
  }

  /** The reconciler every 5 minutes, retried twice, then into its dead-letter queue (as infra/lib/reconciler.ts). */
  private scheduleReconciler(scope: Construct): { schedule: Schedule; deadLetterQueue: Queue } {
    const deadLetterQueue = new Queue(scope, 'PayoutReconcilerDeadLetters', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    acknowledge(deadLetterQueue, "This queue is the payouts schedule's dead-letter queue; it needs none of its own.", 'AwsSolutions-SQS3');
    const role = new Role(scope, 'PayoutReconcilerScheduleRole', { assumedBy: new ServicePrincipal('scheduler.amazonaws.com') });
    acknowledge(
      role,
      "Lambda's invoke grant covers the function's versions and aliases (`<function arn>:*`), as CDK writes it.",
      `AwsSolutions-IAM5[Resource::${nagReference(this.reconciler)}:*]`,
    );
    const schedule = new Schedule(scope, 'PayoutReconcilerEvery5Minutes', {
      schedule: ScheduleExpression.rate(PAYOUT_RECONCILE_RATE),
      description: 'Kalan : réconciliation des retraits avec CinetPay et Wave',
      target: new LambdaInvoke(this.reconciler, {
        input: ScheduleTargetInput.fromObject({ source: 'schedule' }),
        retryAttempts: 2,
        maxEventAge: PAYOUT_RECONCILE_RATE,
        deadLetterQueue,
        role,
      }),
    });
    return { schedule, deadLetterQueue };
  }

  /**
   * What the function's row of infra/lib/permissions.ts declares here: the providers' credentials
   * and addresses, the payout workflow's actions. Done for every function built before Payouts.
   */
  grantDeclared(fn: KalanFunction): void {
    const { payoutProviders, payoutWorkflow } = fn.permissions;
    if (payoutProviders) this.grantProviders(fn);
    if (payoutWorkflow) this.grantWorkflow(fn, payoutWorkflow);
  }

  private grantProviders(fn: KalanFunction): void {
    fn.addEnvironment('PAYOUT_CINETPAY_SECRET_NAME', this.cinetpaySecret.secretName);
    fn.addEnvironment('PAYOUT_WAVE_SECRET_NAME', this.waveSecret.secretName);
    fn.addEnvironment('CINETPAY_BASE_URL', CINETPAY_BASE_URL);
    fn.addEnvironment('WAVE_BASE_URL', WAVE_BASE_URL);
    // CinetPay's notify_url is built from it (payouts/tasks.ts): `<origin>/api/webhooks/cinetpay-transfer`.
    fn.addEnvironment('SITE_URL', this.siteUrl);
    this.cinetpaySecret.grantRead(fn);
    this.waveSecret.grantRead(fn);
    fn.markGranted('payoutProviders');
  }

  private grantWorkflow(fn: KalanFunction, actions: readonly PayoutWorkflowAction[]): void {
    if (actions.includes('StartExecution')) {
      fn.addToRolePolicy(new PolicyStatement({ actions: ['states:StartExecution'], resources: [this.stateMachineArn] }));
      fn.addEnvironment('PAYOUT_STATE_MACHINE_ARN', this.stateMachineArn);
    }
    if (actions.includes('DescribeExecution')) {
      fn.addToRolePolicy(new PolicyStatement({ actions: ['states:DescribeExecution'], resources: [this.executionsArn] }));
      const stack = Stack.of(this);
      const name = `${this.stateMachineNamePrefix}${JSON.stringify(stack.resolve(stackInstance(stackIdAsSeenFrom(fn, stack))))}`;
      acknowledge(
        fn,
        'Executions are named per payout attempt (<payout>-<attempt>): the reconciler reads the one of the payout it repairs, and only this state machine’s executions (`execution:<machine>:*`).',
        nagId(fn, `AwsSolutions-IAM5[Resource::arn:{partition}:states:{region}:{account}:execution:${name}:*]`),
      );
    }
    fn.markGranted('payoutWorkflow');
  }

  private acknowledgeNagFindings(api: Api): void {
    acknowledge(
      api.node.findChild('Route-cinetpayTransferNotification'),
      "CinetPay cannot present a Cognito JWT and does not sign its transfer notifications: the handler trusts nothing in the body but a payout id, and reads the payout's status back from CinetPay's API before settling anything.",
      'AwsSolutions-APIG4',
    );
    acknowledge(
      this.stateMachine,
      'X-Ray tracing (PutTraceSegments, PutTelemetryRecords, GetSampling*) and CloudWatch Logs delivery (CreateLogDelivery, DescribeResourcePolicies…) only accept Resource "*".',
      'AwsSolutions-IAM5[Resource::*]',
    );
    acknowledge(
      this.stateMachine,
      'The state machine invokes its own task function, including its versions and aliases (`<function arn>:*`), as Step Functions requires.',
      `AwsSolutions-IAM5[Resource::${nagReference(this.tasks, 'Arn', this.stateMachine)}:*]`,
    );
  }
}
