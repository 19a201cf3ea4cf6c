/**
 * The zone selects of issue 33 in Chromium, at 390 and 1280 px: the parent's onboarding step
 * 'Vos préférences' and the tutor's 'Zone et tarif' (profile editor, the same step as the
 * onboarding's fourth) show the twenty communes and towns under the headings "District
 * d'Abidjan", 'Autres villes' (and 'À distance' for the tutor), with their French names; the
 * choice of a new commune is saved; axe finds no serious or critical violation. Screenshots go to
 * KALAN_SCREENSHOTS_DIR when set (the native picker is not drawn by a headless browser: the list
 * is shown open as a list box for the picture only).
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ABIDJAN_COMMUNES, PARENT_ZONES, TOWNS, ZONE_LABELS, ZONES } from '#shared/constants';
import { blockingViolations, settle, watchRequests } from '../support/axe.js';
import { launchBrowser, newPage, overflowsHorizontally, signInThroughUi, waitForPath } from '../support/browser.js';
import { api, newUser } from '../support/stack.js';
import { tutorProfileBody } from '../support/tutor-profile-body.js';

const shots = process.env.KALAN_SCREENSHOTS_DIR;
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];
const shown = (locator: Locator) => expect.poll(() => locator.isVisible());

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The select's headings and, under each, the French names of its options. */
function groupsOf(select: Locator): Promise<Array<{ label: string; options: string[] }>> {
  return select.evaluate((element) =>
    Array.from(element.querySelectorAll('optgroup'), (group) => ({ label: group.label, options: Array.from(group.querySelectorAll('option'), (o) => o.text) })),
  );
}

/** No serious or critical axe finding, then the pictures: as it is, and with the list drawn open. */
async function checkAndShoot(page: Page, select: Locator, name: string, width: number): Promise<void> {
  await settle(page);
  expect(await blockingViolations(page)).toEqual([]);
  expect(await overflowsHorizontally(page)).toBe(false);
  if (!shots) return;
  await select.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shots}/${name}-${width}.png` });
  // Drawn open, the select is a list box (no longer the combobox the locator names): held by its handle.
  const element = (await select.elementHandle())!;
  await element.evaluate((node: HTMLSelectElement) => {
    node.size = 16;
    node.style.height = 'auto';
  });
  await page.screenshot({ path: `${shots}/${name}-${width}-liste.png` });
  await element.evaluate((node: HTMLSelectElement) => {
    node.removeAttribute('size');
    node.style.height = '';
  });
}

const labels = (zones: readonly string[]) => zones.map((zone) => ZONE_LABELS[zone as keyof typeof ZONE_LABELS]);

describe('the zone selects (issue 33)', { timeout: 180_000 }, () => {
  it.each(VIEWPORTS)("parent onboarding, 'Vos préférences' at $width px: communes and towns under their headings, no remote lessons", async (viewport) => {
    const parent = await newUser('parent', { firstName: 'Mariam', lastName: 'Traoré' });
    const { context, page } = await newPage(browser, viewport);
    watchRequests(page);
    await signInThroughUi(page, parent.email, parent.password);
    await waitForPath(page, '/onboarding');
    await page.getByRole('button', { name: 'Suivant' }).click();
    await page.getByLabel('Prénom').first().fill('Aya');
    await page.getByLabel('Âge').first().fill('9');
    await page.getByRole('button', { name: 'Suivant' }).click();
    const zone = page.getByRole('combobox', { name: /^Zone/ });
    await shown(zone).toBe(true);

    expect(await groupsOf(zone)).toEqual([
      { label: "District d'Abidjan", options: labels(ABIDJAN_COMMUNES) },
      { label: 'Autres villes', options: labels(TOWNS) },
    ]);
    expect(PARENT_ZONES).not.toContain('distance');
    await checkAndShoot(page, zone, 'parent-zone', viewport.width);

    await zone.selectOption('port-bouet');
    await page.getByRole('button', { name: /Terminer|Enregistrer/ }).click();
    await expect.poll(async () => (await api('/api/me/parent-preferences', { token: parent.accessToken })).body?.zone).toBe('port-bouet');
    await context.close();
  });

  it.each(VIEWPORTS)("tutor's 'Zone et tarif' at $width px: every zone under its heading, and a move to Koumassi is saved", async (viewport) => {
    const tutor = await newUser('tuteur', { firstName: 'Awa', lastName: 'Koné' });
    const saved = await api('/api/me/tutor-profile', { method: 'PUT', token: tutor.accessToken, body: tutorProfileBody() });
    expect(saved.status, saved.text).toBe(200);
    const { context, page } = await newPage(browser, viewport);
    watchRequests(page);
    await context.addInitScript((id) => window.localStorage.setItem(`kalan:onboarding-complete:${id}`, 'true'), tutor.sub);
    await signInThroughUi(page, tutor.email, tutor.password);
    await waitForPath(page, '/');
    await page.goto('/profile/edit');
    await page.getByRole('navigation', { name: 'Sections du profil' }).getByRole('link', { name: 'Zone et tarif' }).click();
    await shown(page.getByRole('heading', { name: 'Zone et tarif', level: 2 })).toBe(true);
    const zone = page.getByRole('combobox', { name: /^Zone/ });
    await expect.poll(() => zone.inputValue()).toBe('cocody');

    expect(await groupsOf(zone)).toEqual([
      { label: "District d'Abidjan", options: labels(ABIDJAN_COMMUNES) },
      { label: 'Autres villes', options: labels(TOWNS) },
      { label: 'À distance', options: ['Cours à distance'] },
    ]);
    expect(ZONES).toHaveLength(21);
    await checkAndShoot(page, zone, 'tuteur-zone', viewport.width);

    await zone.selectOption('koumassi');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect.poll(async () => (await api('/api/me/tutor-profile', { token: tutor.accessToken })).body?.location).toBe('koumassi');
    await context.close();
  });
});
