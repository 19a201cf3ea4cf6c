/**
 * Notifications in Chromium at 360 px (issue 15, point 5): a parent's paid booking lights the
 * header's bell ('Notifications, 1 non lue'); the page lists it, opening it marks it read and goes
 * where the parent acts; 'Tout marquer comme lu'; the e-mail preference saved, SMS 'Bientôt
 * disponible'; the empty state of a user with nothing yet. The list comes from the stack's own
 * stream consumer (no shortcut).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, overflowsHorizontally, signInThroughUi } from '../support/browser.js';
import { api, newUser } from '../support/stack.js';
import { bookOk, eventually, payOnCheckout, seededTutor, statusOf } from '../integration/payments-helpers.js';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function signedIn(email: string, password: string, userId: string): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await newPage(browser);
  await context.addInitScript((id) => window.localStorage.setItem(`kalan:onboarding-complete:${id}`, 'true'), userId);
  await signInThroughUi(page, email, password);
  await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
  return { context, page };
}

describe('the bell and the notifications page', () => {
  it('shows a paid booking as one unread notification, opens it where the parent acts, and saves the e-mail choice', async () => {
    const parent = await newUser('parent');
    const { id, url } = await bookOk(parent.accessToken, {}, seededTutor(4));
    await payOnCheckout(url);
    expect(await eventually(() => statusOf(id), (status) => status === 'escrow', 30_000)).toBe('escrow');
    await eventually(
      async () => (await api('/api/notifications', { token: parent.accessToken })).body?.unread_count as number,
      (count) => count === 1,
      30_000,
    );

    const { context, page } = await signedIn(parent.email, parent.password, parent.sub);
    const bell = page.getByRole('button', { name: 'Notifications, 1 non lue' });
    await expect.poll(() => bell.isVisible(), { timeout: 15_000 }).toBe(true);
    await bell.click();
    await page.waitForURL((address) => address.pathname === '/notifications');
    const item = page.getByRole('button', { name: /Paiement reçu \(non lue\)/ });
    await expect.poll(() => item.isVisible()).toBe(true);
    await expect.poll(() => page.getByText(/Nous avons bien reçu votre paiement de \d+\s\d{3}\sFCFA/).isVisible()).toBe(true);
    // WhatsApp is offered (issue 34): the number to prove, no longer 'Bientôt disponible'.
    await expect.poll(() => page.getByRole('textbox', { name: 'Numéro WhatsApp' }).isVisible()).toBe(true);
    expect(await page.getByText('Bientôt disponible').count()).toBe(0);
    expect(await overflowsHorizontally(page)).toBe(false);
    await page.screenshot({ path: '/tmp/notif-shots/notifications-360.png', fullPage: true }).catch(() => undefined);

    // Opening it marks it read and goes to the parent's payments.
    await item.click();
    await page.waitForURL((address) => address.pathname === '/payments');
    await expect.poll(() => page.getByRole('button', { name: 'Notifications' }).isVisible(), { timeout: 15_000 }).toBe(true);
    // The bell updates optimistically; the server's count follows once the mark-read request lands.
    await expect
      .poll(async () => (await api('/api/notifications', { token: parent.accessToken })).body.unread_count, { timeout: 15_000 })
      .toBe(0);

    // E-mail off, from the page's preferences.
    await page.goto('/notifications');
    const email = page.getByRole('checkbox', { name: 'Recevoir les notifications par e-mail' });
    await expect.poll(() => email.isChecked()).toBe(true);
    await page.getByText('Recevoir les notifications par e-mail').click();
    await expect.poll(async () => (await api('/api/notifications/preferences', { token: parent.accessToken })).body.email).toBe(false);
    // No SMS channel; WhatsApp is a choice only once a number is proven (whatsapp-preferences.test.ts).
    expect(await page.getByRole('checkbox', { name: /SMS/ }).count()).toBe(0);
    await context.close();
  });

  it('says when there is nothing yet', async () => {
    const tutor = await newUser('tuteur');
    const { context, page } = await signedIn(tutor.email, tutor.password, tutor.sub);
    await page.goto('/notifications');
    await expect.poll(() => page.getByText('Aucune notification pour le moment').isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await page.getByRole('button', { name: 'Tout marquer comme lu' }).count()).toBe(0);
    expect(await overflowsHorizontally(page)).toBe(false);
    await context.close();
  });
});
