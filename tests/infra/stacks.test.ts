/**
 * The stage's stack split by concern (issue 29, docs/decisions.md "Issue 29: stacks by concern"):
 * what each stack holds; nothing that holds data, or that something else holds by its identity,
 * leaves the top-level stack or its logical id (tests/infra/pre-split-ids.ts, captured before the
 * split); every function is alarmed from the top-level stack wherever it lives; the stacks share
 * values through nested-stack parameters and outputs, never exports.
 */
import { NestedStack } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { eventHandlers, routes } from '#shared/routes';
import { PAGES_PUBLISHER_OUTPUT } from '../../functions/src/pages/page-keys.js';
import { PHOTO_RESIZER_OUTPUT } from '../../functions/src/photos/backfill-request.js';
import { STATEFUL_RESOURCE_TYPES } from '../../infra/lib/kalan-stack.js';
import { stageFrom } from '../../infra/lib/stage.js';
import { STAGES, stageSettings } from '../../infra/stages.js';
import { BY_STAGE, HELD_BY_IDENTITY, ROUTES, STATEFUL } from './pre-split-ids.js';
import { CDK_PROVIDER_HANDLER, type CfnResource, kalanFunctions, logicalId, synthesize } from './synthesize.js';

/** Never outside the top-level stack: what holds data (the stage's removal policy covers them) and the keys. */
const TOP_LEVEL_ONLY = [...STATEFUL_RESOURCE_TYPES, 'AWS::KMS::Key', 'AWS::Cognito::UserPoolGroup', 'AWS::Scheduler::ScheduleGroup'];

type Json = Record<string, any>;

describe.each(Object.keys(STAGES))('the %s stage', (stageName) => {
  const { stack, templates, template } = synthesize({ stage: stageName });
  const json = (path: string): Json => templates.get(path)!.toJSON();
  const top: Record<string, CfnResource> = json(stack.node.path).Resources;
  const nested: NestedStack[] = [stack.apiFunctions, stack.jobs, stack.realtimeStack, stack.payoutJobs];
  const typesOf = (path: string) => [...new Set(Object.values<CfnResource>(json(path).Resources ?? {}).map((r) => r.Type))].sort();

  it('keeps the data, and what is held by its identity, in the top-level stack under the logical ids it had before the split', () => {
    const kept: Record<string, string> = { ...STATEFUL, ...HELD_BY_IDENTITY, ...ROUTES, ...BY_STAGE[stageName] };
    expect(Object.keys(kept).length).toBeGreaterThan(80);
    const notThere = Object.entries(kept).filter(([id, type]) => top[id]?.Type !== type);
    expect(notThere.map(([id, type]) => `${id} (${type})`)).toEqual([]);
  });

  it('has every table, bucket, user pool, key and log group of the stage in the top-level stack only', () => {
    expect(stack.node.findAll().filter((c) => NestedStack.isNestedStack(c))).toEqual(nested);
    // The nested stacks, and the edge stack of a stage that pins its region.
    for (const path of [...templates.keys()].filter((p) => p !== stack.node.path)) {
      expect(typesOf(path).filter((type) => TOP_LEVEL_ONLY.includes(type)), path).toEqual([]);
    }
    const everywhere = Object.values<CfnResource>(template.toJSON().Resources).filter((r) => TOP_LEVEL_ONLY.includes(r.Type));
    const atTop = Object.values(top).filter((r) => TOP_LEVEL_ONLY.includes(r.Type));
    expect(atTop.length).toBeGreaterThanOrEqual(Object.keys(STATEFUL).length);
    expect(atTop).toHaveLength(everywhere.length);
  });

  it("holds in the API functions' stack the route table's functions, each with its integration and invoke permission, and nothing else", () => {
    const path = stack.apiFunctions.node.path;
    const handlers = new Set(Object.values(routes).map((route) => route.handler));
    expect(kalanFunctions(stack.apiFunctions).map((fn) => fn.handlerModule).sort()).toEqual([...handlers].sort());
    expect(typesOf(path)).toEqual(['AWS::ApiGatewayV2::Integration', 'AWS::IAM::Policy', 'AWS::IAM::Role', 'AWS::Lambda::Function', 'AWS::Lambda::Permission']);
    const count = (type: string) => Object.values<CfnResource>(json(path).Resources).filter((r) => r.Type === type).length;
    expect([count('AWS::Lambda::Function'), count('AWS::ApiGatewayV2::Integration'), count('AWS::Lambda::Permission')]).toEqual([
      handlers.size,
      handlers.size,
      handlers.size,
    ]);
    // The routes that send to them stay with the API, in the top-level stack.
    expect(Object.values(top).filter((r) => r.Type === 'AWS::ApiGatewayV2::Route')).toHaveLength(Object.keys(routes).length);
  });

  it("holds in the jobs' stack the reconciler with its schedule, and the photo resizer", () => {
    expect(kalanFunctions(stack.jobs).map((fn) => fn.handlerModule).sort()).toEqual([eventHandlers.photoResizer, eventHandlers.reconciler].sort());
    expect(typesOf(stack.jobs.node.path)).toContain('AWS::Scheduler::Schedule');
  });

  it("holds in the payouts' stack the payout workflow's tasks and the payouts reconciler with its schedule; the machine stays at the top", () => {
    expect(kalanFunctions(stack.payoutJobs).map((fn) => fn.handlerModule).sort()).toEqual([eventHandlers.payoutReconciler, eventHandlers.payoutTasks].sort());
    expect(typesOf(stack.payoutJobs.node.path)).toContain('AWS::Scheduler::Schedule');
    expect(Object.values(top).filter((r) => r.Type === 'AWS::StepFunctions::StateMachine')).toHaveLength(2);
  });

  it("holds in the realtime stack the messages' WebSocket API with its routes, authorizer and functions (issue 31): its place from the start, so no route ever moves", () => {
    expect(kalanFunctions(stack.realtimeStack).map((fn) => fn.handlerModule).sort()).toEqual([eventHandlers.socket, eventHandlers.socketAuthorizer].sort());
    expect(typesOf(stack.realtimeStack.node.path)).toEqual(expect.arrayContaining(['AWS::ApiGatewayV2::Api', 'AWS::ApiGatewayV2::Route', 'AWS::ApiGatewayV2::Stage']));
  });

  it('alarms from the top-level stack on the errors of every function of every nested stack', () => {
    for (const child of nested) {
      expect(typesOf(child.node.path).filter((type) => type.startsWith('AWS::CloudWatch::')), child.node.path).toEqual([]);
      const childJson = json(child.node.path);
      const childId = logicalId(child.nestedStackResource!);
      const functionIds = Object.keys(childJson.Resources).filter(
        (id) => childJson.Resources[id].Type === 'AWS::Lambda::Function' && !CDK_PROVIDER_HANDLER.test(id),
      );
      expect(functionIds.length, child.node.path).toBeGreaterThan(0);
      const alarmed = new Set(
        Object.values(top)
          .filter((r) => r.Type === 'AWS::CloudWatch::Alarm')
          .flatMap((alarm) => (alarm.Properties.Metrics ?? []) as Json[])
          .filter((query) => query.MetricStat?.Metric.MetricName === 'Errors')
          .flatMap((query) => query.MetricStat.Metric.Dimensions as Json[])
          .map((dimension) => dimension.Value['Fn::GetAtt'])
          .filter((getAtt): getAtt is [string, string] => Array.isArray(getAtt) && getAtt[0] === childId)
          .map(([, output]) => childJson.Outputs[output.replace(/^Outputs\./, '')].Value.Ref as string),
      );
      expect(functionIds.filter((id) => !alarmed.has(id)), child.node.path).toEqual([]);
    }
  });

  it("re-exports at the top level what the deploy reads: the pages' publisher and the photo resizer", () => {
    const outputs = json(stack.node.path).Outputs as Json;
    expect(Object.keys(outputs)).toEqual(expect.arrayContaining([PAGES_PUBLISHER_OUTPUT, PHOTO_RESIZER_OUTPUT]));
    const deployed = template.toJSON().Outputs as Json;
    const resizer = kalanFunctions(stack.jobs).find((fn) => fn.handlerModule === eventHandlers.photoResizer)!;
    expect(deployed[PHOTO_RESIZER_OUTPUT].Value).toEqual({ Ref: logicalId(resizer) });
    expect(deployed[PAGES_PUBLISHER_OUTPUT].Value).toEqual({ Ref: logicalId(stack.search.indexer) });
  });
});

describe('values shared between stacks', () => {
  it('go through nested-stack parameters and outputs (and CDK’s cross-region reader for the edge), never exports', () => {
    const pinned = synthesize({ stage: stageFrom({ ...stageSettings('prod'), name: 'prod', account: '123456789012', region: 'eu-west-3' }) });
    expect([...pinned.templates.keys()]).toContain('Kalan-prod-edge');
    for (const [path, stackTemplate] of pinned.templates) {
      const text = JSON.stringify(stackTemplate.toJSON());
      expect(text, path).not.toContain('Fn::ImportValue');
      expect(Object.values<Json>(stackTemplate.toJSON().Outputs ?? {}).filter((output) => output.Export), path).toEqual([]);
    }
  });
});
