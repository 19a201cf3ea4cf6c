/**
 * `npm run lighthouse [-- --runs N] [--no-repeat]`: Lighthouse's mobile audits (its default: a mid-range phone,
 * slow 4G and a 4× slower CPU, simulated) — performance, accessibility and best practices — of a
 * visitor's first pages (/ which sends a visitor to /auth, /search from a shared link, a tutor's
 * pre-rendered page: the first tutor of the sitemap, with the SEO audit too), then of /, /search and
 * /cours signed in as the seeded parent, on the local stack's production build, in the project's
 * Chromium (tests/support/chromium.ts). Prints each run and the median scores and metrics of each
 * page; then (unless --no-repeat) a first and a repeat visit of /search as a visitor and of /,
 * /search and /cours signed in, slow 4G applied (firstAndRepeatVisit). Asserts nothing.
 *
 * The stack: the one whose `stack.json` is in KALAN_DATA_DIR (`.local` by default, i.e. a running
 * `npm start`) when it answers, otherwise a throw-away one started here on ports from
 * KALAN_LIGHTHOUSE_PORT_BASE (3400).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { chromium, type BrowserContext } from 'playwright-core';
import { CHROMIUM_FLAGS, resolveChromium } from '../support/chromium.js';
import type { StackInfo } from '../support/stack-info.js';
import { portsFrom, startStackProcess } from '../support/stack-process.js';
import { freePort } from '../support/free-port.js';

const root = path.resolve(import.meta.dirname, '../..');

const METRICS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['speed-index', 'SI'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
] as const;

interface Run {
  score: number;
  accessibility: number;
  bestPractices: number;
  /** Lighthouse's SEO score, when the run audited it. */
  seo?: number;
  metrics: Record<string, string>;
  numeric: Record<string, number>;
  /** Bytes on the wire (after compression) of the page's scripts, and of everything. */
  scriptKiB: number;
  totalKiB: number;
}

async function runningStack(): Promise<StackInfo | null> {
  const file = path.resolve(root, process.env.KALAN_DATA_DIR ?? '.local', 'stack.json');
  if (!existsSync(file)) return null;
  const info = JSON.parse(readFileSync(file, 'utf8')) as StackInfo;
  const answer = await fetch(`${info.appUrl}/config.json`).catch(() => null);
  return answer?.ok ? info : null;
}

function summarise(lhr: Result): Run {
  const metrics: Record<string, string> = {};
  const numeric: Record<string, number> = {};
  for (const [id, label] of METRICS) {
    metrics[label] = lhr.audits[id]?.displayValue ?? '?';
    numeric[label] = lhr.audits[id]?.numericValue ?? Number.NaN;
  }
  const items = ((lhr.audits['network-requests']?.details as { items?: Array<{ resourceType?: string; transferSize?: number }> } | undefined)
    ?.items ?? []);
  const bytes = (filter: (type?: string) => boolean) =>
    items.filter((item) => filter(item.resourceType)).reduce((sum, item) => sum + (item.transferSize ?? 0), 0) / 1024;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    bestPractices: Math.round((lhr.categories['best-practices']?.score ?? 0) * 100),
    ...(lhr.categories.seo ? { seo: Math.round((lhr.categories.seo.score ?? 0) * 100) } : {}),
    metrics,
    numeric,
    scriptKiB: bytes((type) => type === 'Script'),
    totalKiB: bytes(() => true),
  };
}

const CATEGORIES = ['performance', 'accessibility', 'best-practices'];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function audit(port: number, url: string, flags: Flags): Promise<Run> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES, ...flags });
  if (!result) throw new Error(`Lighthouse n'a rien rendu pour ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url} : ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const run = summarise(lhr);
  // The SEO audits that failed, by id, so that a score under 100 says why.
  const seoFailed = (lhr.categories.seo?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
    .map((ref) => ref.id);
  if (seoFailed.length) console.log(`  (SEO : audits en échec ${seoFailed.join(', ')})`);
  return run;
}

function print(page: string, runs: Run[]): void {
  console.log(`## Lighthouse mobile, ${page}`);
  runs.forEach((run, index) => {
    const metrics = Object.entries(run.metrics).map(([label, value]) => `${label} ${value}`).join(', ');
    const seo = run.seo === undefined ? '' : `, SEO ${run.seo}`;
    console.log(`  run ${index + 1}: performance ${run.score}, accessibility ${run.accessibility}, best practices ${run.bestPractices}${seo}  (${metrics}; JS ${run.scriptKiB.toFixed(1)} KiB, total ${run.totalKiB.toFixed(1)} KiB transferred)`);
  });
  const seoScores = runs.flatMap((run) => (run.seo === undefined ? [] : [run.seo]));
  if (seoScores.length) console.log(`  ${page}: SEO ${median(seoScores)} (median of ${seoScores.length})`);
  const fcp = median(runs.map((run) => run.numeric.FCP!)) / 1000;
  const lcp = median(runs.map((run) => run.numeric.LCP!)) / 1000;
  const scores = `performance ${median(runs.map((run) => run.score))}, accessibility ${median(runs.map((run) => run.accessibility))}, best practices ${median(runs.map((run) => run.bestPractices))}`;
  console.log(`  ${page}: ${scores} (median of ${runs.length}), FCP ${fcp.toFixed(1)} s, LCP ${lcp.toFixed(1)} s`);
}

/**
 * Keeps the session (local storage) but makes the next load of `url` cold: the HTTP cache, the
 * service worker and its caches emptied by hand (a worker would answer the scripts itself).
 */
async function loadCold(context: BrowserContext, url: string): Promise<void> {
  const page = context.pages()[0] ?? (await context.newPage());
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Storage.clearDataForOrigin', { origin: new URL(url).origin, storageTypes: 'service_workers,cache_storage' });
  await cdp.detach();
}

/**
 * A first and a repeat visit of `url` under Lighthouse's slow-4G profile APPLIED to the network
 * (throttlingMethod 'devtools': 562.5 ms per request, 1.47 Mbit/s down, a 4× slower CPU) — the
 * simulated profile of the audits above replays the requests' own timings and cannot tell an answer
 * of the service worker from one of the network. First: the origin's HTTP cache, service worker and
 * its caches emptied (the session in local storage kept). Then the page is opened once more as a
 * person would (the worker takes the page and keeps its copies), and audited again: the repeat visit.
 * Prints the bytes transferred and the time to the first screen (FCP) and to the largest (LCP).
 * The bytes are the page's: an answer of the worker counts 0, and the API reads the worker makes
 * itself (network first, for the offline copies: a few KiB of JSON) are not in Lighthouse's records.
 */
async function firstAndRepeatVisit(context: BrowserContext, port: number, label: string, url: string, runs: number): Promise<void> {
  const flags: Flags = { disableStorageReset: true, throttlingMethod: 'devtools', onlyCategories: ['performance'] };
  const visits: Record<'first' | 'repeat', Run[]> = { first: [], repeat: [] };
  for (let i = 0; i < runs; i++) {
    await loadCold(context, url);
    visits.first.push(await audit(port, url, flags));
    const visit = await context.newPage();
    await visit.goto(url, { waitUntil: 'networkidle' });
    await visit.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    await visit.close();
    visits.repeat.push(await audit(port, url, flags));
  }
  console.log(`## Première visite et visite répétée, slow 4G appliqué, ${label}`);
  for (const [name, done] of Object.entries(visits)) {
    const kib = median(done.map((run) => run.totalKiB));
    const js = median(done.map((run) => run.scriptKiB));
    const fcp = median(done.map((run) => run.numeric.FCP!)) / 1000;
    const lcp = median(done.map((run) => run.numeric.LCP!)) / 1000;
    const each = done.map((run) => `${(run.numeric.FCP! / 1000).toFixed(2)} s / ${run.totalKiB.toFixed(1)} KiB`).join(' · ');
    console.log(`  ${label}, ${name === 'first' ? 'première visite' : 'visite répétée'}: ${kib.toFixed(1)} KiB transférés (JS ${js.toFixed(1)} KiB), premier écran (FCP) ${fcp.toFixed(2)} s, LCP ${lcp.toFixed(2)} s (médiane de ${done.length} : ${each})`);
  }
}

/** Signs in through /auth in the browser's default context, where Lighthouse's tab opens too. */
async function signIn(context: BrowserContext, appUrl: string, account: { email: string; password: string }): Promise<void> {
  const page = await context.newPage();
  await page.goto(`${appUrl}/auth`);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Mot de passe').fill(account.password);
  await page.locator('form').getByRole('button', { name: 'Se connecter' }).click();
  await page.waitForURL((url) => url.pathname === '/', { timeout: 60_000 });
  // A returning user: the onboarding was done on this device (its flag, web/src/lib/onboarding-flag.ts),
  // so that / is the home screen and not the onboarding a new device gets first.
  await page.evaluate(() => {
    const last = Object.keys(localStorage).find((key) => key.startsWith('CognitoIdentityServiceProvider.') && key.endsWith('.LastAuthUser'));
    const token = last && localStorage.getItem(`${last.slice(0, -'LastAuthUser'.length)}${localStorage.getItem(last)}.accessToken`);
    if (!token) throw new Error("Pas de jeton d'accès Cognito après la connexion");
    const { sub } = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { sub: string };
    localStorage.setItem(`kalan:onboarding-complete:${sub}`, 'true');
  });
  await page.close();
}

async function benchLighthouse(runs: number, repeatVisits: boolean): Promise<void> {
  let stack = await runningStack();
  let stop = async () => {};
  if (stack) {
    console.log(`(la pile en cours : ${stack.appUrl})`);
  } else {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'kalan-lighthouse-'));
    const started = await startStackProcess({
      dataDir,
      ports: portsFrom(Number(process.env.KALAN_LIGHTHOUSE_PORT_BASE ?? 3400)),
      inMemory: true,
    });
    console.log(`(une pile jetable : ${started.readyLine.trim()})`);
    stack = started.info;
    stop = async () => {
      await started.stop();
      rmSync(dataDir, { recursive: true, force: true });
    };
  }
  const browser = await resolveChromium();
  const port = await freePort();
  const profile = mkdtempSync(path.join(tmpdir(), 'kalan-lighthouse-profile-'));
  // A persistent context is the browser's default one: Lighthouse's tabs share its storage.
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: browser.executablePath,
    args: [...CHROMIUM_FLAGS, ...browser.extraFlags, `--remote-debugging-port=${port}`],
  });
  try {
    const pages = async (label: string, url: string, flags: Flags, cold = false) => {
      const done: Run[] = [];
      for (let i = 0; i < runs; i++) {
        if (cold) {
          await loadCold(context, url);
        }
        done.push(await audit(port, url, flags));
      }
      print(label, done);
    };
    await pages('/ (visiteur, envoyé sur /auth)', `${stack.appUrl}/`, {});
    await pages('/search (visiteur, lien partagé)', `${stack.appUrl}/search`, {});

    // A tutor's page as a visitor from a search engine or a shared link opens it, signed out.
    const sitemap = await (await fetch(`${stack.appUrl}/sitemap.xml`)).text();
    const tutorPage = /<loc>([^<]*\/tutors\/[^<]*)<\/loc>/.exec(sitemap)?.[1];
    if (!tutorPage) throw new Error("Le sitemap de la pile ne liste aucune page de répétiteur");
    await pages(`page de répétiteur (${new URL(tutorPage).pathname})`, tutorPage, { onlyCategories: [...CATEGORIES, 'seo'] });

    if (repeatVisits) await firstAndRepeatVisit(context, port, '/search (visiteur)', `${stack.appUrl}/search`, runs);

    const parent = stack.accounts.find((account) => account.role === 'parent');
    if (!parent) throw new Error('La pile n’a pas de compte parent');
    await signIn(context, stack.appUrl, parent);
    for (const address of ['/', '/search', '/cours']) {
      await pages(`${address} (parent connecté)`, `${stack.appUrl}${address}`, { disableStorageReset: true }, true);
    }
    if (repeatVisits) {
      for (const address of ['/', '/search', '/cours']) await firstAndRepeatVisit(context, port, `${address} (parent connecté)`, `${stack.appUrl}${address}`, runs);
    }
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
    await stop();
  }
}

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' }, 'no-repeat': { type: 'boolean', default: false } } });
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs ${values.runs} : un entier ≥ 1`);
await benchLighthouse(runs, !values['no-repeat']);
