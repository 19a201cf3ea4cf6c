/**
 * `npm run bench [-- [--smoke] name…]`: prints the figures; nothing here passes or fails on timing.
 *
 * Each bench runs in a process of its own that imports that bench only. Some run the local stack
 * in their own process: they put its ports in the environment, which the stack's settings
 * (infra/local/config.ts) read once, when first imported. A module of another bench imported
 * before would fix them at `npm start`'s ports, while the bench calls its own (issue 28: the cost
 * bench's ECONNREFUSED on its Cognito port).
 *
 * `--smoke`: every bench at its smallest sizes (tests/bench/sizes.ts), as the test suite runs them
 * (tests/integration/bench-smoke.test.ts) so that a bench cannot silently stop working; figures
 * that prove the bench runs, not figures to quote.
 */
import { spawnSync } from 'node:child_process';
import { BENCHES as benches } from './benches.js';
import { SMOKE_VARIABLE } from './sizes.js';

const args = process.argv.slice(2);
if (args.includes('--smoke')) process.env[SMOKE_VARIABLE] = 'true';
const names = args.filter((arg) => arg !== '--smoke');
const unknown = names.filter((name) => !Object.hasOwn(benches, name));
if (unknown.length) throw new Error(`Unknown benchmark ${unknown.join(', ')}: ${Object.keys(benches).join(', ')}`);

if (names.length === 1) {
  const bench = await benches[names[0]!]!();
  if (process.env[SMOKE_VARIABLE] === 'true') console.log('(smoke run: smallest sizes, figures not representative)');
  await bench();
  console.log('');
  // The bench has printed and stopped what it started. A timer a library leaves must not hold the
  // command: aws-local-stepfunctions keeps a waiting task's timeout (30 minutes for a payment)
  // after its execution is aborted, which kept `payments` running half an hour after its figures.
  // Writes to a pipe are asynchronous: exit once what was printed has left the process, or the
  // figures queued behind a bench's logs (the uploads bench's 10 000 lines) are lost at exit.
  await Promise.all([process.stdout, process.stderr].map((stream) => new Promise<void>((resolve) => stream.write('', () => resolve()))));
  process.exit(0);
} else {
  // All of them (or those named), each in its own process; the run fails if one of them failed.
  const failed: string[] = [];
  for (const name of names.length ? names : Object.keys(benches)) {
    const result = spawnSync(process.execPath, ['--import', 'tsx', import.meta.filename, name], { stdio: 'inherit' });
    if (result.status !== 0) {
      failed.push(name);
      console.log(`(${name}: exited with ${result.status ?? result.signal})\n`);
    }
  }
  if (failed.length) process.exitCode = 1;
}
