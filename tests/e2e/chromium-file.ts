/** The setup the Chromium walks share (one browser per file, the test tutors withdrawn afterwards). */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from '../support/browser.js';
import { withdrawTutorProfile } from '../integration/payments-helpers.js';

export interface ChromiumFile {
  /** The file's Chromium, launched in beforeAll. */
  readonly browser: Browser;
  /** Account ids of the tutors the file created: taken out of the search catalogue after the file. */
  readonly tutorsCreated: string[];
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
  };
}
