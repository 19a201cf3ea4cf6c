/**
 * End to end in Debian's Chromium against the local stack (started like `npm start`): a phone
 * sized window, real Cognito (cognito-local), real API and DynamoDB.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, overflowsHorizontally, signInThroughUi, waitForPath } from '../support/browser.js';
import { newUser, stack, uniqueEmail } from '../support/stack.js';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});



describe('authentication', () => {
  it('signs a new parent up and lands on /onboarding', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/');
    await waitForPath(page, '/auth');
    await page.getByRole('button', { name: "S'inscrire" }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Inscription' }).isVisible()).toBe(true);

    await page.getByLabel('Prénom').fill('Adjoua');
    await page.getByLabel('Nom', { exact: true }).fill('Kouassi');
    await page.getByLabel('Type de compte').selectOption('parent');
    await page.getByLabel('Email').fill(uniqueEmail('e2e-parent'));
    await page.getByLabel('Mot de passe').fill('Secret-123');
    expect(await overflowsHorizontally(page)).toBe(false);
    await page.locator('form').getByRole('button', { name: "S'inscrire" }).click();

    await waitForPath(page, '/onboarding');
    await expect.poll(() => page.getByText('Inscription réussie').first().isVisible()).toBe(true);
    await context.close();
  });

  it('shows the French validation messages before calling Cognito', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/auth');
    await page.getByLabel('Email').fill('aya@exemple.ci');
    await page.getByLabel('Mot de passe').fill('12345');
    await page.locator('form').getByRole('button', { name: 'Se connecter' }).click();
    await expect
      .poll(() => page.getByText('Le mot de passe doit contenir au moins 6 caractères').isVisible())
      .toBe(true);
    expect(new URL(page.url()).pathname).toBe('/auth');
    await context.close();
  });

  it("says 'Email ou mot de passe incorrect' for a wrong password", async () => {
    const parent = stack().accounts.find((account) => account.role === 'parent')!;
    const { context, page } = await newPage(browser);
    await signInThroughUi(page, parent.email, 'wrong-password');
    await expect.poll(() => page.getByText('Email ou mot de passe incorrect').first().isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/auth');
    await context.close();
  });

  it('refuses a second account with the same email in French', async () => {
    const existing = await newUser('parent');
    const { context, page } = await newPage(browser);
    await page.goto('/auth');
    await page.getByRole('button', { name: "S'inscrire" }).click();
    await page.getByLabel('Prénom').fill('Aya');
    await page.getByLabel('Nom', { exact: true }).fill('Koné');
    await page.getByLabel('Email').fill(existing.email);
    await page.getByLabel('Mot de passe').fill('Secret-123');
    await page.locator('form').getByRole('button', { name: "S'inscrire" }).click();
    await expect.poll(() => page.getByText('Un compte existe déjà avec cet email').first().isVisible()).toBe(true);
    await context.close();
  });

  it('keeps the session across a reload, and the header menu signs out to /auth', async () => {
    const admin = stack().accounts.find((account) => account.role === 'admin')!;
    const { context, page } = await newPage(browser);
    await signInThroughUi(page, admin.email, admin.password);
    await waitForPath(page, '/');
    await page.reload();
    await page.goto('/search');
    await waitForPath(page, '/search');

    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('menuitem', { name: 'Se déconnecter' }).click();
    await waitForPath(page, '/auth');
    await page.goto('/search');
    await waitForPath(page, '/auth');
    await context.close();
  });
});

describe('app shell', () => {
  it('shows the 404 page with a link home for an unknown URL', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/cette-page-n-existe-pas');
    await expect.poll(() => page.getByText('Oops! Page not found').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: /accueil/i }).count()).toBeGreaterThan(0);
    await context.close();
  });

  it('sends a parent away from /admin to /, and shows the admin its dashboard', async () => {
    const parent = stack().accounts.find((account) => account.role === 'parent')!;
    const { context, page } = await newPage(browser);
    // The demo parent has finished its onboarding on this device.
    await signInThroughUi(page, parent.email, parent.password);
    await page.waitForURL((url) => url.pathname !== '/auth');
    await page.goto('/admin');
    await page.waitForURL((url) => url.pathname !== '/admin', { timeout: 30_000 });
    expect(new URL(page.url()).pathname).not.toBe('/admin');
    await context.close();

    const admin = stack().accounts.find((account) => account.role === 'admin')!;
    const second = await newPage(browser);
    await signInThroughUi(second.page, admin.email, admin.password);
    await waitForPath(second.page, '/');
    await second.page.goto('/admin');
    await expect
      .poll(() => second.page.getByRole('heading', { name: 'Tableau de bord administrateur' }).isVisible())
      .toBe(true);
    await second.context.close();
  });

  it('shows the home hero, the tab bar and the profile tab at 360 px without horizontal scroll', async () => {
    const admin = stack().accounts.find((account) => account.role === 'admin')!;
    const { context, page } = await newPage(browser);
    await signInThroughUi(page, admin.email, admin.password);
    await waitForPath(page, '/');
    await expect.poll(() => page.getByRole('button', { name: 'Trouver un répétiteur' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: 'Devenir répétiteur' }).isVisible()).toBe(true);
    expect(await overflowsHorizontally(page)).toBe(false);

    await page.getByRole('tab', { name: 'Profil' }).click();
    await expect.poll(() => page.getByText('Admin', { exact: true }).first().isVisible()).toBe(true);
    await expect.poll(() => page.getByText(admin.email).isVisible()).toBe(true);
    await context.close();
  });
});
