/**
 * A search from a commune of the whole country (issue 33), end to end in Chromium: a verified
 * mathematics tutor in Koumassi (a commune the first zones lacked) is found from a parent's words
 * 'maths Koumassi zorglub'; the screen shows the text as chips ('Mathématiques', 'Koumassi',
 * 'zorglub') and says the word no tutor holds was let go. The ✕ of the 'Koumassi' chip, reached
 * with Tab and pressed with Enter, searches 'maths zorglub' with the other filters unchanged:
 * tutors of other zones come, Back brings the chip back. A visitor naming the neighbourhood
 * ('Grand Campement', in Koumassi) gets the same answer and chips.
 * Screenshots at 390 and 1280 px go to KALAN_SCREENSHOTS_DIR when it is set.
 */
import { ZONE_LABELS } from '#shared/constants';
import { messages } from '#shared/messages';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { blockingViolations, settle, watchRequests } from '../support/axe.js';
import { newPage, overflowsHorizontally } from '../support/browser.js';
import { api, newUser, type TestUser } from '../support/stack.js';
import { eventually } from '../integration/payments-helpers.js';
import { chromiumForFile, PHONE } from './chromium-file.js';
import { listedTutor, type ListedTutor } from './visitor-fixtures.js';

const DESKTOP = { width: 1280, height: 900 };
const shots = process.env.KALAN_SCREENSHOTS_DIR;

const TEXT = 'maths Koumassi zorglub';
/** The text without the words of the 'Koumassi' chip: what its ✕ searches. */
const WITHOUT_KOUMASSI = 'maths zorglub';
const DROPPED = messages.search.withoutWords(['zorglub']);
/** The same search by a neighbourhood of Koumassi. */
const BY_NEIGHBOURHOOD = 'maths Grand Campement zorglub';

const chromium = chromiumForFile();
let koumassi: ListedTutor;
let parent: TestUser;

beforeAll(async () => {
  [koumassi, parent] = await Promise.all([
    // Verified (its KYC approved) and in the catalogue's index once listedTutor returns.
    listedTutor(chromium.tutorsCreated, { subjects: ['Mathématiques'], location: 'koumassi' }),
    newUser('parent', { firstName: 'Adjoua', lastName: 'Koffi' }),
  ]);
});

const resultsHeading = (page: Page) => page.getByRole('heading', { name: /^\d+ répétiteur\(s\) trouvé\(s\)$/ });
const chips = (page: Page) => page.getByRole('list', { name: 'Votre recherche :' }).getByRole('listitem');
const removeButton = (page: Page, label: string) => page.getByRole('button', { name: messages.search.removeChip(label), exact: true });
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Recherche libre' });
const cards = (page: Page) => page.getByRole('article');

const ZONE_LINE = new RegExp(`^(${Object.values(ZONE_LABELS).join('|')})$`);

/** The zones the result cards show (their location line). */
async function zonesShown(page: Page): Promise<string[]> {
  const zones = await Promise.all((await cards(page).all()).map((card) => card.getByText(ZONE_LINE).first().textContent()));
  return zones.filter((zone): zone is string => zone !== null);
}

/** The search 'maths Koumassi zorglub' as it must be answered: the tutor, the chips, the notice. */
async function expectKoumassiAnswer(page: Page): Promise<void> {
  await expect.poll(() => resultsHeading(page).isVisible(), { timeout: 20_000 }).toBe(true);
  // The word no tutor holds is a chip too: the parent can take it out of the text.
  await expect.poll(() => chips(page).allTextContents()).toEqual(['Mathématiques', 'Koumassi', 'zorglub']);
  expect(await removeButton(page, 'Mathématiques').isVisible()).toBe(true);
  expect(await removeButton(page, 'Koumassi').isVisible()).toBe(true);
  expect(await page.getByText(DROPPED, { exact: true }).isVisible()).toBe(true);
  // Said to a screen reader by the live region that stays on the page.
  const count = (await resultsHeading(page).textContent())!;
  await expect.poll(() => page.getByRole('status').filter({ hasText: DROPPED }).textContent()).toBe(`${count}. ${DROPPED}`);
  expect(await cards(page).filter({ hasText: koumassi.firstName }).isVisible()).toBe(true);
  // The zone read in the text is a filter: every tutor shown teaches in Koumassi.
  expect(new Set(await zonesShown(page))).toEqual(new Set(['Koumassi']));
}

describe('a search from a new commune, with its chips', () => {
  it("finds the Koumassi tutor from 'maths Koumassi zorglub', then lets go of Koumassi with the keyboard", async () => {
    const { context, page } = await chromium.signedIn(parent);
    await page.goto('/search');
    await expect.poll(() => page.getByRole('heading', { name: 'Historique des recherches' }).isVisible()).toBe(true);
    // A filter chosen in the form, which the chip's ✕ must keep: the sort by price.
    await page.getByRole('button', { name: 'Filtres avancés' }).click();
    await page.getByLabel('Trier par').selectOption('price');
    await searchBox(page).fill(TEXT);
    await searchBox(page).press('Enter');
    await expectKoumassiAnswer(page);
    expect(new URL(page.url()).searchParams.get('tri')).toBe('price');
    expect(await overflowsHorizontally(page)).toBe(false);

    await settle(page);
    expect(await blockingViolations(page)).toEqual([]);
    if (shots) {
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `${shots}/search-chips-390.png`, fullPage: true });
      await page.setViewportSize(DESKTOP);
      await settle(page);
      expect(await blockingViolations(page)).toEqual([]);
      await page.screenshot({ path: `${shots}/search-chips-1280.png`, fullPage: true });
      await page.setViewportSize(PHONE);
    }

    // Keyboard: from the first chip's ✕, Tab reaches the next one; Enter presses it.
    await removeButton(page, 'Mathématiques').focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(messages.search.removeChip('Koumassi'));
    await page.keyboard.press('Enter');

    // The text without 'Koumassi', every other filter as it was: in the URL and in the search box.
    await page.waitForURL((url) => url.searchParams.get('q') === WITHOUT_KOUMASSI, { timeout: 15_000 });
    await expect.poll(() => searchBox(page).inputValue()).toBe(WITHOUT_KOUMASSI);
    expect(new URL(page.url()).searchParams.get('tri')).toBe('price');
    await expect.poll(() => chips(page).allTextContents(), { timeout: 20_000 }).toEqual(['Mathématiques', 'zorglub']);
    expect(await page.getByText('Trié par prix').isVisible()).toBe(true);
    expect(await removeButton(page, 'Koumassi').count()).toBe(0);
    expect(await page.getByText(DROPPED, { exact: true }).isVisible()).toBe(true);
    // Tutors of other zones come; the focus, whose button went with the old results, is on the new ones' heading.
    await expect.poll(async () => (await zonesShown(page)).some((zone) => zone !== 'Koumassi')).toBe(true);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toMatch(/^\d+ répétiteur\(s\) trouvé\(s\)$/);
    await settle(page);
    expect(await blockingViolations(page)).toEqual([]);

    // A search like any other: Back brings the chip back, and the history has it.
    await page.goBack();
    await expectKoumassiAnswer(page);
    await expect.poll(() => searchBox(page).inputValue()).toBe(TEXT);
    await eventually(
      () => api('/api/search-history', { token: parent.accessToken }).then((response) => JSON.stringify(response.body)),
      (body) => body.includes(`"${WITHOUT_KOUMASSI}"`),
      15_000,
    );
    await context.close();
  });

  it("answers a visitor naming the neighbourhood with the same chips on a small phone (360 px); the pointer removes 'Koumassi'", async () => {
    const { context, page } = await newPage(chromium.browser, { width: 360, height: 740 });
    watchRequests(page);
    await page.goto(`/search?q=${encodeURIComponent(BY_NEIGHBOURHOOD)}`);
    await expectKoumassiAnswer(page);
    expect(await overflowsHorizontally(page)).toBe(false);
    await settle(page);
    expect(await blockingViolations(page)).toEqual([]);
    if (shots) await page.screenshot({ path: `${shots}/search-chips-visitor-360.png`, fullPage: true });

    await removeButton(page, 'Koumassi').click();
    await page.waitForURL((url) => url.searchParams.get('q') === WITHOUT_KOUMASSI, { timeout: 15_000 });
    await expect.poll(() => chips(page).allTextContents(), { timeout: 20_000 }).toEqual(['Mathématiques', 'zorglub']);
    await expect.poll(async () => (await zonesShown(page)).some((zone) => zone !== 'Koumassi')).toBe(true);
    await context.close();
  });
});
