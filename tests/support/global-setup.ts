/**
 * Starts the embedded local stack once for the integration and end-to-end projects, exactly as
 * `npm start` does (same script), on its own ports and throw-away data, and stops it after the
 * last of them. Both projects name this file; Vitest calls it once per project in the same
 * process, so the running stack is shared through a counter on `globalThis`.
 *
 * The end-to-end project also needs a browser: it is resolved here, once, before any test file
 * runs (see chromium.ts), so that parallel test files never unpack it at the same time.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { resolveChromium } from './chromium.js';
import type { StackInfo } from './stack-info.js';
import { portsFrom, startStackProcess } from './stack-process.js';

/** KALAN_TEST_PORT_BASE moves every port, so that two test runs can share a machine. */
const base = Number(process.env.KALAN_TEST_PORT_BASE ?? 3100);

interface SharedStack {
  users: number;
  ready: Promise<{ info: StackInfo; stop: () => Promise<void> }>;
}

const KEY = Symbol.for('kalan.test-stack');
const shared = globalThis as { [KEY]?: SharedStack };

function acquire(): SharedStack {
  let stack = shared[KEY];
  if (!stack) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'kalan-test-'));
    const ready = startStackProcess({ dataDir, ports: portsFrom(base), inMemory: true }).then(async (running) => {
      process.stdout.write(`${running.readyLine}\n`);
      // Admin routes need a session that passed TOTP: the seeded admin is enrolled once, here.
      const { enrolSeededAdmin } = await import('./admin-session.js');
      const adminTotpSecret = await enrolSeededAdmin(running.info).catch(async (error: unknown) => {
        await running.stop();
        throw error;
      });
      return {
        info: { ...running.info, adminTotpSecret },
        stop: async () => {
          await running.stop();
          rmSync(dataDir, { recursive: true, force: true });
        },
      };
    });
    stack = { users: 0, ready };
    shared[KEY] = stack;
  }
  stack.users += 1;
  return stack;
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const stack = acquire();
  const [running] = await Promise.all([
    stack.ready,
    project.name === 'e2e' ? resolveChromium().then((browser) => process.stdout.write(`[e2e] ${browser.description}\n`)) : undefined,
  ]);
  project.provide('stack', running.info);
  return async () => {
    stack.users -= 1;
    if (stack.users > 0) return;
    delete shared[KEY];
    await running.stop();
  };
}
