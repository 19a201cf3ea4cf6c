/**
 * The JavaScript each page loads, measured in Chromium on the production build (`npm run build`
 * first: web/dist) served by a throw-away local stack (in memory, ports from
 * KALAN_BENCH_PORT_BASE, 3970 by default): the first page signed out (/auth, and / which sends a
 * visitor there), a visitor's first page from a shared link (/search, and the first tutor page of
 * the sitemap: issue 34 wants each ≤ 170 KB gzip), then /search and /cours signed in as the seeded
 * parent. For each page: every script file with its size gzipped at level 9, the total, and
 * whether the admin console, the charting library (recharts, the tutor's earnings chart) or
 * Amplify's sign-in flows came with it. Prints figures; asserts nothing.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { launchChromium } from '../support/chromium.js';
import { startStackProcess } from '../support/stack-process.js';
import { benchPorts } from './sizes.js';

/** Where the stack it starts builds the SPA (infra/local/config.ts's webDist). */
const dist = path.resolve(import.meta.dirname, '../..', process.env.KALAN_WEB_DIST ?? 'web/dist');
const FIRST_PAGE_GOAL_KB = 170;

/** Text only these parts of the build contain (tests/e2e/search-discovery.test.ts checks the same). */
export const PART_MARKERS = {
  'admin console': 'Vérifications KYC',
  'charts (recharts)': 'recharts-wrapper',
  // The auth flow only Amplify's sign-in code names (its `signIn` flows, lib/auth/cognito-actions.ts).
  'sign-in flows (aws-amplify/auth)': 'USER_SRP_AUTH',
  // Amplify's Cognito client (the session's tokens, lib/amplify-session.ts): a visitor needs none.
  'Amplify (session)': 'AWSCognitoIdentityProviderService',
  // The /auth screen's forms (features/auth).
  'sign-in forms': 'Parcourir les répétiteurs',
} as const;

interface Loaded {
  file: string;
  raw: number;
  gzip: number;
  parts: string[];
}

/** Records the script files a page loads (from the built files, as the server sends them). */
function recordScripts(page: Page): () => Loaded[] {
  const files = new Set<string>();
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (pathname.endsWith('.js')) files.add(pathname);
  });
  return () =>
    [...files].sort().map((file) => {
      const content = readFileSync(path.join(dist, file));
      const text = content.toString('utf8');
      const parts = Object.entries(PART_MARKERS)
        .filter(([, marker]) => text.includes(marker))
        .map(([part]) => part);
      return { file, raw: content.length, gzip: gzipSync(content, { level: 9 }).length, parts };
    });
}

function print(title: string, loaded: Loaded[], goalKb?: number): void {
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  const raw = loaded.reduce((sum, file) => sum + file.raw, 0);
  const gzip = loaded.reduce((sum, file) => sum + file.gzip, 0);
  const parts = [...new Set(loaded.flatMap((file) => file.parts))];
  console.log(`## ${title}`);
  for (const file of loaded) console.log(`    ${file.file}: ${kb(file.raw)} KB, ${kb(file.gzip)} KB gzip${file.parts.length ? `  [${file.parts.join(', ')}]` : ''}`);
  const goal = goalKb === undefined ? '' : ` (goal ≤ ${goalKb} KB gzip: ${gzip / 1024 <= goalKb ? 'met' : 'not met'})`;
  console.log(`  total: ${kb(raw)} KB minified, ${kb(gzip)} KB gzip, ${loaded.length} files${goal}`);
  const flag = (part: keyof typeof PART_MARKERS) => (parts.includes(part) ? 'LOADED' : 'not loaded');
  console.log(
    `  admin console: ${flag('admin console')}; charts: ${flag('charts (recharts)')}; sign-in flows: ${flag('sign-in flows (aws-amplify/auth)')}; Amplify: ${flag('Amplify (session)')}; sign-in forms: ${flag('sign-in forms')}`,
  );
}

export async function benchWebBundle(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kalan-bench-web-'));
  const stack = await startStackProcess({ dataDir, ports: benchPorts(3970), inMemory: true });
  const browser = await launchChromium();
  try {
    const { appUrl, accounts } = stack.info;

    for (const [address, title] of [
      ['/auth', '/auth, signed out (first page)'],
      ['/', '/, signed out (sent to /auth)'],
    ] as const) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const loaded = recordScripts(page);
      await page.goto(`${appUrl}${address}`, { waitUntil: 'networkidle' });
      await page.getByLabel('Email').waitFor();
      print(title, loaded(), FIRST_PAGE_GOAL_KB);
      await context.close();
    }

    // A visitor's first page from a shared link (issue 34): the search and a tutor's page.
    const sitemap = await (await fetch(`${appUrl}/sitemap.xml`)).text();
    const tutorPage = /<loc>[^<]*(\/tutors\/[^<]*)<\/loc>/.exec(sitemap)?.[1];
    if (!tutorPage) throw new Error('The sitemap lists no tutor page');
    for (const [address, title, ready] of [
      ['/search', '/search, signed out (a visitor from a shared link)', (page: Page) => page.getByRole('searchbox', { name: 'Recherche libre' })],
      [tutorPage, 'a tutor page, signed out (a visitor from a shared link)', (page: Page) => page.getByRole('button', { name: 'Réserver' }).first()],
    ] as const) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const loaded = recordScripts(page);
      await page.goto(`${appUrl}${address}`, { waitUntil: 'networkidle' });
      await ready(page).waitFor();
      print(title, loaded(), FIRST_PAGE_GOAL_KB);
      await context.close();
    }

    const parent = accounts.find((account) => account.role === 'parent');
    if (!parent) throw new Error('The stack has no parent account');
    const signingIn = await browser.newContext();
    const page = await signingIn.newPage();
    await page.goto(`${appUrl}/auth`);
    await page.getByLabel('Email').fill(parent.email);
    await page.getByLabel('Mot de passe').fill(parent.password);
    await page.locator('form').getByRole('button', { name: 'Se connecter' }).click();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 60_000 });
    // The session (local storage) in a new context: each page loads with an empty cache.
    const session = await signingIn.storageState();
    await signingIn.close();
    for (const [address, title, ready] of [
      ['/search', '/search, signed in as a parent (nothing cached)', (page: Page) => page.getByRole('searchbox', { name: 'Recherche libre' })],
      ['/cours', '/cours, signed in as a parent (nothing cached)', (page: Page) => page.getByRole('heading', { name: 'Mes cours' })],
    ] as const) {
      const context = await browser.newContext({ storageState: session });
      const signedInPage = await context.newPage();
      const loaded = recordScripts(signedInPage);
      await signedInPage.goto(`${appUrl}${address}`, { waitUntil: 'networkidle' });
      await ready(signedInPage).waitFor();
      print(title, loaded());
      await context.close();
    }
  } finally {
    await browser.close();
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
