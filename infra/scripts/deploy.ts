/**
 * `npm run deploy -- --context stage=NAME [cdk deploy options]`: the preflight
 * (deploy/preflight.ts) first, then `cdk deploy` with the same arguments. The preflight stops in a
 * few seconds, before anything is synthesized, when the AWS identity, the CDK bootstrap or the
 * stage's Paystack secret is missing; it builds the SPA when needed.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from '../lib/paths.js';
import { AwsAccount } from './deploy/aws-account.js';
import { PreflightError, preflight, stageArgument } from './deploy/preflight.js';

const args = process.argv.slice(2);

function run(command: string, commandArgs: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, commandArgs, { cwd: REPO_ROOT, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const log = (line: string) => console.log(`[deploy] ${line}`);
// The SDK's notice about Node 20 would drown the preflight's own messages; Lambda runs Node 22.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

try {
  const web = path.join(REPO_ROOT, 'web');
  await preflight({
    stageName: stageArgument(args),
    accountFor: (stage) => new AwsAccount({ region: stage.region }),
    spa: {
      distDir: path.join(web, 'dist'),
      sourcePaths: ['src', 'public', 'index.html', 'vite.config.ts'].map((p) => path.join(web, p)).concat(path.join(REPO_ROOT, 'shared', 'src')),
      build: async () => {
        const code = await run('npm', ['run', 'build']);
        if (code !== 0) throw new Error(`code de sortie ${code}`);
      },
    },
    log,
  });
} catch (error) {
  if (!(error instanceof PreflightError)) throw error;
  console.error(`[deploy] ${error.message}`);
  process.exit(1);
}

log('vérifications faites : cdk deploy');
process.exit(await run(path.join(REPO_ROOT, 'node_modules', '.bin', 'cdk'), ['deploy', '--require-approval', 'never', ...args]));
