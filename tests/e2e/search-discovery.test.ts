/**
 * Finding a tutor, end to end in Chromium at a phone's width: French full-text search with a
 * zone, the verified badge, a favourite that shows up on /favorites, and a history entry that
 * searches again with its filters.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, overflowsHorizontally } from '../support/browser.js';
import { newUser, type TestUser } from '../support/stack.js';

let browser: Browser;
let parent: TestUser;

beforeAll(async () => {
  [browser, parent] = await Promise.all([launchBrowser(), newUser('parent', { firstName: 'Akissi', lastName: 'Yao' })]);
});

afterAll(async () => {
  await browser?.close();
});

async function signedInPage(): Promise<{ page: Page; close: () => Promise<void> }> {
  const { context, page } = await newPage(browser);
  // This parent finished its onboarding on this device.
  await context.addInitScript((key) => window.localStorage.setItem(key, 'true'), `kalan:onboarding-complete:${parent.sub}`);
  await page.goto('/auth');
  await page.getByLabel('Email').fill(parent.email);
  await page.getByLabel('Mot de passe').fill(parent.password);
  await page.locator('form').getByRole('button', { name: 'Se connecter' }).click();
  await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
  return { page, close: () => context.close() };
}

const resultsHeading = (page: Page) => page.getByText(/^\d+ répétiteur\(s\) trouvé\(s\)$/);

describe('finding a tutor', () => {
  it("searches 'mathematiques' in Cocody, favourites a verified tutor, and finds it on /favorites", async () => {
    const { page, close } = await signedInPage();
    await page.goto('/search');
    await expect.poll(() => page.getByRole('heading', { name: 'Historique des recherches' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Aucune recherche récente').isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Filtres' }).click().catch(() => undefined);
    await page.getByLabel('Zone').selectOption('cocody');
    await page.getByRole('searchbox', { name: 'Recherche libre' }).fill('mathematiques');
    await page.getByRole('searchbox', { name: 'Recherche libre' }).press('Enter');

    await expect.poll(() => resultsHeading(page).isVisible(), { timeout: 15_000 }).toBe(true);
    const url = new URL(page.url());
    expect(url.searchParams.get('q')).toBe('mathematiques');
    expect(url.searchParams.get('zone')).toBe('cocody');
    await expect.poll(() => page.getByText('Trié par pertinence').isVisible()).toBe(true);
    // History is shown until the first search only.
    expect(await page.getByRole('heading', { name: 'Historique des recherches' }).count()).toBe(0);

    const verified = page.getByRole('article').filter({ hasText: '✔️ Vérifié' }).first();
    await expect.poll(() => verified.isVisible()).toBe(true);
    expect(await verified.getByText('Cocody').isVisible()).toBe(true);
    expect(await overflowsHorizontally(page)).toBe(false);

    const name = (await verified.getAttribute('aria-label'))!;
    await verified.getByRole('button', { name: `Ajouter ${name} aux favoris` }).click();
    await expect.poll(() => page.getByText('Ajouté aux favoris').first().isVisible()).toBe(true);
    await expect
      .poll(() => verified.getByRole('button', { name: `Retirer ${name} des favoris` }).isVisible())
      .toBe(true);

    // The filters live in the URL: a reload shows the same search.
    await page.reload();
    await expect.poll(() => resultsHeading(page).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await page.getByRole('searchbox', { name: 'Recherche libre' }).inputValue()).toBe('mathematiques');

    await page.goto('/favorites');
    await expect.poll(() => page.getByRole('article', { name }).isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => page.getByText('1 répétiteur(s) en favoris').isVisible()).toBe(true);
    expect(await overflowsHorizontally(page)).toBe(false);
    await close();
  });

  it('re-applies the filters of a history entry when it is clicked', async () => {
    const { page, close } = await signedInPage();
    await page.goto('/search');
    const entry = page.getByRole('button', { name: /mathematiques/ }).first();
    await expect.poll(() => entry.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await entry.textContent()).toMatch(/il y a .*résultat\(s\)/);
    await entry.click();

    await expect.poll(() => resultsHeading(page).isVisible(), { timeout: 15_000 }).toBe(true);
    const url = new URL(page.url());
    expect(url.searchParams.get('q')).toBe('mathematiques');
    expect(url.searchParams.get('zone')).toBe('cocody');
    expect(await page.getByLabel('Zone').inputValue()).toBe('cocody');
    for (const card of await page.getByRole('article').all()) {
      expect(await card.getByText('Cocody').isVisible()).toBe(true);
    }
    await close();
  });

  it("loads neither the admin console's code nor the charting library's on a parent's /search", async () => {
    // Text that only these parts of the build contain (tests/bench/web-bundle.ts looks for the same).
    const markers = { 'the admin console': 'Vérifications KYC', 'the charting library (recharts)': 'recharts-wrapper' };
    const assets = path.resolve(import.meta.dirname, '../../web/dist/assets');
    const built = readdirSync(assets)
      .filter((file) => file.endsWith('.js'))
      .map((file) => readFileSync(path.join(assets, file), 'utf8'));
    // Both are in the build the stack serves: a marker renamed away cannot pass this test by itself.
    for (const marker of Object.values(markers)) expect(built.some((code) => code.includes(marker))).toBe(true);

    const { page, close } = await signedInPage();
    // The files the stack serves are the build's (web/dist): read there, by their path.
    const scripts = new Set<string>();
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (pathname.endsWith('.js')) scripts.add(pathname);
    });
    await page.goto('/search');
    await expect.poll(() => page.getByRole('heading', { name: 'Historique des recherches' }).isVisible()).toBe(true);
    await page.getByRole('searchbox', { name: 'Recherche libre' }).press('Enter');
    await expect.poll(() => resultsHeading(page).isVisible(), { timeout: 15_000 }).toBe(true);
    await page.waitForLoadState('networkidle');

    const loaded = [...scripts].map((pathname) => ({ pathname, code: readFileSync(path.join(assets, path.basename(pathname)), 'utf8') }));
    expect(loaded.length).toBeGreaterThan(0);
    for (const [part, marker] of Object.entries(markers)) {
      expect(loaded.filter(({ code }) => code.includes(marker)).map(({ pathname }) => pathname), `${part} loaded by /search`).toEqual([]);
    }
    await close();
  });
});

describe('with the keyboard', () => {
  it('leaves a toast with Tab on to the top of the page, instead of being sent back to the page', async () => {
    const { page, close } = await signedInPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/search?q=maths');
    await expect.poll(() => resultsHeading(page).isVisible(), { timeout: 15_000 }).toBe(true);
    // The first card not yet in this parent's favourites (the test above added one). The hearts
    // are disabled until the favourites are known: an enabled one tells the truth.
    const heart = page.getByRole('button', { name: /^Ajouter .+ aux favoris$/, disabled: false }).first();
    const tutor = /^Ajouter (.+) aux favoris$/.exec((await heart.getAttribute('aria-label'))!)![1];
    await heart.focus();
    await page.keyboard.press('Enter');
    const toasts = page.getByRole('region', { name: 'Notifications (Alt+T)' });
    await expect.poll(() => toasts.getByText('Ajouté aux favoris').isVisible(), { timeout: 15_000 }).toBe(true);
    // The keyboard user keeps their place: the focus stays on the heart, now 'Retirer …'.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')), { timeout: 15_000 })
      .toBe(`Retirer ${tutor} des favoris`);

    const where = () =>
      page.evaluate(() => {
        const active = document.activeElement;
        if (active?.closest('[aria-label="Notifications (Alt+T)"]')) return 'toast';
        if (active?.closest('header')) return 'header';
        // Past the document's last element the browser's own controls have the focus.
        if (!active || active === document.body) return 'browser';
        return 'page';
      });
    // From the page's last element, Tab enters the toast, then leaves it.
    await page.evaluate(() => {
      const focusable = Array.from(document.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), input, select, textarea')).filter(
        (el) => !el.closest('[aria-label="Notifications (Alt+T)"]') && el.getClientRects().length > 0,
      );
      focusable[focusable.length - 1]!.focus();
    });
    const visited: string[] = [];
    for (let i = 0; i < 6 && !['page', 'header'].includes(visited.at(-1) ?? ''); i++) {
      await page.keyboard.press('Tab');
      visited.push(await where());
    }
    // Through the toast and on to the top of the page — never back to the page's last button.
    expect(visited[0]).toBe('toast');
    expect(visited.at(-1)).toBe('header');
    await close();
  });
});
