/**
 * The browser of the end-to-end tests and benchmarks, driven by playwright-core (which never
 * downloads one). It is found in a stated order:
 *
 * 1. `CHROMIUM_PATH`, when set (it must exist);
 * 2. a system Chromium or Chrome (`/usr/bin/chromium`, `chromium-browser`, `google-chrome`…);
 * 3. Playwright's own browser cache, where a developer has one (`PLAYWRIGHT_BROWSERS_PATH` or
 *    `~/.cache/ms-playwright`);
 * 4. otherwise the Chromium the project installs from the npm registry (`@sparticuz/chromium`, a
 *    headless shell unpacked once into the temporary directory).
 *
 * No test-runner imports: the benchmarks use it too.
 */
import { existsSync, readdirSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';

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

export type ChromiumSource = 'CHROMIUM_PATH' | 'system' | 'playwright-cache' | 'npm';

export interface ResolvedChromium {
  executablePath: string;
  source: ChromiumSource;
  /** Flags this build needs besides CHROMIUM_FLAGS. */
  extraFlags: string[];
  /** One line for logs: where the browser came from and how long finding it took. */
  description: string;
}

const SYSTEM_BROWSERS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/snap/bin/chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
];

/** Executables inside one entry of Playwright's cache, newest layout first. */
const PLAYWRIGHT_EXECUTABLES = [
  ['chrome-linux64', 'chrome'],
  ['chrome-linux', 'chrome'],
  ['chrome-headless-shell-linux64', 'chrome-headless-shell'],
  ['chrome-linux', 'headless_shell'],
  ['chrome-mac', 'Chromium.app', 'Contents', 'MacOS', 'Chromium'],
];

function fromPlaywrightCache(): string | undefined {
  const cache = process.env.PLAYWRIGHT_BROWSERS_PATH || path.join(homedir(), '.cache', 'ms-playwright');
  if (!existsSync(cache)) return undefined;
  const entries = readdirSync(cache)
    .filter((name) => /^chromium(_headless_shell)?-\d+$/.test(name))
    // Newest revision first; a full Chromium before a headless shell of the same revision.
    .sort((a, b) => Number(b.split('-')[1]) - Number(a.split('-')[1]) || a.length - b.length);
  for (const entry of entries) {
    for (const parts of PLAYWRIGHT_EXECUTABLES) {
      const candidate = path.join(cache, entry, ...parts);
      if (existsSync(candidate)) return candidate;
    }
  }
  return undefined;
}

async function fromNpm(): Promise<string> {
  const { default: sparticuz } = await import('@sparticuz/chromium');
  // Unpacks chromium, its fonts and SwiftShader into the temporary directory (once per machine).
  const executablePath = await sparticuz.executablePath();
  process.env.FONTCONFIG_PATH ??= path.join(tmpdir(), 'fonts');
  return executablePath;
}

async function resolve(): Promise<ResolvedChromium> {
  const started = performance.now();
  const found = async (): Promise<Omit<ResolvedChromium, 'description'>> => {
    const configured = process.env.CHROMIUM_PATH;
    if (configured) {
      if (!existsSync(configured)) throw new Error(`CHROMIUM_PATH=${configured} : ce fichier n'existe pas`);
      return { executablePath: configured, source: 'CHROMIUM_PATH', extraFlags: [] };
    }
    const system = SYSTEM_BROWSERS.find((candidate) => existsSync(candidate));
    if (system) return { executablePath: system, source: 'system', extraFlags: [] };
    const cached = fromPlaywrightCache();
    if (cached) return { executablePath: cached, source: 'playwright-cache', extraFlags: [] };
    // The serverless build has no zygote helper: every renderer is started directly.
    return { executablePath: await fromNpm(), source: 'npm', extraFlags: ['--no-zygote'] };
  };
  const browser = await found();
  const ms = Math.round(performance.now() - started);
  return { ...browser, description: `Chromium (${browser.source}) ${browser.executablePath}, trouvé en ${ms} ms` };
}

let resolved: Promise<ResolvedChromium> | undefined;

/** Finds (and if need be unpacks) the browser once per process. */
export function resolveChromium(): Promise<ResolvedChromium> {
  resolved ??= resolve().catch((error: unknown) => {
    resolved = undefined;
    throw error;
  });
  return resolved;
}

/** Playwright gives each launch a fresh, empty profile. */
export async function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  const browser = await resolveChromium();
  return chromium.launch({
    executablePath: browser.executablePath,
    args: [...CHROMIUM_FLAGS, ...browser.extraFlags, ...extraArgs],
  });
}
