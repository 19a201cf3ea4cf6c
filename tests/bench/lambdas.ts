/**
 * Size of each Lambda exactly as CDK bundles it (`cdk synth`: esbuild, ESM, minified, AWS SDK
 * included), what it is made of (its largest packages, from the source map shipped beside it) and
 * its cold-start init time measured locally: a new Node process, with the function's own
 * NODE_OPTIONS (`--enable-source-maps`), importing the bundle, median of 5.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bundleComposition } from './bundle-composition.js';
import { sized } from './sizes.js';

const root = path.resolve(import.meta.dirname, '../..');

interface TemplateResource {
  Type: string;
  Metadata?: Record<string, string>;
  Properties?: { Environment?: { Variables?: Record<string, unknown> } };
}

/** The packages (or our folders) printed under each function; the rest is summed. */
const TOP_OWNERS = 6;
/** Cold starts per function (the median is printed). */
const INIT_RUNS = sized(5, 1);
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/**
 * KALAN_BENCH_CDK_OUT: a cloud assembly `npm run synth` already wrote (the test suite's, which the
 * smoke run reuses rather than bundling every function a second time); otherwise synthesized here.
 */
export async function benchLambdas(): Promise<void> {
  const given = process.env.KALAN_BENCH_CDK_OUT;
  const out = given ?? mkdtempSync(path.join(tmpdir(), 'kalan-synth-'));
  const work = mkdtempSync(path.join(tmpdir(), 'kalan-lambdas-'));
  try {
    const synthStarted = performance.now();
    if (!given) {
      execFileSync(process.execPath, [path.join(root, 'node_modules/aws-cdk/bin/cdk'), 'synth', '--quiet', '-o', out], {
        cwd: root,
        env: { ...process.env, AWS_EC2_METADATA_DISABLED: 'true' },
        stdio: 'ignore',
      });
    }
    const synthSeconds = (performance.now() - synthStarted) / 1000;
    // Every stack of the stage (one today): a function is counted whichever stack holds it.
    const templates = readdirSync(out).filter((file) => file.endsWith('.template.json'));
    if (!templates.length) throw new Error(`No template in ${out}`);
    const resources = templates.flatMap((file) => Object.values((JSON.parse(readFileSync(path.join(out, file), 'utf8')) as { Resources: Record<string, TemplateResource> }).Resources));
    console.log(
      `## Lambda bundles as deployed, every Kalan function (${given ? `cloud assembly ${given}` : `cdk synth ${synthSeconds.toFixed(1)} s`}; goal ≤ 300 KB each, AWS SDK included; ` +
        'init goal ≤ 300 ms; the source map shipped beside each bundle is not counted)',
    );
    const probe = path.join(work, 'probe.mjs');
    /** Per owner: the bundles carrying it and its bytes in each. */
    const across = new Map<string, number[]>();
    let largest = 0;
    let counted = 0;
    for (const resource of resources) {
      const cdkPath = resource.Metadata?.['aws:cdk:path'] ?? '';
      const asset = resource.Metadata?.['aws:asset:path'];
      // Every Kalan function (the API, the triggers, the workflow's tasks, the indexer, the reconciler…),
      // not the custom resources CDK adds.
      if (resource.Type !== 'AWS::Lambda::Function' || !asset || /(^|\/)Custom::|BucketDeployment|AWS679f53fac002430cb0da5b7982bd2287|LogRetention/.test(cdkPath)) continue;
      const bundle = path.join(out, asset, 'index.mjs');
      const size = statSync(bundle).size;
      largest = Math.max(largest, size);
      counted += 1;
      const composition = bundleComposition(bundle);
      for (const [owner, bytes] of composition) across.set(owner, [...(across.get(owner) ?? []), bytes]);
      const nodeOptions = resource.Properties?.Environment?.Variables?.NODE_OPTIONS;
      writeFileSync(
        probe,
        `const t=performance.now();await import(${JSON.stringify(bundle)});console.log((performance.now()-t).toFixed(1));`,
      );
      const times = Array.from({ length: INIT_RUNS }, () =>
        Number(
          execFileSync(process.execPath, [probe], {
            env: {
              ...process.env,
              NODE_OPTIONS: typeof nodeOptions === 'string' ? nodeOptions : '',
              TABLE_NAME: 'bench',
              AWS_REGION: 'eu-west-1',
              AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
            },
            encoding: 'utf8',
          }).trim(),
        ),
      ).sort((a, b) => a - b);
      const name = cdkPath.replace(/^[^/]+\//, '').replace(/\/Resource$/, '');
      const mapSize = statSync(`${bundle}.map`).size;
      console.log(`  ${name.padEnd(34)} ${kb(size).padStart(6)} KB   init ${String(times[Math.floor(INIT_RUNS / 2)]).padStart(5)} ms (median of ${INIT_RUNS})   map ${kb(mapSize)} KB`);
      const rest = composition.slice(TOP_OWNERS).reduce((sum, [, bytes]) => sum + bytes, 0);
      const parts = composition.slice(0, TOP_OWNERS).map(([owner, bytes]) => `${owner} ${kb(bytes)}`);
      console.log(`      ${[...parts, `other ${kb(rest)}`].join(' · ')}`);
    }
    console.log(`  largest bundle ${kb(largest)} KB, of ${counted} functions`);
    console.log('  what the bundles carry, per package or folder (KB: bundles carrying it, smallest–largest share):');
    const rows = [...across].sort((a, b) => Math.max(...b[1]) - Math.max(...a[1])).slice(0, 16);
    for (const [owner, sizes] of rows) {
      console.log(`    ${owner.padEnd(44)} ${String(sizes.length).padStart(3)} bundles   ${kb(Math.min(...sizes)).padStart(6)}–${kb(Math.max(...sizes))} KB`);
    }
  } finally {
    if (!given) rmSync(out, { recursive: true, force: true });
    rmSync(work, { recursive: true, force: true });
  }
}
