/**
 * Prints one plain closing line, "N passed, N failed, N skipped", that CI reads whatever the
 * runner's own summary looks like. It is honest about what did not run:
 *
 * - a test that was not skipped on purpose (`it.skip`, `it.todo`, a filter) but did not run
 *   because its file's set-up failed (a `beforeAll`, an import, the browser, the stack) is a
 *   FAILURE, printed with the reason — never 'skipped';
 * - a file that fails outside its tests, with no test to blame, counts as one failure;
 * - errors outside any file (global set-up, unhandled rejections) count too.
 */
import type { Reporter, TestCase, TestModule } from 'vitest/node';

function skippedOnPurpose(test: TestCase): boolean {
  const mode = test.options.mode;
  return mode === 'skip' || mode === 'todo';
}

function firstLine(error: unknown): string {
  const message = (error as { message?: string } | undefined)?.message ?? String(error);
  return message.split('\n')[0] ?? message;
}

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    let passed = 0;
    let failed = unhandledErrors.length;
    let skipped = 0;
    const notRun: string[] = [];
    for (const error of unhandledErrors) notRun.push(`erreur hors des tests : ${firstLine(error)}`);
    for (const testModule of testModules) {
      const moduleFailed = testModule.state() === 'failed';
      // A failed `beforeAll` is the error of its suite; an import or a file-level hook, of the module.
      const reason = [...testModule.errors(), ...[...testModule.children.allSuites()].flatMap((suite) => suite.errors())][0];
      let failedInModule = 0;
      let unrunInModule = 0;
      for (const test of testModule.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed += 1;
        else if (state === 'failed') failedInModule += 1;
        else if (moduleFailed && !skippedOnPurpose(test)) unrunInModule += 1;
        else skipped += 1;
      }
      if (unrunInModule > 0 || (moduleFailed && failedInModule === 0)) {
        const count = Math.max(unrunInModule, 1);
        notRun.push(
          `${testModule.moduleId.replace(`${process.cwd()}/`, '')} : ${count} test(s) non exécuté(s) — ${reason ? firstLine(reason) : 'échec de la mise en place'}`,
        );
        failedInModule += count;
      }
      failed += failedInModule;
    }
    if (notRun.length > 0) process.stdout.write(`\nÉchecs hors des tests :\n${notRun.map((line) => `  - ${line}`).join('\n')}\n`);
    process.stdout.write(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
