/**
 * Each role's way around the app, in Chromium at 390 px (issue 10): every entry of the header
 * menu and every tab of Home leads the role to a screen that is its own — no 403 from the API, no
 * error, no "réservé aux comptes parents", no skeleton left loading — and every accessible name
 * on those screens (toasts and dialogs included) is French. 'Devenir répétiteur' says what it does
 * to someone already signed in, and offers the way.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, overflowsHorizontally, signInThroughUi, waitForPath } from '../support/browser.js';
import { api, newUser, stack, type TestUser } from '../support/stack.js';
import { tutorProfileBody } from '../integration/access-fixtures.js';
import { withdrawTutorProfile } from '../integration/payments-helpers.js';
import { adminSession } from '../support/admin-session.js';

const PHONE = { width: 390, height: 844 };

let browser: Browser;
const tutorsCreated: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  // The shared stack's search tests count the seeded catalogue: take our tutor out of it again.
  await Promise.all(tutorsCreated.map(withdrawTutorProfile));
});

type RoleName = 'parent' | 'tuteur' | 'entreprise' | 'admin';

/** A user of the role, ready for the app (a tutor has a completed profile). */
async function userOf(role: RoleName): Promise<TestUser> {
  if (role === 'admin') {
    return adminSession();
  }
  const user = await newUser(role, { firstName: 'Adjoua', lastName: 'Konan' });
  if (role === 'tuteur') {
    const response = await api('/api/me/tutor-profile', { method: 'PUT', token: user.accessToken, body: tutorProfileBody() });
    expect(response.status, response.text).toBe(200);
    tutorsCreated.push(user.sub);
  }
  if (role === 'parent') {
    // A recorded search: the history card shows its 'Tout effacer' dialog.
    const history = await api('/api/search-history', {
      method: 'POST',
      token: user.accessToken,
      body: { id: randomUUID(), filters: { subject: 'Anglais' }, results_count: 2 },
    });
    expect(history.status, history.text).toBe(201);
  }
  return user;
}

interface Session {
  context: BrowserContext;
  page: Page;
  /** Every API answer 403 seen so far (method, path). */
  forbidden: string[];
}

/** Signed in at 390 px, onboarding done on this device, landed on Home. */
async function signedIn(user: TestUser): Promise<Session> {
  const { context, page } = await newPage(browser, PHONE);
  await context.addInitScript((id) => window.localStorage.setItem(`kalan:onboarding-complete:${id}`, 'true'), user.sub);
  const forbidden: string[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/api/') && response.status() === 403) forbidden.push(`${response.request().method()} ${url.pathname}`);
  });
  await signInThroughUi(page, user.email, user.password);
  await waitForPath(page, '/');
  return { context, page, forbidden };
}

/** What a screen that is not the user's shows. */
const NOT_YOURS = [
  /Vous n'avez pas accès/,
  /Impossible de/,
  /réservée?s? aux comptes parents/i,
  /Seuls les comptes/,
  /Une erreur inattendue/,
  /introuvable/i,
  /Page not found/,
];

/** Library defaults left in English (zag/Chakra) and other English words in accessible names. */
const ENGLISH =
  /\b(close|dismiss|toggle|clear|open|next|previous|increment|decrement|increase|decrease|loading|resize|remove|delete|copy|show|hide|select|top|bottom|left|right|start|end|value|stars?|the|of|and|altKey|scroll|password|more|less|back|home|search|favorites|payments|profile)\b/i;

/** Accessible names and hints of the page (attributes screen readers read) that are English. */
async function englishLabels(page: Page): Promise<string[]> {
  const labels = await page.evaluate(() => {
    const attributes = ['aria-label', 'aria-roledescription', 'aria-valuetext', 'aria-placeholder', 'title', 'alt', 'placeholder'];
    const found: string[] = [];
    for (const element of Array.from(document.querySelectorAll('*'))) {
      for (const name of attributes) {
        const value = element.getAttribute(name);
        if (value) found.push(`${element.tagName.toLowerCase()}[${name}="${value}"]`);
      }
    }
    return found;
  });
  return labels.filter((label) => ENGLISH.test(label.replace(/^[^"]*"|"$/g, '')));
}

/** The screen settled (no request in flight, no skeleton left) and it is the user's own. */
async function expectOwnScreen(session: Session, where: string): Promise<void> {
  const { page } = session;
  await page.waitForLoadState('networkidle');
  await expect.poll(() => page.locator('.chakra-skeleton:visible').count(), { message: `${where} : chargement sans fin` }).toBe(0);
  expect(session.forbidden, `${where} : réponses 403`).toEqual([]);
  const text = await page.locator('body').innerText();
  for (const pattern of NOT_YOURS) expect(text, `${where} : ${pattern}`).not.toMatch(pattern);
  expect(await englishLabels(page), `${where} : libellés en anglais`).toEqual([]);
  expect(await overflowsHorizontally(page), `${where} : défilement horizontal`).toBe(false);
}

async function menuEntries(page: Page): Promise<string[]> {
  await page.getByRole('button', { name: 'Menu' }).click();
  const items = page.getByRole('menuitem');
  await expect.poll(() => items.first().isVisible()).toBe(true);
  const names = (await items.allInnerTexts()).map((name) => name.trim());
  await page.keyboard.press('Escape');
  await expect.poll(() => items.first().isVisible()).toBe(false);
  return names;
}

/** Opens the header menu and picks an entry (again if a re-render closed the menu under the pointer). */
async function openMenuEntry(page: Page, entry: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await page.getByRole('button', { name: 'Menu' }).click();
    const item = page.getByRole('menuitem', { name: entry });
    try {
      await item.waitFor({ state: 'visible', timeout: 5_000 });
      await item.click({ timeout: 5_000 });
      break;
    } catch (error) {
      if (attempt === 3) throw error;
      await page.keyboard.press('Escape');
    }
  }
  await page.waitForLoadState('networkidle');
}

const EXPECTED: Record<RoleName, { menu: string[]; tabs: string[] }> = {
  // Issue 31: 'Messages' is a parent's and a tutor's (in the tab bar too, as a link after the tabs).
  parent: { menu: ['Accueil', 'Recherche', 'Mes cours', 'Messages', 'Paiements', 'Favoris'], tabs: ['Accueil', 'Recherche', 'Paiements', 'Favoris', 'Profil'] },
  tuteur: { menu: ['Accueil', 'Recherche', 'Mes cours', 'Messages', 'Revenus'], tabs: ['Accueil', 'Recherche', 'Revenus', 'Profil'] },
  entreprise: { menu: ['Accueil', 'Recherche'], tabs: ['Accueil', 'Recherche', 'Profil'] },
  admin: { menu: ['Accueil', 'Recherche', 'Paiements', 'Tableau de bord'], tabs: ['Accueil', 'Recherche', 'Paiements', 'Profil'] },
};

describe('every menu entry and every home tab leads each role to its own screen', () => {
  it.each<RoleName>(['parent', 'tuteur', 'entreprise', 'admin'])('%s', async (role) => {
    const session = await signedIn(await userOf(role));
    const { page, context } = session;
    await expectOwnScreen(session, `${role} : accueil`);

    const entries = await menuEntries(page);
    expect(entries).toEqual([...EXPECTED[role].menu, 'Se déconnecter']);
    for (const entry of EXPECTED[role].menu) {
      await openMenuEntry(page, entry);
      await expectOwnScreen(session, `${role} : menu « ${entry} » (${new URL(page.url()).pathname})`);
    }

    await page.goto('/');
    await waitForPath(page, '/');
    const tabs = page.getByRole('tablist', { name: 'Navigation principale' }).getByRole('tab');
    await expect.poll(() => tabs.count()).toBe(EXPECTED[role].tabs.length);
    expect((await tabs.allInnerTexts()).map((name) => name.trim())).toEqual(EXPECTED[role].tabs);
    for (const tab of EXPECTED[role].tabs) {
      await page.getByRole('tab', { name: tab }).click();
      await expectOwnScreen(session, `${role} : onglet « ${tab} »`);
    }
    await context.close();
  });

  it('sends a role that types the address of another role\'s screen to its own', async () => {
    const session = await signedIn(await userOf('tuteur'));
    await session.page.goto('/payments');
    await waitForPath(session.page, '/tutor-revenues');
    await session.page.goto('/favorites');
    await waitForPath(session.page, '/');
    await expectOwnScreen(session, 'tuteur : /favorites');
    await session.context.close();
    // 'Mes cours' is a parent's and a tutor's: a company typing its address goes home.
    const company = await signedIn(await userOf('entreprise'));
    await company.page.goto('/cours');
    await waitForPath(company.page, '/');
    await expectOwnScreen(company, 'entreprise : /cours');
    await company.context.close();
  });
});

/** The sections of each role's profile editor: its onboarding's steps after the welcome. */
const PROFILE_SECTIONS: Record<Exclude<RoleName, 'admin'>, string[]> = {
  parent: ['Vos enfants', 'Vos préférences'],
  tuteur: ['Votre parcours', 'Matières et niveaux', 'Zone et tarif', 'Disponibilités', 'Photo et diplômes'],
  entreprise: ['Votre organisation', 'Votre équipe'],
};

describe("'Modifier mon profil' in the Profil tab (issue 28)", () => {
  it.each<Exclude<RoleName, 'admin'>>(['parent', 'tuteur', 'entreprise'])('%s: opens the profile editor on any section, and comes back to the Profil tab', async (role) => {
    const session = await signedIn(await userOf(role));
    const { page, context } = session;
    await page.getByRole('tab', { name: 'Profil' }).click();
    await page.getByRole('link', { name: 'Modifier mon profil' }).click();
    await waitForPath(page, '/profile/edit');
    const sections = page.getByRole('navigation', { name: 'Sections du profil' }).getByRole('link');
    await expect.poll(() => sections.allInnerTexts()).toEqual(PROFILE_SECTIONS[role]);
    await expectOwnScreen(session, `${role} : Modifier mon profil`);
    for (const title of PROFILE_SECTIONS[role]) {
      const link = sections.filter({ hasText: title });
      await link.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => page.getByRole('heading', { name: title, level: 2 }).isVisible()).toBe(true);
      expect(await link.getAttribute('aria-current')).toBe('step');
      await expectOwnScreen(session, `${role} : Modifier mon profil, « ${title} »`);
    }
    await page.getByRole('button', { name: 'Annuler' }).click();
    await waitForPath(page, '/');
    await expect.poll(() => page.getByRole('tab', { name: 'Profil' }).getAttribute('aria-selected')).toBe('true');
    await context.close();
  });

  it('gives an admin, who has no profile to fill, neither the button nor the editor', async () => {
    const session = await signedIn(await userOf('admin'));
    await session.page.getByRole('tab', { name: 'Profil' }).click();
    await expect.poll(() => session.page.getByRole('button', { name: 'Tableau de bord administrateur' }).isVisible()).toBe(true);
    expect(await session.page.getByRole('link', { name: 'Modifier mon profil' }).count()).toBe(0);
    await session.page.goto('/profile/edit');
    await waitForPath(session.page, '/');
    await session.context.close();
  });
});

describe('a visitor without an account (issue 17)', () => {
  it("browses the search with 'Se connecter' in the header, from /auth and back, and Home keeps sending to /auth", async () => {
    const { context, page } = await newPage(browser, PHONE);
    const refused: string[] = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname.startsWith('/api/') && [401, 403].includes(response.status())) refused.push(`${response.request().method()} ${url.pathname}`);
    });
    // The spec's Home redirect stays; /auth offers the tutors without an account.
    await page.goto('/');
    await waitForPath(page, '/auth');
    await page.getByRole('link', { name: 'Parcourir les répétiteurs' }).click();
    await waitForPath(page, '/search');
    const session: Session = { context, page, forbidden: [] };
    await expectOwnScreen(session, 'visiteur : recherche');

    // The header: back, title, 'Se connecter' — no menu of an account, no notifications.
    const header = page.getByRole('banner');
    // Waited for, not read once: it was missing once in a loaded run of six e2e files, just after the network was idle.
    await expect.poll(() => header.getByRole('button', { name: 'Se connecter' }).isVisible()).toBe(true);
    expect(await header.getByRole('button', { name: 'Menu' }).count()).toBe(0);
    expect(await header.getByRole('button', { name: /^Notifications/ }).count()).toBe(0);
    expect(await header.getByRole('button', { name: 'Se déconnecter' }).count()).toBe(0);
    // The AI panel says what an account gives (issue 28: no longer 'Utilisateur non connecté').
    await expect.poll(() => page.getByText(/^Connectez-vous pour recevoir des suggestions de répétiteurs/).isVisible()).toBe(true);

    await header.getByRole('button', { name: 'Se connecter' }).click();
    await waitForPath(page, '/auth');
    await expect.poll(() => page.getByRole('heading', { name: 'Connexion' }).isVisible()).toBe(true);
    // The screens of an account send a visitor to /auth.
    for (const path of ['/payments', '/favorites', '/cours', '/notifications']) {
      await page.goto(path);
      await waitForPath(page, '/auth');
    }
    expect(refused, 'visiteur : réponses 401 / 403').toEqual([]);
    await context.close();
  });
});

describe('French for screen readers', () => {
  it('names the toast, its close button and the dialogs in French', async () => {
    const parent = stack().accounts.find((account) => account.role === 'parent')!;
    const { context, page } = await newPage(browser, PHONE);
    await signInThroughUi(page, parent.email, 'mauvais-mot-de-passe');
    await expect.poll(() => page.getByText('Email ou mot de passe incorrect').first().isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Fermer la notification' }).count()).toBeGreaterThan(0);
    expect(await englishLabels(page)).toEqual([]);
    await page.getByRole('button', { name: 'Fermer la notification' }).first().click();
    await expect.poll(() => page.getByText('Email ou mot de passe incorrect').first().isVisible()).toBe(false);
    await context.close();

    // A dialog's close button: the history's 'Tout effacer' confirmation.
    const session = await signedIn(await userOf('parent'));
    await session.page.goto('/search');
    await session.page.getByRole('button', { name: 'Tout effacer' }).click();
    await expect.poll(() => session.page.getByRole('alertdialog').isVisible()).toBe(true);
    expect(await session.page.getByRole('alertdialog').getByRole('button', { name: 'Fermer' }).count()).toBe(1);
    expect(await englishLabels(session.page)).toEqual([]);
    await session.context.close();
  });
});

describe("'Devenir répétiteur' for someone already signed in", () => {
  it('explains to a parent that a tutor account is a second account, and opens its sign-up after signing out', async () => {
    const parent = await userOf('parent');
    const { page, context } = await signedIn(parent);
    await page.getByRole('button', { name: 'Devenir répétiteur' }).click();
    const dialog = page.getByRole('dialog', { name: 'Devenir répétiteur' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await expect.poll(() => dialog.getByText(/compte Parent\/Élève/).isVisible()).toBe(true);
    expect(await dialog.getByText(/autre adresse email/).isVisible()).toBe(true);
    expect(await dialog.getByText(/déconnect/).isVisible()).toBe(true);
    expect(await englishLabels(page)).toEqual([]);
    expect(await overflowsHorizontally(page)).toBe(false);

    // 'Annuler' changes nothing.
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(new URL(page.url()).pathname).toBe('/');

    await page.getByRole('button', { name: 'Devenir répétiteur' }).click();
    await dialog.getByRole('button', { name: 'Créer un compte répétiteur' }).click();
    await waitForPath(page, '/auth');
    await expect.poll(() => page.getByRole('heading', { name: 'Inscription' }).isVisible()).toBe(true);
    expect(await page.getByLabel('Type de compte').inputValue()).toBe('tuteur');
    // Signed out: Home sends back to /auth.
    await page.goto('/');
    await waitForPath(page, '/auth');
    await context.close();
  });

  it('tells a tutor it already is one and where its tutor space is', async () => {
    const { page, context } = await signedIn(await userOf('tuteur'));
    await page.getByRole('button', { name: 'Devenir répétiteur' }).click();
    const dialog = page.getByRole('dialog', { name: 'Vous êtes déjà répétiteur' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Voir mes revenus' }).click();
    await waitForPath(page, '/tutor-revenues');
    await context.close();
  });
});
