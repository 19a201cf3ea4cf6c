/// <reference lib="dom" />
/**
 * axe-core in a playwright-core page: its source is evaluated in every frame, and `axe.run`
 * checks each frame's whole document, portals (dialogs, toasts) included. Frames are scanned one
 * by one rather than through axe's own frame messaging: the invoice is a sandboxed iframe that
 * runs no script, so it could never answer axe's messages.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Frame, Page, Request } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The impacts a screen must never have. */
export const BLOCKING_IMPACTS = ['serious', 'critical'] as const;
export type BlockingImpact = (typeof BLOCKING_IMPACTS)[number];

export interface AxeFinding {
  rule: string;
  impact: BlockingImpact;
  /** The CSS selector of each failing node, and axe's summary of why. */
  nodes: Array<{ target: string; summary: string }>;
}

interface AxeResult {
  violations: Array<{
    id: string;
    impact?: string | null;
    nodes: Array<{ target: unknown[]; failureSummary?: string }>;
  }>;
}

interface Traffic {
  pending: Set<Request>;
  /** Requests started so far. */
  started: number;
}

const traffic = new WeakMap<Page, Traffic>();

/**
 * Counts the page's requests from now on (call it before the first navigation). Playwright's own
 * 'networkidle' never comes while a srcdoc iframe (the invoice) is shown.
 */
export function watchRequests(page: Page): void {
  const watched: Traffic = { pending: new Set(), started: 0 };
  traffic.set(page, watched);
  page.on('request', (request) => {
    watched.pending.add(request);
    watched.started += 1;
  });
  page.on('requestfinished', (request) => watched.pending.delete(request));
  page.on('requestfailed', (request) => watched.pending.delete(request));
}

async function noRequestInFlight(page: Page, watched: Traffic): Promise<void> {
  if (watched.pending.size === 0) return;
  await new Promise<void>((resolve, reject) => {
    const check = () => {
      if (watched.pending.size > 0) return;
      clearTimeout(timer);
      page.off('requestfinished', check).off('requestfailed', check);
      resolve();
    };
    const timer = setTimeout(() => {
      page.off('requestfinished', check).off('requestfailed', check);
      reject(new Error(`Requests still in flight after 20 s: ${[...watched.pending].map((r) => r.url()).join(', ')}`));
    }, 20_000);
    page.on('requestfinished', check).on('requestfailed', check);
  });
}

/**
 * Waits until the page stands still: no request in flight, no skeleton left, no finite animation
 * running (a dialog fading in has its colours half-way, and axe would measure those) — and still
 * so once the browser has painted twice more, when a render that just landed (a lazy screen, a
 * query's answer) has started the requests of its own effects.
 */
export async function settle(page: Page): Promise<void> {
  const watched = traffic.get(page);
  if (!watched) throw new Error('watchRequests(page) was not called for this page');
  for (;;) {
    const started = watched.started;
    await noRequestInFlight(page, watched);
    await page.waitForFunction(() => document.querySelectorAll('.chakra-skeleton').length === 0, undefined, { timeout: 20_000 });
    await page.waitForFunction(
      () =>
        document
          .getAnimations()
          .every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity),
      undefined,
      { timeout: 20_000 },
    );
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    if (watched.started === started && watched.pending.size === 0) return;
  }
}

type Violation = AxeResult['violations'][number] & { frame: string };

async function axeRun(frame: Frame, name: string): Promise<Violation[]> {
  if (!(await frame.evaluate(() => 'axe' in window))) await frame.evaluate(axeSource);
  const result = (await frame.evaluate(() =>
    (window as unknown as { axe: { run(context: Document, options: object): Promise<unknown> } }).axe.run(document, {
      iframes: false,
      resultTypes: ['violations'],
    }),
  )) as AxeResult;
  return result.violations.map((violation) => ({ ...violation, frame: name }));
}

/**
 * A frame that may not run scripts (the invoice: `sandbox` without `allow-scripts`) has no page
 * world to run axe in: its document is checked as a page of its own, at the frame's width.
 */
async function scriptlessFrameViolations(page: Page, frame: Frame, name: string): Promise<Violation[] | null> {
  const element = await frame.frameElement();
  const sandbox = await element.getAttribute('sandbox');
  if (sandbox === null || sandbox.split(/\s+/).includes('allow-scripts')) return null;
  const srcdoc = await element.getAttribute('srcdoc');
  if (srcdoc === null) throw new Error(`${name}: a sandboxed frame without srcdoc cannot be checked`);
  const box = await element.boundingBox();
  const copy = await page.context().newPage();
  try {
    await copy.setViewportSize({ width: Math.max(1, Math.round(box?.width ?? 390)), height: Math.max(1, Math.round(box?.height ?? 800)) });
    await copy.setContent(srcdoc);
    return await axeRun(copy.mainFrame(), name);
  } finally {
    await copy.close();
  }
}

/** The serious and critical violations axe finds on the page as it is now, frames included. */
export async function blockingViolations(page: Page): Promise<AxeFinding[]> {
  const violations: Violation[] = [];
  for (const [index, frame] of page.frames().entries()) {
    if (index === 0) {
      violations.push(...(await axeRun(frame, '')));
      continue;
    }
    const name = `iframe ${frame.name() || index} >>> `;
    violations.push(...((await scriptlessFrameViolations(page, frame, name)) ?? (await axeRun(frame, name))));
  }
  return violations
    .filter((violation): violation is Violation & { impact: BlockingImpact } =>
      (BLOCKING_IMPACTS as readonly string[]).includes(violation.impact ?? ''),
    )
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      nodes: violation.nodes.map((node) => ({
        target: violation.frame + node.target.map(String).join(' >>> '),
        summary: (node.failureSummary ?? '').replace(/\s+/g, ' ').trim(),
      })),
    }));
}

/** Nodes per impact, over all findings. */
export function countByImpact(findings: AxeFinding[]): Record<BlockingImpact, number> {
  const counts: Record<BlockingImpact, number> = { serious: 0, critical: 0 };
  for (const finding of findings) counts[finding.impact] += finding.nodes.length;
  return counts;
}
