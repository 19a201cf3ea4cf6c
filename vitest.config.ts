import { defineConfig } from 'vitest/config';

/**
 * Three projects: `unit` (plain functions), `infra` (CDK assertions on the synthesized template)
 * and `stack` (integration and end-to-end tests against the embedded local stack, started once by
 * tests/support/global-setup.ts).
 */
export default defineConfig({
  test: {
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
          name: 'stack',
          include: ['tests/integration/**/*.test.ts', 'tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          // Browser assertions poll: give a loaded 2-core machine time rather than flake.
          expect: { poll: { timeout: 20_000, interval: 100 } },
          fileParallelism: true,
        },
      },
    ],
  },
});
