import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { rulesProject, unitProject } from './tests/support/vitest-projects.js';

/**
 * Five projects:
 * - `unit`: plain functions;
 * - `infra`: CDK assertions on the synthesized template;
 * - `rules`: the money and access rules against the real engines, in the test process
 *   (tests/support/vitest-projects.ts);
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
      { test: unitProject },
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
      { test: rulesProject },
      stackProject('integration'),
      stackProject('e2e'),
    ],
  },
});
