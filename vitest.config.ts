import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Five projects:
 * - `unit`: plain functions;
 * - `infra`: CDK assertions on the synthesized template;
 * - `rules`: the money and access rules against the real engines in the test process — DynamoDB
 *   Local (started once by tests/rules/global-setup.ts), the local Step Functions runner running
 *   the deployed escrow definition, and the Paystack sandbox — with the handler modules imported
 *   in the same process, so a mutation tool can change a rule and see a test fail;
 * - `integration` and `e2e`: HTTP and Chromium tests against the embedded local stack, started
 *   once for both by tests/support/global-setup.ts, exactly as `npm start` does.
 */
const stackProject = (name: 'integration' | 'e2e') => ({
  test: {
    name,
    include: [`tests/${name}/**/*.test.ts`],
    environment: 'node',
    globalSetup: ['tests/support/global-setup.ts'],
    testTimeout: 90_000,
    hookTimeout: 120_000,
    // Browser assertions poll: give a loaded 2-core machine time rather than flake.
    expect: { poll: { timeout: 20_000, interval: 100 } },
    fileParallelism: true,
  },
});

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores (1 on a 2-core machine). The files mostly wait
    // on the engines, the stack and Chromium, in other processes: two workers take the full run
    // on 2 cores from 9 min 34 s to 6 min 21 s, with every test green.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    reporters: ['default', './tests/support/summary-reporter.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          env: { TABLE_NAME: 'kalan-unit', POWERTOOLS_LOG_LEVEL: 'SILENT' },
        },
      },
      {
        test: {
          name: 'infra',
          include: ['tests/infra/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          env: { TABLE_NAME: 'kalan-infra', AWS_EC2_METADATA_DISABLED: 'true' },
        },
      },
      {
        test: {
          name: 'rules',
          include: ['tests/rules/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/rules/global-setup.ts'],
          setupFiles: ['tests/rules/engines.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          env: { POWERTOOLS_LOG_LEVEL: 'SILENT' },
        },
      },
      stackProject('integration'),
      stackProject('e2e'),
    ],
  },
});
