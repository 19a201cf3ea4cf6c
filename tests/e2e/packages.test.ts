/**
 * Monthly packages end to end in Chromium (issue 32): from a tutor's page a parent composes a
 * 'Forfait mensuel' of 3 lessons a week (Monday, Wednesday, Friday 16:00) with the tutor's 10 %
 * discount, pays once on the Paystack sandbox, finds the 12 lessons under one package header in
 * 'Mes cours'; the tutor accepts the package there; the parent confirms one lesson (its share
 * released) and stops the package (the lessons not given cancelled under the policy). The taps
 * from the tutor's page to the paid package are counted and printed (the figure).
 * Screenshots at 390 and 1280 px go to KALAN_SCREENSHOTS_DIR when it is set.
 */
import { WEEK_DAYS } from '#shared';
import { messages } from '#shared/messages';
import type { PackageView } from '#shared/package-schemas';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { blockingViolations, settle } from '../support/axe.js';
import { overflowsHorizontally } from '../support/browser.js';
import { api, newUser, type TestUser } from '../support/stack.js';
import { tutorProfileBody } from '../integration/access-fixtures.js';
import { eventually, lessonStartedHoursAgo, statusOf } from '../integration/payments-helpers.js';
import { chromiumForFile, PHONE } from './chromium-file.js';

const DESKTOP = { width: 1280, height: 900 };
const shots = process.env.KALAN_SCREENSHOTS_DIR;
const WEEKDAYS = ['Lundi', 'Mercredi', 'Vendredi'];

const chromium = chromiumForFile();
const { tutorsCreated } = chromium;

/** A tutor at 4 000 FCFA/h, free every weekday 16:00–18:00, with a 10 % package discount. */
async function tutorWithWeekdays(): Promise<{ tutor: TestUser; profileId: string }> {
  const tutor = await newUser('tuteur', { firstName: 'Yao', lastName: 'Kouamé' });
  const weekdays = new Set(['Lundi', 'Mardi', 'Mercredi', 'Jeudi', 'Vendredi']);
  const response = await api('/api/me/tutor-profile', {
    method: 'PUT',
    token: tutor.accessToken,
    body: tutorProfileBody({
      availability_schedule: WEEK_DAYS.map((day) => ({
        day,
        available: weekdays.has(day),
        slots: weekdays.has(day) ? [{ start: '16:00', end: '18:00' }] : [],
      })),
    }),
  });
  expect(response.status, response.text).toBe(200);
  tutorsCreated.push(tutor.sub);
  const discount = await api('/api/tutors/me/package-discount', { method: 'PUT', token: tutor.accessToken, body: { discountPercent: 10 } });
  expect(discount.status, discount.text).toBe(200);
  return { tutor, profileId: response.body.id as string };
}

async function packagesOf(user: TestUser): Promise<PackageView[]> {
  const response = await api('/api/packages', { token: user.accessToken });
  expect(response.status, response.text).toBe(200);
  return Array.isArray(response.body) ? response.body : response.body.packages;
}

/** The package's group in 'Mes cours', unfolded. */
async function openGroup(page: Page, packageId: string) {
  const group = page.locator(`[data-package-id="${packageId}"]`);
  await group.waitFor();
  const toggle = group.getByRole('button', { name: /Voir les \d+ cours/ });
  if (await toggle.isVisible()) await toggle.click();
  return group;
}

/**
 * In the tutor's profile editor, adds `day` to 'Jours d'absence' and saves: the refusal (a package
 * lesson that day) shows under the days off with a link to 'Mes cours'; checked with axe.
 */
async function dayOffRefused(page: Page, day: string): Promise<void> {
  await page.goto('/profile/edit?etape=disponibilites');
  const daysOff = page.getByRole('region', { name: "Jours d'absence" });
  await daysOff.getByLabel('Du', { exact: true }).fill(day);
  await daysOff.getByRole('button', { name: 'Ajouter' }).click();
  await daysOff.getByRole('listitem').first().waitFor();
  await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  // The alert with the way out (the toast says the same, without the link).
  const refusal = page.getByRole('alert').filter({ has: page.getByRole('link', { name: 'Aller à Mes cours' }) });
  await refusal.waitFor();
  expect(await refusal.textContent()).toContain(messages.packages.dayOffConflict);
  expect(await refusal.getByRole('link', { name: 'Aller à Mes cours' }).getAttribute('href')).toBe('/cours');
  // Under the days off, not only in a toast.
  const [editorBox, alertBox] = await Promise.all([daysOff.boundingBox(), refusal.boundingBox()]);
  expect(alertBox!.y).toBeGreaterThan(editorBox!.y);
  expect(await overflowsHorizontally(page)).toBe(false);
  await settle(page);
  expect(await blockingViolations(page)).toEqual([]);
}

describe('monthly packages', () => {
  it('books 3 lessons a week from the tutor page, pays once, shows 12 lessons under one header, confirms one and stops the package', async () => {
    const { tutor, profileId } = await tutorWithWeekdays();
    const parent = await newUser('parent');
    const { context, page } = await chromium.signedIn(parent);
    let taps = 0;
    const tap = async (action: () => Promise<void>) => {
      taps += 1;
      await action();
    };

    await page.goto(`/tutors/${profileId}`);
    const section = page.getByTestId('package-section');
    await section.getByRole('heading', { name: 'Forfait mensuel' }).waitFor();
    await tap(() => section.getByRole('button', { name: '3 cours par semaine' }).click());
    for (const day of WEEKDAYS) await tap(() => section.getByRole('button', { name: `${day} 16:00–17:00` }).click());
    const summary = section.getByTestId('package-summary');
    // 4 000 FCFA less 10 % a lesson, 12 lessons: 43 200 FCFA, 4 800 saved.
    await expect.poll(() => summary.getByText(/3\s600\sFCFA/).isVisible()).toBe(true);
    expect(await summary.getByText(/43\s200\sFCFA/).isVisible()).toBe(true);
    expect(await summary.getByText(/4\s800\sFCFA/).isVisible()).toBe(true);
    expect(await summary.getByText('12 cours sur 4 semaines').isVisible()).toBe(true);
    expect(await section.getByTestId('package-starts').locator('li').count()).toBe(12);
    expect(await overflowsHorizontally(page)).toBe(false);

    // Keyboard: the per-week choice is a toggle button reached with Tab and pressed with Space.
    const four = section.getByRole('button', { name: '4 cours par semaine' });
    await four.focus();
    await page.keyboard.press('Space');
    expect(await four.getAttribute('aria-pressed')).toBe('true');
    const three = section.getByRole('button', { name: '3 cours par semaine' });
    await three.focus();
    await page.keyboard.press('Space');
    expect(await three.getAttribute('aria-pressed')).toBe('true');

    await settle(page);
    expect(await blockingViolations(page)).toEqual([]);
    if (shots) {
      // From the top: a full-page shot of a scrolled page draws the sticky header mid-page.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `${shots}/package-section-390.png`, fullPage: true });
    }

    await tap(() => section.getByRole('button', { name: /Payer le forfait/ }).click());
    const dialog = page.getByRole('dialog', { name: 'Payer le forfait' });
    await dialog.waitFor();
    expect(await dialog.getByText('Lundi 16:00–17:00').isVisible()).toBe(true);
    await settle(page);
    expect(await blockingViolations(page)).toEqual([]);
    const booked = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/packages' && response.request().method() === 'POST');
    await tap(() => dialog.getByRole('button', { name: /Payer 43\s200 FCFA/ }).click());
    const bookedResponse = await booked;
    // Read at once: the page leaves for the checkout right after.
    const bookedBody = await bookedResponse.text();
    expect(bookedResponse.status(), bookedBody).toBeLessThan(300);
    const { package_id: packageId, authorization_url: checkoutUrl } = JSON.parse(bookedBody) as { package_id: string; authorization_url: string };
    // The sandbox's checkout, in this tab: one payment for the whole package.
    const checkout = new URL(checkoutUrl);
    await page.waitForURL((url) => url.origin === checkout.origin && url.pathname === checkout.pathname, { timeout: 15_000 });
    await tap(() => page.getByRole('button', { name: 'Payer' }).click());
    await page.waitForURL((url) => url.origin !== checkout.origin, { timeout: 15_000 });
    console.log(`[figure] taps from the tutor's page to a paid package (3 lessons a week, card): ${taps}`);

    const paid = await eventually(() => packagesOf(parent), (list) => list.some((pkg) => pkg.id === packageId && pkg.status === 'active'), 20_000);
    const pkg = paid.find((candidate) => candidate.id === packageId)!;
    expect(pkg.lessons).toHaveLength(12);
    expect(pkg.amount_total).toBe(43_200);

    // The tutor accepts the package in 'Mes cours'.
    const tutorSession = await chromium.signedIn(tutor);
    await tutorSession.page.goto('/cours');
    const tutorGroup = tutorSession.page.locator(`[data-package-id="${packageId}"]`);
    await tutorGroup.getByRole('button', { name: 'Accepter le forfait' }).waitFor();
    await settle(tutorSession.page);
    expect(await blockingViolations(tutorSession.page)).toEqual([]);
    if (shots) await tutorSession.page.screenshot({ path: `${shots}/package-tutor-390.png` });
    await tutorGroup.getByRole('button', { name: 'Accepter le forfait' }).click();
    const acceptDialog = tutorSession.page.getByRole('alertdialog');
    await acceptDialog.getByRole('button', { name: 'Accepter le forfait' }).click();
    await expect.poll(() => tutorSession.page.getByText('Forfait accepté').first().isVisible(), { timeout: 10_000 }).toBe(true);
    await tutorSession.context.close();
    for (const lesson of pkg.lessons) await eventually(() => statusOf(lesson.id), (status) => status === 'escrow', 15_000);

    // The tutor cannot take a day off over a package lesson: the profile editor says so next to
    // 'Jours d'absence', with the way to 'Mes cours' (at 390 and 1280 px).
    const lastDay = [...pkg.lessons].sort((a, b) => a.start.localeCompare(b.start)).at(-1)!.start.slice(0, 10);
    for (const [viewport, width] of [[PHONE, 390], [DESKTOP, 1280]] as const) {
      const editor = await chromium.signedIn(tutor, viewport);
      await dayOffRefused(editor.page, lastDay);
      if (shots) {
        await editor.page.evaluate(() => window.scrollTo(0, 0));
        await editor.page.screenshot({ path: `${shots}/package-day-off-${width}.png`, fullPage: true });
      }
      await editor.context.close();
    }
    expect((await api('/api/me/tutor-profile', { token: tutor.accessToken })).body.availability_exceptions ?? []).toEqual([]);

    // The first lesson was given: the parent confirms it from the package's group.
    const first = [...pkg.lessons].sort((a, b) => a.start.localeCompare(b.start))[0]!;
    await lessonStartedHoursAgo(first.id, 3);
    await page.goto('/cours');
    const group = await openGroup(page, packageId);
    await expect.poll(() => group.getByTestId('lesson-card').count(), { timeout: 10_000 }).toBe(12);
    expect(await group.getByRole('heading', { name: /Forfait · 3 cours\/semaine · \d+ cours restants/ }).isVisible()).toBe(true);
    expect(await page.locator('[data-testid="lesson-card"]').count()).toBe(12);
    expect(await overflowsHorizontally(page)).toBe(false);
    await settle(page);
    expect(await blockingViolations(page)).toEqual([]);
    if (shots) {
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `${shots}/package-lessons-390.png`, fullPage: true });
      const wide = await chromium.signedIn(parent, DESKTOP);
      await wide.page.goto('/cours');
      await openGroup(wide.page, packageId);
      await settle(wide.page);
      expect(await blockingViolations(wide.page)).toEqual([]);
      await wide.page.screenshot({ path: `${shots}/package-lessons-1280.png`, fullPage: true });
      await wide.context.close();
    }

    await group.locator(`[data-lesson-id="${first.id}"]`).getByRole('button', { name: 'Confirmer le cours' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByRole('button', { name: 'Confirmer le cours' }).click();
    expect(await eventually(() => statusOf(first.id), (status) => status === 'released', 15_000)).toBe('released');

    // Stop: the dialog says what comes back (the 11 lessons to come, all more than 24 h away: in full).
    await page.goto('/cours');
    const again = page.locator(`[data-package-id="${packageId}"]`);
    await again.getByRole('button', { name: 'Arrêter le forfait' }).click();
    const stopDialog = page.getByRole('alertdialog');
    await expect.poll(() => stopDialog.getByText(/vous serez remboursé de/).isVisible()).toBe(true);
    expect(await stopDialog.getByText(/Cette action est irréversible/).isVisible()).toBe(true);
    await stopDialog.getByRole('button', { name: 'Arrêter le forfait' }).click();
    await expect.poll(() => page.getByText('Forfait arrêté', { exact: false }).first().isVisible(), { timeout: 10_000 }).toBe(true);
    const stopped = await eventually(() => packagesOf(parent), (list) => list.some((p) => p.id === packageId && p.status === 'stopped'), 15_000);
    const after = stopped.find((p) => p.id === packageId)!;
    expect(after.amounts.released + after.amounts.refunded + after.amounts.credit + after.amounts.held).toBe(43_200);
    for (const lesson of pkg.lessons.filter((l) => l.id !== first.id)) {
      await eventually(() => statusOf(lesson.id), (status) => status === 'refund_pending' || status === 'refunded', 15_000);
    }
    await context.close();

    // The tutor page's section on a desktop, for the record.
    if (shots) {
      const wide = await chromium.signedIn(parent, DESKTOP);
      await wide.page.goto(`/tutors/${profileId}`);
      const wideSection = wide.page.getByTestId('package-section');
      await wideSection.getByRole('button', { name: '3 cours par semaine' }).click();
      for (const day of WEEKDAYS) await wideSection.getByRole('button', { name: `${day} 16:00–17:00` }).click();
      await settle(wide.page);
      expect(await blockingViolations(wide.page)).toEqual([]);
      await wide.page.evaluate(() => window.scrollTo(0, 0));
      await wide.page.screenshot({ path: `${shots}/package-section-1280.png`, fullPage: true });
      await wide.context.close();
    }
  }, 240_000);
});
