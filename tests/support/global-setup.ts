/**
 * Starts the embedded local stack once for the integration and end-to-end tests, exactly as
 * `npm start` does (same script), on its own ports and throw-away data, and stops it afterwards.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import type { StackInfo } from './stack-info.js';

/** KALAN_TEST_PORT_BASE moves every port, so that two test runs can share a machine. */
const base = Number(process.env.KALAN_TEST_PORT_BASE ?? 3100);
const PORTS = { app: base, dynamodb: base + 1, cognito: base + 2, s3: base + 3, sfn: base + 4, paystack: base + 5 };

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kalan-test-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'infra/local/start.ts'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: {
      ...process.env,
      KALAN_DATA_DIR: dataDir,
      KALAN_IN_MEMORY: 'true',
      KALAN_PORT: String(PORTS.app),
      KALAN_DYNAMODB_PORT: String(PORTS.dynamodb),
      KALAN_COGNITO_PORT: String(PORTS.cognito),
      KALAN_S3_PORT: String(PORTS.s3),
      KALAN_SFN_PORT: String(PORTS.sfn),
      KALAN_PAYSTACK_PORT: String(PORTS.paystack),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Local stack not ready after 240 s:\n${output}`)), 240_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('[kalan] ready in')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Local stack exited (${code}):\n${output}`));
    });
  });
  const readyLine = output.split('\n').find((line) => line.includes('[kalan] ready in'));
  process.stdout.write(`${readyLine}\n`);
  const info = JSON.parse(readFileSync(path.join(dataDir, 'stack.json'), 'utf8')) as StackInfo;
  project.provide('stack', { ...info, dataDir });

  return async () => {
    child.removeAllListeners('exit');
    child.kill('SIGTERM');
    await new Promise((resolve) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        resolve(undefined);
      }, 8000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve(undefined);
      });
    });
    rmSync(dataDir, { recursive: true, force: true });
  };
}
