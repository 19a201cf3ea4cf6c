/**
 * The trial guarantee end to end in Chromium (issue 32): a parent's first lesson with a tutor,
 * given in the last 24 hours and its funds still held, is marked 'Premier cours' in 'Mes cours';
 * the parent says it did not suit, chooses a free lesson with another tutor, confirms, picks a
 * tutor of the same subject and one of their free slots, and the new lesson shows in 'Mes cours',
 * waiting for that tutor. Then Mes Paiements shows a monthly package as ONE payment (its lessons on
 * demand, its one invoice) and the admin's 'Forfaits' tab lists it. Each screen is checked with axe
 * and for sideways scrolling at 390 and 1280 px (screenshots with KALAN_SCREENSHOTS_DIR).
 *
 * The lesson is booked, paid on the Paystack sandbox and accepted through the real API; only the
 * clock is moved, as in payments-escrow.test.ts: the lesson's date is set 2 hours back.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { messages } from '#shared/messages';
import { formatFcfa } from '#shared/money';
import { guaranteeTutorShare } from '#shared/package-schemas';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminSession } from '../support/admin-session.js';
import { blockingViolations, settle, watchRequests } from '../support/axe.js';
import { newPage, overflowsHorizontally, pickSlots, signInThroughUi } from '../support/browser.js';
import { api, newUser, type TestUser } from '../support/stack.js';
import { tutorProfileBody } from '../integration/access-fixtures.js';
import { eventually, lessonStartedHoursAgo, payOnCheckout, statusOf } from '../integration/payments-helpers.js';
import { chromiumForFile } from './chromium-file.js';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const SHOTS = process.env.KALAN_SCREENSHOTS_DIR;
const LEVEL = 'Lycée (2nde-Tle)';

const chromium = chromiumForFile();
const { tutorsCreated } = chromium;

/** A surname no seeded tutor has, so that the search finds this tutor by it. */
const uniqueSurname = (stem: string) => stem + Array.from({ length: 5 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

/** A tutor teaching computing at 4 000 FCFA/h, free on Mondays 16:00–18:00 (Abidjan). */
async function tutorWithSlots(firstName: string, lastName: string): Promise<{ tutor: TestUser; profileId: string; name: string }> {
  const tutor = await newUser('tuteur', { firstName, lastName });
  const response = await api('/api/me/tutor-profile', { method: 'PUT', token: tutor.accessToken, body: tutorProfileBody({ subjects: ['Informatique'] }) });
  expect(response.status, response.text).toBe(200);
  tutorsCreated.push(tutor.sub);
  return { tutor, profileId: response.body.id as string, name: `${firstName} ${lastName}` };
}

/** Signed in through the sign-in screen (onboarding done on this device), then at `target`. */
async function signedIn(user: TestUser, target: string, viewport = PHONE): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await newPage(chromium.browser, viewport);
  watchRequests(page);
  await context.addInitScript((id) => window.localStorage.setItem(`kalan:onboarding-complete:${id}`, 'true'), user.sub);
  await signInThroughUi(page, user.email, user.password);
  await page.waitForURL((url) => url.pathname !== '/auth', { timeout: 15_000 });
  await page.goto(target);
  return { context, page };
}

/** axe finds nothing serious or critical and nothing scrolls sideways, at 390 and at 1280 px; screenshots when asked. */
async function checkScreen(page: Page, name: string): Promise<void> {
  const start = page.viewportSize() ?? PHONE;
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await settle(page);
    const findings = await blockingViolations(page);
    expect(findings.flatMap(({ rule, nodes }) => nodes.map((node) => `${rule}: ${node.target} — ${node.summary}`)), `${name} ${viewport.width}`).toEqual([]);
    expect(await overflowsHorizontally(page), `${name} ${viewport.width}`).toBe(false);
    if (SHOTS) {
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: path.join(SHOTS, `${name}-${viewport.width}.png`), fullPage: true });
    }
  }
  await page.setViewportSize(start);
}

/** The first free slot of a tutor (its start), as the parent's booking dialog offers it. */
async function firstFreeSlot(parent: TestUser, profileId: string): Promise<string> {
  const response = await api(`/api/tutors/${profileId}/slots`, { token: parent.accessToken });
  expect(response.status, response.text).toBe(200);
  const start = response.body.slots[0]?.start as string | undefined;
  expect(start, 'the tutor has a free slot').toBeDefined();
  return start!;
}

/**
 * The parent's first lesson with `tutor`, of one hour, booked in its first free slot, paid on the
 * sandbox and accepted by the tutor: its funds are held. Its id.
 */
async function paidFirstLesson(
  parent: TestUser,
  tutor: { tutor: TestUser; profileId: string },
  beforeAccept: (id: string) => Promise<void> = async () => undefined,
): Promise<string> {
  const slot = await firstFreeSlot(parent, tutor.profileId);
  const booked = await api('/api/payments', {
    method: 'POST',
    token: parent.accessToken,
    body: { tutorId: tutor.profileId, duration: 1, slots: [slot], scheduledDate: slot, subject: 'Informatique', level: LEVEL, paymentMethod: 'card' },
  });
  expect(booked.status, booked.text).toBe(200);
  const id = booked.body.transaction_id as string;
  await payOnCheckout(booked.body.authorization_url as string);
  await eventually(() => statusOf(id), (status) => status === 'requested', 15_000);
  await beforeAccept(id);
  const accepted = await api(`/api/lessons/${id}/actions`, { method: 'POST', token: tutor.tutor.accessToken, body: { action: 'accept' } });
  expect(accepted.status, accepted.text).toBe(200);
  expect(await eventually(() => statusOf(id), (status) => status === 'escrow')).toBe('escrow');
  return id;
}

const lessonCard = (page: Page, id: string): Locator => page.locator(`[data-testid="lesson-card"][data-lesson-id="${id}"]`);

describe('the trial guarantee', () => {
  it("lets a parent say a first lesson did not suit, choose another tutor and book a free lesson with them, shown in 'Mes cours'", async () => {
    const first = await tutorWithSlots('Yao', uniqueSurname('Kouame'));
    const second = await tutorWithSlots('Kofi', uniqueSurname('Bleoua'));
    const parent = await newUser('parent', { firstName: 'Awa', lastName: 'Traoré' });
    // Before paying a first lesson with this tutor, the booking dialog says the guarantee and what is left of it.
    const visit = await signedIn(parent, `/tutors/${first.profileId}`);
    await visit.page.getByRole('button', { name: 'Réserver' }).first().click();
    const booking = visit.page.getByRole('dialog', { name: 'Réserver votre cours' });
    const note = booking.getByTestId('first-lesson-note');
    await expect.poll(() => note.getByText(/Premier cours garanti : s'il ne convient pas, dites-le dans les 24\sh après le cours/).isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => note.getByText(/Il vous reste 2 garanties sur 2 cette année/).isVisible()).toBe(true);
    await note.scrollIntoViewIfNeeded();
    await checkScreen(visit.page, 'garantie-avant-paiement');
    await visit.context.close();
    // The tutor reads the guarantee's rule on the request before accepting it: half of their share of the first hour (4 000 FCFA/h).
    const id = await paidFirstLesson(parent, first, async (requested) => {
      const tutorSession = await signedIn(first.tutor, `/cours?lesson=${requested}`, DESKTOP);
      const request = lessonCard(tutorSession.page, requested);
      await expect.poll(() => request.getByText('Premier cours', { exact: true }).isVisible(), { timeout: 15_000 }).toBe(true);
      const share = formatFcfa(guaranteeTutorShare(4000)).replace(/\s/g, '\\s');
      await expect
        .poll(() => request.getByText(new RegExp(`^Premier cours avec ce parent : s'il fait jouer la garantie, vous recevez 50\\s% de votre part de la première heure \\(${share}\\), payés par Kalan\\.$`)).isVisible())
        .toBe(true);
      await checkScreen(tutorSession.page, 'garantie-tuteur');
      await tutorSession.context.close();
    });
    // Given in the last 24 hours: it started 2 hours ago and lasted one.
    await lessonStartedHoursAgo(id, 2);
    // The second tutor is in the search's catalogue (rebuilt from the table's stream).
    await eventually(
      async () => (await api(`/api/search/tutors?q=${encodeURIComponent(second.name)}&subject=Informatique`, { token: parent.accessToken })).body?.tutors ?? [],
      (tutors: Array<{ id: string }>) => tutors.some((tutor) => tutor.id === second.profileId),
      30_000,
    );

    // A second lesson with the same tutor is no longer a first one: nothing said before paying.
    const again = await signedIn(parent, `/tutors/${first.profileId}`);
    await again.page.getByRole('button', { name: 'Réserver' }).first().click();
    const secondBooking = again.page.getByRole('dialog', { name: 'Réserver votre cours' });
    await expect.poll(() => secondBooking.getByRole('group', { name: 'Jour' }).isVisible(), { timeout: 15_000 }).toBe(true);
    await settle(again.page);
    expect(await secondBooking.getByTestId('first-lesson-note').count()).toBe(0);
    await again.context.close();

    const { context, page } = await signedIn(parent, `/cours?lesson=${id}`);
    const card = lessonCard(page, id);
    await expect.poll(() => card.getByText('Premier cours', { exact: true }).isVisible(), { timeout: 15_000 }).toBe(true);
    const claim = card.getByRole('button', { name: "Ce cours ne m'a pas convenu" });
    await expect.poll(() => claim.isVisible()).toBe(true);
    await claim.click();

    const dialog = page.getByRole('dialog', { name: 'Ce premier cours ne vous a pas convenu ?' });
    await expect.poll(() => dialog.getByText(/Il vous reste 2 garanties sur 2 cette année/).isVisible()).toBe(true);
    // Nothing chosen: said, nothing sent.
    await dialog.getByRole('button', { name: 'Continuer' }).click();
    await expect.poll(() => dialog.getByText(messages.guarantee.choiceRequired).isVisible()).toBe(true);
    await checkScreen(page, 'garantie-demande');
    // By keyboard: the choice, the reason, 'Continuer'.
    await dialog.getByRole('radio', { name: /Essayer un autre répétiteur gratuitement/ }).focus();
    await page.keyboard.press('Space');
    await expect.poll(() => dialog.getByRole('radio', { name: /Essayer un autre répétiteur gratuitement/ }).isChecked()).toBe(true);
    await dialog.getByRole('textbox').focus();
    await page.keyboard.type("Mon fils n'a pas accroché avec la méthode.");
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect.poll(() => dialog.getByRole('button', { name: 'Continuer' }).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');

    // Asked again before anything irreversible.
    const confirm = page.getByRole('alertdialog', { name: 'Ce premier cours ne vous a pas convenu ?' });
    await expect.poll(() => confirm.getByText(/Cette action est irréversible/).isVisible()).toBe(true);
    await checkScreen(page, 'garantie-confirmation');
    const claimed = page.waitForResponse((response) => new URL(response.url()).pathname === `/api/lessons/${id}/guarantee` && response.request().method() === 'POST');
    await confirm.getByRole('button', { name: 'Confirmer la demande' }).click();
    const claimResponse = await claimed;
    expect(claimResponse.status(), await claimResponse.text()).toBe(200);
    expect(JSON.parse(claimResponse.request().postData() ?? '{}')).toEqual({ choice: 'credit', reason: "Mon fils n'a pas accroché avec la méthode." });
    expect(await eventually(() => statusOf(id), (status) => status === 'credited')).toBe('credited');

    // Another tutor of the subject, found by name; then one of their free slots.
    const rebook = page.getByRole('dialog', { name: 'Votre cours offert avec un autre répétiteur' });
    await expect.poll(() => rebook.isVisible()).toBe(true);
    await rebook.getByRole('textbox').fill(second.name);
    await rebook.getByRole('button', { name: 'Rechercher' }).click();
    const choose = rebook.getByRole('button', { name: `Choisir ${second.name}` });
    await expect.poll(() => choose.isVisible(), { timeout: 15_000 }).toBe(true);
    // The tutor whose lesson did not suit is not offered again.
    expect(await rebook.locator(`[data-tutor-id="${first.profileId}"]`).count()).toBe(0);
    await checkScreen(page, 'garantie-repetiteurs');
    await choose.click();
    const date = await pickSlots(rebook, ['16:00–17:00']);
    await expect.poll(() => rebook.getByText(/Votre cours : Lundi .*, 16:00–17:00 \(1 h\)/).isVisible()).toBe(true);
    await checkScreen(page, 'garantie-creneau');
    await rebook.getByRole('button', { name: 'Continuer' }).click();
    await expect.poll(() => rebook.getByText(/Payé par votre crédit de 4\s000\sFCFA/).isVisible()).toBe(true);
    const used = page.waitForResponse((response) => new URL(response.url()).pathname === `/api/credits/${id}/use` && response.request().method() === 'POST');
    await rebook.getByRole('button', { name: 'Réserver avec mon crédit' }).click();
    const usedResponse = await used;
    expect(usedResponse.status(), await usedResponse.text()).toBeLessThan(300);
    expect(JSON.parse(usedResponse.request().postData() ?? '{}')).toMatchObject({ tutorId: second.profileId, slots: [`${date}T16:00:00.000Z`] });
    await expect.poll(() => page.getByText(messages.packages.creditUsed).first().isVisible()).toBe(true);
    await expect.poll(() => rebook.isVisible()).toBe(false);

    // The free lesson with the other tutor is in 'Mes cours', waiting for that tutor; the claimed one no longer offers the claim.
    const replacement = page.getByTestId('lesson-card').filter({ hasText: second.name });
    await expect.poll(() => replacement.getByText('En attente de confirmation').isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await replacement.getByText(/Lundi .*, 16:00–17:00/).isVisible()).toBe(true);
    await expect.poll(() => card.getByRole('button', { name: "Ce cours ne m'a pas convenu" }).count()).toBe(0);
    await checkScreen(page, 'garantie-mes-cours');
    await context.close();
  }, 240_000);
});

describe('a package in Mes Paiements and in the admin console', () => {
  it("shows a paid package as one payment with its lessons and its invoice, and lists it in the admin's 'Forfaits' tab", async () => {
    const tutor = await tutorWithSlots('Adjoua', uniqueSurname('Konan'));
    const parent = await newUser('parent', { firstName: 'Mariam', lastName: 'Koné' });
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const booked = await api('/api/packages', {
      method: 'POST',
      token: parent.accessToken,
      body: {
        tutorId: tutor.profileId,
        lessonsPerWeek: 1,
        slots: [{ weekday: 1, hour: 16 }],
        startDate: tomorrow,
        duration: 1,
        subject: 'Informatique',
        level: LEVEL,
        paymentMethod: 'card',
      },
    });
    expect(booked.status, booked.text).toBeLessThan(300);
    await payOnCheckout(booked.body.authorization_url as string);
    const paid = await eventually(
      async () => ((await api('/api/packages', { token: parent.accessToken })).body as unknown) ?? [],
      (body: unknown) => (Array.isArray(body) ? body : (body as { packages?: Array<{ status: string }> }).packages ?? []).some((pkg) => pkg.status === 'active'),
      20_000,
    );
    const pkg = (Array.isArray(paid) ? paid : (paid as { packages: Array<{ id: string }> }).packages)[0]!;

    const { context, page } = await signedIn(parent, '/payments');
    const card = page.locator(`[data-testid="package-payment"][data-package-id="${pkg.id}"]`);
    await expect.poll(() => card.isVisible(), { timeout: 15_000 }).toBe(true);
    // ONE payment: none of its 4 lessons is listed again as a single payment.
    expect(await page.getByTestId('transaction-card').count()).toBe(0);
    await card.getByRole('button', { name: /Détail des cours \(4\)/ }).click();
    await expect.poll(() => card.getByTestId('package-lesson').count()).toBe(4);
    expect(await card.getByRole('button', { name: /Détail des cours/ }).getAttribute('aria-expanded')).toBe('true');
    await checkScreen(page, 'paiements-forfait');
    await card.getByRole('button', { name: 'Facture' }).click();
    await expect.poll(() => page.getByRole('heading', { name: /Facture n° / }).isVisible(), { timeout: 10_000 }).toBe(true);
    const invoice = page.frameLocator('iframe[title^="Facture"]');
    await expect.poll(() => invoice.getByText('Total payé').isVisible()).toBe(true);
    await checkScreen(page, 'paiements-forfait-facture');
    await context.close();

    const admin = await adminSession();
    const session = await signedIn(admin, '/admin?onglet=forfaits', DESKTOP);
    const row = session.page.locator(`[data-testid="admin-package"][data-package-id="${pkg.id}"]`);
    await expect.poll(() => row.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await row.getByText(/Mariam Koné avec Adjoua/).isVisible()).toBe(true);
    expect(await session.page.getByRole('tab', { name: 'Forfaits', selected: true }).isVisible()).toBe(true);
    await checkScreen(session.page, 'admin-forfaits');
    await session.context.close();
  }, 180_000);
});
