import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { routes } from '#shared/routes';
import { ESCROW_ASL_FILE } from '../../infra/lib/escrow.js';
import { type CfnResource, kalanFunctions, logicalId, synthesize } from './synthesize.js';

const { stack, template } = synthesize();
const machines = template.findResources('AWS::StepFunctions::StateMachine') as Record<string, CfnResource>;
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
    const { States } = JSON.parse(readFileSync(ESCROW_ASL_FILE, 'utf8')) as { States: Record<string, any> };
    for (const name of ['AwaitPayment', 'AwaitDecision', 'AwaitAdmin']) {
      expect(States[name].Resource).toBe('arn:aws:states:::lambda:invoke.waitForTaskToken');
      expect(States[name].TimeoutSecondsPath).toBe('$.waitSeconds');
    }
    expect(States.AwaitPayment.Catch[0]).toMatchObject({ ErrorEquals: ['States.Timeout'], Next: 'ExpirePayment' });
    expect(States.AwaitDecision.Catch[0]).toMatchObject({ ErrorEquals: ['States.Timeout'], Next: 'AutoRelease' });
    expect(States.Refund.Retry[0]).toMatchObject({ ErrorEquals: ['PaystackUnavailable'], MaxAttempts: 4 });
    expect(States.Refund.Catch[0]).toMatchObject({ ErrorEquals: ['States.ALL'], Next: 'FailRefund' });
  });

  it('reads the Paystack key from Secrets Manager by name, never from the template', () => {
    const env = (handler: string) => functions[logicalId(fn(handler))]!.Properties.Environment.Variables;
    for (const handler of ['payments/initialize', 'payments/webhook', 'payments/verify-payment', 'escrow/tasks']) {
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

  it('lets only the booking start executions, and the status-changing routes answer task tokens', () => {
    expect(actionsOf('payments/initialize')).toContain('states:StartExecution');
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
    for (const route of Object.values(routes).filter((r) => r.auth === 'jwt' && r.handler.match(/^(payments|escrow|transactions|admin)\//))) {
      expect(byKey.get(`${route.method} ${route.path}`)?.AuthorizationType, route.path).toBe('JWT');
    }
  });
});
