import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ArnFormat, Fn, Stack } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { type ISecret, Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { DefinitionBody, LogLevel, StateMachine, StateMachineType } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { DEFAULT_AUTO_RELEASE_DAYS } from '#shared/transaction-process';
import { eventHandlers, routes } from '#shared/routes';
import type { Api } from './api.js';
import { KalanFunction, kalanFunctionsOf } from './kalan-function.js';
import { acknowledge, nagId, nagReference, stackIdAsSeenFrom } from './nag.js';
import type { WorkflowAction } from './permissions.js';
import { REPO_ROOT } from './paths.js';
import type { Stage } from './stage.js';

/** The escrow workflow's definition: the one file the local runner executes too. */
export const ESCROW_ASL_FILE = join(REPO_ROOT, 'functions', 'src', 'escrow', 'escrow.asl.json');

/**
 * A Step Functions Standard workflow whose Tasks call one function (the escrow's, the payouts'):
 * its definition read from the ASL file the local runner runs too (inline, no S3 asset: the
 * template then shows the whole definition, and `${<functionArnSubstitution>}` is the tasks
 * function's ARN), its own log group under /aws/vendedlogs/ (Step Functions log delivery needs no
 * resource policy entry there), X-Ray tracing, and the right to invoke its tasks. The constructs
 * keep the ids given, so their logical ids are the ones they had when each was written inline.
 */
export function workflowStateMachine(
  scope: Construct,
  props: { id: string; logsId: string; stateMachineName: string; aslFile: string; functionArnSubstitution: string; tasks: KalanFunction; stage: Stage },
): StateMachine {
  const { stateMachineName, stage, tasks } = props;
  const logs = new LogGroup(scope, props.logsId, {
    logGroupName: `/aws/vendedlogs/states/${stateMachineName}`,
    retention: stage.logRetention,
    removalPolicy: stage.removalPolicy,
  });
  const stateMachine = new StateMachine(scope, props.id, {
    stateMachineName,
    stateMachineType: StateMachineType.STANDARD,
    definitionBody: DefinitionBody.fromString(readFileSync(props.aslFile, 'utf8')),
    definitionSubstitutions: { [props.functionArnSubstitution]: tasks.functionArn },
    logs: { destination: logs, level: LogLevel.ALL, includeExecutionData: false },
    tracingEnabled: true,
    removalPolicy: stage.removalPolicy,
  });
  tasks.grantInvoke(stateMachine);
  return stateMachine;
}

/** The first block of a stack's id: unique per stack creation. */
export function stackInstance(stackId: string): string {
  return Fn.select(0, Fn.split('-', Fn.select(2, Fn.split('/', stackId))));
}

export interface EscrowProps {
  readonly stage: Stage;
  readonly table: ITable;
  readonly api: Api;
  /** The site's origin, where Paystack sends the payer back (`<origin>/payments`). */
  readonly siteUrl: string;
  /** Days after the lesson before held funds are released automatically. @default 7 */
  readonly autoReleaseDays?: number;
}

/**
 * Payments and escrow: the Paystack secret (a Secrets Manager reference, never a value in the
 * repository), the Standard state machine that runs each transaction's lifecycle, its Lambda
 * tasks, and what the money routes may do with them.
 */
export class Escrow extends Construct {
  readonly stateMachine: StateMachine;
  readonly tasks: KalanFunction;
  readonly paystackSecret: ISecret;
  /** Read by the booking (which dates the release) and by the workflow's tasks: one value. */
  private readonly autoReleaseDays: string;
  /** `kalan-<stage>-escrow-`, before the stack's instance. */
  private readonly stateMachineNamePrefix: string;
  /** Every execution of the state machine (their names change with each attempt). */
  private readonly executionsArn: string;
  /** Built from the name, so that the tasks' own policy can name the machine that names them. */
  private readonly stateMachineArn: string;

  constructor(scope: Construct, id: string, props: EscrowProps) {
    super(scope, id);
    const { stage, table, api, siteUrl } = props;
    const stack = Stack.of(this);
    // Named, because the tasks' policy needs the ARN before the machine exists; the name ends with
    // the first block of the stack's own id, so a machine (or its retained logs) left by an earlier
    // stack of the same stage never collides with the next one.
    this.stateMachineNamePrefix = `kalan-${stage.name}-escrow-`;
    const stateMachineName = `${this.stateMachineNamePrefix}${stackInstance(stack.stackId)}`;
    this.executionsArn = stack.formatArn({
      service: 'states',
      resource: 'execution',
      resourceName: `${stateMachineName}:*`,
      arnFormat: ArnFormat.COLON_RESOURCE_NAME,
    });
    this.stateMachineArn = stack.formatArn({
      service: 'states',
      resource: 'stateMachine',
      resourceName: stateMachineName,
      arnFormat: ArnFormat.COLON_RESOURCE_NAME,
    });

    this.paystackSecret = Secret.fromSecretNameV2(this, 'PaystackSecret', stage.paystackSecretName);

    this.tasks = new KalanFunction(this, 'EscrowTasks', { handlerModule: eventHandlers.escrowTasks, table, stage });
    this.autoReleaseDays = String(props.autoReleaseDays ?? DEFAULT_AUTO_RELEASE_DAYS);
    this.tasks.addEnvironment('ESCROW_AUTO_RELEASE_DAYS', this.autoReleaseDays);

    this.stateMachine = workflowStateMachine(this, {
      id: 'EscrowStateMachine',
      logsId: 'EscrowLogs',
      stateMachineName,
      aslFile: ESCROW_ASL_FILE,
      functionArnSubstitution: 'EscrowTasksFunctionArn',
      tasks: this.tasks,
      stage,
    });

    this.grantRoutes(api, siteUrl);
    this.acknowledgeNagFindings(api);
  }

  private grantRoutes(api: Api, siteUrl: string): void {
    for (const fn of kalanFunctionsOf(this)) this.grantDeclared(fn);
    const initialize = api.functionFor(routes.initializePayment.handler);
    initialize.addEnvironment('SITE_URL', siteUrl);
    initialize.addEnvironment('ESCROW_AUTO_RELEASE_DAYS', this.autoReleaseDays);
  }

  /**
   * What the function's row of infra/lib/permissions.ts declares here: the Paystack key and the
   * workflow's actions. Done for every function built before Escrow; call it for one built after.
   */
  grantDeclared(fn: KalanFunction): void {
    const { paystackSecret, workflow } = fn.permissions;
    if (paystackSecret) this.grantPaystackSecret(fn);
    if (workflow) this.grantWorkflow(fn, workflow);
  }

  /**
   * Read access to the stage's Paystack key, by name. Every route that changes a status wakes
   * the workflow waiting on it (SendTaskSuccess); the booking and the admin's retry start
   * executions; the retry stops the one it replaces.
   */
  private grantPaystackSecret(fn: KalanFunction): void {
    fn.addEnvironment('PAYSTACK_SECRET_NAME', this.paystackSecret.secretName);
    this.paystackSecret.grantRead(fn);
    fn.markGranted('paystackSecret');
  }

  private grantWorkflow(fn: KalanFunction, actions: readonly WorkflowAction[]): void {
    const onMachine = actions.filter((action) => action === 'StartExecution' || action === 'SendTaskSuccess');
    const onExecutions = actions.filter((action) => action === 'StopExecution' || action === 'DescribeExecution');
    if (onMachine.length) {
      fn.addToRolePolicy(new PolicyStatement({ actions: onMachine.map((a) => `states:${a}`), resources: [this.stateMachineArn] }));
    }
    if (actions.includes('StartExecution')) fn.addEnvironment('ESCROW_STATE_MACHINE_ARN', this.stateMachine.stateMachineArn);
    if (onExecutions.length) {
      fn.addToRolePolicy(new PolicyStatement({ actions: onExecutions.map((a) => `states:${a}`), resources: [this.executionsArn] }));
      acknowledge(
        fn,
        "Executions are named per attempt (<transaction>-<attempt>): the function reaches the one recorded on the transaction, whichever it is, and only this state machine's executions (`execution:<machine>:*`).",
        nagId(fn, `AwsSolutions-IAM5[Resource::arn:{partition}:states:{region}:{account}:execution:${this.stateMachineNagName(fn)}:*]`),
      );
    }
    fn.markGranted('workflow');
  }

  /**
   * The machine's name as cdk-nag writes it in a finding id of `fn` (its token part as JSON): the
   * stack id as `fn`'s stack reads it (a nested stack, through a parameter).
   */
  private stateMachineNagName(fn: KalanFunction): string {
    const stack = Stack.of(this);
    return `${this.stateMachineNamePrefix}${JSON.stringify(stack.resolve(stackInstance(stackIdAsSeenFrom(fn, stack))))}`;
  }

  private acknowledgeNagFindings(api: Api): void {
    acknowledge(
      api.node.findChild('Route-paystackWebhook'),
      "Paystack cannot present a Cognito JWT: the webhook authenticates each call by the HMAC-SHA512 signature of its raw body with the secret key (401 otherwise), then re-verifies the payment through Paystack's API.",
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
      `AwsSolutions-IAM5[Resource::${nagReference(this.tasks)}:*]`,
    );
  }
}
