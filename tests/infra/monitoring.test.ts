/**
 * Operators who know (infra/lib/monitoring.ts): every Lambda function, the state machine, the API
 * and every dead-letter queue of the synthesized stack have alarms whose actions notify the alarm
 * topic; the `needs_attention` alarm reads the metric the functions publish; one dashboard.
 */
import { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { describe, expect, it } from 'vitest';
import { BUSINESS_EVENTS, METRICS_NAMESPACE, METRICS_SERVICE } from '#shared/metrics';
import { KalanFunction } from '../../infra/lib/kalan-function.js';
import { addKalanStack } from '../../infra/lib/kalan-stack.js';
import { API_5XX_RATE_THRESHOLD } from '../../infra/lib/monitoring.js';
import { stageNamed } from '../../infra/lib/stage.js';
import { CDK_PROVIDER_HANDLER, type CfnResource, deployedTemplate, logicalId, missingSpaBuild, newApp, synthesize } from './synthesize.js';

const { stack, template } = synthesize();
const topic = { Ref: logicalId(stack.alarmTopic) };
const alarms = Object.values(template.findResources('AWS::CloudWatch::Alarm') as Record<string, CfnResource>).map((a) => a.Properties);

type MetricStat = { Metric: { Namespace: string; MetricName: string; Dimensions?: Array<{ Name: string; Value: unknown }> }; Stat: string };
const statsOf = (alarm: Record<string, any>): MetricStat[] =>
  (alarm.Metrics ?? []).flatMap((query: { MetricStat?: MetricStat }) => (query.MetricStat ? [query.MetricStat] : []));

/** The alarms that notify the topic and read `metricName` of `namespace` with the dimension `name` = `value`. */
function alarmsOn(namespace: string, metricName: string, name: string, value: unknown): Array<Record<string, any>> {
  return alarms.filter(
    (alarm) =>
      JSON.stringify(alarm.AlarmActions ?? []).includes(JSON.stringify(topic)) &&
      statsOf(alarm).some(
        ({ Metric }) =>
          Metric.Namespace === namespace &&
          Metric.MetricName === metricName &&
          (Metric.Dimensions ?? []).some((d) => d.Name === name && JSON.stringify(d.Value) === JSON.stringify(value)),
      ),
  );
}


describe('Monitoring', () => {
  const functions = Object.keys(template.findResources('AWS::Lambda::Function'));

  it('alarms on the errors of every Lambda function of the stack, to the alarm topic', () => {
    const unwatched = functions.filter((id) => alarmsOn('AWS/Lambda', 'Errors', 'FunctionName', { Ref: id }).length === 0);
    expect(unwatched.filter((id) => !CDK_PROVIDER_HANDLER.test(id))).toEqual([]);
    // The exclusion is only CDK's providers: every function construct is watched, ours and CDK's.
    const constructs = stack.node.findAll().filter((c) => c instanceof LambdaFunction);
    expect(constructs.length).toBeGreaterThanOrEqual(42);
    for (const fn of constructs) expect(unwatched, fn.node.path).not.toContain(logicalId(fn));
  });

  it('alarms on failed, timed-out and unexplained aborted executions of the escrow state machine', () => {
    const machines = Object.keys(template.findResources('AWS::StepFunctions::StateMachine'));
    expect(machines.length).toBeGreaterThan(0);
    for (const id of machines) {
      for (const metric of ['ExecutionsFailed', 'ExecutionsTimedOut', 'ExecutionsAborted']) {
        expect(alarmsOn('AWS/States', metric, 'StateMachineArn', { Ref: id }), `${id} ${metric}`).toHaveLength(1);
      }
      // Aborted executions a retry replaced on purpose (counted by the functions) are not news.
      const [aborted] = alarmsOn('AWS/States', 'ExecutionsAborted', 'StateMachineArn', { Ref: id });
      expect(aborted!.Metrics).toEqual(
        expect.arrayContaining([expect.objectContaining({ Expression: 'MAX([0, aborted - FILL(replaced, 0)])', ReturnData: true })]),
      );
      expect(statsOf(aborted!).map((s) => s.Metric.MetricName)).toContain(BUSINESS_EVENTS.ExecutionReplaced);
    }
  });

  it('alarms on the API 5xx rate of the HTTP API', () => {
    const [alarm, ...others] = alarmsOn('AWS/ApiGateway', '5xx', 'ApiId', { Ref: logicalId(stack.api.httpApi) });
    expect(others).toEqual([]);
    expect(alarm).toMatchObject({ Threshold: API_5XX_RATE_THRESHOLD, ComparisonOperator: 'GreaterThanThreshold' });
    // Average of the 0/1 `5xx` metric: the share of requests, on the API's one stage.
    expect(statsOf(alarm!)[0]).toMatchObject({ Stat: 'Average', Metric: { Dimensions: expect.arrayContaining([{ Name: 'Stage', Value: '$default' }]) } });
  });

  it('alarms at the first message in any dead-letter queue', () => {
    const queues = template.findResources('AWS::SQS::Queue') as Record<string, CfnResource>;
    const deadLetterQueues = Object.keys(queues).filter((id) => queues[id]!.Properties?.RedrivePolicy === undefined);
    expect(deadLetterQueues.length).toBeGreaterThan(0);
    for (const id of deadLetterQueues) {
      const [alarm] = alarmsOn('AWS/SQS', 'ApproximateNumberOfMessagesVisible', 'QueueName', { 'Fn::GetAtt': [id, 'QueueName'] });
      expect(alarm, id).toMatchObject({ Threshold: 0, ComparisonOperator: 'GreaterThanThreshold' });
    }
  });

  it('alarms on any needs_attention, reading the metric the functions publish', () => {
    const dimensions = { service: METRICS_SERVICE, stage: 'dev' };
    const [alarm, ...others] = alarmsOn(METRICS_NAMESPACE, BUSINESS_EVENTS.NeedsAttention, 'stage', dimensions.stage);
    expect(others).toEqual([]);
    expect(alarm).toMatchObject({ Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold', TreatMissingData: 'notBreaching' });
    const [stat] = statsOf(alarm!);
    expect(stat!.Stat).toBe('Sum');
    expect(Object.fromEntries(stat!.Metric.Dimensions!.map((d) => [d.Name, d.Value]))).toEqual(dimensions);
    // The functions publish that `stage` dimension from KALAN_STAGE: every one of them has it.
    const resources = template.findResources('AWS::Lambda::Function') as Record<string, CfnResource>;
    for (const fn of stack.node.findAll().filter((c): c is KalanFunction => c instanceof KalanFunction)) {
      expect(resources[logicalId(fn)]!.Properties.Environment.Variables.KALAN_STAGE, fn.handlerModule).toBe(dimensions.stage);
    }
  });

  it('alarms on any signed Paystack body the webhook refuses (400), not on unsigned ones (401)', () => {
    const [alarm, ...others] = alarmsOn(METRICS_NAMESPACE, BUSINESS_EVENTS.WebhookEventRefused, 'stage', 'dev');
    expect(others).toEqual([]);
    expect(alarm).toMatchObject({ Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold', TreatMissingData: 'notBreaching' });
    // Anyone can send an unsigned body: counted on the dashboard, never an alarm.
    expect(alarmsOn(METRICS_NAMESPACE, BUSINESS_EVENTS.WebhookRejected, 'stage', 'dev')).toEqual([]);
  });

  it('alarms on the first WhatsApp webhook update that failed inside (answered 200 to Meta all the same)', () => {
    const [alarm, ...others] = alarmsOn(METRICS_NAMESPACE, BUSINESS_EVENTS.WhatsAppWebhookFailed, 'stage', 'dev');
    expect(others).toEqual([]);
    expect(alarm).toMatchObject({ Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold', TreatMissingData: 'notBreaching' });
  });

  it('has one dashboard', () => {
    template.resourceCountIs('AWS::CloudWatch::Dashboard', 1);
  });

  it('watches a function added after the stack was built, in any of its stacks, without an edit (the aspect finds it)', () => {
    const app = newApp();
    const late = addKalanStack(app, stageNamed('dev'), { spaDistDir: missingSpaBuild() });
    const added = [late, late.apiFunctions, late.jobs].map(
      (scope, i) => new KalanFunction(scope, `AddedLater${i}`, { handlerModule: 'http/not-found', table: late.data.table, stage: stageNamed('dev') }),
    );
    const deployed = deployedTemplate(late);
    for (const fn of added) {
      const lateAlarms = deployed.findResources('AWS::CloudWatch::Alarm', {
        Properties: {
          AlarmActions: [{ Ref: logicalId(late.alarmTopic) }],
          Metrics: [{ MetricStat: { Metric: { MetricName: 'Errors', Dimensions: [{ Name: 'FunctionName', Value: { Ref: logicalId(fn) } }] } } }],
        },
      });
      expect(Object.keys(lateAlarms), fn.node.path).toHaveLength(1);
    }
  });
});
