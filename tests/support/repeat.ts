/**
 * `npm run test:repeat [N] [-- <vitest args>]`: runs the integration project N times in a row
 * (N from the first argument, else KALAN_REPEAT, else 10) to tell a flaky test from a fixed one.
 * Each run is a child `npx vitest run --project integration <vitest args>` with this process's
 * environment (KALAN_TEST_PORT_BASE included). Prints one line per run — its number, its
 * duration and the closing line of tests/support/summary-reporter.ts — stops at the first run
 * that fails, prints the tail of its output (the whole output goes to a file) and exits 1.
 *
 *   npm run test:repeat
 *   KALAN_TEST_PORT_BASE=3500 npx tsx tests/support/repeat.ts 5 -- tests/integration/payments-webhook.test.ts
 *
 * Node built-ins only.
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const PROJECT = 'integration';
/** The closing line of the summary reporter: the only one this script reads. */
const SUMMARY = /^tests: (\d+) passed, (\d+) failed, (\d+) skipped\s*$/gm;
const TAIL_LINES = Number(process.env.KALAN_REPEAT_TAIL ?? 150);

interface Options {
  runs: number;
  vitestArgs: string[];
}

interface Summary {
  passed: number;
  failed: number;
  skipped: number;
  line: string;
}

interface RunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  seconds: number;
  output: string;
  summary?: Summary;
}

function usage(message: string): never {
  process.stderr.write(`${message}\nusage: tsx tests/support/repeat.ts [N] [-- <arguments for vitest>]\n`);
  process.exit(2);
}

function parseCount(raw: string, from: string): number {
  const runs = Number(raw);
  if (!Number.isInteger(runs) || runs < 1) usage(`${from} : nombre de passes invalide (« ${raw} »)`);
  return runs;
}

function parseOptions(argv: string[], env: NodeJS.ProcessEnv): Options {
  const separator = argv.indexOf('--');
  const own = separator === -1 ? argv : argv.slice(0, separator);
  const vitestArgs = separator === -1 ? [] : argv.slice(separator + 1);
  if (own.length > 1) usage(`arguments inattendus : ${own.slice(1).join(' ')} (ceux de vitest vont après --)`);
  const runs = own[0] !== undefined ? parseCount(own[0], 'argument') : env.KALAN_REPEAT ? parseCount(env.KALAN_REPEAT, 'KALAN_REPEAT') : 10;
  return { runs, vitestArgs };
}

function lastSummary(output: string): Summary | undefined {
  let found: Summary | undefined;
  for (const match of output.matchAll(SUMMARY)) {
    found = { passed: Number(match[1]), failed: Number(match[2]), skipped: Number(match[3]), line: match[0].trim() };
  }
  return found;
}

let current: ReturnType<typeof spawn> | undefined;

function runOnce(vitestArgs: string[]): Promise<RunResult> {
  const started = performance.now();
  const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
  return new Promise((resolve, reject) => {
    const child = spawn(npx, ['vitest', 'run', '--project', PROJECT, ...vitestArgs], {
      env: process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    current = child;
    let output = '';
    const collect = (chunk: Buffer) => (output += chunk.toString());
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    child.once('error', reject);
    child.once('close', (code, signal) => {
      current = undefined;
      // No colours are expected (the output is a pipe), but strip any so the summary matches.
      const plain = output.replace(/\x1b\[[0-9;]*m/g, '');
      resolve({ code, signal, seconds: (performance.now() - started) / 1000, output: plain, summary: lastSummary(plain) });
    });
  });
}

/** Why a run counts as failed, or undefined when it passed. */
function failureOf(result: RunResult): string | undefined {
  if (result.signal) return `arrêtée par ${result.signal}`;
  if (!result.summary) return `pas de ligne « tests: … » dans la sortie (code ${result.code})`;
  if (result.summary.failed > 0) return `${result.summary.failed} échec(s)`;
  if (result.code !== 0) return `vitest a terminé avec le code ${result.code}`;
  if (result.summary.passed === 0) return 'aucun test exécuté';
  return undefined;
}

function tail(output: string, lines: number): string {
  const all = output.trimEnd().split('\n');
  return (all.length > lines ? ['…', ...all.slice(-lines)] : all).join('\n');
}

function forwardSignal(signal: NodeJS.Signals): void {
  process.on(signal, () => {
    if (current && current.exitCode === null) {
      current.kill(signal);
      current.once('close', () => process.exit(130));
    } else {
      process.exit(130);
    }
  });
}

async function main(): Promise<void> {
  const { runs, vitestArgs } = parseOptions(process.argv.slice(2), process.env);
  forwardSignal('SIGINT');
  forwardSignal('SIGTERM');
  const command = ['npx vitest run --project', PROJECT, ...vitestArgs].join(' ');
  process.stdout.write(`${runs} passe(s) de : ${command}\n`);

  const seconds: number[] = [];
  const testCounts = new Set<number>();
  for (let run = 1; run <= runs; run++) {
    const result = await runOnce(vitestArgs);
    const label = `run ${String(run).padStart(String(runs).length)}/${runs}`;
    const summary = result.summary?.line ?? '(pas de résumé)';
    process.stdout.write(`${label}  ${result.seconds.toFixed(1).padStart(6)} s  ${summary}\n`);
    const failure = failureOf(result);
    if (failure) {
      const log = path.join(tmpdir(), `kalan-repeat-run-${run}-${process.pid}.log`);
      writeFileSync(log, result.output);
      process.stdout.write(
        `\n${label} a échoué : ${failure}. Fin de sa sortie (complète dans ${log}) :\n\n${tail(result.output, TAIL_LINES)}\n\n` +
          `${run - 1}/${runs} passes réussies avant l'échec (${PROJECT}).\n`,
      );
      process.exit(1);
    }
    seconds.push(result.seconds);
    const s = result.summary!;
    testCounts.add(s.passed + s.failed + s.skipped);
  }

  const counts = [...testCounts].sort((a, b) => a - b);
  const each = counts.length === 1 ? `${counts[0]} tests each` : `${counts[0]}–${counts.at(-1)} tests per run`;
  const average = seconds.reduce((sum, s) => sum + s, 0) / seconds.length;
  process.stdout.write(`${runs}/${runs} runs passed (${PROJECT}, ${each}), ${Math.round(average)} s per run on average\n`);
}

await main();
