/// <reference lib="dom" />
/** Browser helpers of the end-to-end tests: Chromium (see chromium.ts) on the test stack. */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchChromium } from './chromium.js';
import { totpCode } from './admin-session.js';
import { codeIn, nextMail } from './mailbox.js';
import { stack } from './stack.js';

export { CHROMIUM_FLAGS, resolveChromium } from './chromium.js';

export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return launchChromium(extraArgs);
}

/** A fresh browser context (no session) on the app, at a phone's width by default. */
export async function newPage(
  browser: Browser,
  viewport = { width: 360, height: 740 },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: stack().appUrl, viewport, locale: 'fr-FR' });
  const page = await context.newPage();
  return { context, page };
}

/** True when the page is wider than the viewport (a horizontal scroll bar on a phone). */
export async function overflowsHorizontally(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
}

/**
 * Signs in through the /auth form (the page ends wherever the app sends the user). An account
 * with TOTP on — the seeded admin, enrolled by the global set-up, unless told otherwise — then
 * gets its code step answered with a code computed from the secret.
 */
export async function signInThroughUi(page: Page, email: string, password: string, totpSecret = enrolledSecretOf(email)): Promise<void> {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Mot de passe').fill(password);
  await page.locator('form').getByRole('button', { name: 'Se connecter' }).click();
  if (totpSecret) await answerTotpStep(page, totpSecret);
}

export interface NewAccount {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  role?: 'parent' | 'tuteur' | 'entreprise';
}

/**
 * Signs a new account up on the /auth sign-up form the page shows, and types the code the local
 * mailbox received (the app then lands it wherever it sends a new account). Answers the taps it
 * made (the form's and the code's buttons), for the journeys that count their steps.
 */
export async function signUpThroughUi(page: Page, account: NewAccount): Promise<number> {
  await page.getByRole('heading', { name: 'Inscription' }).waitFor({ timeout: 15_000 });
  await page.getByLabel('Prénom').fill(account.firstName);
  await page.getByLabel('Nom', { exact: true }).fill(account.lastName);
  await page.getByLabel('Type de compte').selectOption(account.role ?? 'parent');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Mot de passe').fill(account.password);
  await page.locator('form').getByRole('button', { name: "S'inscrire" }).click();
  const field = page.getByLabel('Code de vérification');
  await field.waitFor({ timeout: 15_000 });
  await field.fill(codeIn(await nextMail(account.email, stack(), { timeoutMs: 15_000 })));
  await page.getByRole('button', { name: 'Vérifier' }).click();
  return 2;
}

/** The TOTP secret the global set-up enrolled for this account (the seeded admin), if any. */
function enrolledSecretOf(email: string): string | undefined {
  const info = stack();
  return info.accounts.some((account) => account.role === 'admin' && account.email === email) ? info.adminTotpSecret : undefined;
}

/** The sign-in's second step: the authenticator app's code, as the app asks it after the password. */
export async function answerTotpStep(page: Page, secret: string): Promise<void> {
  const field = page.getByLabel("Code de l'application d'authentification");
  await field.waitFor({ timeout: 15_000 });
  await field.fill(totpCode(secret));
  await page.locator('form').getByRole('button', { name: 'Valider' }).click();
}

/**
 * The onboarding's last step (issue 34), 'Recevoir vos notifications sur WhatsApp', offered when
 * the stage has WhatsApp (the local stack's double): passed with 'Continuer', nothing proven.
 */
export async function passWhatsAppStep(page: Page): Promise<void> {
  await page.getByRole('heading', { name: 'Recevoir vos notifications sur WhatsApp' }).waitFor({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Continuer' }).click();
}

export async function waitForPath(page: Page, pathname: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname, { timeout: 30_000 });
}

/**
 * Picks a lesson's hours in the booking dialog 'Réserver votre cours' (issue 15): the first day
 * whose free slots include every one of `hours` ('16:00–17:00', Abidjan time), then each of them.
 * Answers that day (`YYYY-MM-DD`). Clicks: one per hour, plus one when it is not the first day.
 */
export async function pickSlots(dialog: Locator, hours: readonly string[]): Promise<string> {
  const days = dialog.getByRole('group', { name: 'Jour' }).getByRole('button');
  await days.first().waitFor({ timeout: 20_000 });
  const count = await days.count();
  for (let i = 0; i < count; i++) {
    const day = days.nth(i);
    if ((await day.getAttribute('aria-pressed')) !== 'true') await day.click();
    const slots = hours.map((hour) => dialog.getByRole('button', { name: hour, exact: true }));
    if ((await Promise.all(slots.map((slot) => slot.count()))).every((n) => n === 1)) {
      for (const slot of slots) await slot.click();
      return (await day.getAttribute('data-date'))!;
    }
  }
  throw new Error(`Aucun jour n'offre les créneaux ${hours.join(', ')}`);
}
