/**
 * Tutors' payouts in the cloud (issue 30, infra/lib/payouts.ts): the state machine is the ASL file
 * the local runner executes, its tasks and the 5-minute reconciler live in the `Payouts` nested
 * stack, the providers' credentials are Secrets Manager references by name (never a value in the
 * template), each function gets only the environment and rights its row declares, and operators
 * are alarmed on failed, stuck and short-float payouts and on the machine's failures.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BUSINESS_EVENTS, METRICS_NAMESPACE } from '#shared/metrics';
import { eventHandlers, routes } from '#shared/routes';
import { PAYOUTS_ASL_FILE } from '../../infra/lib/payouts.js';
import { type CfnResource, kalanFunctions, logicalId, synthesize } from './synthesize.js';

const { stack, template, templates } = synthesize();
const resources = template.toJSON().Resources as Record<string, CfnResource>;
const machines = Object.entries(template.findResources('AWS::StepFunctions::StateMachine') as Record<string, CfnResource>);
const [, machine] = machines.find(([id]) => id.startsWith('PayoutWorkflowPayoutStateMachine'))!;
const functions = template.findResources('AWS::Lambda::Function') as Record<string, CfnResource>;
const fn = (handler: string) => kalanFunctions(stack).find((f) => f.handlerModule === handler)!;
const env = (handler: string): Record<string, unknown> => functions[logicalId(fn(handler))]!.Properties.Environment.Variables;
const payoutHandlers = [...new Set(Object.values(routes).filter((r) => r.handler.startsWith('payouts/')).map((r) => r.handler))];

describe('the payouts (CDK)', () => {
  it('run one Standard state machine, traced and logged, from the same ASL file as the local runner, invoking the tasks function', () => {
    expect(machine.Properties).toMatchObject({ StateMachineType: 'STANDARD', TracingConfiguration: { Enabled: true } });
    expect(machine.Properties.LoggingConfiguration.Level).toBe('ALL');
    expect(JSON.parse(machine.Properties.DefinitionString as string)).toEqual(JSON.parse(readFileSync(PAYOUTS_ASL_FILE, 'utf8')));
    expect(machine.Properties.DefinitionSubstitutions.PayoutTasksFunctionArn).toEqual({ 'Fn::GetAtt': [logicalId(fn(eventHandlers.payoutTasks)), 'Arn'] });
  });

  it('keep the machine in the top-level stack and its tasks and reconciler in the Payouts nested stack', () => {
    const top = templates.get(stack.node.path)!.toJSON().Resources as Record<string, CfnResource>;
    expect(Object.keys(top).filter((id) => id.startsWith('PayoutWorkflowPayoutStateMachine') && top[id]!.Type === 'AWS::StepFunctions::StateMachine')).toHaveLength(1);
    expect(kalanFunctions(stack.payoutJobs).map((f) => f.handlerModule).sort()).toEqual([eventHandlers.payoutReconciler, eventHandlers.payoutTasks].sort());
  });

  it('run the reconciler every 5 minutes, retried twice, then into an encrypted dead-letter queue', () => {
    const schedules = Object.values(template.findResources('AWS::Scheduler::Schedule') as Record<string, CfnResource>).filter(
      (s) => JSON.stringify(s.Properties.Target.Arn) === JSON.stringify({ 'Fn::GetAtt': [logicalId(fn(eventHandlers.payoutReconciler)), 'Arn'] }),
    );
    expect(schedules).toHaveLength(1);
    const [schedule] = schedules;
    expect(schedule!.Properties).toMatchObject({ ScheduleExpression: 'rate(5 minutes)', State: 'ENABLED' });
    expect(schedule!.Properties.Target.RetryPolicy).toEqual({ MaximumRetryAttempts: 2, MaximumEventAgeInSeconds: 300 });
    const queueId = schedule!.Properties.Target.DeadLetterConfig.Arn['Fn::GetAtt'][0] as string;
    expect(resources[queueId]!.Properties).toMatchObject({ SqsManagedSseEnabled: true });
  });

  it('read the providers’ credentials from Secrets Manager by name, and give their addresses, to the functions that call them only', () => {
    const callers = [eventHandlers.payoutTasks, eventHandlers.payoutReconciler, 'payouts/cinetpay-notify', 'payouts/admin-api'];
    for (const handler of callers) {
      expect(env(handler), handler).toMatchObject({
        PAYOUT_CINETPAY_SECRET_NAME: 'kalan/dev/cinetpay-transfer',
        PAYOUT_WAVE_SECRET_NAME: 'kalan/dev/wave-payouts',
        CINETPAY_BASE_URL: 'https://client.cinetpay.com',
        WAVE_BASE_URL: 'https://api.wave.com',
      });
      // The notify URL is built on the site's origin (CloudFront routes /api/* to the API).
      expect(env(handler).SITE_URL, handler).toEqual(env(eventHandlers.notifier).SITE_URL);
    }
    expect(env('payouts/wallet-api').PAYOUT_CINETPAY_SECRET_NAME).toBeUndefined();
    expect(JSON.stringify(template.toJSON())).not.toMatch(/SecretString|GenerateSecretString/);
    expect(template.findResources('AWS::SecretsManager::Secret')).toEqual({});
  });

  it('give the payout workflow’s ARN to the functions that start it: the withdrawal, the admin’s retry and the reconciler', () => {
    for (const handler of ['payouts/wallet-api', 'payouts/admin-api', eventHandlers.payoutReconciler]) {
      expect(JSON.stringify(env(handler).PAYOUT_STATE_MACHINE_ARN), handler).toContain('kalan-dev-payouts-');
    }
    for (const handler of ['payouts/cinetpay-notify', eventHandlers.payoutTasks]) expect(env(handler).PAYOUT_STATE_MACHINE_ARN, handler).toBeUndefined();
  });

  it('expose CinetPay’s notification without the JWT authorizer, throttled, and every other payout route behind it', () => {
    const routesByKey = new Map(Object.values(template.findResources('AWS::ApiGatewayV2::Route') as Record<string, CfnResource>).map((r) => [r.Properties.RouteKey, r.Properties]));
    for (const route of Object.values(routes).filter((r) => payoutHandlers.includes(r.handler))) {
      const deployed = routesByKey.get(`${route.method} ${route.path}`)!;
      expect(deployed.AuthorizationType, route.path).toBe(route.auth === 'public' ? 'NONE' : 'JWT');
    }
    expect(routes.cinetpayTransferNotification.auth).toBe('public');
  });

  it('alarm on any failed payout, any payout stuck past an hour, a float short of the next 24 hours, and the machine’s failed executions', () => {
    const alarms = Object.values(template.findResources('AWS::CloudWatch::Alarm') as Record<string, CfnResource>).map((a) => a.Properties);
    const on = (metricName: string) =>
      alarms.filter((alarm) => (alarm.Metrics ?? []).some((q: any) => q.MetricStat?.Metric.Namespace === METRICS_NAMESPACE && q.MetricStat.Metric.MetricName === metricName));
    expect(on(BUSINESS_EVENTS.PayoutsFailed)).toEqual([expect.objectContaining({ Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold' })]);
    expect(on(BUSINESS_EVENTS.PayoutsStuck)).toEqual([expect.objectContaining({ Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold' })]);
    // One per provider, on the dimension the reconciler publishes it with.
    const float = on(BUSINESS_EVENTS.PayoutFloatShortfall);
    expect(float).toHaveLength(2);
    for (const alarm of float) expect(alarm).toMatchObject({ Threshold: 0, ComparisonOperator: 'GreaterThanThreshold' });
    const providers = float.map((alarm) => alarm.Metrics.find((q: any) => q.MetricStat).MetricStat.Metric.Dimensions.find((d: any) => d.Name === 'provider').Value);
    expect(providers.sort()).toEqual(['cinetpay', 'wave']);
    const machineId = machines.find(([id]) => id.startsWith('PayoutWorkflowPayoutStateMachine'))![0];
    const failed = alarms.filter((alarm) =>
      (alarm.Metrics ?? []).some(
        (q: any) => q.MetricStat?.Metric.MetricName === 'ExecutionsFailed' && JSON.stringify(q.MetricStat.Metric.Dimensions).includes(machineId),
      ),
    );
    expect(failed).toHaveLength(1);
  });

  it("keep the API functions' stack under CloudFormation's 200 outputs", () => {
    const outputs = Object.keys(templates.get(stack.apiFunctions.node.path)!.toJSON().Outputs ?? {});
    expect(outputs.length).toBeLessThan(200);
  });
});
