/** Builds the SPA when its sources are newer than the last build (so a restart stays fast). */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { localConfig } from './config.js';

function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(entry).reduce((newest, name) => Math.max(newest, newestMtime(path.join(entry, name))), 0);
}

/** Vite's CLI (its package exports do not expose bin/, so resolve it from package.json). */
export function viteBin(): string {
  return path.join(path.dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin', 'vite.js');
}

export function webBuildIsStale(): boolean {
  const built = path.join(localConfig.webDist, 'index.html');
  if (!existsSync(built)) return true;
  const sources = ['web/src', 'web/index.html', 'web/vite.config.ts', 'shared/src', 'package-lock.json'].map((p) =>
    newestMtime(path.join(localConfig.root, p)),
  );
  return Math.max(...sources) > statSync(built).mtimeMs;
}

export async function buildWeb(): Promise<void> {
  const vite = viteBin();
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [vite, 'build', '--config', 'web/vite.config.ts', '--outDir', localConfig.webDist, '--logLevel', 'warn'], {
      cwd: localConfig.root,
      // Always the production build, even when started from a test runner (NODE_ENV=test).
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: 'inherit',
    });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`vite build a échoué (code ${code})`))));
  });
}
