/// <reference lib="dom" />
/** Debian's Chromium driven by playwright-core (never a downloaded browser); Playwright gives each launch a fresh profile. */
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { stack } from './stack.js';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium introuvable (${CHROMIUM}) : apt-get install -y chromium`);
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [...CHROMIUM_FLAGS, ...extraArgs],
  });
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
