/**
 * What every bench shares: the smoke run's sizes and where the bench's own stack listens.
 *
 * `npm run bench -- --smoke …` sets KALAN_BENCH_SMOKE: each bench then runs at its smallest sizes
 * (a few items, one repetition), through all of its code, and prints every figure — what the test
 * suite runs (tests/integration/bench-smoke.test.ts).
 */
import { portsFrom, type StackPorts } from '../support/stack-process.js';

export const SMOKE_VARIABLE = 'KALAN_BENCH_SMOKE';

/** `full` in a real run, `smoke` in a smoke run (the environment read at the call: run.ts sets it after its imports). */
export function sized<T>(full: T, smoke: T): T {
  return process.env[SMOKE_VARIABLE] === 'true' ? smoke : full;
}

/**
 * The ports of the bench's own stack or engines: KALAN_BENCH_PORT_BASE … + 9 when set (the test
 * suite's smoke run, two benches side by side), otherwise the bench's own default base.
 */
export function benchPorts(defaultBase: number): StackPorts {
  return portsFrom(Number(process.env.KALAN_BENCH_PORT_BASE ?? defaultBase));
}
