/**
 * A new version of the installed app (issue 34): it installs in the background and waits; the app
 * says 'Nouvelle version disponible' — never while a payment is under way (the booking dialog is
 * open: a reload then would lose it) — and 'Mettre à jour' makes it take over and reloads on it.
 *
 * A new version needs a new `sw.js` on the server, which the shared stack's build cannot be made to
 * serve without changing it for every other test file: this file serves a copy of the build from a
 * server of its own (loopback, any free port) that hands every other request (/api, /config.json,
 * the socket) to the stack, and writes the "next version" of `sw.js` into that copy.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sirv from 'sirv';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockingViolations } from '../support/axe.js';
import { newUser, stack } from '../support/stack.js';
import { chromiumForFile, PHONE } from './chromium-file.js';

const file = chromiumForFile();
const shots = process.env.KALAN_SCREENSHOTS_DIR;
const built = path.resolve(import.meta.dirname, '../..', process.env.KALAN_WEB_DIST ?? 'web/dist');

let copy = '';
let server: http.Server;
let origin = '';

beforeAll(async () => {
  copy = mkdtempSync(path.join(tmpdir(), 'kalan-app-update-'));
  cpSync(built, copy, { recursive: true });
  // The files as they are on disk (no precompressed twin of the old sw.js is ever sent), never cached.
  const serve = sirv(copy, { single: true, dev: true });
  const stackUrl = new URL(stack().appUrl);
  server = http.createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://x').pathname;
    if (pathname.startsWith('/api/') || pathname === '/config.json' || pathname === '/ws') {
      const forwarded = http.request(
        { host: stackUrl.hostname, port: stackUrl.port, path: req.url, method: req.method, headers: { ...req.headers, host: stackUrl.host } },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      forwarded.on('error', () => res.writeHead(502).end());
      req.pipe(forwarded);
      return;
    }
    serve(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  if (copy) rmSync(copy, { recursive: true, force: true });
});

/** The version of `sw.js` the server sends from now on: the same worker, another file (a new build). */
function publishNextVersion(mark: string): void {
  const worker = path.join(copy, 'sw.js');
  writeFileSync(worker, `${readFileSync(worker, 'utf8')}\n// ${mark}\n`);
}

/** Asks the browser to look for a new worker now (what it does by itself on navigations) and waits until one waits. */
async function newVersionWaiting(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    await registration?.update();
  });
  await page.waitForFunction(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting), undefined, { timeout: 20_000, polling: 200 });
}

describe("'Nouvelle version disponible'", () => {
  it('waits while the booking dialog is open, shows once it is closed, and Mettre à jour reloads on the new worker', async () => {
    const parent = await newUser('parent', { firstName: 'Akissi', lastName: 'Koné' });
    const context = await file.browser.newContext({ baseURL: origin, viewport: PHONE, locale: 'fr-FR' });
    try {
      await context.addInitScript((id) => window.localStorage.setItem(`kalan:onboarding-complete:${id}`, 'true'), parent.sub);
      const page = await context.newPage();
      await page.goto('/auth');
      await page.getByLabel('Email').fill(parent.email);
      await page.getByLabel('Mot de passe').fill(parent.password);
      await page.locator('form').getByRole('button', { name: 'Se connecter' }).click();
      await page.waitForURL((url) => url.pathname === '/', { timeout: 30_000 });
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
      const firstWorker = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);

      // A payment under way: the booking dialog of a tutor's page.
      const sitemap = await (await fetch(`${stack().appUrl}/sitemap.xml`)).text();
      const tutorPage = /<loc>[^<]*(\/tutors\/[^<]*)<\/loc>/.exec(sitemap)?.[1];
      expect(tutorPage).toBeDefined();
      await page.goto(tutorPage!);
      await page.getByRole('button', { name: 'Réserver' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Réserver votre cours' });
      await dialog.waitFor();
      const prompt = page.getByRole('region', { name: 'Nouvelle version disponible' });
      // The prompt as drawn, whether or not the open dialog hides the page from assistive technology.
      const drawn = page.locator('section[aria-label="Nouvelle version disponible"]');

      publishNextVersion('next version');
      await newVersionWaiting(page);
      // Nothing drawn during the payment…
      expect(await drawn.count()).toBe(0);
      await page.keyboard.press('Escape');
      // …and says it once the dialog is closed.
      await prompt.waitFor({ timeout: 15_000 });
      expect(await prompt.getByText('Kalan a été amélioré.', { exact: false }).isVisible()).toBe(true);
      if (shots) await page.screenshot({ path: `${shots}/update-prompt-${PHONE.width}.png` });
      expect(await blockingViolations(page)).toEqual([]);
      // The app knows now: opening a payment again takes it away; closing brings it back.
      await page.getByRole('button', { name: 'Réserver' }).first().click();
      await dialog.waitFor();
      await expect.poll(() => drawn.count()).toBe(0);
      await page.keyboard.press('Escape');
      await prompt.waitFor({ timeout: 15_000 });

      // 'Mettre à jour' (reached with the keyboard): the waiting worker takes over and the page reloads on it.
      const update = prompt.getByRole('button', { name: 'Mettre à jour' });
      await update.focus();
      const reloaded = page.waitForEvent('load', { timeout: 20_000 });
      await page.keyboard.press('Enter');
      await reloaded;
      await page.waitForFunction(
        async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          return Boolean(navigator.serviceWorker.controller) && !registration?.waiting && registration?.active?.state === 'activated';
        },
        undefined,
        { timeout: 20_000, polling: 200 },
      );
      // A reload alone never activates a waiting worker: none waiting any more is the new one in charge.
      expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(firstWorker);
      expect(await drawn.count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
