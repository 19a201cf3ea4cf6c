/**
 * The closing line CI reads: a test that never ran because its file's set-up failed counts as a
 * failure, with the reason; only tests skipped on purpose count as skipped.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

function runFixtures(): string {
  const vitest = path.join(root, 'node_modules', 'vitest', 'vitest.mjs');
  const result = spawnSync(process.execPath, [vitest, 'run', '--config', 'tests/support/fixtures/reporter.config.ts'], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
  });
  expect(result.status).not.toBe(0);
  return result.stdout;
}

describe('summary reporter', () => {
  it('counts tests whose set-up failed as failures, with the reason, and keeps deliberate skips apart', { timeout: 60_000 }, () => {
    const output = runFixtures();
    expect(output).toContain('tests: 1 passed, 2 failed, 2 skipped');
    expect(output).toMatch(/failing-setup\.fixture\.ts : 2 test\(s\) non exécuté\(s\) — .*Chromium introuvable/);
  });
});
