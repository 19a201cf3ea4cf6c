/**
 * End to end in Debian's Chromium against the local stack (started like `npm start`): a phone
 * sized window, real Cognito (cognito-local), real API and DynamoDB.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, overflowsHorizontally, signInThroughUi, waitForPath } from '../support/browser.js';
import { codeIn, newestMailId, nextMail } from '../support/mailbox.js';
import { newUser, stack, uniqueEmail } from '../support/stack.js';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});



describe('authentication', () => {
  it('signs a new parent up with the code from the mailbox (a wrong one refused, a new one sent) and lands on /onboarding', async () => {
    const { context, page } = await newPage(browser);
    const email = uniqueEmail('e2e-parent');
    await page.goto('/');
    await waitForPath(page, '/auth');
    await page.getByRole('button', { name: "S'inscrire" }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Inscription' }).isVisible()).toBe(true);

    await page.getByLabel('Prénom').fill('Adjoua');
    await page.getByLabel('Nom', { exact: true }).fill('Kouassi');
    await page.getByLabel('Type de compte').selectOption('parent');
    // Other capitals: the form lower-cases the address.
    await page.getByLabel('Email').fill(email.toUpperCase());
    await page.getByLabel('Mot de passe').fill('Secret-123');
    expect(await overflowsHorizontally(page)).toBe(false);
    await page.locator('form').getByRole('button', { name: "S'inscrire" }).click();

    await expect.poll(() => page.getByRole('heading', { name: 'Vérifiez votre adresse e-mail' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText(email, { exact: false }).first().isVisible()).toBe(true);
    const first = await nextMail(email, stack());

    await page.getByLabel('Code de vérification').fill(codeIn(first) === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Vérifier' }).click();
    await expect.poll(() => page.getByText('Code incorrect. Vérifiez le code reçu par e-mail.').first().isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Renvoyer le code' }).click();
    await expect.poll(() => page.getByText('Code renvoyé').first().isVisible()).toBe(true);
    const second = await nextMail(email, stack(), { newerThan: first.id });
    await page.getByLabel('Code de vérification').fill(codeIn(second));
    await page.getByRole('button', { name: 'Vérifier' }).click();

    await waitForPath(page, '/onboarding');
    await expect.poll(() => page.getByText('Inscription réussie').first().isVisible()).toBe(true);
    await context.close();
  });

  it('opens the code step when an unconfirmed account signs in, then signs it in', async () => {
    const email = uniqueEmail('e2e-later');
    const { signUp } = await import('../support/stack.js');
    await signUp('parent', { email, confirm: false });
    const { context, page } = await newPage(browser);
    await signInThroughUi(page, email, 'Secret-123');
    await expect.poll(() => page.getByRole('heading', { name: 'Vérifiez votre adresse e-mail' }).isVisible()).toBe(true);
    await page.getByLabel('Code de vérification').fill(codeIn(await nextMail(email, stack())));
    await page.getByRole('button', { name: 'Vérifier' }).click();
    await waitForPath(page, '/onboarding');
    await expect.poll(() => page.getByText('Connexion réussie').first().isVisible()).toBe(true);
    await context.close();
  });

  it("resets a forgotten password by code: 'Mot de passe oublié ?' → e-mail → code and new password → sign-in", async () => {
    const user = await newUser('parent');
    const { context, page } = await newPage(browser);
    await page.goto('/auth');
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Mot de passe oublié ?' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Réinitialiser le mot de passe' }).isVisible()).toBe(true);
    expect(await page.getByLabel('Email').inputValue()).toBe(user.email);
    const before = await newestMailId(user.email, stack());
    await page.getByRole('button', { name: 'Envoyer le code' }).click();

    await expect.poll(() => page.getByLabel('Nouveau mot de passe').isVisible()).toBe(true);
    const mail = await nextMail(user.email, stack(), { newerThan: before });
    expect(mail.subject).toBe('Kalan : réinitialisation de votre mot de passe');
    await page.getByLabel('Code de vérification').fill(codeIn(mail));
    await page.getByLabel('Nouveau mot de passe').fill('sanschiffre');
    await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
    await expect.poll(() => page.getByText('Le mot de passe doit contenir au moins un chiffre').isVisible()).toBe(true);
    await page.getByLabel('Nouveau mot de passe').fill('Nouveau-2026');
    await page.getByRole('button', { name: 'Changer le mot de passe' }).click();

    await expect.poll(() => page.getByText('Mot de passe modifié').first().isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('heading', { name: 'Connexion' }).isVisible()).toBe(true);
    expect(await page.getByLabel('Email').inputValue()).toBe(user.email);
    // exact: the toast 'Mot de passe modifié' is labelled too.
    await page.getByLabel('Mot de passe', { exact: true }).fill('Nouveau-2026');
    await page.locator('form').getByRole('button', { name: 'Se connecter' }).click();
    await waitForPath(page, '/onboarding');
    await context.close();
  });

  it('shows the French password rules before calling Cognito', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/auth');
    await page.getByRole('button', { name: "S'inscrire" }).click();
    // The pool's rule, the form's (issue 28), said before anything is typed.
    await expect.poll(() => page.getByText('8 caractères minimum, dont une lettre minuscule et un chiffre').isVisible()).toBe(true);
    await page.getByLabel('Mot de passe').fill('1234567');
    await page.locator('form').getByRole('button', { name: "S'inscrire" }).click();
    await expect
      .poll(() => page.getByText('Le mot de passe doit contenir au moins 8 caractères').isVisible())
      .toBe(true);
    // Digits only: refused by the pool, hence by the form.
    await page.getByLabel('Mot de passe').fill('1234567890');
    await page.locator('form').getByRole('button', { name: "S'inscrire" }).click();
    await expect
      .poll(() => page.getByText('Le mot de passe doit contenir au moins une lettre minuscule sans accent (a à z)', { exact: true }).isVisible())
      .toBe(true);
    expect(new URL(page.url()).pathname).toBe('/auth');
    await context.close();
  });

  it("says 'Email ou mot de passe incorrect' for a wrong password", async () => {
    const parent = stack().accounts.find((account) => account.role === 'parent')!;
    const { context, page } = await newPage(browser);
    await signInThroughUi(page, parent.email, 'wrong-password');
    await expect.poll(() => page.getByText('Email ou mot de passe incorrect').first().isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/auth');
    await context.close();
  });

  it('refuses a second account with the same email in French', async () => {
    const existing = await newUser('parent');
    const { context, page } = await newPage(browser);
    await page.goto('/auth');
    await page.getByRole('button', { name: "S'inscrire" }).click();
    await page.getByLabel('Prénom').fill('Aya');
    await page.getByLabel('Nom', { exact: true }).fill('Koné');
    await page.getByLabel('Email').fill(existing.email);
    await page.getByLabel('Mot de passe').fill('Secret-123');
    await page.locator('form').getByRole('button', { name: "S'inscrire" }).click();
    await expect.poll(() => page.getByText('Un compte existe déjà avec cet email').first().isVisible()).toBe(true);
    await context.close();
  });

  it('keeps the session across a reload, and the header menu signs out to /auth', async () => {
    const admin = stack().accounts.find((account) => account.role === 'admin')!;
    const { context, page } = await newPage(browser);
    await signInThroughUi(page, admin.email, admin.password);
    await waitForPath(page, '/');
    await page.reload();
    await page.goto('/search');
    await waitForPath(page, '/search');

    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('menuitem', { name: 'Se déconnecter' }).click();
    await waitForPath(page, '/auth');
    // Signed out, the search is a visitor's (issue 17): 'Se connecter' instead of the menu; the
    // screens of an account send to /auth.
    await page.goto('/search');
    await expect.poll(() => page.getByRole('banner').getByRole('button', { name: 'Se connecter' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Menu' }).count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/search');
    await page.goto('/payments');
    await waitForPath(page, '/auth');
    await context.close();
  });
});

describe('app shell', () => {
  it("takes Chakra's global styles from index.html, once: none inserted by the app, the theme's variables and reset in force", async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/auth');
    await expect.poll(() => page.getByRole('button', { name: 'Se connecter' }).first().isVisible()).toBe(true);
    const styles = await page.evaluate(() => {
      const rulesOf = (sheet: CSSStyleSheet | null) => Array.from(sheet?.cssRules ?? []).map((rule) => rule.cssText);
      // The stylesheet's rules, those inside its layers included.
      const nested = (rules: CSSRuleList): CSSRule[] =>
        Array.from(rules).flatMap((rule) => [rule, ...('cssRules' in rule ? nested((rule as CSSGroupingRule).cssRules) : [])]);
      // Built by the build (web/build/global-css.ts), in the page's <head> before any script ran.
      const built = document.querySelector<HTMLStyleElement>('head > style[data-kalan="global"]');
      // What emotion's <Global> inserted at run time: only the layers' order may remain.
      const inserted = Array.from(document.querySelectorAll<HTMLStyleElement>('style[data-emotion="css-global"]')).flatMap((tag) => rulesOf(tag.sheet));
      const root = getComputedStyle(document.documentElement);
      return {
        builtRules: built?.sheet ? nested(built.sheet.cssRules).length : 0,
        inserted,
        orangeSolid: root.getPropertyValue('--chakra-colors-orange-solid').trim(),
        bodyMargin: getComputedStyle(document.body).margin,
      };
    });
    expect(styles.builtRules).toBeGreaterThan(100);
    expect(styles.inserted.every((rule) => rule.startsWith('@layer') && !rule.includes('{'))).toBe(true);
    // Kalan's orange (app/theme.ts), through the semantic token's reference.
    expect(styles.orangeSolid).toBe('#c2410c');
    expect(styles.bodyMargin).toBe('0px');
    await context.close();
  });

  it('shows the 404 page with a link home for an unknown URL', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/cette-page-n-existe-pas');
    await expect.poll(() => page.getByText('Oops! Page not found').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: /accueil/i }).count()).toBeGreaterThan(0);
    await context.close();
  });

  it('sends a parent away from /admin to /, and shows the admin its dashboard', async () => {
    const parent = stack().accounts.find((account) => account.role === 'parent')!;
    const { context, page } = await newPage(browser);
    // The demo parent has finished its onboarding on this device.
    await signInThroughUi(page, parent.email, parent.password);
    await page.waitForURL((url) => url.pathname !== '/auth');
    await page.goto('/admin');
    await page.waitForURL((url) => url.pathname !== '/admin', { timeout: 30_000 });
    expect(new URL(page.url()).pathname).not.toBe('/admin');
    await context.close();

    const admin = stack().accounts.find((account) => account.role === 'admin')!;
    const second = await newPage(browser);
    await signInThroughUi(second.page, admin.email, admin.password);
    await waitForPath(second.page, '/');
    await second.page.goto('/admin');
    await expect
      .poll(() => second.page.getByRole('heading', { name: 'Tableau de bord administrateur' }).isVisible())
      .toBe(true);
    await second.context.close();
  });

  it('shows the home hero, the tab bar and the profile tab at 360 px without horizontal scroll', async () => {
    const admin = stack().accounts.find((account) => account.role === 'admin')!;
    const { context, page } = await newPage(browser);
    await signInThroughUi(page, admin.email, admin.password);
    await waitForPath(page, '/');
    await expect.poll(() => page.getByRole('button', { name: 'Trouver un répétiteur' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: 'Devenir répétiteur' }).isVisible()).toBe(true);
    expect(await overflowsHorizontally(page)).toBe(false);

    await page.getByRole('tab', { name: 'Profil' }).click();
    await expect.poll(() => page.getByText('Admin', { exact: true }).first().isVisible()).toBe(true);
    await expect.poll(() => page.getByText(admin.email).isVisible()).toBe(true);
    await context.close();
  });
});
