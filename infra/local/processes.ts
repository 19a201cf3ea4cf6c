/** Child processes of the local stack: started together, stopped together (Ctrl-C included). */
import type { ChildProcess } from 'node:child_process';

const children = new Set<ChildProcess>();
const closers: Array<() => Promise<void> | void> = [];

export function track(child: ChildProcess, name: string): ChildProcess {
  children.add(child);
  child.once('exit', (code, signal) => {
    children.delete(child);
    if (!stopping && code !== 0) {
      console.error(`[kalan] ${name} s'est arrêté (code ${code ?? signal}).`);
    }
  });
  return child;
}

export function onStop(close: () => Promise<void> | void): void {
  closers.push(close);
}

let stopping = false;

export async function stopAll(): Promise<void> {
  if (stopping) return;
  stopping = true;
  const closing = closers.splice(0).reverse();
  await Promise.allSettled(closing.map((close) => close()));
  for (const child of children) child.kill('SIGTERM');
  const deadline = Date.now() + 3000;
  while (children.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  for (const child of children) child.kill('SIGKILL');
  // A process may start another stack afterwards (the benchmarks do).
  stopping = false;
}

export function stopOnSignals(): void {
  const stop = (signal: NodeJS.Signals) => {
    void stopAll().then(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  // Last resort when the process dies some other way: never leave a Java process behind.
  process.once('exit', () => {
    for (const child of children) child.kill('SIGKILL');
  });
}

/** Polls `check` until it resolves, or fails after `timeoutMs`. */
export async function waitFor(what: string, check: () => Promise<unknown>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      await check();
      return;
    } catch (error) {
      lastError = error;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`${what} n'a pas démarré à temps : ${(lastError as Error)?.message ?? lastError}`);
}
