// @ts-check
/**
 * Mutation testing of the rules that matter (money and access): `npm run test:mutation`.
 * What it mutates, with which tests, how long it takes and the scores: docs/mutation.md.
 *
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
const config = {
  testRunner: 'vitest',
  vitest: {
    // Only the `unit` and `rules` projects: they run the handlers in the test process.
    configFile: 'tests/mutation/vitest.config.ts',
    // The rules tests reach the handlers through the local Lambda runtime's dynamic import
    // (infra/local/lambda-runtime.ts), which Vitest's "related" import graph cannot follow.
    related: false,
  },
  plugins: ['@stryker-mutator/vitest-runner', './tests/mutation/logger-ignorer.mjs'],
  ignorers: ['logger'],
  mutate: [
    'shared/src/money.ts',
    'shared/src/payments.ts',
    'shared/src/transaction-process.ts',
    'functions/src/escrow/*.ts',
    'functions/src/payments/webhook.ts',
    'functions/src/payments/webhook-processing.ts',
    'functions/src/payments/paystack-event.ts',
    'functions/src/payments/paystack.ts',
    'functions/src/payments/payment-check.ts',
    'functions/src/payments/verify-payment.ts',
    'functions/src/admin/close-dispute.ts',
    'functions/src/transactions/{rate,rating,invoice,list-mine}.ts',
    'functions/src/kyc/*.ts',
    'functions/src/commons/http.ts',
    'functions/src/auth/pre-sign-up.ts',
  ],
  // Per-test coverage works with this set-up: Stryker's set-up file runs before engines.ts in
  // every test file's process, and the handlers run in that process, so each mutant is tried
  // only against the tests that reached it.
  coverageAnalysis: 'perTest',
  // Mutants reached only while a module loads (module-level constants and tables) are still
  // tried, against every test: the transition table and the commission rate are rules.
  ignoreStatic: false,
  // Vitest strips types without checking them: nothing to disable.
  disableTypeChecks: false,
  // A 2-core machine shared with others: at most two test runners (each starts its own
  // DynamoDB Local through the rules globalSetup).
  concurrency: 2,
  // The rules tests wait on real timers (windows of a few seconds) on a loaded machine.
  timeoutMS: 20_000,
  timeoutFactor: 2,
  dryRunTimeoutMinutes: 15,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  clearTextReporter: { allowColor: false, logTests: false, reportTests: false, reportMutants: true, reportScoreTable: true },
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  thresholds: { high: 90, low: 80, break: null },
  // Never copied to the sandboxes: build output and local data.
  ignorePatterns: ['cdk.out', '.local', 'web/dist', 'coverage', 'test-results', 'reports', '.stryker-tmp'],
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
};

export default config;
