import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { routes } from '#shared/routes';
import { ESCROW_ASL_FILE } from '../../infra/lib/escrow.js';
import { type CfnResource, kalanFunctions, logicalId, synthesize } from './synthesize.js';

const { stack, template } = synthesize();
// The escrow's machine (the payouts' has its own test: tests/infra/payouts.test.ts).
const machines = Object.fromEntries(
  Object.entries(template.findResources('AWS::StepFunctions::StateMachine') as Record<string, CfnResource>).filter(([id]) => id.startsWith('EscrowEscrowStateMachine')),
);
const functions = template.findResources('AWS::Lambda::Function') as Record<string, CfnResource>;
const policies = template.findResources('AWS::IAM::Policy') as Record<string, CfnResource>;
const fn = (handler: string) => kalanFunctions(stack).find((f) => f.handlerModule === handler)!;
const statementsOf = (handler: string) => {
  const roleRef = functions[logicalId(fn(handler))]!.Properties.Role['Fn::GetAtt'][0];
  return Object.values(policies)
    .filter((p) => p.Properties.Roles.some((r: { Ref: string }) => r.Ref === roleRef))
    .flatMap((p) => p.Properties.PolicyDocument.Statement as Array<{ Action: string | string[]; Resource: unknown }>);
};
const actionsOf = (handler: string) => statementsOf(handler).flatMap((s) => [s.Action].flat());
/** The definition the state machine is deployed with (the ASL file, substitutions left to CloudFormation). */
const deployedDefinition = () =>
  JSON.parse(Object.values(machines)[0]!.Properties.DefinitionString as string) as { States: Record<string, any> };

describe('escrow workflow (CDK)', () => {
  it('is one Standard state machine, traced and logged, built from the same ASL file as the local runner', () => {
    const [machine] = Object.values(machines);
    expect(Object.keys(machines)).toHaveLength(1);
    expect(machine!.Properties).toMatchObject({ StateMachineType: 'STANDARD', TracingConfiguration: { Enabled: true } });
    expect(machine!.Properties.LoggingConfiguration.Level).toBe('ALL');
    const definition = JSON.parse(readFileSync(ESCROW_ASL_FILE, 'utf8')) as { States: Record<string, unknown> };
    // The deployed definition IS the file (substitutions are resolved by CloudFormation).
    expect(JSON.parse(machine!.Properties.DefinitionString as string)).toEqual(definition);
    expect(machine!.Properties.DefinitionSubstitutions.EscrowTasksFunctionArn).toEqual({
      'Fn::GetAtt': [logicalId(fn('escrow/tasks')), 'Arn'],
    });
  });

  it('waits on task tokens with timeouts, and retries Paystack refunds before asking an admin', () => {
    const { States } = deployedDefinition();
    for (const name of ['AwaitPayment', 'AwaitDecision', 'AwaitAdmin']) {
      expect(States[name].Resource).toBe('arn:aws:states:::lambda:invoke.waitForTaskToken');
      expect(States[name].TimeoutSecondsPath).toBe('$.waitSeconds');
    }
    expect(States.AwaitPayment.Catch[0]).toMatchObject({ ErrorEquals: ['States.Timeout'], Next: 'ExpirePayment' });
    expect(States.AwaitDecision.Catch[0]).toMatchObject({ ErrorEquals: ['States.Timeout'], Next: 'AutoRelease' });
    expect(States.AwaitAdmin.Catch[0]).toMatchObject({ ErrorEquals: ['States.Timeout'], Next: 'Load' });
    expect(States.Refund.Retry[0]).toMatchObject({ ErrorEquals: ['PaystackUnavailable'], MaxAttempts: 6, JitterStrategy: 'FULL' });
  });

  describe('nothing dies silently (the deployed definition)', () => {
    const { States } = deployedDefinition();
    const tasks = Object.entries(States).filter(([name, state]) => state.Type === 'Task' && name !== 'MarkNeedsAttention');
    const isWait = (state: any) => String(state.Resource).endsWith('.waitForTaskToken');
    const LAMBDA_TRANSIENT = ['Lambda.ServiceException', 'Lambda.AWSLambdaException', 'Lambda.SdkClientException', 'Lambda.TooManyRequestsException'];

    it('has the Task states of the workflow', () => {
      expect(tasks.map(([name]) => name).sort()).toEqual(
        ['AutoDecline', 'AutoRelease', 'AwaitAdmin', 'AwaitCredit', 'AwaitDecision', 'AwaitPayment', 'AwaitTutor', 'ExpireCredit', 'ExpirePayment', 'Load', 'Refund'].sort(),
      );
    });

    it.each(tasks)('%s retries what is transient, with backoff, full jitter and a maximum delay', (name, state) => {
      const transient = (state.Retry as any[]).find((r) => r.ErrorEquals.includes('Lambda.ServiceException'));
      expect(transient, name).toBeDefined();
      expect(transient.ErrorEquals).toEqual(expect.arrayContaining([...LAMBDA_TRANSIENT, 'ThrottlingException']));
      for (const retrier of state.Retry as any[]) {
        expect(retrier.IntervalSeconds, name).toBeGreaterThanOrEqual(1);
        expect(retrier.BackoffRate, name).toBeGreaterThan(1);
        expect(retrier.MaxAttempts, name).toBeGreaterThanOrEqual(3);
        expect(retrier.MaxDelaySeconds, name).toBeGreaterThan(retrier.IntervalSeconds);
        expect(retrier.JitterStrategy, name).toBe('FULL');
        expect(retrier.ErrorEquals, `${name} ne réessaie pas tout`).not.toContain('States.ALL');
      }
      // A step's own time-out is transient; a wait's deadline is its purpose, never retried.
      const retriesTimeout = (state.Retry as any[]).some((r) => r.ErrorEquals.includes('States.Timeout'));
      expect(retriesTimeout, name).toBe(!isWait(state));
      if (!isWait(state)) expect(state.TimeoutSeconds, name).toBeGreaterThan(0);
    });

    it.each(tasks)('%s catches everything else, last, into MarkNeedsAttention through a Pass naming it', (name, state) => {
      const catchers = state.Catch as any[];
      const last = catchers.at(-1);
      expect(last.ErrorEquals).toEqual(['States.ALL']);
      expect(last.ResultPath).toBe('$.failure');
      const named = States[last.Next];
      expect(named).toMatchObject({ Type: 'Pass', Result: name, ResultPath: '$.failure.State', Next: 'MarkNeedsAttention' });
      expect(catchers.slice(0, -1).every((c) => !c.ErrorEquals.includes('States.ALL'))).toBe(true);
    });

    it.each(tasks.filter(([, state]) => isWait(state)))('%s waits with a time-out, and its deadline is caught first', (name, state) => {
      expect(state.TimeoutSeconds ?? state.TimeoutSecondsPath, name).toBeDefined();
      expect(state.Catch[0].ErrorEquals).toEqual(['States.Timeout']);
    });

    it('MarkNeedsAttention records the failure and the execution, retries what is transient, and waits for an admin', () => {
      const mark = States.MarkNeedsAttention;
      expect(mark.Parameters.Payload).toMatchObject({ action: 'markNeedsAttention', 'failure.$': '$.failure', 'execution.$': '$$.Execution.Name' });
      expect(mark.Retry[0].ErrorEquals).toEqual(expect.arrayContaining(LAMBDA_TRANSIENT));
      // No Catch: if even this fails, the execution fails and the alarm on failed executions tells an operator.
      expect(mark.Catch).toBeUndefined();
      expect(mark.Next).toBe('Route');
      expect(States.Route.Choices).toContainEqual({ Variable: '$.status', StringEquals: 'needs_attention', Next: 'AwaitAdmin' });
    });
  });

  it('reads the Paystack key from Secrets Manager by name, never from the template', () => {
    const env = (handler: string) => functions[logicalId(fn(handler))]!.Properties.Environment.Variables;
    for (const handler of ['payments/initialize', 'payments/webhook', 'payments/verify-payment', 'escrow/tasks', 'admin/retry-transaction']) {
      expect(env(handler).PAYSTACK_SECRET_NAME).toBe('kalan/dev/paystack-secret-key');
      expect(env(handler).PAYSTACK_SECRET_KEY).toBeUndefined();
      expect(actionsOf(handler)).toContain('secretsmanager:GetSecretValue');
    }
    expect(JSON.stringify(template.toJSON())).not.toMatch(/sk_(live|test)_/);
  });

  it('gives the booking (which dates the automatic release) and the workflow the same release window', () => {
    const env = (handler: string) => functions[logicalId(fn(handler))]!.Properties.Environment.Variables;
    expect(env('escrow/tasks').ESCROW_AUTO_RELEASE_DAYS).toBe('7');
    expect(env('payments/initialize').ESCROW_AUTO_RELEASE_DAYS).toBe(env('escrow/tasks').ESCROW_AUTO_RELEASE_DAYS);
  });

  it("lets only the booking and the admin's retry start executions, and the status-changing routes answer task tokens", () => {
    expect(actionsOf('payments/initialize')).toContain('states:StartExecution');
    expect(actionsOf('admin/retry-transaction')).toEqual(expect.arrayContaining(['states:StartExecution', 'states:StopExecution', 'states:SendTaskSuccess']));
    for (const handler of ['payments/webhook', 'payments/verify-payment', 'escrow/decide', 'transactions/rate', 'escrow/tasks']) {
      expect(actionsOf(handler)).not.toContain('states:StartExecution');
      expect(actionsOf(handler)).toContain('states:SendTaskSuccess');
    }
    for (const handler of ['transactions/list-mine', 'admin/transactions', 'transactions/earnings']) {
      expect(actionsOf(handler).filter((a) => a.startsWith('states:') || a.startsWith('secretsmanager:'))).toEqual([]);
    }
  });

  it('exposes the Paystack webhook without the JWT authorizer, and every other money route behind it', () => {
    const routeResources = Object.values(template.findResources('AWS::ApiGatewayV2::Route') as Record<string, CfnResource>);
    const byKey = new Map(routeResources.map((r) => [r.Properties.RouteKey as string, r.Properties]));
    expect(byKey.get('POST /api/webhooks/paystack')?.AuthorizationType).toBe('NONE');
    // Issue 34: Meta's WhatsApp webhook and its verify handshake prove themselves (signature, verify token).
    expect(byKey.get('POST /api/webhooks/whatsapp')?.AuthorizationType).toBe('NONE');
    expect(byKey.get('GET /api/webhooks/whatsapp')?.AuthorizationType).toBe('NONE');
    for (const route of Object.values(routes).filter((r) => r.auth === 'jwt' && r.handler.match(/^(payments|escrow|transactions|admin)\//))) {
      expect(byKey.get(`${route.method} ${route.path}`)?.AuthorizationType, route.path).toBe('JWT');
    }
  });
});
