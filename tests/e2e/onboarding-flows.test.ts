/**
 * Onboarding end to end in Debian's Chromium, at 360 px, against the local stack: a tutor's six
 * steps with a photo, its KYC capture with a fake camera, the admin's approval; a parent's
 * answers that survive a reload; the file-picker fallback when the camera is denied; and the same
 * steps as the profile editor of the Profil tab, on the phone that finished the onboarding.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, overflowsHorizontally, passWhatsAppStep, signInThroughUi, signUpThroughUi, waitForPath } from '../support/browser.js';
import { api, claimsOf, newUser, signIn, stack, uniqueEmail } from '../support/stack.js';
import { withdrawTutorProfile } from '../integration/payments-helpers.js';
import { PNG_1PX } from '../integration/uploads-helpers.js';
import { abidjanDate, weekDayOf } from '#shared/lesson-slots';
import { messages } from '#shared/messages';
import { HIDDEN_FROM_VISITORS_LABEL } from '#shared/tutor-profile-schemas';
import { frenchDayLabel } from '../../web/src/lib/lesson-dates.js';

let browser: Browser;
/** Tutors whose profile this file completes without a KYC: out of the catalogue again at the end. */
const tutorsCreated: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser(['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream']);
});

afterAll(async () => {
  await browser?.close();
  await Promise.all(tutorsCreated.map(withdrawTutorProfile));
});



/** Two Mondays of the next two weeks: the later one (7 to 13 days ahead), taken as a day off, and the one before it. */
const DAY = 24 * 3_600_000;
const laterMonday = abidjanDate(
  new Date(Date.now() + [7, 8, 9, 10, 11, 12, 13].find((n) => weekDayOf(abidjanDate(new Date(Date.now() + n * DAY))) === 'Lundi')! * DAY),
);
const earlierMonday = abidjanDate(new Date(Date.parse(laterMonday) - 7 * DAY));

const visible = (page: Page, text: string | RegExp) => expect.poll(() => page.getByText(text).first().isVisible(), { timeout: 15_000 });
const next = (page: Page) => page.getByRole('button', { name: 'Suivant' }).click();

/**
 * The card's photo is its variants on the site (`srcset`, photos/resize-photo.ts) or, until they
 * are made, a signed address of the original in the private bucket; the browser could show it.
 */
async function expectPhotoLoaded(card: Locator): Promise<void> {
  const photo = card.locator('img');
  await expect.poll(() => photo.count(), { timeout: 15_000 }).toBe(1);
  const src = (await photo.getAttribute('src'))!;
  // The variants named by the photo's id alone (shared/src/photos.ts, layout 2): no account id.
  expect(src).toMatch(/^(\/photos\/[0-9a-f-]{36}\/288\.webp|https?:\/\/.+profile_photo_.+X-Amz-Signature=.+)$/);
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 15_000 }).toBe(true);
}

async function fillTutorSteps(page: Page): Promise<void> {
  await visible(page, 'Étape 1 sur 6').toBe(true);
  await visible(page, /3\u00a0000\u00a0FCFA et 8\u00a0000\u00a0FCFA/).toBe(true);
  await next(page);

  await visible(page, 'Étape 2 sur 6').toBe(true);
  await next(page); // nothing filled: the step refuses to move on
  await visible(page, 'Ce champ est obligatoire').toBe(true);
  await page.getByLabel('Présentation').fill('Professeur de mathématiques passionné, je prépare au BAC.');
  await page.getByLabel('Formation').fill('Master de Mathématiques — Université FHB');
  await page.getByLabel('Expérience').selectOption('3-5ans');
  await page.getByLabel('Méthode pédagogique').fill('Exercices progressifs et annales.');
  await next(page);

  await visible(page, 'Étape 3 sur 6').toBe(true);
  await page.getByText('Mathématiques', { exact: true }).click();
  await page.getByText('Physique', { exact: true }).click();
  await page.getByText('Lycée (2nde-Tle)', { exact: true }).click();
  await next(page);

  await visible(page, 'Étape 4 sur 6').toBe(true);
  await page.getByLabel('Zone').selectOption('cocody');
  await page.getByLabel('Tarif horaire (FCFA)').fill('5000');
  await next(page);

  await visible(page, 'Étape 5 sur 6').toBe(true);
  await page.getByText('Lundi', { exact: true }).click();
  await visible(page, '09:00 – 17:00').toBe(true);
  await page.getByLabel('Début (Lundi)').selectOption('18:00');
  await page.getByLabel('Fin (Lundi)').selectOption('17:00');
  expect(await page.getByRole('button', { name: 'Ajouter un créneau le Lundi' }).isDisabled()).toBe(true);
  await page.getByLabel('Fin (Lundi)').selectOption('20:00');
  await page.getByRole('button', { name: 'Ajouter un créneau le Lundi' }).click();
  await visible(page, '18:00 – 20:00').toBe(true);
  // A day off: an end before the start is refused, then the later Monday is added.
  await page.getByLabel('Du', { exact: true }).fill(laterMonday);
  await page.getByLabel('Au (inclus)').fill(earlierMonday);
  await visible(page, messages.onboarding.dayOffEndBeforeStart).toBe(true);
  expect(await page.getByRole('button', { name: 'Ajouter', exact: true }).isDisabled()).toBe(true);
  await page.getByLabel('Au (inclus)').fill('');
  await page.getByRole('button', { name: 'Ajouter', exact: true }).click();
  await expect.poll(() => page.getByRole('button', { name: /^Retirer : Le / }).count()).toBe(1);
  expect(await overflowsHorizontally(page)).toBe(false);
  await next(page);

  await visible(page, 'Étape 6 sur 6').toBe(true);
  // A non-image is refused as a photo, with the formats it takes and the size limit.
  await page.getByTestId('upload-profile_photo').setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
  await visible(page, messages.uploads.refusedTitle).toBe(true);
  await visible(page, 'Formats acceptés : JPEG, PNG ou WebP (5 Mo maximum).').toBe(true);
  await page.getByTestId('upload-profile_photo').setInputFiles({ name: 'moi.png', mimeType: 'image/png', buffer: PNG_1PX });
  await visible(page, 'Photo uploadée').toBe(true);
  await visible(page, '(1/1)').toBe(true);
  await page.getByRole('button', { name: 'Enregistrer et continuer' }).click();
}

describe('tutor onboarding', () => {
  it('completes the 6 steps with a photo, passes KYC capture, and shows verified once an admin approves', async () => {
    const lastName = `Kyc${randomUUID().slice(0, 6)}`;
    const tutor = await newUser('tuteur', { firstName: 'Yao', lastName });
    const { context, page } = await newPage(browser);
    await signInThroughUi(page, tutor.email, tutor.password);
    await waitForPath(page, '/onboarding');
    await fillTutorSteps(page);
    await passWhatsAppStep(page);

    await visible(page, 'Vérifions votre identité').toBe(true);
    await page.getByRole('button', { name: 'Commencer' }).click();
    await page.getByRole('button', { name: 'Ouvrir la caméra' }).click();
    await expect.poll(() => page.locator('video').evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 15_000 }).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Photographier la pièce' }).click();
    await visible(page, 'Reprendre').toBe(true);
    await page.getByRole('button', { name: 'Reprendre' }).click(); // retake
    await page.getByRole('button', { name: 'Photographier la pièce' }).click();
    await page.getByRole('button', { name: 'Confirmer' }).click();

    await visible(page, 'Votre selfie').toBe(true);
    await page.getByRole('button', { name: 'Ouvrir la caméra' }).click();
    await page.getByRole('button', { name: 'Prendre le selfie' }).click();
    await page.getByRole('button', { name: 'Confirmer' }).click();
    await page.getByRole('button', { name: 'Soumettre la vérification' }).click();
    await visible(page, 'KYC soumis').toBe(true);
    await visible(page, 'Vérification en cours').toBe(true);
    await visible(page, /24-48 heures ouvrables/).toBe(true);
    await page.getByRole('button', { name: 'Terminer' }).click();
    await waitForPath(page, '/');

    // The admin reviews both documents in the page and approves.
    const admin = stack().accounts.find((a) => a.role === 'admin')!;
    const adminSession = await newPage(browser);
    const adminPage = adminSession.page;
    await signInThroughUi(adminPage, admin.email, admin.password);
    await waitForPath(adminPage, '/');
    await adminPage.goto('/admin');
    await visible(adminPage, 'Vérifications KYC').toBe(true);
    const card = adminPage.locator('[data-kyc-id]', { hasText: `Yao ${lastName}` });
    await expect.poll(() => card.count(), { timeout: 15_000 }).toBe(1);
    expect(await card.getByText('Répétiteur').isVisible()).toBe(true);
    for (const alt of [`Pièce d'identité de Yao ${lastName}`, `Selfie de Yao ${lastName}`]) {
      const image = card.getByAltText(alt);
      await image.scrollIntoViewIfNeeded();
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 15_000 }).toBe(true);
    }
    await card.getByRole('button', { name: 'Approuver' }).click();
    await adminPage.getByRole('alertdialog').getByRole('button', { name: 'Approuver' }).click();
    await visible(adminPage, 'KYC approuvé').toBe(true);
    await expect.poll(() => card.getAttribute('data-status')).toBe('approved');
    expect(await card.getByRole('button', { name: 'Approuver' }).count()).toBe(0);
    await adminSession.context.close();

    // The tutor's profile now shows it verified.
    await page.reload();
    await page.getByRole('tab', { name: 'Profil' }).click();
    await visible(page, '✔️ Identité vérifiée').toBe(true);
    await page.getByRole('link', { name: 'Voir mon profil public' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/tutors/'));
    await visible(page, `Yao ${lastName}`).toBe(true);
    await visible(page, '✔️ Vérifié').toBe(true);
    await visible(page, '18:00 – 20:00').toBe(true);
    await expect.poll(() => page.getByRole('button', { name: 'Réserver' }).isVisible()).toBe(true);
    // The free slots of the next two weeks: none on the day off; the Monday before it, unless it is today.
    const slots = page.getByRole('region', { name: 'Créneaux libres (2 semaines)' });
    await expect.poll(() => slots.getByText(/^Lundi /).first().isVisible().catch(() => false), { timeout: 15_000 }).toBe(earlierMonday !== abidjanDate(new Date()));
    expect(await slots.getByText(frenchDayLabel(laterMonday)).count()).toBe(0);
    if (earlierMonday !== abidjanDate(new Date())) {
      const monday = slots.locator(`[data-date="${earlierMonday}"]`);
      expect(await monday.getByText(frenchDayLabel(earlierMonday), { exact: true }).isVisible()).toBe(true);
      for (const hours of ['09:00–10:00', '16:00–17:00', '18:00–19:00', '19:00–20:00']) expect(await monday.getByText(hours).isVisible(), hours).toBe(true);
      expect(await monday.getByText('17:00–18:00').count()).toBe(0);
    }
    expect(await overflowsHorizontally(page)).toBe(false);
    await context.close();

    // A parent finds the tutor: the card shows the uploaded photo (a presigned address of the
    // private bucket, not the storage key), and so does the favourites list.
    const parent = stack().accounts.find((a) => a.role === 'parent')!;
    const parentSession = await newPage(browser);
    const parentPage = parentSession.page;
    await signInThroughUi(parentPage, parent.email, parent.password);
    await waitForPath(parentPage, '/');
    const tutorCard = parentPage.getByRole('article', { name: `Yao ${lastName}` });
    // The search catalogue follows the table through its stream: search until the tutor is listed.
    await expect
      .poll(
        async () => {
          await parentPage.goto(`/search?q=${encodeURIComponent(lastName)}`);
          await parentPage.getByText(/répétiteur\(s\) trouvé\(s\)|Aucun résultat trouvé/).first().waitFor();
          return tutorCard.count();
        },
        { timeout: 30_000 },
      )
      .toBe(1);
    await expectPhotoLoaded(tutorCard);
    await tutorCard.getByRole('button', { name: `Ajouter Yao ${lastName} aux favoris` }).click();
    await parentPage.goto('/favorites');
    await expectPhotoLoaded(parentPage.getByRole('article', { name: `Yao ${lastName}` }));
    await parentSession.context.close();
  });

  it("falls back to the file picker when the camera is denied, after saying 'Erreur caméra'", async () => {
    const tutor = await newUser('tuteur');
    const { context, page } = await newPage(browser);
    await page.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
    });
    await signInThroughUi(page, tutor.email, tutor.password);
    await waitForPath(page, '/onboarding');
    // A tutor who already saved its profile goes straight to the KYC screen.
    await page.goto('/kyc');
    await page.getByRole('button', { name: 'Commencer' }).click();
    await page.getByRole('button', { name: 'Ouvrir la caméra' }).click();
    await visible(page, 'Erreur caméra').toBe(true);
    await visible(page, "Impossible d'accéder à la caméra. Vérifiez les permissions.").toBe(true);
    await page.getByTestId('picker-kyc_cni').setInputFiles({ name: 'cni.png', mimeType: 'image/png', buffer: PNG_1PX });
    await page.getByRole('button', { name: 'Confirmer' }).click();
    await visible(page, 'Votre selfie').toBe(true);
    await page.getByRole('button', { name: 'Ouvrir la caméra' }).click();
    await page.getByTestId('picker-kyc_selfie').setInputFiles({ name: 'selfie.png', mimeType: 'image/png', buffer: PNG_1PX });
    await page.getByRole('button', { name: 'Confirmer' }).click();
    await page.getByRole('button', { name: 'Soumettre la vérification' }).click();
    await visible(page, 'Vérification en cours').toBe(true);
    await context.close();
  });
});

describe('parent onboarding', () => {
  it('saves the three steps, and the answers are still there after a reload', async () => {
    const parent = await newUser('parent', { firstName: 'Mariam' });
    const { context, page } = await newPage(browser);
    await signInThroughUi(page, parent.email, parent.password);
    await waitForPath(page, '/onboarding');
    await visible(page, 'Bienvenue sur Kalan, Mariam !').toBe(true);
    await next(page);

    await visible(page, 'Vos enfants').toBe(true);
    expect(await page.getByRole('button', { name: /Retirer l'enfant/ }).count()).toBe(0); // one child: not removable
    await page.getByLabel('Prénom').first().fill('Koffi');
    await page.getByLabel('Âge').first().fill('12');
    await page.getByLabel('Niveau scolaire').first().selectOption('college');
    await page.getByRole('button', { name: 'Ajouter un enfant' }).click();
    expect(await page.getByRole('button', { name: /Retirer l'enfant/ }).count()).toBe(2);
    await page.getByLabel('Prénom').nth(1).fill('Awa');
    await page.getByLabel('Âge').nth(1).fill('8');
    await page.getByLabel('Niveau scolaire').nth(1).selectOption('primaire');
    expect(await overflowsHorizontally(page)).toBe(false);
    await next(page);

    await visible(page, 'Vos préférences').toBe(true);
    await page.getByLabel('Zone').selectOption('marcory');
    await page.getByLabel('Budget mensuel').selectOption('50000-100000');
    await page.getByLabel('Préférences').fill('Cours le mercredi après-midi');
    await page.getByRole('button', { name: 'Terminer' }).click();
    await passWhatsAppStep(page);
    await waitForPath(page, '/');

    await page.reload();
    await waitForPath(page, '/');
    await page.getByRole('tab', { name: 'Profil' }).click();
    await visible(page, 'Koffi (12 ans, Collège), Awa (8 ans, Primaire)').toBe(true);
    await visible(page, 'Marcory').toBe(true);
    await visible(page, '50 000 - 100 000 FCFA').toBe(true);

    // Back in the onboarding (flag cleared on this device), the form is filled with the saved answers.
    await page.evaluate((userId) => localStorage.removeItem(`kalan:onboarding-complete:${userId}`), parent.sub);
    await page.goto('/onboarding');
    await next(page);
    await expect.poll(() => page.getByLabel('Prénom').first().inputValue(), { timeout: 15_000 }).toBe('Koffi');
    expect(await page.getByLabel('Âge').nth(1).inputValue()).toBe('8');
    // The header's back button skips the onboarding and remembers it.
    await page.getByRole('button', { name: 'Retour' }).click();
    await waitForPath(page, '/');
    await page.goto('/onboarding');
    await waitForPath(page, '/');
    await context.close();
  });
});

describe("the profile editor from the Profil tab (issue 28)", () => {
  it('lets a tutor who signed up and finished the onboarding on this phone change its weekly slots and hide its profile, and keeps them', async () => {
    const { context, page } = await newPage(browser);
    const email = uniqueEmail('e2e-profile-edit');
    const password = 'Secret-123';
    await page.goto('/auth?etape=inscription');
    await signUpThroughUi(page, { firstName: 'Koffi', lastName: `Edit${randomUUID().slice(0, 6)}`, email, password, role: 'tuteur' });
    await waitForPath(page, '/onboarding');
    await fillTutorSteps(page);
    await passWhatsAppStep(page);
    await visible(page, 'Vérifions votre identité').toBe(true);
    const { accessToken } = await signIn(email, password);
    tutorsCreated.push(String(claimsOf(accessToken).sub));
    // The identity check can wait: the header's back button ends the onboarding, remembered here.
    await page.getByRole('button', { name: 'Retour' }).click();
    await waitForPath(page, '/');
    await page.goto('/onboarding');
    await waitForPath(page, '/');

    await page.getByRole('tab', { name: 'Profil' }).click();
    await page.getByRole('link', { name: 'Modifier mon profil' }).click();
    await waitForPath(page, '/profile/edit');
    const sections = page.getByRole('navigation', { name: 'Sections du profil' });
    await expect.poll(() => page.getByLabel('Présentation').inputValue()).toMatch(/^Professeur de mathématiques/);
    await page.getByLabel('Présentation').fill(''); // refused on saving, below
    await sections.getByRole('link', { name: 'Disponibilités' }).click();
    await visible(page, '18:00 – 20:00').toBe(true); // the saved slots, as the onboarding left them
    await page.getByText('Mercredi', { exact: true }).click();
    await page.getByRole('button', { name: 'Retirer le créneau 18:00 – 20:00 du Lundi' }).click();
    expect(await overflowsHorizontally(page)).toBe(false);
    await sections.getByRole('link', { name: 'Zone et tarif' }).click();
    const hide = page.getByRole('checkbox', { name: HIDDEN_FROM_VISITORS_LABEL });
    await expect.poll(() => hide.isChecked()).toBe(false);
    await hide.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => hide.isChecked()).toBe(true);
    // Saved with a refused answer: nothing is written, and the editor opens the section that has it.
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await visible(page, messages.onboarding.checkAnswers).toBe(true);
    await expect.poll(() => new URL(page.url()).searchParams.get('etape')).toBe('parcours');
    await visible(page, 'Ce champ est obligatoire').toBe(true);
    expect((await api('/api/me/tutor-profile', { token: accessToken })).body.hidden_from_visitors).toBe(false);
    await page.getByLabel('Présentation').fill('Professeur de mathématiques, je prépare au BAC et au BEPC.');
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();

    // Back on the profile, saved.
    await waitForPath(page, '/');
    await visible(page, messages.onboarding.saved).toBe(true);
    await expect.poll(() => page.getByRole('tab', { name: 'Profil' }).getAttribute('aria-selected')).toBe('true');
    const saved = (await api('/api/me/tutor-profile', { token: accessToken })).body;
    expect(saved.hidden_from_visitors).toBe(true);
    const day = (name: string) => saved.availability_schedule.find((entry: { day: string }) => entry.day === name);
    expect(day('Mercredi')).toEqual({ day: 'Mercredi', available: true, slots: [{ start: '09:00', end: '17:00' }] });
    expect(day('Lundi')).toEqual({ day: 'Lundi', available: true, slots: [{ start: '09:00', end: '17:00' }] });
    expect(saved.bio).toBe('Professeur de mathématiques, je prépare au BAC et au BEPC.');
    // What the editor did not touch is kept: the rate, the photo, the day off.
    expect(saved.hourly_rate).toBe(5000);
    expect(saved.profile_image_key).toMatch(/profile_photo_/);
    expect(saved.availability_exceptions).toHaveLength(1);

    // After a reload, each step opens by its address, with what was saved.
    await page.reload();
    await page.goto('/profile/edit?etape=disponibilites');
    await expect.poll(() => page.getByRole('checkbox', { name: 'Mercredi' }).isChecked(), { timeout: 15_000 }).toBe(true);
    expect(await page.getByText('18:00 – 20:00').count()).toBe(0);
    await page.goto('/profile/edit?etape=zone-tarif');
    await expect.poll(() => page.getByRole('checkbox', { name: HIDDEN_FROM_VISITORS_LABEL }).isChecked(), { timeout: 15_000 }).toBe(true);
    await context.close();
  });
});
