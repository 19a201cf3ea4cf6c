/** The setup the Chromium walks share (one browser per file, the test tutors withdrawn afterwards). */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { watchRequests } from '../support/axe.js';
import { launchBrowser, newPage, signInThroughUi, waitForPath } from '../support/browser.js';
import type { TestUser } from '../support/stack.js';
import { withdrawTutorProfile } from '../integration/payments-helpers.js';

/** The phone the walks are drawn on first (390 × 844). */
export const PHONE = { width: 390, height: 844 };

export interface ChromiumFile {
  /** The file's Chromium, launched in beforeAll. */
  readonly browser: Browser;
  /** Account ids of the tutors the file created: taken out of the search catalogue after the file. */
  readonly tutorsCreated: string[];
  /** A page of this Chromium where `user` signed in through the UI (onboarding marked done), on the home page. */
  signedIn(user: TestUser, viewport?: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page }>;
}

/**
 * Launches one Chromium for the calling test file and closes it afterwards; the tutors pushed to
 * `tutorsCreated` are then withdrawn, since the shared stack's search tests count the seeded
 * catalogue. Call at the file's top level.
 */
export function chromiumForFile(): ChromiumFile {
  let browser: Browser | undefined;
  const tutorsCreated: string[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await Promise.all(tutorsCreated.map(withdrawTutorProfile));
  });
  return {
    get browser() {
      if (!browser) throw new Error('Chromium is launched in beforeAll: use it inside a test');
      return browser;
    },
    tutorsCreated,
    async signedIn(user, viewport = PHONE) {
      const { context, page } = await newPage(this.browser, viewport);
      watchRequests(page);
      await context.addInitScript((id) => window.localStorage.setItem(`kalan:onboarding-complete:${id}`, 'true'), user.sub);
      await signInThroughUi(page, user.email, user.password);
      await waitForPath(page, '/');
      return { context, page };
    },
  };
}
