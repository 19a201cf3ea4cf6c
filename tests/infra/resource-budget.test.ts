/**
 * CloudFormation refuses a template of more than 500 resources, and only at deploy time. Every
 * stack of every stage of infra/stages.ts (a personal `dev-<name>` stage is dev's), the nested
 * stacks by concern and the us-east-1 edge stack of a stage that pins its region included, must
 * stay under RESOURCE_BUDGET, synthesized as it is deployed (with the SPA build), so that the next
 * feature finds room in the stack of its concern, or a nested stack of its own (docs/decisions.md,
 * "Issue 29: stacks by concern").
 */
import { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { type Stage, stageFrom, stageNamed } from '../../infra/lib/stage.js';
import { STAGES, stageSettings } from '../../infra/stages.js';
import { fakeSpaBuild, synthesize } from './synthesize.js';

/** CloudFormation's limit is 500; the rest is room for what comes next. */
const RESOURCE_BUDGET = 350;

/** `209 resources: 65 AWS::CloudWatch::Alarm, 52 AWS::ApiGatewayV2::Route, …`, largest first. */
function countByType(resources: Record<string, { Type: string }>): string {
  const counts = new Map<string, number>();
  for (const { Type } of Object.values(resources)) counts.set(Type, (counts.get(Type) ?? 0) + 1);
  const byType = [...counts].sort(([a, x], [b, y]) => y - x || a.localeCompare(b)).map(([type, n]) => `${n} ${type}`);
  return `${Object.keys(resources).length} resources: ${byType.join(', ')}`;
}

/** Each stage as it is, and pinned to an account and a region (which adds the edge stack). */
const stages = Object.keys(STAGES).flatMap((name): Array<[string, Stage]> => [
  [name, stageNamed(name)],
  [`${name} pinned to eu-west-3`, stageFrom({ ...stageSettings(name), name, account: '123456789012', region: 'eu-west-3' })],
]);

describe('resource budget', () => {
  it.each(stages)(`keeps every stack of the %s stage at ${RESOURCE_BUDGET} resources at most`, (_label, stage) => {
    const { app } = synthesize({ stage, spaDistDir: fakeSpaBuild() });
    const stacks = app.node.findAll().filter((child): child is Stack => child instanceof Stack);
    expect(stacks.length).toBeGreaterThan(1);
    for (const stack of stacks) {
      const resources = Template.fromStack(stack).toJSON().Resources as Record<string, { Type: string }>;
      const count = Object.keys(resources).length;
      expect(count, `${stack.node.path}: ${countByType(resources)}`).toBeLessThanOrEqual(RESOURCE_BUDGET);
    }
  });
});
