/**
 * The test projects that run the code under test in the test process, shared by vitest.config.ts
 * (every test) and tests/mutation/vitest.config.ts (what StrykerJS runs against each mutant).
 */

/** `unit`: plain functions. */
export const unitProject = {
  name: 'unit',
  include: ['tests/unit/**/*.test.ts'],
  environment: 'node',
  env: { TABLE_NAME: 'kalan-unit', POWERTOOLS_LOG_LEVEL: 'SILENT' },
};

/**
 * `rules`: the money and access rules against the real engines in the test process — DynamoDB
 * Local (started once by tests/rules/global-setup.ts), the local Step Functions runner running the
 * deployed escrow definition, and the Paystack sandbox (tests/rules/engines.ts) — with the handler
 * modules imported in the same process, so a mutation tool can change a rule and see a test fail.
 */
export const rulesProject = {
  name: 'rules',
  include: ['tests/rules/**/*.test.ts'],
  environment: 'node',
  globalSetup: ['tests/rules/global-setup.ts'],
  setupFiles: ['tests/rules/engines.ts'],
  testTimeout: 60_000,
  hookTimeout: 60_000,
  env: { POWERTOOLS_LOG_LEVEL: 'SILENT' },
};
