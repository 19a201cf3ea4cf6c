/**
 * Issue 28, item 11: every bench the README names runs, as `npm run bench -- --smoke <name>` (its
 * smallest sizes, tests/bench/sizes.ts), and prints its figures; a bench that stops before them,
 * or prints none, fails here. Nothing is asserted about time. Each bench starts its own stack or
 * engines on KALAN_TEST_PORT_BASE + 20 … + 29, one bench at a time.
 *
 * `lambdas` is smoked by readme-commands.test.ts on the cloud assembly its `npm run synth` writes:
 * a second synthesis would bundle every function again (39 s on an idle 2-core machine, minutes on
 * a loaded one) to measure the same bundles.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BENCHES } from '../bench/benches.js';

const root = path.resolve(import.meta.dirname, '../..');
const base = Number(process.env.KALAN_TEST_PORT_BASE ?? 3100) + 20;
/** Guards against a bench that hangs; the slowest smoke run took 91 s on a 2-core machine at load 19. */
const HANG_MS = 600_000;

/** What each bench must print: every figure it exists for. */
const FIGURES: Record<string, RegExp[]> = {
  startup: [
    /fresh data \(seeding included\): [\d.]+ s wall {2}\| \[kalan\] ready in [\d.]+ s/,
    /restart on existing data: +[\d.]+ s wall/,
    /total resident memory of the stack: [1-9]\d* MiB/,
  ],
  web: [
    /## \/auth, signed out \(first page\)\n(?: {4}\/assets\/.*\n)+ {2}total: [\d.]+ KB minified, [\d.]+ KB gzip, [1-9]\d* files/,
    /## \/, signed out \(sent to \/auth\)\n(?: {4}\/assets\/.*\n)+ {2}total: [\d.]+ KB minified/,
    /## \/search, signed in as a parent \(nothing cached\)\n(?: {4}\/assets\/.*\n)+ {2}total: [\d.]+ KB minified/,
    // Issue 34: a visitor's first page from a shared link, against the 170 KB budget.
    /## \/search, signed out \(a visitor from a shared link\)\n(?: {4}\/assets\/.*\n)+ {2}total: [\d.]+ KB minified, [\d.]+ KB gzip, [1-9]\d* files \(goal ≤ 170 KB gzip: (?:met|not met)\)/,
    /## a tutor page, signed out \(a visitor from a shared link\)\n(?: {4}\/assets\/.*\n)+ {2}total: [\d.]+ KB minified, [\d.]+ KB gzip, [1-9]\d* files \(goal ≤ 170 KB gzip: (?:met|not met)\)/,
    /## \/cours, signed in as a parent \(nothing cached\)\n(?: {4}\/assets\/.*\n)+ {2}total: [\d.]+ KB minified/,
  ],
  uploads: [/presigned POST policy +[\d.]+ µs/, /presigned GET URL +[\d.]+ µs/, /admin KYC page \(25 × 2 GETs\) +[\d.]+ ms/],
  photos: [
    /originals: median [\d.]+ KB/,
    /resize time per photo .*: median \d+ ms, p95 \d+ ms/,
    /variants \(median bytes\): 48 px [\d.]+ KB/,
    /390 px, DPR 2 +before \(originals\) +[\d.]+ KB \(2 images\) → after +[\d.]+ KB \(2 × \d+ px\)/,
  ],
  pages: [
    /sitemap: \d+ pages = [1-9]\d* tutor pages \(of \d+ seeded tutors\) \+ [1-9]\d* town × subject pages/,
    /tutor page HTML \(median of 3\): [\d.]+ KB as stored, [\d.]+ KB brotli, [\d.]+ KB gzip/,
    /time to first byte, local router \(5 requests, new connection each\): first [\d.]+ ms, median [\d.]+ ms/,
    /publication by the indexer: every page \([1-9]\d* files written\) \d+ ms; nothing changed \(0 written\) \d+ ms/,
  ],
  search: [/^ +[1-9]\d* +[\d.]+ ms +[\d.]+ MB +[\d.]+ ms +[\d.]+ MB +[\d.]+ ms \/ [\d.]+ ms \/ [\d.]+ ms .* ×\d+$/m],
  relevance: [/relevance: hit@1 [01]\.\d\d · hit@3 [01]\.\d\d · precision@3 [01]\.\d\d \([1-9]\d{2,} queries, catalogue of [1-9]\d* tutors\)/],
  indexer: [
    // Thousands grouped as in French (a narrow no-break space).
    /loaded 2\s400 items \(1\s125 listed tutors\)/,
    /rebuild \(sparse index → prepared base\) +[\d.]+ ms +heap peak +\d+ MB +base \d+ MB gz, 1\s125 tutors/,
    /one edit \(journal only\) +[\d.]+ ms .* then p50 [\d.]+ ms over 4 edits/,
    /compaction \(1000 changed tutors → new base\) +[\d.]+ ms .* compacted: true/,
  ],
  payments: [
    /webhook charge\.success \(verify \+ escrow\), 4 deliveries, 4 concurrent: p50 [\d.]+ ms, p95 [\d.]+ ms/,
    /escrow releases: 4\/4 in [\d.]+ s with 2 concurrent → [\d.]+ actions\/s/,
    /DynamoDB write units per completed booking .*: [1-9][\d.]* WCU/,
    /DynamoDB write units per completed lesson .*: [1-9][\d.]* WCU/,
    /slot races \(2 parents book the same free slot at once, 1 times\): exactly one booking in 1\/1 races/,
  ],
  payouts: [
    /withdrawal → paid, CinetPay \(Orange Money\), notification or check, 2 one after the other: p50 \d+ ms, p95 \d+ ms/,
    /withdrawal → paid, Wave, paid at a check \(no webhook\), 2 one after the other: p50 \d+ ms, p95 \d+ ms/,
    /DynamoDB write units per payout, orange \(withdrawal to paid\): [1-9][\d.]* WCU; Step Functions transitions per payout: [1-9][\d.]*/,
    /workflow throughput: 4 payouts \(half CinetPay, half Wave\) started at once, all paid in [\d.]+ s → [\d.]+ payouts\/s/,
  ],
  realtime: [
    /20 open sockets: opened in [\d.]+ s \([\d.]+ ms per connection at 50 concurrent; one connection p50 [\d.]+ ms, p95 [\d.]+ ms\); stack process \d+ MiB resident/,
    /pushToUsers → event at the socket, 3 one after the other: p50 [\d.]+ ms, p95 [\d.]+ ms/,
    /API send \(POST \/api\/conversations\/\{id\}\/messages\) → event at the tutor's socket, 2 one after the other: p50 [\d.]+ ms, p95 [\d.]+ ms/,
    /one push to a user holding 20 sockets: the last received it after [\d.]+ ms/,
  ],
  masking: [
    /masking: \d+ cases — \d+ with contact details, \d+ ordinary/,
    /true positives (\d+)\/\1 \(caught as the table says\), false negatives 0/,
    /kept (\d+)\/\1, false positives 0/,
    /[\d.]+ µs per message \(mean of \d+\)/,
  ],
  packages: [
    /package of 3 lessons a week × 4 weeks, 1 h: 12 lessons booked, 12 slots held \([\d ]+ FCFA paid once\)/,
    /DynamoDB write units: [1-9][\d.]* WCU as DynamoDB Local reports them, [1-9]\d* WCU as DynamoDB bills them → per lesson [\d.]+ \/ [\d.]+ WCU; read units [\d.]+ RRU/,
    /workflow state transitions: [1-9]\d* \([\d.]+ per lesson\); Lambda invocations: [1-9]\d* \(\d+ escrow tasks/,
    /cost per package: [\d.]+ USD \(DynamoDB writes [\d.]+ \+ reads [\d.]+, Step Functions [\d.]+, Lambda requests [\d.]+\); per lesson [\d.]+ USD/,
  ],
  admin: [/first stat-card read: \d+ ms \{/, /stat-card read at 50 transactions, 20 users: p50 [\d.]+ ms, p95 [\d.]+ ms \(3 calls, in process\)/],
  cost: [
    /per action, measured on the local stack \(mean of 1, warm\)/,
    /bookAndRelease +[1-9]\d* +[\d.]+ +[\d.]+ /,
    /1 000 bookings \(goal ≤ 5 USD, Bedrock included\): [\d.]+ USD/,
    /1 000 monthly active parents, a month \(bookings apart\): [\d.]+ USD/,
  ],
};

/** Smoked elsewhere, with where. */
const SMOKED_ELSEWHERE: Record<string, string> = { lambdas: 'tests/integration/readme-commands.test.ts' };

function smokeRun(name: string): Promise<{ code: number | null; output: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, KALAN_BENCH_PORT_BASE: String(base) };
  // As from a shell: not the test runner's NODE_ENV.
  delete env.NODE_ENV;
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', 'bench', '--', '--smoke', name], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`npm run bench -- --smoke ${name} : toujours en cours après ${HANG_MS} ms\n${output}`));
    }, HANG_MS);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe('the benches', () => {
  it('named by the README all exist, and each has its smoke run', () => {
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    const named = [...readme.matchAll(/npm run bench -- (?:--smoke )?(\w+)/g)].map((match) => match[1]!);
    expect(named.length).toBeGreaterThan(5);
    expect(named.filter((name) => !Object.hasOwn(BENCHES, name))).toEqual([]);
    expect(Object.keys(BENCHES).filter((name) => !FIGURES[name] && !SMOKED_ELSEWHERE[name])).toEqual([]);
  });

  for (const name of Object.keys(FIGURES)) {
    it(`${name}: runs at its smallest sizes and prints its figures`, { timeout: HANG_MS + 60_000 }, async () => {
      const run = await smokeRun(name);
      // Its figures in the test's log, without the local stack's e-mails and log lines.
      console.log(run.output.split('\n').filter((line) => line.startsWith('  ') || line.startsWith('##')).join('\n'));
      expect(run.code, run.output).toBe(0);
      expect(run.output).toContain('(smoke run: smallest sizes, figures not representative)');
      for (const figure of FIGURES[name]!) expect(run.output, `${name}: ${figure}`).toMatch(figure);
    });
  }
});
