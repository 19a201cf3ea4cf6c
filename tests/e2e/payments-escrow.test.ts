/**
 * Money end to end in Chromium at 360 px: a parent books a tutor, sees no invoice before paying,
 * pays on the Paystack sandbox's checkout page, sees the funds 'En escrow' once the tutor accepted,
 * releases them by confirming the lesson in 'Mes cours', and the
 * tutor sees the revenue; an admin refunds another escrowed transaction from the Paiements tab.
 * The lesson is in 'Informatique': every screen writes "Cours d'informatique".
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage, overflowsHorizontally, pickSlots, signInThroughUi } from '../support/browser.js';
import { api, newUser, type TestUser } from '../support/stack.js';
import { tutorProfileBody } from '../integration/access-fixtures.js';
import { adminAccount, bookOk, eventually, lessonStartedHoursAgo, payOnCheckout, sandboxControl, statusOf } from '../integration/payments-helpers.js';
import { chromiumForFile } from './chromium-file.js';

const chromium = chromiumForFile();
const { tutorsCreated } = chromium;

/** A signed-in page; the onboarding flag is set for this user, as after finishing onboarding. */
async function signedIn(email: string, password: string, userId?: string): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await newPage(chromium.browser);
  if (userId) {
    await context.addInitScript((id) => window.localStorage.setItem(`kalan:onboarding-complete:${id}`, 'true'), userId);
  }
  await signInThroughUi(page, email, password);
  await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
  return { context, page };
}

/** A tutor account with a completed profile at 4 000 FCFA/h, teaching computing first. */
async function tutorWithProfile(): Promise<{ tutor: TestUser; profileId: string }> {
  const tutor = await newUser('tuteur', { firstName: 'Yao', lastName: 'Kouamé' });
  const response = await api('/api/me/tutor-profile', {
    method: 'PUT',
    token: tutor.accessToken,
    body: tutorProfileBody({ subjects: ['Informatique', 'Mathématiques'] }),
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  tutorsCreated.push(tutor.sub);
  return { tutor, profileId: response.body.id as string };
}

describe('booking, paying and releasing', () => {
  it('lets a parent book, see no invoice until paid, pay on the sandbox, see the funds in escrow and release them from Mes cours; the tutor sees the revenue', async () => {
    const { tutor, profileId } = await tutorWithProfile();
    const parent = await newUser('parent');
    const { context, page } = await signedIn(parent.email, parent.password, parent.sub);

    await page.goto(`/tutors/${profileId}`);
    await page.getByRole('button', { name: 'Réserver' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Réserver votre cours' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await expect.poll(() => dialog.getByText("Cours d'informatique avec Yao Kouamé").isVisible()).toBe(true);
    // Two consecutive free slots of the tutor (Mondays 16:00–18:00): a lesson of 2 hours.
    await pickSlots(dialog, ['16:00–17:00', '17:00–18:00']);
    await expect.poll(() => dialog.getByRole('button', { name: /Payer 8\s000 FCFA/ }).isVisible()).toBe(true);
    await expect.poll(() => dialog.getByText(/800\sFCFA/).first().isVisible()).toBe(true);
    expect(await overflowsHorizontally(page)).toBe(false);

    // Mobile money needs a phone number: the form is not sent without it.
    await dialog.getByText('Orange Money').click();
    await dialog.getByRole('button', { name: /Payer 8\s000 FCFA/ }).click();
    await expect.poll(() => dialog.getByText('Le numéro de téléphone est obligatoire pour le mobile money').isVisible()).toBe(true);
    await dialog.getByText('Carte bancaire').click();

    const popupPromise = page.waitForEvent('popup');
    const booked = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/payments' && response.request().method() === 'POST');
    await dialog.getByRole('button', { name: /Payer 8\s000 FCFA/ }).click();
    const id = ((await (await booked).json()) as { transaction_id: string }).transaction_id;
    const checkout = await popupPromise;
    await expect.poll(() => page.getByText('Paiement initialisé').first().isVisible()).toBe(true);
    await checkout.waitForLoadState();

    // Not paid yet: no invoice is offered ("Total payé" would be false).
    await page.goto('/payments');
    const pending = page.getByTestId('transaction-card').first();
    await expect.poll(() => pending.getByText('En attente', { exact: true }).isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await pending.getByText("Cours d'informatique — Yao Kouamé").isVisible()).toBe(true);
    expect(await pending.getByRole('button', { name: 'Facture' }).count()).toBe(0);
    expect(await pending.getByText(/Facture n°/).count()).toBe(0);

    await checkout.getByRole('button', { name: 'Payer' }).click();
    await checkout.waitForURL((url) => url.pathname === '/payments', { timeout: 15_000 });
    await checkout.close();

    // A lesson booked by its slots waits for the tutor's answer (its screens: lessons.test.ts): the tutor accepts.
    await eventually(() => statusOf(id), (status) => status === 'requested', 15_000);
    const accepted = await api(`/api/lessons/${id}/actions`, { method: 'POST', token: tutor.accessToken, body: { action: 'accept' } });
    expect(accepted.status, accepted.text).toBe(200);

    await page.goto('/payments');
    const card = page.getByTestId('transaction-card').first();
    await expect.poll(() => card.getByText('En escrow').isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await overflowsHorizontally(page)).toBe(false);
    // A lesson's funds are released from 'Mes cours' ('Confirmer le cours', once it has started), where the card leads.
    await lessonStartedHoursAgo(id, 3);
    expect(await card.getByRole('button', { name: 'Libérer les fonds' }).count()).toBe(0);
    await card.getByRole('link', { name: 'Voir dans Mes cours' }).click();
    await page.waitForURL((url) => url.pathname === '/cours' && url.searchParams.get('lesson') === id);
    const lessonCard = page.locator(`[data-lesson-id="${id}"]`);
    await lessonCard.getByRole('button', { name: 'Confirmer le cours' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect.poll(() => confirm.getByText(/7\s200\sFCFA seront versés à Yao Kouamé\. Cette action est irréversible\./).isVisible()).toBe(true);
    await confirm.getByRole('button', { name: 'Confirmer le cours' }).click();
    await expect.poll(() => page.getByText('Cours confirmé : les fonds sont versés au répétiteur').first().isVisible()).toBe(true);
    expect(await eventually(() => statusOf(id), (status) => status === 'released')).toBe('released');
    await page.goto('/payments');
    await expect.poll(() => card.getByText('Libéré', { exact: true }).isVisible()).toBe(true);

    // The invoice: number = first 8 characters of the id, same total.
    await card.getByRole('button', { name: 'Facture' }).click();
    await expect.poll(() => page.getByRole('heading', { name: /Facture n° [0-9A-F]{8}/ }).isVisible()).toBe(true);
    const invoice = page.frameLocator('iframe[title^="Facture"]');
    await expect.poll(() => invoice.getByText("Cours d'informatique — Lycée (2nde-Tle)").isVisible()).toBe(true);
    expect(await invoice.getByText('Total payé').isVisible()).toBe(true);
    await context.close();

    const tutorSession = await signedIn(tutor.email, tutor.password, tutor.sub);
    await tutorSession.page.goto('/tutor-revenues');
    await expect.poll(() => tutorSession.page.getByText('Revenus reçus').isVisible()).toBe(true);
    await expect.poll(() => tutorSession.page.getByText(/7\s200\sFCFA/).first().isVisible(), { timeout: 10_000 }).toBe(true);
    // The total may show before the list of transactions renders: wait for the list itself.
    await expect.poll(() => tutorSession.page.getByTestId('revenue-transaction').count()).toBe(1);
    expect(await tutorSession.page.getByTestId('revenue-transaction').getByText(/Cours d'informatique/).isVisible()).toBe(true);
    expect(await overflowsHorizontally(tutorSession.page)).toBe(false);
    await tutorSession.context.close();
  });

  it("shows a payment refused on the checkout as 'Échec' on return and on 'Actualiser', with a way to book again", async () => {
    const { profileId } = await tutorWithProfile();
    const parent = await newUser('parent');
    const { context, page } = await signedIn(parent.email, parent.password, parent.sub);

    const openCheckout = async () => {
      await page.goto(`/tutors/${profileId}`);
      await page.getByRole('button', { name: 'Réserver' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Réserver votre cours' });
      // A slot is a toggle button: reached with Tab from its day, it shows a 2 px focus ring; Space picks it.
      const slot = dialog.getByRole('button', { name: '16:00–17:00', exact: true });
      const days = dialog.getByRole('group', { name: 'Jour' }).getByRole('button');
      await days.first().waitFor();
      for (let i = 1; (await slot.count()) === 0; i++) await days.nth(i).click();
      await dialog.locator('button[data-date][aria-pressed="true"]').focus();
      for (let presses = 0; presses < 30 && !(await slot.evaluate((el) => el === document.activeElement)); presses++) await page.keyboard.press('Tab');
      const ring = await slot.evaluate((el) => `${getComputedStyle(el).outlineStyle} ${getComputedStyle(el).outlineWidth}`);
      expect(ring).toBe('solid 2px');
      await page.keyboard.press('Space');
      expect(await slot.getAttribute('aria-pressed')).toBe('true');
      await expect.poll(() => dialog.getByRole('button', { name: /Payer 4\s000 FCFA/ }).isVisible()).toBe(true);
      const popupPromise = page.waitForEvent('popup');
      await dialog.getByRole('button', { name: /Payer 4\s000 FCFA/ }).click();
      const checkout = await popupPromise;
      await checkout.waitForLoadState();
      return checkout;
    };

    // Refused on the checkout: Paystack sends no webhook, the return to /payments asks it.
    const checkout = await openCheckout();
    await checkout.getByRole('button', { name: 'Échec' }).click();
    await checkout.waitForURL((url) => url.pathname === '/payments', { timeout: 15_000 });
    await expect.poll(() => checkout.getByText('Paiement échoué').first().isVisible(), { timeout: 15_000 }).toBe(true);
    const failed = checkout.getByTestId('transaction-card').first();
    await expect.poll(() => failed.getByText('Échec', { exact: true }).isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await failed.getByText('Annulé', { exact: true }).isVisible()).toBe(true);
    expect(await failed.getByRole('button', { name: 'Facture' }).count()).toBe(0);
    expect(new URL(checkout.url()).search).toBe('');
    await checkout.close();

    // Refused while the parent never came back: 'Actualiser' asks Paystack.
    const second = await openCheckout();
    const failUrl = new URL(`${new URL(second.url()).pathname}/fail`, second.url());
    await second.close();
    expect((await fetch(failUrl, { method: 'POST', redirect: 'manual' })).status).toBe(303);
    await page.goto('/payments');
    const cards = page.getByTestId('transaction-card');
    await expect.poll(() => cards.count(), { timeout: 10_000 }).toBe(2);
    await expect.poll(() => cards.first().getByText('En attente', { exact: true }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Actualiser' }).click();
    await expect.poll(() => cards.first().getByText('Échec', { exact: true }).isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await overflowsHorizontally(page)).toBe(false);

    // The way to pay again: a new booking with the same tutor.
    await cards.first().getByRole('link', { name: 'Réserver à nouveau' }).click();
    await page.waitForURL((url) => url.pathname === `/tutors/${profileId}`);
    await expect.poll(() => page.getByRole('button', { name: 'Réserver' }).first().isVisible()).toBe(true);
    await context.close();
  });

  it('lets an admin refund an escrowed transaction from the Paiements tab', async () => {
    const parent = await newUser('parent', { firstName: 'Awa', lastName: 'Traoré' });
    const { id, url } = await bookOk(parent.accessToken);
    await payOnCheckout(url);
    await eventually(() => statusOf(id), (s) => s === 'escrow');

    const admin = adminAccount();
    const { context, page } = await signedIn(admin.email, admin.password);
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Paiements' }).click();
    const row = page.locator(`[data-transaction-id="${id}"]`);
    await expect.poll(() => row.getByText('En escrow').isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await row.getByText(/Awa Traoré/).isVisible()).toBe(true);
    await row.getByRole('button', { name: 'Rembourser' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByLabel('Notes (facultatif)').fill('Cours annulé par le répétiteur');
    await confirm.getByRole('button', { name: 'Rembourser' }).click();
    await expect.poll(() => page.getByText('Remboursement traité avec succès').first().isVisible()).toBe(true);
    expect(await eventually(() => statusOf(id), (s) => s === 'refunded')).toBe('refunded');
    await page.getByRole('button', { name: 'Actualiser' }).click();
    await expect.poll(() => row.getByText('Remboursé').isVisible()).toBe(true);
    expect(await overflowsHorizontally(page)).toBe(false);
    await context.close();
  });

  it("lets an admin find a refund Paystack refused under 'À traiter' and retry it ('Relancer'), after a confirmation", async () => {
    const parent = await newUser('parent', { firstName: 'Koffi', lastName: 'Yao' });
    const { id, url, reference } = await bookOk(parent.accessToken);
    await payOnCheckout(url);
    await eventually(() => statusOf(id), (s) => s === 'escrow');
    await sandboxControl(reference, { refund: 'reject' });
    const refund = await api(`/api/transactions/${id}/escrow`, { method: 'POST', token: parent.accessToken, body: { action: 'refund' } });
    expect(refund.status, refund.text).toBe(200);
    await eventually(() => statusOf(id), (s) => s === 'needs_attention');
    // Paystack accepts refunds again: the admin's retry asks once more.
    await sandboxControl(reference, { refund: 'ok' });

    const admin = adminAccount();
    const { context, page } = await signedIn(admin.email, admin.password);
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Paiements' }).click();
    await page.locator('[aria-label="Transactions affichées"]').getByText('À traiter', { exact: true }).click();
    const row = page.locator(`[data-transaction-id="${id}"]`);
    await expect.poll(() => row.getByText('Action requise').isVisible(), { timeout: 15_000 }).toBe(true);
    await row.getByRole('button', { name: 'Relancer' }).click();
    const confirm = page.getByRole('alertdialog');
    // The dialog's code is fetched on its first opening (components/ui/confirm-dialog.tsx).
    await expect.poll(() => confirm.getByText('Relancer cette transaction ?').isVisible()).toBe(true);
    // Cancelling changes nothing.
    await confirm.getByRole('button', { name: 'Annuler' }).click();
    expect(await statusOf(id)).toBe('needs_attention');
    await row.getByRole('button', { name: 'Relancer' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Relancer' }).click();
    expect(await eventually(() => statusOf(id), (s) => s === 'refunded', 15_000)).toBe('refunded');
    expect((await sandboxControl(reference, {})).refunds).toBe(1);
    expect(await overflowsHorizontally(page)).toBe(false);
    await context.close();
  });
});
