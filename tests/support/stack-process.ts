/**
 * Runs the local stack in a child process exactly as `npm start` does (same script), on the
 * given ports and data directory, and stops it — or crashes it. Used by the tests' global set-up
 * and by the tests that restart a stack.
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
  lambda: number;
  mailbox: number;
  scheduler: number;
  payouts: number;
}

export function portsFrom(base: number): StackPorts {
  return { app: base, dynamodb: base + 1, cognito: base + 2, s3: base + 3, sfn: base + 4, paystack: base + 5, lambda: base + 6, mailbox: base + 7, scheduler: base + 8, payouts: base + 9 };
}

const PORT_VARIABLES: Record<keyof StackPorts, string> = {
  app: 'KALAN_PORT',
  dynamodb: 'KALAN_DYNAMODB_PORT',
  cognito: 'KALAN_COGNITO_PORT',
  s3: 'KALAN_S3_PORT',
  sfn: 'KALAN_SFN_PORT',
  paystack: 'KALAN_PAYSTACK_PORT',
  lambda: 'KALAN_LAMBDA_PORT',
  mailbox: 'KALAN_MAILBOX_PORT',
  scheduler: 'KALAN_SCHEDULER_PORT',
  payouts: 'KALAN_PAYOUTS_PORT',
};

/** The variables that put a local stack (infra/local/config.ts) on these ports. */
export function portEnvironment(ports: StackPorts): Record<string, string> {
  return Object.fromEntries(Object.entries(ports).map(([name, port]) => [PORT_VARIABLES[name as keyof StackPorts], String(port)]));
}

export interface StackProcess {
  info: StackInfo;
  readyLine: string;
  /** The stack's Node process (its memory: the realtime bench reads /proc/<pid>/status). */
  pid: number;
  stop(): Promise<void>;
  /**
   * SIGKILL of the stack's whole process group at once (Node and DynamoDB Local's Java): nothing
   * is flushed or closed, as in a power cut of the stack. Only for a stack started `crashable`.
   */
  crash(): Promise<void>;
}

export async function startStackProcess(options: {
  dataDir: string;
  ports: StackPorts;
  inMemory: boolean;
  /** In a process group of its own, so that a crash kills its engines with it and nothing else. */
  crashable?: boolean;
}): Promise<StackProcess> {
  const { dataDir, ports } = options;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'infra/local/start.ts'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    detached: options.crashable ?? false,
    env: {
      ...process.env,
      KALAN_DATA_DIR: dataDir,
      KALAN_IN_MEMORY: String(options.inMemory),
      ...portEnvironment(ports),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const hasExited = () => child.exitCode !== null || child.signalCode !== null;
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
    pid: child.pid!,
    async stop() {
      if (hasExited()) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 8000);
      await exited;
      clearTimeout(timer);
    },
    async crash() {
      if (!options.crashable) throw new Error('crash() needs a stack started with crashable: true');
      process.kill(-child.pid!, 'SIGKILL');
      await exited;
      // The engines die with it, but asynchronously: their ports are free once the group is gone.
      while (processGroupAlive(child.pid!)) await new Promise((resolve) => setTimeout(resolve, 50));
    },
  };
}

function processGroupAlive(groupId: number): boolean {
  try {
    process.kill(-groupId, 0);
    return true;
  } catch {
    return false;
  }
}
