/**
 * The admin's second factor in Chromium: an admin without TOTP is led to the enrolment page (QR
 * code, the secret in text), enrols with a code computed from the secret shown, is asked to sign
 * in again, signs in with its password then a code, and reaches the console. Both new screens are
 * checked by axe and photographed at 390 and 1280 px (KALAN_SCREENSHOT_DIR, default the temporary
 * directory).
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import { newAdmin, totpCode } from '../support/admin-session.js';
import { blockingViolations, settle, watchRequests } from '../support/axe.js';
import { answerTotpStep, launchBrowser, newPage, overflowsHorizontally, signInThroughUi, waitForPath } from '../support/browser.js';

let browser: Browser;
const shots = process.env.KALAN_SCREENSHOT_DIR ?? path.join(tmpdir(), 'kalan-screenshots');

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(shots, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
});

/** Axe finds nothing serious, nothing overflows at 390 px, and a picture at both widths. */
async function checkScreen(page: Page, name: string): Promise<void> {
  await settle(page);
  const findings = await blockingViolations(page);
  expect(findings.flatMap(({ rule, nodes }) => nodes.map((node) => `${rule}: ${node.target}`)), name).toEqual([]);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await settle(page);
    if (width === 390) expect(await overflowsHorizontally(page), name).toBe(false);
    await page.screenshot({ path: path.join(shots, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

describe('admin second factor', () => {
  it('leads an admin without TOTP to the QR enrolment, then to a sign-in with a code, then to the console', async () => {
    const admin = await newAdmin();
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    watchRequests(page);
    await signInThroughUi(page, admin.email, admin.password);
    await waitForPath(page, '/');

    // Instead of the console: the enrolment page.
    const title = page.getByRole('heading', { level: 1, name: messages.mfa.enrolTitle });
    await expect.poll(() => title.isVisible(), { timeout: 15_000 }).toBe(true);
    await page.goto('/admin');
    await expect.poll(() => title.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await page.getByRole('heading', { name: 'Tableau de bord administrateur' }).count()).toBe(0);
    const qr = page.getByRole('img', { name: /QR code/ });
    await expect.poll(() => qr.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await qr.locator('svg').count()).toBe(1);
    const secretShown = page.locator('[data-totp-secret]');
    const secret = (await secretShown.getAttribute('data-totp-secret'))!;
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    // The text for manual entry is the same secret, in groups of 4.
    expect((await secretShown.innerText()).replace(/\s+/g, '')).toBe(secret);
    await checkScreen(page, 'mfa-enrolment');

    // A wrong code is refused in French, the field keeps the focus.
    const field = page.getByLabel(messages.mfa.codeLabel);
    await field.fill(totpCode(secret) === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: messages.mfa.enrolSubmit }).click();
    await expect.poll(() => page.getByText(messages.mfa.codeMismatch).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await field.evaluate((element) => element === document.activeElement)).toBe(true);

    // The keyboard alone: the code, then Enter.
    await field.fill(totpCode(secret));
    await field.press('Enter');
    const again = page.getByRole('button', { name: messages.mfa.signInAgain });
    await expect.poll(() => again.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await page.getByText(messages.mfa.signInAgainText).isVisible()).toBe(true);
    await again.click();
    await waitForPath(page, '/auth');

    // The password alone is no longer enough: the code step, then the console.
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Mot de passe').fill(admin.password);
    await page.locator('form').getByRole('button', { name: 'Se connecter' }).click();
    const codeStep = page.getByRole('heading', { level: 1, name: messages.mfa.signInStepTitle });
    await expect.poll(() => codeStep.isVisible(), { timeout: 15_000 }).toBe(true);
    await checkScreen(page, 'mfa-sign-in-code');
    await answerTotpStep(page, secret);
    await waitForPath(page, '/');
    await page.goto('/admin');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Tableau de bord administrateur' }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    await context.close();
  });
});
