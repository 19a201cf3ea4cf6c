/**
 * Runs the local stack in a child process exactly as `npm start` does (same script), on the
 * given ports and data directory, and stops it. Used by the tests' global set-up and by the
 * tests that restart a stack.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { StackInfo } from './stack-info.js';

export interface StackPorts {
  app: number;
  dynamodb: number;
  cognito: number;
  s3: number;
  sfn: number;
  paystack: number;
}

export function portsFrom(base: number): StackPorts {
  return { app: base, dynamodb: base + 1, cognito: base + 2, s3: base + 3, sfn: base + 4, paystack: base + 5 };
}

export interface StackProcess {
  info: StackInfo;
  readyLine: string;
  stop(): Promise<void>;
}

export async function startStackProcess(options: { dataDir: string; ports: StackPorts; inMemory: boolean }): Promise<StackProcess> {
  const { dataDir, ports } = options;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'infra/local/start.ts'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: {
      ...process.env,
      KALAN_DATA_DIR: dataDir,
      KALAN_IN_MEMORY: String(options.inMemory),
      KALAN_PORT: String(ports.app),
      KALAN_DYNAMODB_PORT: String(ports.dynamodb),
      KALAN_COGNITO_PORT: String(ports.cognito),
      KALAN_S3_PORT: String(ports.s3),
      KALAN_SFN_PORT: String(ports.sfn),
      KALAN_PAYSTACK_PORT: String(ports.paystack),
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
  const readyLine = output.split('\n').find((line) => line.includes('[kalan] ready in')) ?? '';
  const info = { ...(JSON.parse(readFileSync(path.join(dataDir, 'stack.json'), 'utf8')) as StackInfo), dataDir };

  return {
    info,
    readyLine,
    async stop() {
      child.removeAllListeners('exit');
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 8000);
      await exited;
      clearTimeout(timer);
    },
  };
}
