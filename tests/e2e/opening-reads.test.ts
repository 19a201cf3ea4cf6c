/**
 * A screen opened from its address (issue 34, "light on a weak network"): the page shows Kalan's
 * splash while the app's code is on its way, not a blank page; a signed-in screen's reads are
 * asked for while the profile (`GET /api/me`) is on its way — not once the page is drawn, one more
 * round trip later — and the screen takes the copy they brought without reading a second time.
 */
import type { Browser, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, signInThroughUi, waitForPath } from '../support/browser.js';
import { newUser, stack } from '../support/stack.js';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('a page whose code is still on its way', () => {
  it("shows Kalan's name and 'Chargement…' until the app's first screen replaces them", async () => {
    const context = await browser.newContext({ baseURL: stack().appUrl, viewport: { width: 390, height: 844 }, locale: 'fr-FR', serviceWorkers: 'block' });
    const page = await context.newPage();
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    // The entry script held: what the page shows then is all a weak network shows for seconds.
    await page.route(
      (url) => /^\/assets\/index-[\w-]+\.js$/.test(url.pathname),
      async (route) => {
        await released;
        await route.continue();
      },
    );

    // Not 'domcontentloaded': it waits for the module scripts, the held one included.
    await page.goto('/search', { waitUntil: 'commit' });
    const splash = page.getByRole('status');
    await expect.poll(() => splash.textContent()).toBe('KalanChargement…');
    expect(await page.getByText('Kalan', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('Chargement…').isVisible()).toBe(true);

    release();
    await page.getByRole('heading', { name: 'Recherche', level: 1 }).waitFor();
    await expect.poll(() => page.locator('.kalan-splash').count()).toBe(0);
    await context.close();
  });
});

describe("/cours opened from its address", () => {
  it("asks for the lessons, the packages and a parent's credits before the profile answers, and reads each once", async () => {
    const parent = await newUser('parent', { firstName: 'Mariam', lastName: 'Coulibaly' });
    // No service worker: it would make the reads itself (network first, for the offline copies),
    // out of the reach of page.route.
    const context = await browser.newContext({ baseURL: stack().appUrl, viewport: { width: 390, height: 844 }, locale: 'fr-FR', serviceWorkers: 'block' });
    const page = await context.newPage();
    await context.addInitScript((id) => window.localStorage.setItem(`kalan:onboarding-complete:${id}`, 'true'), parent.sub);
    await signInThroughUi(page, parent.email, parent.password);
    await waitForPath(page, '/');

    // The profile's answer is held until the lessons, the packages and the credits have come back:
    // were they asked for only once the screen is drawn (after the profile), this would wait for
    // nothing and the test say so; and the screen then mounts on copies already there, which it
    // must take as they are instead of reading them again.
    const reads: string[] = [];
    const opening = ['/api/lessons', '/api/packages', '/api/credits'];
    const answered = new Set<string>();
    let allAnswered!: () => void;
    const openingAnswered = new Promise<void>((resolve) => (allAnswered = resolve));
    const pathOf = (request: Request) => new URL(request.url()).pathname;
    const reading = (request: Request) => {
      if (request.method() === 'GET' && pathOf(request).startsWith('/api/')) reads.push(pathOf(request));
    };
    const finished = (request: Request) => {
      if (opening.includes(pathOf(request))) answered.add(pathOf(request));
      if (answered.size === opening.length) allAnswered();
    };
    page.on('request', reading);
    page.on('requestfinished', finished);
    let heldProfile = false;
    await page.route(
      (url) => url.pathname === '/api/me',
      async (route) => {
        heldProfile = await Promise.race([openingAnswered.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 15_000))]);
        await route.continue();
      },
    );

    await page.goto('/cours');
    await page.getByText('Aucun cours à venir').waitFor();
    await page.getByText('Aucun cours passé ni annulé').waitFor();
    page.off('request', reading);
    page.off('requestfinished', finished);

    expect(heldProfile, `the screen's reads answered while the profile was held; reads: ${reads.join(', ')}`).toBe(true);
    const count = (path: string) => reads.filter((read) => read === path).length;
    expect(count('/api/me'), reads.join(', ')).toBe(1);
    expect(count('/api/lessons'), reads.join(', ')).toBe(1);
    expect(count('/api/packages'), reads.join(', ')).toBe(1);
    expect(count('/api/credits'), reads.join(', ')).toBe(1);
    await context.close();
  });
});
