/**
 * The WhatsApp row of the notification preferences (issue 34) in Chromium: a parent types a
 * number, asks for the code, reads it on the local double (where WhatsApp would show it), types it,
 * 'Vérifier', and sees WhatsApp on; then 'Désactiver WhatsApp'. Shot at 390 and 1280 px, checked
 * with axe (no serious or critical finding), no horizontal scroll on the phone.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import { blockingViolations } from '../support/axe.js';
import { newPage, overflowsHorizontally, signInThroughUi } from '../support/browser.js';
import { newUser, stack } from '../support/stack.js';
import { eventually } from '../integration/payments-helpers.js';
import { chromiumForFile } from './chromium-file.js';

const file = chromiumForFile();
const SHOTS = '/tmp/whatsapp-preferences-shots';
const t = messages.whatsapp;

async function codeOnDouble(e164: string): Promise<string> {
  const read = async () =>
    ((await (await fetch(`http://127.0.0.1:${stack().ports.mailbox}/whatsapp/messages?to=${encodeURIComponent(e164)}`)).json()) as {
      messages: Array<{ direction: string; template?: { name: string; parameters: string[] } }>;
    }).messages.filter((m) => m.direction === 'out' && m.template?.name === 'kalan_code');
  return (await eventually(read, (list) => list.length > 0, 15_000)).at(-1)!.template!.parameters[0]!;
}

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

describe('WhatsApp in the notification preferences', () => {
  it.each([
    ['390', { width: 390, height: 844 }],
    ['1280', { width: 1280, height: 900 }],
  ] as const)('proves a number with the code received on WhatsApp, then turns it off (%s px)', async (label, viewport) => {
    const parent = await newUser('parent', { firstName: 'Aya' });
    const { context, page } = await newPage(file.browser, viewport);
    try {
      await signInThroughUi(page, parent.email, parent.password);
      // Signed in once the app has left /auth (a new parent goes on to its onboarding).
      await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
      await page.goto('/notifications');
      const digits = `01${String(Date.now() % 100_000_000).padStart(8, '0')}`;
      await page.getByLabel(t.phoneLabel).fill(digits.replace(/(\d{2})(?=\d)/g, '$1 '));
      await page.getByRole('button', { name: t.sendCode }).click();
      await expect.poll(() => page.getByLabel(t.codeLabel).isVisible()).toBe(true);
      await shoot(page, `code-${label}`);
      expect(await blockingViolations(page)).toEqual([]);
      await page.getByLabel(t.codeLabel).fill(await codeOnDouble(`+225${digits}`));
      await page.getByRole('button', { name: t.verify }).click();
      await expect.poll(() => page.getByRole('button', { name: t.remove }).isVisible()).toBe(true);
      await shoot(page, `verified-${label}`);
      expect(await blockingViolations(page)).toEqual([]);
      if (viewport.width < 500) expect(await overflowsHorizontally(page)).toBe(false);
      await page.getByRole('button', { name: t.remove }).click();
      await expect.poll(() => page.getByRole('button', { name: t.sendCode }).isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });
});
