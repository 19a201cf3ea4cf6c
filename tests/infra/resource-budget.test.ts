/**
 * CloudFormation refuses a template of more than 500 resources, and only at deploy time. Every
 * stack of every stage of infra/stages.ts (a personal `dev-<name>` stage is dev's) must stay under
 * RESOURCE_BUDGET, synthesized as it is deployed (with the SPA build), so that the next feature
 * finds room, or says in its own change that it has to make some.
 */
import { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { STAGES } from '../../infra/stages.js';
import { fakeSpaBuild, synthesize } from './synthesize.js';

/** CloudFormation's limit is 500; the rest is room for what comes next. */
const RESOURCE_BUDGET = 460;

/** `447 resources: 65 AWS::CloudWatch::Alarm, 60 AWS::IAM::Role, …`, largest first. */
function countByType(resources: Record<string, { Type: string }>): string {
  const counts = new Map<string, number>();
  for (const { Type } of Object.values(resources)) counts.set(Type, (counts.get(Type) ?? 0) + 1);
  const byType = [...counts].sort(([a, x], [b, y]) => y - x || a.localeCompare(b)).map(([type, n]) => `${n} ${type}`);
  return `${Object.keys(resources).length} resources: ${byType.join(', ')}`;
}

describe('resource budget', () => {
  it.each(Object.keys(STAGES))(`keeps every stack of the %s stage at ${RESOURCE_BUDGET} resources at most`, (stage) => {
    const { app } = synthesize({ stage, spaDistDir: fakeSpaBuild() });
    const stacks = app.node.children.filter((child): child is Stack => child instanceof Stack);
    expect(stacks.length).toBeGreaterThan(0);
    for (const stack of stacks) {
      const resources = Template.fromStack(stack).toJSON().Resources as Record<string, { Type: string }>;
      const count = Object.keys(resources).length;
      expect(count, `${stack.stackName}: ${countByType(resources)}`).toBeLessThanOrEqual(RESOURCE_BUDGET);
    }
  });
});
