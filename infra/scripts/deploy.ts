/**
 * `npm run deploy -- --context stage=NAME [cdk deploy options]`: the preflight
 * (deploy/preflight.ts) first, then `cdk deploy` of every stack of the stage (the us-east-1 edge
 * stack first, when the stage has one) with the same arguments. The preflight stops in a
 * few seconds, before anything is synthesized, when the AWS identity, the CDK bootstrap or the
 * stage's Paystack secret is missing; it builds the SPA when needed. After the deploy, the photo
 * resizer moves the profile photos not yet on the current layout (deploy/photos.ts), then the pages'
 * publisher is asked to publish the pre-rendered pages again from the index.html just deployed
 * (functions/src/pages/publish.ts), so that they boot the new build.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from '../lib/paths.js';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { PAGES_PUBLISHER_OUTPUT } from '../../functions/src/pages/page-keys.js';
import { PHOTO_RESIZER_OUTPUT } from '../../functions/src/photos/backfill-request.js';
import { AwsAccount } from './deploy/aws-account.js';
import { migratePhotos } from './deploy/photos.js';
import { PreflightError, preflight, stacksToDeploy, stageArgument } from './deploy/preflight.js';

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

let region: string | undefined;
let stacks: string[];
try {
  const web = path.join(REPO_ROOT, 'web');
  const { stage } = await preflight({
    stageName: stageArgument(args),
    accountFor: (stage) => {
      region = stage.region;
      return new AwsAccount({ region: stage.region });
    },
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
  stacks = stacksToDeploy(stage);
} catch (error) {
  if (!(error instanceof PreflightError)) throw error;
  console.error(`[deploy] ${error.message}`);
  process.exit(1);
}

log(`vérifications faites : cdk deploy ${stacks.join(' ')}`);
// The outputs name the pages' publisher (unless the caller asked for the file elsewhere).
const outputsFile = args.some((arg) => arg.startsWith('--outputs-file'))
  ? null
  : path.join(mkdtempSync(path.join(tmpdir(), 'kalan-deploy-')), 'outputs.json');
const code = await run(path.join(REPO_ROOT, 'node_modules', '.bin', 'cdk'), [
  'deploy',
  ...stacks,
  '--require-approval',
  'never',
  ...(outputsFile ? ['--outputs-file', outputsFile] : []),
  ...args,
]);
if (code !== 0 || !outputsFile) process.exit(code);

const outputs = JSON.parse(readFileSync(outputsFile, 'utf8')) as Record<string, Record<string, string>>;

// The profile photos on the current layout before the pages are published (they name its share image).
const resizer = Object.values(outputs).find((stack) => stack[PHOTO_RESIZER_OUTPUT])?.[PHOTO_RESIZER_OUTPUT];
if (resizer) {
  try {
    // A call runs up to the function's 30 s: the HTTP request waits longer.
    const lambda = new AwsAccount({ region, timeoutMs: 60_000 });
    const { calls, migrated, skipped } = await migratePhotos((payload) => lambda.invoke(resizer, payload), log);
    log(`photos des profils : ${migrated} migrée(s) vers les adresses sans identifiant de compte, ${skipped} ignorée(s), en ${calls} appel(s) (${resizer})`);
  } catch (error) {
    // The site is deployed; photos not migrated show as before their variants existed (the original
    // to signed-in users, none to visitors) until the next deploy migrates them.
    console.error(`[deploy] photos des profils non migrées : ${(error as Error).message}`);
    process.exit(1);
  }
}

const publisher = Object.values(outputs).find((stack) => stack[PAGES_PUBLISHER_OUTPUT])?.[PAGES_PUBLISHER_OUTPUT];
if (publisher) {
  try {
    await new AwsAccount({ region }).invokeAsync(publisher, { action: 'publish-pages' });
    log(`pages des répétiteurs : publication demandée (${publisher})`);
  } catch (error) {
    // The site is deployed; the pages boot the previous build (its files are kept) until the next change.
    console.error(`[deploy] pages des répétiteurs non republiées : ${(error as Error).message}`);
    process.exit(1);
  }
}
process.exit(0);
