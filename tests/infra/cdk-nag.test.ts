/**
 * cdk-nag v3 is a CDK validation plugin: its findings go to the synthesis validation report,
 * not to Annotations (so `Annotations.findError` would always be empty). We run the pack on the
 * construct tree directly, and check that synthesis itself fails on an unacknowledged finding.
 */
import { describe, expect, it } from 'vitest';
import { Stack } from 'aws-cdk-lib';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { AwsSolutionsChecks } from 'cdk-nag';
import { addKalanStack } from '../../infra/lib/kalan-stack.js';
import { stageNamed } from '../../infra/lib/stage.js';
import { missingSpaBuild, newApp, synthesize } from './synthesize.js';

function findings(scope: Stack): string[] {
  const report = new AwsSolutionsChecks(undefined, { verbose: true }).validateScope(scope);
  return report.violations.flatMap((violation) =>
    violation.violatingResources.map((resource) => `${violation.severity} ${violation.ruleName} at ${resource.constructPath}`),
  );
}

describe('cdk-nag AwsSolutions', () => {
  it('leaves no unacknowledged finding in the dev stack', () => {
    expect(findings(synthesize().stack)).toEqual([]);
  });

  it('leaves no unacknowledged finding in the prod stack', () => {
    expect(findings(synthesize({ stage: 'prod' }).stack)).toEqual([]);
  });

  it('leaves no unacknowledged finding when the SPA build is deployed too', async () => {
    const { fakeSpaBuild } = await import('./synthesize.js');
    expect(findings(synthesize({ spaDistDir: fakeSpaBuild() }).stack)).toEqual([]);
  });

  it('does flag resources that break its rules (the check is live)', () => {
    const stack = new Stack(newApp(), 'Control');
    new Bucket(stack, 'PlainBucket');
    expect(findings(stack)).toEqual(
      expect.arrayContaining([
        'error AwsSolutions-S1 at Control/PlainBucket/Resource',
        'error AwsSolutions-S10 at Control/PlainBucket/Resource',
      ]),
    );
  });

  it('checks the nested stacks too: synthesis fails on an unacknowledged error in one', () => {
    const app = newApp();
    const stack = addKalanStack(app, stageNamed('dev'), { spaDistDir: missingSpaBuild() });
    new Bucket(stack.jobs, 'UncheckedBucket');
    expect(() => app.synth()).toThrow(/AwsSolutions-S10/);
  });

  it('is registered on the app, so synthesis fails on an unacknowledged error', () => {
    const app = newApp();
    const stack = addKalanStack(app, stageNamed('dev'), { spaDistDir: missingSpaBuild() });
    new Bucket(stack, 'UncheckedBucket');
    expect(() => app.synth()).toThrow(/AwsSolutions-S10/);
  });
});
