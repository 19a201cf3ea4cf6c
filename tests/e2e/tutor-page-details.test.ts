/**
 * The tutor page's details and the diplomas (issue 28, item 9), in Chromium against the local
 * stack: a tutor without a diploma says nothing of diplomas; the free slots show the next days and
 * 'Voir plus' (by keyboard, `aria-expanded`, the focus on the first day revealed); ratings with a
 * decimal comma; a PDF diploma at the onboarding's upload step, refused files named with the formats
 * and the limit, and the saved PDF opened by its owner. Each screen is checked with axe, at 390 and
 * 1 280 px. Screenshots go to KALAN_SCREENSHOTS_DIR when it is set (to look at them).
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CARD_RATING, WEEK_DAYS, type TutorSlots } from '#shared';
import { messages } from '#shared/messages';
import { blockingViolations, settle, watchRequests } from '../support/axe.js';
import { launchBrowser, newPage, overflowsHorizontally, passWhatsAppStep, signInThroughUi, waitForPath } from '../support/browser.js';
import { api, newUser, type TestUser } from '../support/stack.js';
import { tutorProfileBody } from '../integration/access-fixtures.js';
import { withdrawTutorProfile } from '../integration/payments-helpers.js';
import { PDF_DIPLOMA, postFile, presign, uploadImage, type Presigned } from '../integration/uploads-helpers.js';
import { slotsByDay } from '../../web/src/lib/slot-selection.js';
import { FREE_SLOTS_FIRST_DAYS } from '../../web/src/features/tutors/free-days.js';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
/** The smallest phone the app is made for: nothing may overflow there. */
const SMALL_PHONE = { width: 360, height: 740 };
const shots = process.env.KALAN_SCREENSHOTS_DIR;

let browser: Browser;
const tutorsCreated: string[] = [];
let parent: TestUser;
/** Free every day 16:00–18:00, no diploma: many free days. */
let withoutDiplomas: { user: TestUser; id: string };
/** A photo of a diploma and a PDF one. */
let withDiplomas: { user: TestUser; id: string };

const everyDay = WEEK_DAYS.map((day) => ({ day, available: true, slots: [{ start: '16:00', end: '18:00' }] }));

async function tutorWith(body: Record<string, unknown>, before?: (user: TestUser) => Promise<Record<string, unknown>>): Promise<{ user: TestUser; id: string }> {
  const user = await newUser('tuteur');
  const extra = before ? await before(user) : {};
  const saved = await api('/api/me/tutor-profile', { method: 'PUT', token: user.accessToken, body: tutorProfileBody({ ...body, ...extra }) });
  expect(saved.status, saved.text).toBe(200);
  tutorsCreated.push(user.sub);
  return { user, id: saved.body.id as string };
}

async function uploadPdf(token: string): Promise<string> {
  const presigned = await presign(token, 'diploma', 'application/pdf', PDF_DIPLOMA.length);
  expect(presigned.status, presigned.text).toBe(200);
  expect(await postFile(presigned.body as Presigned, PDF_DIPLOMA, 'application/pdf')).toBeLessThan(300);
  return (presigned.body as Presigned).key;
}

beforeAll(async () => {
  browser = await launchBrowser();
  [parent, withoutDiplomas, withDiplomas] = await Promise.all([
    newUser('parent'),
    tutorWith({ availability_schedule: everyDay }),
    tutorWith({}, async (user) => ({ diploma_image_keys: [await uploadImage(user.accessToken, 'diploma'), await uploadPdf(user.accessToken)] })),
  ]);
});

afterAll(async () => {
  await browser?.close();
  // The shared stack's search tests count the seeded catalogue: take these tutors out of it again.
  await Promise.all(tutorsCreated.map(withdrawTutorProfile));
});

/** Signed in, onboarding done on this device, landed on Home; its requests watched for `settle`. */
async function signedIn(user: TestUser, viewport: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await newPage(browser, viewport);
  watchRequests(page);
  await context.addInitScript((id) => window.localStorage.setItem(`kalan:onboarding-complete:${id}`, 'true'), user.sub);
  await signInThroughUi(page, user.email, user.password);
  await waitForPath(page, '/');
  return { context, page };
}

const shown = (locator: Locator) => expect.poll(() => locator.isVisible());

/** No serious or critical axe finding on the page as it stands; a screenshot when asked for. */
async function checkScreen(page: Page, name: string, width: number): Promise<void> {
  await settle(page);
  const findings = await blockingViolations(page);
  expect(findings.flatMap(({ rule, nodes }) => nodes.map((node) => `${rule}: ${node.target}`)), `${name} ${width}`).toEqual([]);
  expect(await overflowsHorizontally(page), `${name} ${width}`).toBe(false);
  if (shots) await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
}

async function openTutor(page: Page, id: string): Promise<void> {
  await page.goto(`/tutors/${id}`);
  await shown(page.getByRole('button', { name: 'Réserver' })).toBe(true);
}

describe("the tutor page's details", () => {
  it("says nothing of diplomas a tutor did not give (never '0 diplôme'), and counts them when given", async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const { context, page } = await signedIn(parent, viewport);
      await openTutor(page, withoutDiplomas.id);
      await shown(page.getByRole('heading', { name: 'Formation' })).toBe(true);
      expect(await page.getByRole('heading', { name: 'Diplômes' }).count()).toBe(0);
      expect(await page.getByText(/\b0 diplôme/).count()).toBe(0);
      await checkScreen(page, 'tuteur-sans-diplome', viewport.width);

      await openTutor(page, withDiplomas.id);
      await shown(page.getByRole('heading', { name: 'Diplômes' })).toBe(true);
      await shown(page.getByText('2 diplômes', { exact: true })).toBe(true);
      await checkScreen(page, 'tuteur-avec-diplomes', viewport.width);
      await context.close();
    }
  });

  it("lists the next free days and shows the others with 'Voir plus', by keyboard, saying it is expanded", async () => {
    const slots = await api(`/api/tutors/${withoutDiplomas.id}/slots`, { token: parent.accessToken });
    const days = slotsByDay((slots.body as TutorSlots).slots);
    expect(days.length).toBeGreaterThan(FREE_SLOTS_FIRST_DAYS);
    for (const viewport of [PHONE, DESKTOP, SMALL_PHONE]) {
      const { context, page } = await signedIn(parent, viewport);
      await openTutor(page, withoutDiplomas.id);
      const card = page.getByRole('region', { name: 'Créneaux libres (2 semaines)' });
      const listed = card.locator('li[data-date]');
      const more = card.getByRole('button', { name: /^Voir plus/ });
      await shown(more).toBe(true);
      expect(await listed.evaluateAll((items) => items.map((item) => item.getAttribute('data-date')))).toEqual(days.slice(0, FREE_SLOTS_FIRST_DAYS).map((day) => day.date));
      const others = days.length - FREE_SLOTS_FIRST_DAYS;
      expect(await more.textContent()).toBe(`Voir plus (${others} autre${others > 1 ? 's' : ''} jour${others > 1 ? 's' : ''})`);
      expect(await more.getAttribute('aria-expanded')).toBe('false');
      expect(await card.locator(`ul[id="${await more.getAttribute('aria-controls')}"]`).count()).toBe(1);
      await checkScreen(page, 'creneaux-replies', viewport.width);

      // The keyboard: Tab onto the button (from the element before it), Enter opens.
      await more.focus();
      await page.keyboard.press('Enter');
      const less = card.getByRole('button', { name: 'Voir moins' });
      await shown(less).toBe(true);
      expect(await less.getAttribute('aria-expanded')).toBe('true');
      await expect.poll(() => listed.count()).toBe(days.length);
      // The focus is on the first day revealed, so that reading goes on from there.
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-date'))).toBe(days[FREE_SLOTS_FIRST_DAYS]!.date);
      await checkScreen(page, 'creneaux-deplies', viewport.width);

      await less.focus();
      await page.keyboard.press('Space');
      await expect.poll(() => listed.count()).toBe(FREE_SLOTS_FIRST_DAYS);
      expect(await card.getByRole('button', { name: /^Voir plus/ }).getAttribute('aria-expanded')).toBe('false');
      await context.close();
    }
  });

  it('writes ratings with a decimal comma: the landing figure and the cards', async () => {
    const { context, page } = await signedIn(parent, PHONE);
    const hero = page.getByRole('region', { name: "Trouvez le répétiteur idéal en Côte d'Ivoire" });
    await shown(hero.getByText('Note moyenne', { exact: true })).toBe(true);
    await shown(hero.getByText('4,9', { exact: true })).toBe(true);
    expect(await hero.getByText('4.9', { exact: true }).count()).toBe(0);
    await page.goto('/search?q=mathematiques');
    const card = page.getByRole('article').first();
    await shown(card).toBe(true);
    await shown(card.getByText(String(DEFAULT_CARD_RATING).replace('.', ','), { exact: true })).toBe(true);
    await context.close();
  });
});

describe('a PDF diploma', () => {
  /** A tutor whose profile is saved, on a device without the onboarding's flag: /onboarding, prefilled, at its last step. */
  async function atUploadStep(user: TestUser, viewport: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page }> {
    const { context, page } = await newPage(browser, viewport);
    watchRequests(page);
    await signInThroughUi(page, user.email, user.password);
    await waitForPath(page, '/onboarding');
    await shown(page.getByText('Étape 1 sur 6')).toBe(true);
    for (let step = 2; step <= 6; step += 1) {
      await page.getByRole('button', { name: 'Suivant' }).click();
      await shown(page.getByText(`Étape ${step} sur 6`)).toBe(true);
    }
    return { context, page };
  }

  it('is taken at the upload step (the formats said beforehand), refused files are named with the formats and the limit, and its owner opens it', async () => {
    const tutor = await tutorWith({});
    const formats = 'Formats acceptés : PDF, JPEG, PNG ou WebP (5 Mo maximum).';
    for (const viewport of [PHONE, DESKTOP]) {
      const { context, page } = await atUploadStep(tutor.user, viewport);
      const diplomas = page.getByTestId('upload-diploma');
      const add = page.getByRole('button', { name: 'Ajouter des diplômes' });
      // Said before anything is picked, and read with the button.
      await shown(page.getByText(formats, { exact: true })).toBe(true);
      expect(await page.locator(`[id="${await add.getAttribute('aria-describedby')}"]`).textContent()).toBe(formats);
      expect(await diplomas.getAttribute('accept')).toContain('application/pdf');

      if (viewport === PHONE) {
        // A Word file, then a PDF over 5 MB: refused before any upload, saying what is taken.
        // The hint, then the refusal's toast saying the same.
        for (const refused of [
          { name: 'diplome.docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', buffer: Buffer.from('PK') },
          { name: 'gros.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(5 * 1024 * 1024 + 1, 0x25) },
        ]) {
          await diplomas.setInputFiles(refused);
          const toast = page.locator('[data-scope="toast"][data-part="root"]', { hasText: messages.uploads.refusedTitle });
          await shown(toast.getByText(formats, { exact: true })).toBe(true);
          await toast.getByRole('button', { name: 'Fermer la notification' }).click();
          await expect.poll(() => toast.count()).toBe(0);
        }
        expect(await page.getByText('(0/5)').isVisible()).toBe(true);

        await diplomas.setInputFiles({ name: 'licence.pdf', mimeType: 'application/pdf', buffer: PDF_DIPLOMA });
        await shown(page.getByText(messages.uploads.diplomaUploadSuccess).first()).toBe(true);
        await shown(page.getByText('(1/5)')).toBe(true);
        await shown(page.getByRole('link', { name: "Diplômes 1 en PDF, s'ouvre dans un nouvel onglet" })).toBe(true);
        await checkScreen(page, 'diplome-pdf-envoye', viewport.width);
        await page.getByRole('button', { name: 'Enregistrer et continuer' }).click();
        await passWhatsAppStep(page);
        await shown(page.getByText('Vérifions votre identité')).toBe(true);
        const saved = await api('/api/me/tutor-profile', { token: tutor.user.accessToken });
        expect(saved.body.diploma_image_keys).toHaveLength(1);
        expect(saved.body.diploma_image_keys[0]).toMatch(/\/diploma_\d{13}_[0-9a-f-]{36}\.pdf$/);
      } else {
        // The saved PDF, as its owner finds it again: a tile that opens the document from its presigned address.
        const tile = page.getByRole('link', { name: "Diplômes 1 en PDF, s'ouvre dans un nouvel onglet" });
        await shown(tile).toBe(true);
        expect(await tile.getAttribute('target')).toBe('_blank');
        const file = await context.request.get(String(await tile.getAttribute('href')));
        expect(file.status()).toBe(200);
        expect(file.headers()['content-type']).toBe('application/pdf');
        expect(Buffer.from(await file.body()).equals(PDF_DIPLOMA)).toBe(true);
        await checkScreen(page, 'diplome-pdf-enregistre', viewport.width);
      }
      await context.close();
    }
  });
});
