/**
 * The Vitest configuration StrykerJS runs (stryker.config.mjs → `vitest.configFile`), and nothing
 * else: only the projects whose tests run the mutated code in the test process.
 * - `unit`: the pure functions (money, the transition table, the ledger, the sign-up trigger…);
 * - `rules`: the money and access rules against the real engines, with the handler modules
 *   imported in-process — the same globalSetup (DynamoDB Local), setupFiles (the Paystack
 *   sandbox, the local Step Functions runner, S3) and env as the `rules` project of
 *   vitest.config.ts.
 * `integration` and `e2e` are left out on purpose: they call a stack running in a child process,
 * where Stryker can neither switch a mutant on nor see which test covered it.
 */
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { QuickFirstSequencer } from './sequencer.js';

const root = path.resolve(import.meta.dirname, '../..');

export default defineConfig({
  root,
  test: {
    // Stryker reads the results through its own hooks; one line per file is plenty in its logs.
    reporters: ['dot'],
    sequence: { sequencer: QuickFirstSequencer },
    projects: [
      {
        test: {
          name: 'unit',
          root,
          include: ['tests/unit/**/*.test.ts'],
          // Tests the CI summary reporter by spawning a Vitest of its own: no mutated code runs there.
          exclude: ['tests/unit/summary-reporter.test.ts'],
          environment: 'node',
          env: { TABLE_NAME: 'kalan-unit', POWERTOOLS_LOG_LEVEL: 'SILENT' },
        },
      },
      {
        test: {
          name: 'rules',
          root,
          include: ['tests/rules/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/rules/global-setup.ts'],
          setupFiles: ['tests/rules/engines.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // As vitest.config.ts, but 20 random histories instead of 200 for escrow-property: it runs
          // last (see sequencer.ts), for every mutant no quicker test killed.
          env: { POWERTOOLS_LOG_LEVEL: 'SILENT', KALAN_PROPERTY_RUNS: '20' },
        },
      },
    ],
  },
});
