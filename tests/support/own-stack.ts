/**
 * A local stack of the test file's own, for the tests that restart, crash or seed a stack: its
 * ports (KALAN_TEST_PORT_BASE + offset), its throw-away data, and its stop after the file.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import type { StackInfo } from './stack-info.js';
import { portsFrom, startStackProcess, type StackPorts, type StackProcess } from './stack-process.js';

export interface OwnStack {
  ports: StackPorts;
  /** Starts (or starts again, on the same data) the stack as `npm start` does. */
  start(options: { inMemory: boolean; crashable?: boolean }): Promise<StackProcess>;
  /** The started stack's process (stop, crash). */
  process(): StackProcess;
  info(): StackInfo;
}

export function ownStack(offset: number, name: string): OwnStack {
  const ports = portsFrom(Number(process.env.KALAN_TEST_PORT_BASE ?? 3100) + offset);
  const dataDir = mkdtempSync(path.join(tmpdir(), `kalan-${name}-`));
  let running: StackProcess | undefined;
  afterAll(async () => {
    await running?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const started = () => {
    if (!running) throw new Error(`The ${name} stack is not started`);
    return running;
  };
  return {
    ports,
    start: async (options) => (running = await startStackProcess({ dataDir, ports, ...options })),
    process: started,
    info: () => started().info,
  };
}
