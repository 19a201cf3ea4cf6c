/**
 * Prints, per stage, how many Lambda functions the synthesized template has and how many carry an
 * errors alarm, the alarms and how many notify the alarm topic, and the dashboards:
 * `AWS_EC2_METADATA_DISABLED=true npx tsx tests/infra/alarm-coverage.ts`.
 */
import { logicalId, synthesize } from './synthesize.js';

for (const stage of ['dev', 'prod']) {
  const { stack, template } = synthesize({ stage });
  const resources = template.toJSON().Resources as Record<string, { Type: string; Properties: Record<string, any> }>;
  const functions = Object.keys(resources).filter((id) => resources[id]!.Type === 'AWS::Lambda::Function');
  const alarms = Object.values(resources).filter((r) => r.Type === 'AWS::CloudWatch::Alarm');
  const watches = (id: string) =>
    alarms.some((a) => {
      const metrics = JSON.stringify(a.Properties.Metrics);
      return metrics.includes('"MetricName":"Errors"') && metrics.includes(JSON.stringify({ Ref: id }));
    });
  const unwatched = functions.filter((id) => !watches(id));
  const topic = JSON.stringify({ Ref: logicalId(stack.alarmTopic) });
  const toTopic = alarms.filter((a) => JSON.stringify(a.Properties.AlarmActions ?? []).includes(topic));
  const dashboards = Object.values(resources).filter((r) => r.Type === 'AWS::CloudWatch::Dashboard').length;
  console.log(
    `${stage}: ${functions.length} Lambda functions, ${functions.length - unwatched.length} with an errors alarm` +
      ` (without: ${unwatched.join(', ') || 'none'}); ${alarms.length} alarms, ${toTopic.length} notify the alarm topic; ${dashboards} dashboard(s)`,
  );
}
