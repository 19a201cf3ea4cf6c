/**
 * Size of each Lambda exactly as CDK bundles it (`cdk synth`: esbuild, ESM, minified, AWS SDK
 * included) and its cold-start init time measured locally: a new Node process importing the
 * bundle, median of 5.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

interface TemplateResource {
  Type: string;
  Metadata?: Record<string, string>;
}

export async function benchLambdas(): Promise<void> {
  const out = mkdtempSync(path.join(tmpdir(), 'kalan-synth-'));
  try {
    const synthStarted = performance.now();
    execFileSync(process.execPath, [path.join(root, 'node_modules/aws-cdk/bin/cdk'), 'synth', '--quiet', '-o', out], {
      cwd: root,
      env: { ...process.env, AWS_EC2_METADATA_DISABLED: 'true' },
      stdio: 'ignore',
    });
    const synthSeconds = (performance.now() - synthStarted) / 1000;
    const template = JSON.parse(readFileSync(path.join(out, 'Kalan-dev.template.json'), 'utf8')) as {
      Resources: Record<string, TemplateResource>;
    };
    console.log(`## Lambda bundles as deployed, every Kalan function (cdk synth ${synthSeconds.toFixed(1)} s; goal ≤ 300 KB each, AWS SDK included)`);
    const probe = path.join(out, 'probe.mjs');
    for (const resource of Object.values(template.Resources)) {
      const cdkPath = resource.Metadata?.['aws:cdk:path'] ?? '';
      const asset = resource.Metadata?.['aws:asset:path'];
      // Every Kalan function (the API, the triggers, the workflow's tasks, the indexer, the reconciler…),
      // not the custom resources CDK adds.
      if (resource.Type !== 'AWS::Lambda::Function' || !asset || /(^|\/)Custom::|BucketDeployment|AWS679f53fac002430cb0da5b7982bd2287|LogRetention/.test(cdkPath)) continue;
      const bundle = path.join(out, asset, 'index.mjs');
      const size = statSync(bundle).size;
      writeFileSync(
        probe,
        `const t=performance.now();await import(${JSON.stringify(bundle)});console.log((performance.now()-t).toFixed(1));`,
      );
      const times = Array.from({ length: 5 }, () =>
        Number(
          execFileSync(process.execPath, [probe], {
            env: {
              ...process.env,
              TABLE_NAME: 'bench',
              AWS_REGION: 'eu-west-1',
              AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
            },
            encoding: 'utf8',
          }).trim(),
        ),
      ).sort((a, b) => a - b);
      const name = cdkPath.replace(/^Kalan-dev\//, '').replace(/\/Resource$/, '');
      console.log(`  ${name.padEnd(24)} ${(size / 1024).toFixed(1).padStart(7)} KB   init ${times[2]} ms (median of 5)`);
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
