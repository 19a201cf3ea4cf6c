/**
 * The Vitest configuration StrykerJS runs (stryker.config.mjs → `vitest.configFile`), and nothing
 * else: only the projects whose tests run the mutated code in the test process.
 * - `unit`: the pure functions (money, the transition table, the ledger, the sign-up trigger…);
 * - `rules`: the money and access rules against the real engines, with the handler modules
 *   imported in-process — the same project as vitest.config.ts's (tests/support/vitest-projects.ts).
 * `integration` and `e2e` are left out on purpose: they call a stack running in a child process,
 * where Stryker can neither switch a mutant on nor see which test covered it.
 */
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { rulesProject, unitProject } from '../support/vitest-projects.js';
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
          ...unitProject,
          root,
          // Tests the CI summary reporter by spawning a Vitest of its own: no mutated code runs there.
          exclude: ['tests/unit/summary-reporter.test.ts'],
        },
      },
      {
        test: {
          ...rulesProject,
          root,
          // As vitest.config.ts, but 20 random histories instead of 200 for escrow-property: it runs
          // last (see sequencer.ts), for every mutant no quicker test killed.
          env: { ...rulesProject.env, KALAN_PROPERTY_RUNS: '20' },
        },
      },
    ],
  },
});
