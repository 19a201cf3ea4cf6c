/**
 * Every command the README documents exists and works. The commands are read from the README
 * itself, so a command added there without a script, or a script that stops working, fails here.
 * `npm start` is what the global set-up runs (the same script) and `npm test` is what CI runs; the
 * others run here, on ports and data of their own — `npm run bench` with one of its benchmarks (all
 * of them take a quarter of an hour). `npm run test:mutation` and `npm run test:repeat` take long
 * and are run by hand (docs/mutation.md, the issue notes); their runners are checked here.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { api, claimsOf, signIn, stack } from '../support/stack.js';
import { enrolTotp, signInWithTotp } from '../support/admin-session.js';
import { portEnvironment, portsFrom } from '../support/stack-process.js';

const root = path.resolve(import.meta.dirname, '../..');
const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
const scripts = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
const base = Number(process.env.KALAN_TEST_PORT_BASE ?? 3100) + 60;

/** `npm start`, `npm test`, `npm run x`, `npm run test:y`… as written in the README. */
function documentedScripts(): string[] {
  const found = new Set<string>();
  for (const match of readme.matchAll(/npm (?:run )?([a-z][\w:-]*)/g)) {
    const name = match[1]!;
    if (name !== 'ci' && name !== 'run') found.add(name);
  }
  // "`test:integration`, `test:e2e`" listed after a first full `npm run test:unit`.
  for (const match of readme.matchAll(/`(test:[\w-]+)`/g)) found.add(match[1]!);
  return [...found].sort();
}

interface Run {
  code: number | null;
  output: string;
}

/**
 * Guards against a command that hangs, not a speed check: synth bundles 42 functions and took 39 s
 * on an idle 2-core machine, 200 s and more while a mutation run and a second suite shared it.
 */
const HANG_MS = 600_000;

function npm(args: string[], env: Record<string, string> = {}, timeoutMs = HANG_MS): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', args, { cwd: root, env: { ...process.env, NODE_ENV: 'production', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`npm ${args.join(' ')} : toujours en cours après ${timeoutMs} ms\n${output}`));
    }, timeoutMs);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

const temporary: string[] = [];
const running: ChildProcess[] = [];
function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  temporary.push(dir);
  return dir;
}

afterAll(() => {
  for (const child of running) {
    if (child.exitCode !== null || !child.pid) continue;
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch (error) {
      // The group may have ended between the check and the kill.
      if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
    }
  }
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

describe('the commands of the README', { timeout: HANG_MS + 60_000 }, () => {
  it('each has its script in package.json', () => {
    const documented = documentedScripts();
    expect(documented).toEqual(
      expect.arrayContaining(['start', 'test', 'dev', 'reset', 'build', 'bench', 'lighthouse', 'synth', 'deploy', 'create-admin', 'test:unit', 'test:integration', 'test:e2e']),
    );
    expect(documented.filter((name) => !(name in scripts))).toEqual([]);
  });

  it('every test:<project> script names a project that has tests', async () => {
    const projects = documentedScripts()
      .map((name) => /^vitest run --project (\w+)$/.exec(scripts[name] ?? '')?.[1])
      .filter((name): name is string => name !== undefined);
    expect(projects.sort()).toEqual(['e2e', 'infra', 'integration', 'rules', 'unit']);
    const listed = await npm(['exec', '--', 'vitest', 'list', '--filesOnly', ...projects.flatMap((p) => ['--project', p])]);
    expect(listed.code, listed.output).toBe(0);
    for (const project of projects) expect(listed.output, project).toContain(`[${project}]`);
  });

  it('npm run test:unit runs the unit project', async () => {
    const run = await npm(['run', 'test:unit', '--', 'tests/unit/money.test.ts']);
    expect(run.code, run.output).toBe(0);
    expect(run.output).toMatch(/tests: [1-9]\d* passed, 0 failed/);
  });

  it('npm run bench prints the figures of a benchmark', async () => {
    const run = await npm(['run', 'bench', '--', 'uploads']);
    expect(run.code, run.output).toBe(0);
    expect(run.output).toMatch(/presigned POST policy\s+[\d.]+ µs/);
  });

  it("npm run lighthouse prints the scores of a visitor's / (sent to /auth) and of /search signed in", async () => {
    // On the test stack (its stack.json), one run per page; the repeat visits (slow 4G applied) left out.
    const run = await npm(['run', 'lighthouse', '--', '--runs', '1', '--no-repeat'], { KALAN_DATA_DIR: stack().dataDir });
    expect(run.code, run.output).toBe(0);
    expect(run.output).toMatch(/\/ \(visiteur, envoyé sur \/auth\): performance \d+, accessibility \d+, best practices \d+ \(median of 1\), FCP [\d.]+ s/);
    expect(run.output).toMatch(/\/search \(parent connecté\): performance \d+, accessibility \d+, best practices \d+ \(median of 1\)/);
  });

  it('npm run test:repeat repeats a run and counts it', { timeout: HANG_MS + 60_000 }, async () => {
    const run = await npm(['run', 'test:repeat', '--', '1', '--', 'tests/integration/history-api.test.ts'], {
      KALAN_TEST_PORT_BASE: String(base + 20),
    });
    expect(run.code, run.output).toBe(0);
    expect(run.output).toMatch(/1\/1 runs passed/);
  });

  it('npm run reset wipes the local data', async () => {
    const dataDir = tempDir('kalan-reset-');
    mkdirSync(path.join(dataDir, 'dynamodb'));
    writeFileSync(path.join(dataDir, 'dynamodb', 'shared-local-instance.db'), 'x');
    const run = await npm(['run', 'reset'], { KALAN_DATA_DIR: dataDir });
    expect(run.code, run.output).toBe(0);
    expect(existsSync(dataDir)).toBe(false);
  });

  it('npm run create-admin creates an admin on the running stack', async () => {
    const email = `admin-${Date.now()}@exemple.ci`;
    const run = await npm(['run', 'create-admin', '--', '--email', email, '--first-name', 'Awa', '--last-name', 'Koné'], {
      KALAN_DATA_DIR: stack().dataDir,
      KALAN_COGNITO_PORT: String(stack().ports.cognito),
      KALAN_DYNAMODB_PORT: String(stack().ports.dynamodb),
      KALAN_ADMIN_PASSWORD: 'MotDePasse-Admin-2026',
    });
    expect(run.code, run.output).toBe(0);
    expect(run.output).not.toContain('MotDePasse-Admin-2026');
    // The new admin signs in and its token carries the admin group; the admin API asks it to
    // enrol its second factor first, then answers it once it signed in with a code.
    const { accessToken } = await signIn(email, 'MotDePasse-Admin-2026');
    expect(claimsOf(accessToken)['cognito:groups']).toEqual(['admin']);
    expect((await api('/api/admin/stats', { token: accessToken })).body.error.code).toBe('mfa_required');
    const secret = await enrolTotp(accessToken);
    const withCode = await signInWithTotp(email, 'MotDePasse-Admin-2026', secret);
    expect((await api('/api/admin/stats', { token: withCode.accessToken })).status).toBe(200);
  });

  it('npm run build builds the SPA', async () => {
    const outDir = tempDir('kalan-build-');
    const run = await npm(['run', 'build', '--', '--outDir', outDir, '--logLevel', 'warn']);
    expect(run.code, run.output).toBe(0);
    expect(readFileSync(path.join(outDir, 'index.html'), 'utf8')).toContain('<div id="root">');
  });

  it('npm run dev serves the app with hot reload over the local stack', { timeout: HANG_MS + 60_000 }, async () => {
    const dataDir = tempDir('kalan-dev-');
    // Outside the stack's ten ports (base … base + 9, the payout doubles last) and every other
    // stack of the suite (own stacks at offsets 40–129 in blocks of ten: 110 is nobody's).
    const vitePort = base + 50;
    const child = spawn('npm', ['run', 'dev'], {
      cwd: root,
      detached: true,
      env: {
        ...process.env,
        KALAN_DATA_DIR: dataDir,
        KALAN_IN_MEMORY: 'true',
        ...portEnvironment(portsFrom(base)),
        KALAN_VITE_PORT: String(vitePort),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    running.push(child);
    let output = '';
    const ready = new Promise<void>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('[kalan] ready in')) resolve();
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
      child.once('exit', (code) => reject(new Error(`npm run dev s'est arrêté (${code}) :\n${output}`)));
    });
    await ready;
    expect(output).toContain(`http://localhost:${vitePort}`);
    // Vite starts beside the stack: wait until it answers.
    let page: Response | undefined;
    while (!page) page = await fetch(`http://127.0.0.1:${vitePort}/`).catch(() => new Promise<undefined>((r) => setTimeout(r, 200)));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('/@vite/client');
    // Vite proxies the API to the local stack.
    const api = await fetch(`http://127.0.0.1:${vitePort}/api/me`);
    expect(api.status).toBe(401);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    process.kill(-child.pid!, 'SIGTERM');
    await exited;
  });

  it('npm run synth synthesizes the stack offline, and npm run deploy stops at the missing AWS identity before synthesizing', { timeout: 3 * HANG_MS }, async () => {
    const assembly = tempDir('kalan-synth-');
    const synth = await npm(['run', 'synth', '--', '--output', assembly]);
    expect(synth.code, synth.output).toBe(0);
    expect(existsSync(path.join(assembly, 'Kalan-dev.template.json'))).toBe(true);
    // The lambdas bench, smoke-sized, on the bundles just built (bench-smoke.test.ts runs the other benches).
    const lambdas = await npm(['run', 'bench', '--', '--smoke', 'lambdas'], { KALAN_BENCH_CDK_OUT: assembly });
    expect(lambdas.code, lambdas.output).toBe(0);
    expect(lambdas.output).toMatch(/^ {2}ApiFunctions\/Api\/\w+ +[\d.]+ KB +init +[\d.]+ ms \(median of 1\) +map [\d.]+ KB$/m);
    expect(lambdas.output).toMatch(/largest bundle [\d.]+ KB, of [1-9]\d+ functions/);
    // No AWS credentials on this machine: the preflight stops at the identity, before cdk runs.
    const output = tempDir('kalan-deploy-');
    const started = Date.now();
    const deploy = await npm(['run', 'deploy', '--', '--context', 'stage=dev-readme', '--output', output], {
      AWS_EC2_METADATA_DISABLED: 'true',
      AWS_PROFILE: '',
      AWS_ACCESS_KEY_ID: '',
      AWS_CONFIG_FILE: path.join(output, 'no-config'),
      AWS_SHARED_CREDENTIALS_FILE: path.join(output, 'no-credentials'),
    });
    expect(deploy.code, deploy.output).toBe(1);
    expect(deploy.output).toContain("[deploy] Identité AWS introuvable : aucun identifiant AWS n'est configuré sur cette machine.");
    expect(deploy.output).not.toMatch(/Bundling asset|Synthesis time/);
    expect(readdirSync(output)).toEqual([]);
    // Reported, not asserted: a loaded machine may be slow; synthesis took 84 s here.
    console.log(`npm run deploy hors ligne : arrêt en ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });
});
