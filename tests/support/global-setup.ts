/**
 * Starts the embedded local stack once for the integration and end-to-end tests, exactly as
 * `npm start` does (same script), on its own ports and throw-away data, and stops it afterwards.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { portsFrom, startStackProcess } from './stack-process.js';

/** KALAN_TEST_PORT_BASE moves every port, so that two test runs can share a machine. */
const base = Number(process.env.KALAN_TEST_PORT_BASE ?? 3100);

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kalan-test-'));
  const running = await startStackProcess({ dataDir, ports: portsFrom(base), inMemory: true });
  process.stdout.write(`${running.readyLine}\n`);
  project.provide('stack', running.info);
  return async () => {
    await running.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
