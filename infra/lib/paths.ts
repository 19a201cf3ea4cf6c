import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Absolute paths, so synth and tests behave the same whatever the working directory.
 */
export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const LOCK_FILE = join(REPO_ROOT, 'package-lock.json');
export const WEB_DIST = join(REPO_ROOT, 'web', 'dist');

/** `auth/get-me` → `<repo>/functions/src/auth/get-me.ts` (the route table's `handler` format). */
export function handlerEntry(handlerModule: string): string {
  const entry = join(REPO_ROOT, 'functions', 'src', `${handlerModule}.ts`);
  if (!existsSync(entry)) throw new Error(`Handler module not found: ${entry}`);
  return entry;
}

/** The SPA is deployed only once built (`npm run build`); synth and tests must not need it. */
export function isBuiltSpa(distDir: string): boolean {
  return existsSync(join(distDir, 'index.html'));
}
