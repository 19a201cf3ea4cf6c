/**
 * 'Mes données' end to end in Chromium at 360 px (law 2013-450 of Côte d'Ivoire): a parent
 * downloads its data as a file, opens the deletion dialog and cancels (nothing changes), then
 * types SUPPRIMER and deletes its account: signed out, on /auth with a French confirmation, and
 * its sign-in no longer works. The dialog is checked with axe.
 */
import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import { blockingViolations, settle, watchRequests } from '../support/axe.js';
import { launchBrowser, newPage, overflowsHorizontally, waitForPath } from '../support/browser.js';
import { api, newUser, signIn, type TestUser } from '../support/stack.js';
import { seededTutor } from '../integration/payments-helpers.js';

const text = messages.account;
/** Where the screenshots go when KALAN_SCREENSHOTS_DIR is set (to look at them). */
const shots = process.env.KALAN_SCREENSHOTS_DIR;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** The profile tab of a signed-in user (the onboarding flag set, as after onboarding). */
async function profileTab(user: TestUser, viewport?: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await newPage(browser, viewport);
  watchRequests(page);
  await context.addInitScript((id) => window.localStorage.setItem(`kalan:onboarding-complete:${id}`, 'true'), user.sub);
  await page.goto('/auth');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Mot de passe').fill(user.password);
  await page.locator('form').getByRole('button', { name: 'Se connecter' }).click();
  await waitForPath(page, '/');
  await page.getByRole('tab', { name: 'Profil' }).click();
  await expect.poll(() => page.getByRole('heading', { name: text.sectionTitle }).isVisible()).toBe(true);
  return { context, page };
}

describe('Mes données', () => {
  it('downloads the export as kalan-mes-donnees-<date>.json', async () => {
    const parent = await newUser('parent', { firstName: 'Adjoua', lastName: 'Téléchargement' });
    expect((await api('/api/favorites', { method: 'POST', token: parent.accessToken, body: { tutor_id: seededTutor(6).id } })).status).toBe(201);
    const { context, page } = await profileTab(parent);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: text.exportButton }).click()]);
    expect(download.suggestedFilename()).toBe(`kalan-mes-donnees-${new Date().toISOString().slice(0, 10)}.json`);
    const exported = JSON.parse(await readFile((await download.path())!, 'utf8'));
    expect(exported.profile).toMatchObject({ user_id: parent.sub, last_name: 'Téléchargement' });
    expect(exported.favorites.map((f: { tutor_id: string }) => f.tutor_id)).toEqual([seededTutor(6).id]);
    await context.close();
  }, 60_000);

  it('deletes the account through the dialog: cancel changes nothing, SUPPRIMER deletes and signs out', async () => {
    const parent = await newUser('parent', { firstName: 'Aminata', lastName: 'Départ' });
    const { context, page } = await profileTab(parent);
    expect(await overflowsHorizontally(page)).toBe(false);

    await page.getByRole('button', { name: text.deleteButton }).click();
    const dialog = page.getByRole('alertdialog', { name: text.dialogTitle });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await expect.poll(() => dialog.getByText(text.whatIsKept).isVisible()).toBe(true);
    const confirm = dialog.getByRole('button', { name: text.confirmButton });
    expect(await confirm.isDisabled()).toBe(true);
    await settle(page);
    expect(await blockingViolations(page)).toEqual([]);
    if (shots) await page.screenshot({ path: `${shots}/dialog-360.png` });

    // Cancel: the dialog closes, the account is still there.
    await dialog.getByLabel(text.confirmLabel).fill('supprimer');
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: text.cancel }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect((await api('/api/me', { token: parent.accessToken })).status).toBe(200);

    // Again, from the keyboard: SUPPRIMER, then Enter.
    await page.getByRole('button', { name: text.deleteButton }).click();
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.getByLabel(text.confirmLabel).inputValue()).toBe('');
    await dialog.getByLabel(text.confirmLabel).fill(text.confirmWord);
    await dialog.getByLabel(text.confirmLabel).press('Enter');
    await waitForPath(page, '/auth');
    await expect.poll(() => page.getByText(text.deleted).first().isVisible()).toBe(true);
    if (shots) await page.screenshot({ path: `${shots}/after-deletion-360.png` });
    // The old token is still valid until it expires; the API refuses it (the account is gone).
    expect((await api('/api/me', { token: parent.accessToken })).status).toBe(401);
    await expect(signIn(parent.email, parent.password)).rejects.toThrow();
    // Reloading stays signed out.
    await page.goto('/');
    await waitForPath(page, '/auth');
    await context.close();
  }, 90_000);

  it('tells a parent with money in flight what to finish first, and keeps the account', async () => {
    const parent = await newUser('parent');
    const booked = await api('/api/payments', {
      method: 'POST',
      token: parent.accessToken,
      body: { tutorId: seededTutor(7).id, duration: 1, subject: seededTutor(7).subject, level: seededTutor(7).level, paymentMethod: 'card' },
    });
    expect(booked.status, booked.text).toBe(200);
    for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
      const { context, page } = await profileTab(parent, viewport);
      if (shots) await page.screenshot({ path: `${shots}/profile-${viewport.width}.png`, fullPage: true });
      await page.getByRole('button', { name: text.deleteButton }).click();
      const dialog = page.getByRole('alertdialog', { name: text.dialogTitle });
      await dialog.getByLabel(text.confirmLabel).fill(text.confirmWord);
      await dialog.getByRole('button', { name: text.confirmButton }).click();
      await expect.poll(() => dialog.getByText(text.moneyInFlight).isVisible()).toBe(true);
      await expect.poll(() => dialog.getByText('En attente').isVisible()).toBe(true);
      expect(await overflowsHorizontally(page)).toBe(false);
      await settle(page);
      expect(await blockingViolations(page)).toEqual([]);
      if (shots) await page.screenshot({ path: `${shots}/refused-${viewport.width}.png` });
      await context.close();
    }
    expect((await api('/api/me', { token: parent.accessToken })).status).toBe(200);
  }, 90_000);
});
