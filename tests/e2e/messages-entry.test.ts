/**
 * The ways into messages in Chromium (issue 31): a visitor on a tutor's page taps 'Poser une
 * question', meets 'Connexion requise', signs in as a parent, comes back to the tutor and opens
 * the pair's conversation (the address becomes /messages/<id>, the API lists it); a tutor has no
 * such button; 'Messages' in the header and Home's tab bar carries the unread count once the tutor
 * writes; a lesson's card opens the same conversation; the tutor card keeps its layout at 360 px.
 * Each screen is checked with axe, at 390 and 1 280 px; screenshots go to KALAN_SCREENSHOTS_DIR
 * when it is set. The messages screens themselves are another part's: only the address and the
 * API are asserted here.
 */
import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { NEW_CONVERSATIONS_PER_DAY } from '#shared/messaging';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { blockingViolations, settle, watchRequests } from '../support/axe.js';
import { launchBrowser, newPage, overflowsHorizontally, signInThroughUi, waitForPath } from '../support/browser.js';
import { api, newUser, type TestUser } from '../support/stack.js';
import { bookOk, db, eventually, payOnCheckout, statusOf, withdrawTutorProfile } from '../integration/payments-helpers.js';
import { listedTutor, type ListedTutor } from './visitor-fixtures.js';

const PHONE = { width: 390, height: 844 };
const SMALL_PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 900 };
const shots = process.env.KALAN_SCREENSHOTS_DIR;
const CONVERSATION_PATH = /^\/messages\/[0-9a-f]{32}$/;

let browser: Browser;
const tutorsCreated: string[] = [];
let listed: ListedTutor;

beforeAll(async () => {
  browser = await launchBrowser();
  listed = await listedTutor(tutorsCreated);
});

afterAll(async () => {
  await browser?.close();
  // The shared stack's search tests count the seeded catalogue: take our tutor out of it again.
  await Promise.all(tutorsCreated.map(withdrawTutorProfile));
});

const shown = (locator: Locator) => expect.poll(() => locator.isVisible());

/** A browser without a session, its requests watched for `settle`. */
async function visitor(viewport = PHONE): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await newPage(browser, viewport);
  watchRequests(page);
  // A failure in a loaded CI run says what the page showed.
  onTestFailed(async () => {
    const text = await page
      .locator('body')
      .innerText({ timeout: 2_000 })
      .catch((error: Error) => `(illisible : ${error.message})`);
    process.stdout.write(`\n[messages-entry] échec sur ${page.url()}\n${text.slice(0, 1_500)}\n`);
  });
  return { context, page };
}

/** Signed in, onboarding done on this device, landed on Home. */
async function signedIn(user: TestUser, viewport = PHONE): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await visitor(viewport);
  await context.addInitScript((id) => window.localStorage.setItem(`kalan:onboarding-complete:${id}`, 'true'), user.sub);
  await signInThroughUi(page, user.email, user.password);
  await waitForPath(page, '/');
  return { context, page };
}

/** No serious or critical axe finding, no horizontal scroll; a screenshot when asked for. */
async function checkScreen(page: Page, name: string, fullPage = true): Promise<void> {
  await settle(page);
  const width = page.viewportSize()?.width;
  const findings = await blockingViolations(page);
  expect(findings.flatMap(({ rule, nodes }) => nodes.map((node) => `${rule}: ${node.target}`)), `${name} ${width}`).toEqual([]);
  expect(await overflowsHorizontally(page), `${name} ${width}`).toBe(false);
  if (shots) await page.screenshot({ path: `${shots}/messages-entry-${name}-${width}.png`, fullPage });
}

/** The conversation a POST /api/conversations answered, once the page has followed it. */
async function conversationOpened(page: Page, tap: () => Promise<void>): Promise<{ id: string; status: number }> {
  const started = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/conversations' && response.request().method() === 'POST');
  await tap();
  const response = await started;
  const { id } = (await response.json()) as { id: string };
  await expect.poll(() => new URL(page.url()).pathname).toBe(`/messages/${id}`);
  expect(new URL(page.url()).pathname).toMatch(CONVERSATION_PATH);
  return { id, status: response.status() };
}

async function conversationsOf(user: TestUser): Promise<{ conversations: Array<{ id: string; unread_count: number }>; unread_total: number }> {
  const response = await api('/api/conversations', { token: user.accessToken });
  expect(response.status, response.text).toBe(200);
  return response.body;
}

describe("'Poser une question'", () => {
  it('asks a visitor to sign in, brings the parent back to the tutor, and opens the pair’s one conversation', async () => {
    const parent = await newUser('parent', { firstName: 'Awa', lastName: 'Yao' });
    const { context, page } = await visitor();
    await context.addInitScript((id) => window.localStorage.setItem(`kalan:onboarding-complete:${id}`, 'true'), parent.sub);
    await page.goto(`/tutors/${listed.profileId}`);
    const ask = page.getByRole('button', { name: 'Poser une question' });
    await shown(ask).toBe(true);
    await checkScreen(page, 'tutor-page-visitor');

    await ask.click();
    const prompt = page.getByRole('alertdialog', { name: 'Connexion requise' });
    await shown(prompt.getByText('Veuillez vous connecter pour poser une question à ce répétiteur')).toBe(true);
    await checkScreen(page, 'sign-in-required');
    await prompt.getByRole('button', { name: 'Se connecter' }).click();
    await waitForPath(page, '/auth');
    await page.getByLabel('Email').fill(parent.email);
    await page.getByLabel('Mot de passe').fill(parent.password);
    await page.locator('form').getByRole('button', { name: 'Se connecter' }).click();

    // Back on the tutor, signed in (the full name), one tap from the question; nothing opened unasked.
    await waitForPath(page, `/tutors/${listed.profileId}`);
    await shown(page.getByRole('heading', { name: `${listed.firstName} ${listed.lastName}` })).toBe(true);
    expect((await conversationsOf(parent)).conversations).toEqual([]);
    expect(await page.evaluate(() => sessionStorage.getItem('kalan:after-sign-in'))).toBeNull();
    await checkScreen(page, 'tutor-page-parent');

    // By keyboard: the button is reached with Tab and pressed with Enter.
    await page.locator('body').focus();
    let reached = false;
    for (let presses = 0; presses < 40 && !reached; presses++) {
      await page.keyboard.press('Tab');
      reached = await page.evaluate(() => document.activeElement?.textContent?.trim() === 'Poser une question');
    }
    expect(reached, 'Tab atteint « Poser une question »').toBe(true);
    const first = await conversationOpened(page, () => page.keyboard.press('Enter'));
    expect(first.status).toBe(201);
    expect((await conversationsOf(parent)).conversations.map((c) => c.id)).toEqual([first.id]);

    // Asked again, from the page: the same conversation (one per pair), found again.
    await page.goto(`/tutors/${listed.profileId}`);
    const again = await conversationOpened(page, () => page.getByRole('button', { name: 'Poser une question' }).click());
    expect(again).toEqual({ id: first.id, status: 200 });
    await context.close();
  });

  it('is on a parent’s tutor cards, without breaking the card at 360 px, and opens the conversation from there', async () => {
    const parent = await newUser('parent', { firstName: 'Mariam', lastName: 'Bamba' });
    for (const viewport of [SMALL_PHONE, PHONE, DESKTOP]) {
      const { context, page } = await signedIn(parent, viewport);
      await page.goto(`/search?q=${encodeURIComponent(listed.firstName)}`);
      const card = page.getByRole('article', { name: `${listed.firstName} ${listed.lastName}` });
      await shown(card).toBe(true);
      const button = card.getByRole('button', { name: 'Poser une question' });
      await shown(button).toBe(true);
      // Inside its card, never wider than it.
      const [cardBox, buttonBox] = [await card.boundingBox(), await button.boundingBox()];
      expect(buttonBox!.x).toBeGreaterThanOrEqual(cardBox!.x);
      expect(buttonBox!.x + buttonBox!.width).toBeLessThanOrEqual(cardBox!.x + cardBox!.width + 0.5);
      await checkScreen(page, 'search-cards');
      // The tutor's page at the same width: 'Poser une question' under 'Réserver'.
      await page.goto(`/tutors/${listed.profileId}`);
      await shown(page.getByRole('button', { name: 'Poser une question' })).toBe(true);
      await checkScreen(page, 'tutor-page-parent');
      await page.goBack();
      await shown(button).toBe(true);
      if (viewport === PHONE) {
        const opened = await conversationOpened(page, () => button.click());
        expect(opened.status).toBe(201);
      }
      await context.close();
    }
  });

  it('says the day’s limit in French when the parent already wrote to 20 new tutors today, and stays on the page', async () => {
    const parent = await newUser('parent', { firstName: 'Aminata', lastName: 'Touré' });
    // The day's counter as 20 first questions would have left it (messages/limits.ts: MESSAGING#<user> / NEWCONV#<UTC day>).
    const now = new Date();
    await db().send(
      new PutCommand({
        TableName: 'kalan-local',
        Item: {
          pk: `MESSAGING#${parent.sub}`,
          sk: `NEWCONV#${now.toISOString().slice(0, 10)}`,
          _et: 'messagingCounter',
          user_id: parent.sub,
          window: `NEWCONV#${now.toISOString().slice(0, 10)}`,
          count: NEW_CONVERSATIONS_PER_DAY,
          expires_at: Math.floor(now.getTime() / 1000) + 2 * 24 * 3600,
        },
      }),
    );
    const { context, page } = await signedIn(parent);
    await page.goto(`/tutors/${listed.profileId}`);
    const refused = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/conversations' && response.request().method() === 'POST');
    await page.getByRole('button', { name: 'Poser une question' }).click();
    expect((await refused).status()).toBe(429);
    await shown(page.getByText("Vous avez contacté 20 nouveaux répétiteurs aujourd'hui. Réessayez demain.")).toBe(true);
    expect(new URL(page.url()).pathname).toBe(`/tutors/${listed.profileId}`);
    await checkScreen(page, 'too-many-new-tutors', false);
    expect((await conversationsOf(parent)).conversations).toEqual([]);
    await context.close();
  });

  it('is not offered to a tutor, on a tutor’s page or card', async () => {
    const other = await newUser('tuteur', { firstName: 'Koffi', lastName: 'Brou' });
    const { context, page } = await signedIn(other);
    await page.goto(`/tutors/${listed.profileId}`);
    await shown(page.getByRole('button', { name: 'Réserver' })).toBe(true);
    expect(await page.getByRole('button', { name: 'Poser une question' }).count()).toBe(0);
    await page.goto(`/search?q=${encodeURIComponent(listed.firstName)}`);
    await shown(page.getByRole('article', { name: `${listed.firstName} ${listed.lastName}` })).toBe(true);
    expect(await page.getByRole('button', { name: 'Poser une question' }).count()).toBe(0);
    await context.close();
  });
});

describe("'Messages' in the header and the tab bar", () => {
  it('carries the unread count once the tutor writes, for the parent; the tutor has the entry too', async () => {
    const parent = await newUser('parent', { firstName: 'Nadia', lastName: 'Koffi' });
    const started = await api('/api/conversations', { method: 'POST', token: parent.accessToken, body: { tutor_id: listed.profileId } });
    expect(started.status, started.text).toBe(201);
    const id = started.body.id as string;

    for (const viewport of [PHONE, DESKTOP]) {
      const { context, page } = await signedIn(parent, viewport);
      const header = page.getByRole('banner');
      await shown(header.getByRole('button', { name: 'Messages', exact: true })).toBe(true);
      await context.close();
    }

    for (const body of ['Bonjour, oui je me déplace à Yopougon le samedi.', 'Je connais bien le programme du BEPC.']) {
      const sent = await api(`/api/conversations/${id}/messages`, {
        method: 'POST',
        token: listed.tutor.accessToken,
        body: { request_id: randomUUID(), body },
      });
      expect(sent.status, sent.text).toBe(201);
    }
    expect((await conversationsOf(parent)).unread_total).toBe(2);

    for (const viewport of [SMALL_PHONE, PHONE, DESKTOP]) {
      const { context, page } = await signedIn(parent, viewport);
      const header = page.getByRole('banner');
      const button = header.getByRole('button', { name: 'Messages, 2 non lus' });
      await shown(button).toBe(true);
      expect(await button.innerText()).toContain('2');
      const tabBarLink = page.getByRole('link', { name: 'Messages, 2 non lus' });
      await shown(tabBarLink).toBe(true);
      // Six items in a phone's bar: every label still whole (none cut to 'Recherc…').
      const clipped = await page.evaluate(() =>
        Array.from(document.querySelectorAll('[aria-label="Navigation principale"] span, a[href="/messages"] span'))
          .filter((label) => getComputedStyle(label).textOverflow === 'ellipsis' && label.scrollWidth > label.clientWidth + 1)
          .map((label) => label.textContent),
      );
      expect(clipped, `libellés coupés à ${viewport.width} px`).toEqual([]);
      // The viewport only: the tab bar is fixed at its bottom.
      await checkScreen(page, 'header-unread', false);
      if (viewport === PHONE) {
        // The menu lists it too, with the parent's other entries.
        await page.getByRole('button', { name: 'Menu' }).click();
        await shown(page.getByRole('menuitem', { name: 'Messages' })).toBe(true);
        await page.keyboard.press('Escape');
        // By keyboard, the header's button opens the conversations.
        await button.focus();
        await page.keyboard.press('Enter');
        await waitForPath(page, '/messages');
      }
      await context.close();
    }

    // The tutor: 'Messages' in its header and tab bar, nothing unread (writing means having read).
    const { context, page } = await signedIn(listed.tutor);
    await shown(page.getByRole('banner').getByRole('button', { name: 'Messages', exact: true })).toBe(true);
    await shown(page.getByRole('link', { name: 'Messages' })).toBe(true);
    await context.close();
  });
});

describe("a lesson's 'Messages'", () => {
  it("opens the pair's one conversation from 'Mes cours', the parent's and the tutor's", async () => {
    const parent = await newUser('parent', { firstName: 'Fatou', lastName: 'Diallo' });
    const free = await api(`/api/tutors/${listed.profileId}/slots`, { token: parent.accessToken });
    expect(free.status, free.text).toBe(200);
    const start = free.body.slots[0]?.start as string;
    const lessonTutor = { id: listed.profileId, userId: listed.tutor.sub, hourlyRate: 4000, subject: 'Informatique', level: 'Lycée (2nde-Tle)' };
    const booking = await bookOk(parent.accessToken, { duration: 1, slots: [start], scheduledDate: start }, lessonTutor);
    await payOnCheckout(booking.url);
    await eventually(() => statusOf(booking.id), (status) => status === 'requested', 15_000);

    const opened: string[] = [];
    for (const [user, other] of [
      [parent, `${listed.firstName} ${listed.lastName}`],
      [listed.tutor, 'Fatou Diallo'],
    ] as const) {
      const { context, page } = await signedIn(user);
      await page.goto('/cours');
      const card = page.locator(`[data-lesson-id="${booking.id}"]`);
      await shown(card).toBe(true);
      const button = card.getByRole('button', { name: `Messages avec ${other}` });
      await shown(button).toBe(true);
      await checkScreen(page, `lesson-card-${user === parent ? 'parent' : 'tutor'}`);
      opened.push((await conversationOpened(page, () => button.click())).id);
      await context.close();
    }
    // One conversation for the pair, whoever opens it.
    expect(opened[1]).toBe(opened[0]);
    expect((await conversationsOf(parent)).conversations.map((c) => c.id)).toEqual([opened[0]]);
  });
});
