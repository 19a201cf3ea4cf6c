/**
 * Time from `npm start` to "ready" (fresh data, then a restart on the same data) and the local
 * stack's total resident memory (the start process and all its children).
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { portEnvironment } from '../support/stack-process.js';
import { benchPorts } from './sizes.js';

const root = path.resolve(import.meta.dirname, '../..');
/** Every port of the stack (not only some: the others would be `npm start`'s, and collide with it). */
const PORTS = portEnvironment(benchPorts(3200));

function descendants(pid: number): number[] {
  let children: number[] = [];
  try {
    children = execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    children = [];
  }
  return [pid, ...children.flatMap(descendants)];
}

function rssMiB(pids: number[]): number {
  let kib = 0;
  for (const pid of pids) {
    try {
      const match = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      kib += Number(match?.[1] ?? 0);
    } catch {
      // The process ended meanwhile.
    }
  }
  return kib / 1024;
}

async function startOnce(dataDir: string): Promise<{ seconds: number; reported: string; memoryMiB: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'infra/local/start.ts'], {
    cwd: root,
    env: { ...process.env, ...PORTS, KALAN_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const reported = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n').find((l) => l.includes('[kalan] ready in'));
      if (line) resolve(line.trim());
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`start exited ${code}: ${output}`)));
  });
  const seconds = (performance.now() - started) / 1000;
  await new Promise((r) => setTimeout(r, 1500)); // let the JVM settle before reading memory
  const memoryMiB = rssMiB(descendants(child.pid!));
  child.removeAllListeners('exit');
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGINT');
  await exited;
  return { seconds, reported, memoryMiB };
}

export async function benchStartup(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kalan-bench-'));
  try {
    const fresh = await startOnce(dataDir);
    const restart = await startOnce(dataDir);
    console.log('## npm start → ready (2 cores; SPA already built)');
    console.log(`  fresh data (seeding included): ${fresh.seconds.toFixed(1)} s wall  | ${fresh.reported}`);
    console.log(`  restart on existing data:      ${restart.seconds.toFixed(1)} s wall  | ${restart.reported}`);
    console.log(`  total resident memory of the stack: ${restart.memoryMiB.toFixed(0)} MiB (fresh run: ${fresh.memoryMiB.toFixed(0)} MiB)`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
