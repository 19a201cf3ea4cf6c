/**
 * The reconciler's deployment (issue 11 point 2): an EventBridge Scheduler schedule every 15
 * minutes invoking the reconciler function, with retries and a dead-letter queue, and a function
 * that may do only what it uses.
 */
import { describe, expect, it } from 'vitest';
import { eventHandlers, routes } from '#shared/routes';
import { type CfnResource, kalanFunctions, logicalId, synthesize } from './synthesize.js';

const { stack, template } = synthesize();
const queues = template.findResources('AWS::SQS::Queue') as Record<string, CfnResource>;
const functions = template.findResources('AWS::Lambda::Function') as Record<string, CfnResource>;
const policies = template.findResources('AWS::IAM::Policy') as Record<string, CfnResource>;
const reconciler = kalanFunctions(stack).find((fn) => fn.handlerModule === eventHandlers.reconciler)!;
// The escrow reconciler's schedule (the payouts reconciler's: tests/infra/payouts.test.ts).
const schedules = Object.fromEntries(
  Object.entries(template.findResources('AWS::Scheduler::Schedule') as Record<string, CfnResource>).filter(
    ([, s]) => JSON.stringify(s.Properties.Target.Arn) === JSON.stringify({ 'Fn::GetAtt': [logicalId(reconciler), 'Arn'] }),
  ),
);
const machineId = Object.keys(template.findResources('AWS::StepFunctions::StateMachine')).find((id) => id.startsWith('EscrowEscrowStateMachine'))!;

type Statement = { Action: string | string[]; Resource: unknown; Effect: string };
const statementsOfRole = (roleRef: string): Statement[] =>
  Object.values(policies)
    .filter((p) => p.Properties.Roles.some((r: { Ref: string }) => r.Ref === roleRef))
    .flatMap((p) => p.Properties.PolicyDocument.Statement as Statement[]);
const functionStatements = () => statementsOfRole(functions[logicalId(reconciler)]!.Properties.Role['Fn::GetAtt'][0]);
const actions = (statements: Statement[]) => statements.flatMap((s) => [s.Action].flat()).sort();
const withAction = (statements: Statement[], action: string) => statements.filter((s) => [s.Action].flat().includes(action));

describe('the reconciler (CDK)', () => {
  const [schedule] = Object.values(schedules);

  it('runs every 15 minutes, enabled, invoking the reconciler function with its payload', () => {
    expect(Object.keys(schedules)).toHaveLength(1);
    expect(schedule!.Properties.ScheduleExpression).toBe('rate(15 minutes)');
    expect(schedule!.Properties.State).toBe('ENABLED');
    expect(schedule!.Properties.FlexibleTimeWindow).toEqual({ Mode: 'OFF' });
    expect(schedule!.Properties.Target.Arn).toEqual({ 'Fn::GetAtt': [logicalId(reconciler), 'Arn'] });
    expect(JSON.parse(schedule!.Properties.Target.Input as string)).toEqual({ source: 'schedule' });
  });

  it('retries a failed invocation twice, drops one older than a run, then sends it to an encrypted, TLS-only dead-letter queue', () => {
    const target = schedule!.Properties.Target;
    expect(target.RetryPolicy).toEqual({ MaximumRetryAttempts: 2, MaximumEventAgeInSeconds: 900 });
    const dlqId = target.DeadLetterConfig.Arn['Fn::GetAtt'][0] as string;
    expect(queues[dlqId]?.Properties).toMatchObject({ SqsManagedSseEnabled: true, MessageRetentionPeriod: 14 * 24 * 3600 });
    const queuePolicies = template.findResources('AWS::SQS::QueuePolicy') as Record<string, CfnResource>;
    const tlsOnly = Object.values(queuePolicies).some(
      (p) =>
        p.Properties.Queues.some((q: { Ref: string }) => q.Ref === dlqId) &&
        p.Properties.PolicyDocument.Statement.some(
          (s: any) => s.Effect === 'Deny' && s.Condition?.Bool?.['aws:SecureTransport'] === 'false',
        ),
    );
    expect(tlsOnly).toBe(true);
    // The schedule's own role: invoke this function, send to this queue, nothing else.
    const scheduleRole = target.RoleArn['Fn::GetAtt'][0] as string;
    const scheduleStatements = statementsOfRole(scheduleRole);
    expect(actions(scheduleStatements)).toEqual(['lambda:InvokeFunction', 'sqs:SendMessage']);
    expect(withAction(scheduleStatements, 'sqs:SendMessage')[0]!.Resource).toEqual({ 'Fn::GetAtt': [dlqId, 'Arn'] });
    const invokes = JSON.stringify(withAction(scheduleStatements, 'lambda:InvokeFunction')[0]!.Resource);
    expect(invokes).toContain(logicalId(reconciler));
  });

  it('may describe and start only the escrow machine’s executions, wake its tasks, read the Paystack secret and use the table', () => {
    const statements = functionStatements();
    const stateActions = actions(statements).filter((a) => a.startsWith('states:'));
    expect(stateActions).toEqual(['states:DescribeExecution', 'states:SendTaskSuccess', 'states:StartExecution']);
    // The machine, as the booking starts it.
    const initialize = kalanFunctions(stack).find((fn) => fn.handlerModule === routes.initializePayment.handler)!;
    const initializeStatements = statementsOfRole(functions[logicalId(initialize)]!.Properties.Role['Fn::GetAtt'][0]);
    expect(withAction(statements, 'states:StartExecution')[0]!.Resource).toEqual(withAction(initializeStatements, 'states:StartExecution')[0]!.Resource);
    // The escrow machine's executions: the same ARN pattern as the admin's retry may stop.
    const retry = kalanFunctions(stack).find((fn) => fn.handlerModule === routes.adminRetryTransaction.handler)!;
    const retryStatements = statementsOfRole(functions[logicalId(retry)]!.Properties.Role['Fn::GetAtt'][0]);
    const executions = withAction(retryStatements, 'states:StopExecution')[0]!.Resource;
    expect(JSON.stringify(executions)).toContain(':execution:');
    expect(withAction(statements, 'states:DescribeExecution')[0]!.Resource).toEqual(executions);
    expect(withAction(statements, 'states:DescribeExecution')).toHaveLength(1);
    expect(actions(statements).filter((a) => a.startsWith('secretsmanager:'))).toEqual(['secretsmanager:DescribeSecret', 'secretsmanager:GetSecretValue']);
    const others = actions(statements).filter((a) => !/^(states|secretsmanager|dynamodb):/.test(a));
    expect(others).toEqual([]);
    // Never a wildcard action on a service.
    expect(actions(statements).some((a) => a.endsWith(':*'))).toBe(false);
  });

  it('knows the state machine and the Paystack secret by name, and runs within the shared 10 s time-out', () => {
    const properties = functions[logicalId(reconciler)]!.Properties;
    expect(properties.Environment.Variables.ESCROW_STATE_MACHINE_ARN).toEqual({ Ref: machineId });
    expect(properties.Environment.Variables.PAYSTACK_SECRET_NAME).toBeDefined();
    expect(properties.Timeout).toBe(10);
  });
});
