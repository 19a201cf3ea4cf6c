/**
 * Lessons end to end in Chromium (issue 15): a parent books two consecutive free slots of a tutor
 * in the booking dialog, sees the cancellation terms, pays on the Paystack sandbox and finds the
 * lesson in 'Mes cours' 'En attente de confirmation'; the tutor finds it in its week and its list,
 * opens the bell's 'Nouvelle demande de cours', lands on the request in 'Mes cours' (and its week)
 * and accepts it through the confirmation; both then see it confirmed. A slot another parent took
 * while the dialog was open is said in the dialog, and the free slots read again. The clicks from
 * 'Réserver' to Paystack's page are counted and printed (the "booking-to-confirmation steps").
 */
import type { LessonView } from '#shared/lesson-schemas';
import { lessonCancellation } from '#shared/lesson-schemas';
import { formatFcfa } from '#shared/money';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, overflowsHorizontally, pickSlots, signInThroughUi, waitForPath } from '../support/browser.js';
import { api, newUser, type TestUser } from '../support/stack.js';
import { tutorProfileBody } from '../integration/access-fixtures.js';
import { bookOk, eventually, payOnCheckout, statusOf, withdrawTutorProfile } from '../integration/payments-helpers.js';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

let browser: Browser;
const tutorsCreated: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  // The shared stack's search tests count the seeded catalogue: take our tutors out of it again.
  await Promise.all(tutorsCreated.map(withdrawTutorProfile));
});

/** A tutor teaching computing at 4 000 FCFA/h, free on Mondays 16:00–18:00 (Abidjan). */
async function tutorWithSlots(): Promise<{ tutor: TestUser; profileId: string }> {
  const tutor = await newUser('tuteur', { firstName: 'Yao', lastName: 'Kouamé' });
  const response = await api('/api/me/tutor-profile', {
    method: 'PUT',
    token: tutor.accessToken,
    body: tutorProfileBody({ subjects: ['Informatique'] }),
  });
  expect(response.status, response.text).toBe(200);
  tutorsCreated.push(tutor.sub);
  return { tutor, profileId: response.body.id as string };
}

/** Signed in, onboarding done on this device, on Home. */
async function signedIn(user: TestUser, viewport = PHONE): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await newPage(browser, viewport);
  await context.addInitScript((id) => window.localStorage.setItem(`kalan:onboarding-complete:${id}`, 'true'), user.sub);
  await signInThroughUi(page, user.email, user.password);
  await waitForPath(page, '/');
  return { context, page };
}

/** The lesson as `GET /api/lessons` gives it to `user`. */
async function lessonOf(user: TestUser, id: string): Promise<LessonView | undefined> {
  const response = await api('/api/lessons', { token: user.accessToken });
  expect(response.status, response.text).toBe(200);
  return [...response.body.upcoming, ...response.body.past].find((lesson: LessonView) => lesson.id === id);
}

/** Opens the header menu and its 'Mes cours' entry. */
async function openMyLessons(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('menuitem', { name: 'Mes cours' }).click();
  await waitForPath(page, '/cours');
}

const cardOf = (page: Page, id: string): Locator => page.locator(`[data-testid="lesson-card"][data-lesson-id="${id}"]`);

describe('booking a lesson by its slots, and the tutor accepting it', () => {
  it('takes a parent from Réserver to Paystack with two slots, shows the lesson waiting, and lets the tutor accept it', async () => {
    const { tutor, profileId } = await tutorWithSlots();
    const parent = await newUser('parent', { firstName: 'Awa', lastName: 'Traoré' });
    const { context, page } = await signedIn(parent);

    await page.goto(`/tutors/${profileId}`);
    let clicks = 0;
    await page.getByRole('button', { name: 'Réserver' }).first().click();
    clicks += 1;
    const dialog = page.getByRole('dialog', { name: 'Réserver votre cours' });
    await expect.poll(() => dialog.getByText("Cours d'informatique avec Yao Kouamé").isVisible()).toBe(true);
    // Before paying: the policy, from its data.
    await expect.poll(() => dialog.getByText(/Annulation gratuite jusqu'à 24\sh avant le cours ; ensuite 50\s% remboursés/).isVisible()).toBe(true);
    expect(await dialog.getByText(/Le répétiteur doit confirmer le cours sous 24\sh/).isVisible()).toBe(true);

    const firstDay = await dialog.getByRole('group', { name: 'Jour' }).getByRole('button').first().getAttribute('data-date');
    const date = await pickSlots(dialog, ['16:00–17:00', '17:00–18:00']);
    clicks += 2 + (date === firstDay ? 0 : 1);
    await expect.poll(() => dialog.getByText(/Votre cours : Lundi .*, 16:00–18:00 \(2 h\)/).isVisible()).toBe(true);
    expect(await dialog.getByRole('button', { name: '16:00–17:00', exact: true }).getAttribute('aria-pressed')).toBe('true');
    expect(await overflowsHorizontally(page)).toBe(false);

    const booked = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/payments' && response.request().method() === 'POST');
    const popup = page.waitForEvent('popup');
    await dialog.getByRole('button', { name: /Payer 8\s000 FCFA/ }).click();
    clicks += 1;
    const sent = JSON.parse((await booked).request().postData() ?? '{}');
    expect(sent.slots).toEqual([`${date}T16:00:00.000Z`, `${date}T17:00:00.000Z`]);
    expect(sent).toMatchObject({ duration: 2, scheduledDate: `${date}T16:00:00.000Z` });
    const id = ((await (await booked).json()) as { transaction_id: string }).transaction_id;
    const checkout = await popup;
    await checkout.waitForLoadState();
    process.stdout.write(`\n[lessons] clics de « Réserver » à la page Paystack (2 créneaux) : ${clicks}\n`);

    await checkout.getByRole('button', { name: 'Payer' }).click();
    await checkout.close();
    await eventually(() => statusOf(id), (status) => status === 'requested', 15_000);

    // The parent's 'Mes cours': waiting for the tutor, with the deadline and the way to cancel.
    await openMyLessons(page);
    const card = cardOf(page, id);
    await expect.poll(() => card.getByText('En attente de confirmation').isVisible()).toBe(true);
    expect(await card.getByText(/^Lundi .*, 16:00–18:00$/).isVisible()).toBe(true);
    expect(await card.getByText('Yao Kouamé').isVisible()).toBe(true);
    expect(await card.getByText(/8\s000\sFCFA/).isVisible()).toBe(true);
    expect(await card.getByText(/Le répétiteur doit confirmer avant le/).isVisible()).toBe(true);
    expect(await card.getByRole('button', { name: 'Accepter' }).count()).toBe(0);
    expect(await overflowsHorizontally(page)).toBe(false);

    // The cancellation says what the policy gives back now; 'Annuler' changes nothing.
    await card.getByRole('button', { name: 'Annuler le cours' }).click();
    const ask = page.getByRole('alertdialog');
    const lesson = (await lessonOf(parent, id))!;
    const refund = lessonCancellation(lesson, 'parent', new Date())!.refund;
    await expect.poll(() => ask.getByText(new RegExp(`Vous serez remboursé de ${formatFcfa(refund).replace(/\s/g, '\\s')}`)).isVisible()).toBe(true);
    await ask.getByRole('button', { name: 'Annuler', exact: true }).click();
    await expect.poll(() => ask.isVisible()).toBe(false);
    expect(await statusOf(id)).toBe('requested');
    await context.close();

    // The tutor: told by the bell, opens the notification, which goes to the request in 'Mes cours'
    // (the stack's own stream consumer wrote it: no shortcut).
    // The stream's consumer has told the tutor (the bell reads it when the page opens, then every minute).
    await eventually(
      async () => (await api('/api/notifications', { token: tutor.accessToken })).body?.notifications?.some((n: { kind: string }) => n.kind === 'lesson_requested') === true,
      (told) => told,
      30_000,
    );
    const tutorSession = await signedIn(tutor, DESKTOP);
    const bell = tutorSession.page.getByRole('button', { name: /^Notifications, \d+ non lues?$/ });
    await expect.poll(() => bell.isVisible(), { timeout: 20_000 }).toBe(true);
    await bell.click();
    const request = tutorSession.page.getByRole('button', { name: /Nouvelle demande de cours \(non lue\)/ });
    await expect.poll(() => request.isVisible(), { timeout: 15_000 }).toBe(true);
    await request.click();
    await expect.poll(() => new URL(tutorSession.page.url()).search).toBe(`?lesson=${id}`);
    const tutorCard = cardOf(tutorSession.page, id);
    await expect.poll(() => tutorCard.getAttribute('data-highlighted')).toBe('true');
    // The request is in the tutor's week too.
    const week = tutorSession.page.getByTestId('tutor-week-grid');
    const inWeek = week.getByTestId('week-lesson');
    for (let i = 0; i < 3 && (await inWeek.count()) === 0; i++) {
      await tutorSession.page.getByRole('button', { name: 'Semaine suivante' }).click();
    }
    await expect.poll(() => inWeek.getByText('16:00–18:00').isVisible()).toBe(true);
    await expect.poll(() => tutorCard.getByText('En attente de confirmation').isVisible()).toBe(true);
    expect(await tutorCard.getByText('Awa Traoré').isVisible()).toBe(true);
    expect(await tutorCard.getByText(/Répondez avant le/).isVisible()).toBe(true);
    await tutorCard.getByRole('button', { name: 'Accepter' }).click();
    const accept = tutorSession.page.getByRole('alertdialog');
    await expect.poll(() => accept.getByText('Accepter ce cours ?').isVisible()).toBe(true);
    await accept.getByRole('button', { name: 'Accepter' }).click();
    await expect.poll(() => tutorSession.page.getByText('Cours confirmé').first().isVisible()).toBe(true);
    expect(await eventually(() => statusOf(id), (status) => status === 'escrow')).toBe('escrow');
    await expect.poll(() => tutorCard.getByText('En attente de confirmation').count()).toBe(0);
    const confirmedLabel = (await lessonOf(tutor, id))!.status_label;
    await expect.poll(() => tutorCard.getByText(confirmedLabel, { exact: true }).isVisible()).toBe(true);
    expect(await tutorCard.getByRole('button', { name: 'Accepter' }).count()).toBe(0);
    expect(await overflowsHorizontally(tutorSession.page)).toBe(false);
    await tutorSession.context.close();

    // The parent sees it confirmed too; a link to the lesson (the notifications') marks it.
    const again = await signedIn(parent);
    await again.page.goto(`/cours?lesson=${id}`);
    const marked = cardOf(again.page, id);
    await expect.poll(() => marked.getByText(confirmedLabel, { exact: true }).isVisible()).toBe(true);
    expect(await marked.getAttribute('data-highlighted')).toBe('true');
    await expect.poll(() => marked.evaluate((el) => el === document.activeElement)).toBe(true);

    // The tutor's page counts the lesson accepted: no cancellation, no absence.
    await again.page.goto(`/tutors/${profileId}`);
    const figures = again.page.getByTestId('lesson-figures');
    await expect.poll(() => figures.getByText(/^Taux d'annulation : 0\s%$/).isVisible()).toBe(true);
    expect(await figures.getByText('Absences constatées : 0').isVisible()).toBe(true);
    await again.context.close();
  }, 240_000); // the whole journey: two browsers, the payment, the stream's notification, three sessions

  it('says in the dialog that a slot was just taken by another parent, and shows the free slots again', async () => {
    const { tutor, profileId } = await tutorWithSlots();
    const [parent, rival] = await Promise.all([newUser('parent'), newUser('parent')]);
    const { context, page } = await signedIn(parent);
    await page.goto(`/tutors/${profileId}`);
    await page.getByRole('button', { name: 'Réserver' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Réserver votre cours' });
    const date = await pickSlots(dialog, ['16:00–17:00']);

    // Meanwhile another parent books that hour.
    const taken = `${date}T16:00:00.000Z`;
    const bookable = { id: profileId, userId: tutor.sub, hourlyRate: 4000, subject: 'Informatique', level: 'Lycée (2nde-Tle)' };
    await bookOk(rival.accessToken, { duration: 1, slots: [taken], scheduledDate: taken }, bookable);

    await dialog.getByRole('button', { name: /Payer 4\s000 FCFA/ }).click();
    const alert = dialog.getByRole('alert').filter({ hasText: "Ce créneau vient d'être réservé, choisissez-en un autre." });
    await expect.poll(() => alert.isVisible()).toBe(true);
    // Read again: that hour is no longer offered on that day, nothing stays chosen.
    await expect.poll(() => dialog.locator(`button[data-start="${taken}"]`).count()).toBe(0);
    expect(await dialog.locator('button[data-start][aria-pressed="true"]').count()).toBe(0);
    expect(await dialog.getByRole('button', { name: 'Payer', exact: true }).isVisible()).toBe(true);
    expect(await overflowsHorizontally(page)).toBe(false);
    await context.close();
  });
});

describe('a request the tutor declines (issue 28)', () => {
  it('says on both sides, under \'Refusé par le répétiteur\', that the money went back to the parent, as a cancellation does', async () => {
    const { tutor, profileId } = await tutorWithSlots();
    const parent = await newUser('parent', { firstName: 'Mariam', lastName: 'Koné' });
    const free = await api(`/api/tutors/${profileId}/slots`, { token: parent.accessToken });
    expect(free.status, free.text).toBe(200);
    const start = free.body.slots[0].start as string;
    const bookable = { id: profileId, userId: tutor.sub, hourlyRate: 4000, subject: 'Informatique', level: 'Lycée (2nde-Tle)' };
    const { id, url } = await bookOk(parent.accessToken, { duration: 1, slots: [start], scheduledDate: start }, bookable);
    await payOnCheckout(url);
    await eventually(() => statusOf(id), (status) => status === 'requested', 15_000);

    const refunded = /^Demande refusée par le répétiteur : 4\s000\sFCFA remboursés au parent\.$/;
    const tutorSession = await signedIn(tutor);
    await tutorSession.page.goto(`/cours?lesson=${id}`);
    const card = cardOf(tutorSession.page, id);
    await card.getByRole('button', { name: 'Refuser' }).click();
    await tutorSession.page.getByRole('alertdialog').getByRole('button', { name: 'Refuser' }).click();
    await expect.poll(() => card.getByText('Refusé par le répétiteur', { exact: true }).isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => card.getByText(refunded).isVisible()).toBe(true);
    expect(await overflowsHorizontally(tutorSession.page)).toBe(false);
    await tutorSession.context.close();

    const parentSession = await signedIn(parent);
    await parentSession.page.goto(`/cours?lesson=${id}`);
    const parentCard = cardOf(parentSession.page, id);
    await expect.poll(() => parentCard.getByText('Refusé par le répétiteur', { exact: true }).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await parentCard.getByText(refunded).isVisible()).toBe(true);
    await parentSession.context.close();
  });
});
