/**
 * Bundled, minified size of each Lambda (AWS SDK included, as CDK bundles it) and its cold-start
 * init time measured locally: a new Node process importing the bundle, median of 5.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { eventHandlers, routes } from '#shared';

const root = path.resolve(import.meta.dirname, '../..');

export async function benchLambdas(): Promise<void> {
  const out = mkdtempSync(path.join(tmpdir(), 'kalan-lambdas-'));
  const modules = [...new Set([...Object.values(routes).map((r) => r.handler), ...Object.values(eventHandlers)])];
  console.log('## Lambda bundles (esbuild, ESM, minified, AWS SDK bundled; goal ≤ 500 KB each)');
  try {
    for (const module of modules.sort()) {
      const outfile = path.join(out, `${module.replace(/\//g, '-')}.mjs`);
      await build({
        entryPoints: [path.join(root, 'functions', 'src', `${module}.ts`)],
        outfile,
        bundle: true,
        minify: true,
        platform: 'node',
        target: 'node22',
        format: 'esm',
        mainFields: ['module', 'main'],
        banner: { js: "import{createRequire}from'module';const require=createRequire(import.meta.url);" },
        logLevel: 'error',
      });
      const size = statSync(outfile).size;
      const probe = path.join(out, 'probe.mjs');
      writeFileSync(
        probe,
        `const t=performance.now();await import(${JSON.stringify(outfile)});console.log((performance.now()-t).toFixed(1));`,
      );
      const times = Array.from({ length: 5 }, () =>
        Number(
          execFileSync(process.execPath, [probe], {
            env: { ...process.env, TABLE_NAME: 'bench', AWS_REGION: 'eu-west-1', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
            encoding: 'utf8',
          }).trim(),
        ),
      ).sort((a, b) => a - b);
      console.log(`  ${module.padEnd(26)} ${(size / 1024).toFixed(1).padStart(7)} KB   init ${times[2]} ms (median of 5)`);
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
