/**
 * The admin's 'Signalements' tab (issue 31, point 5) in Chromium, signed in as the seeded admin:
 * open reports with their reason, reporter, author's record and the messages before the reported
 * one; a decision asked again with a note and sent as the contract says; the empty and error
 * states; closed reports with their decision; axe and no sideways scroll at 360, 390 and 1280 px.
 * The reports API (messages/reports-api) is another branch's work: its answers are played here
 * from the contract's types (AdminMessageReportsPage), so this test pins the screen, not the API.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { AdminMessageReportsPage, AdminMessageReportView } from '#shared/messaging-schemas';
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSession } from '../support/admin-session.js';
import { blockingViolations, settle, watchRequests } from '../support/axe.js';
import { launchBrowser, newPage, overflowsHorizontally, signInThroughUi } from '../support/browser.js';

const SHOTS = process.env.KALAN_SCREENSHOTS_DIR;
const NARROW = { width: 360, height: 740 };
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const MASKED = '[coordonnées masquées]';

const contactReport: AdminMessageReportView = {
  id: '0b6f1d5e-8a43-4c1e-9d6b-1f2a3b4c5d6e',
  status: 'open',
  reason: 'contact',
  details: 'Il insiste pour que je le paie directement sur Wave.',
  created_at: '2026-03-12T09:14:00.000Z',
  reporter: { user_id: 'parent-1', name: 'Aminata Koné', side: 'parent' },
  author: { user_id: 'tutor-1', name: 'Yao Kouassi', side: 'tutor', upheld_reports: 2, messaging_suspended: false },
  conversation_id: 'a'.repeat(32),
  message: { id: 'm-6', seq: 6, body: `Payez-moi directement, c'est moins cher : ${MASKED}. On laisse Kalan.`, sent_at: '2026-03-12T09:02:00.000Z', hidden: false },
  context: [
    { seq: 4, sender: 'parent', body: 'Bonjour, pouvez-vous venir à Yopougon le samedi ? Ma fille prépare le BEPC.', sent_at: '2026-03-12T08:40:00.000Z' },
    { seq: 5, sender: 'tutor', body: 'Oui, samedi de 15h à 17h. 5 000 FCFA de l’heure.', sent_at: '2026-03-12T08:55:00.000Z' },
  ],
  decision: null,
  decided_at: null,
  decided_by: null,
  note: null,
};
const rudeReport: AdminMessageReportView = {
  ...contactReport,
  id: '1c7e2f6a-9b54-4d2f-8e7c-2a3b4c5d6e7f',
  reason: 'harassment',
  details: null,
  created_at: '2026-03-11T18:00:00.000Z',
  reporter: { user_id: 'tutor-2', name: 'Awa Traoré', side: 'tutor' },
  author: { user_id: 'parent-2', name: 'Koffi N’Guessan', side: 'parent', upheld_reports: 0, messaging_suspended: false },
  message: { id: 'm-2', seq: 2, body: 'Vous êtes nulle, mon fils a encore eu 6/20 en maths.', sent_at: '2026-03-11T17:50:00.000Z', hidden: false },
  context: [],
};
const closedReport: AdminMessageReportView = {
  ...rudeReport,
  id: '2d8f3a7b-0c65-4e3a-9f8d-3b4c5d6e7f80',
  status: 'closed',
  decision: 'warn',
  decided_at: '2026-03-11T19:00:00.000Z',
  decided_by: 'admin-1',
  note: 'Premier avertissement',
};

interface Api {
  /** What `GET …/message-reports?status=` answers, per status; a number answers that HTTP error. */
  pages: Record<'open' | 'closed', AdminMessageReportView[] | number>;
  decisions: Array<{ id: string; body: unknown }>;
}

/** Plays the reports API of the contract in the page (routes adminMessageReports and adminDecideMessageReport). */
async function playReportsApi(page: Page, api: Api): Promise<void> {
  await page.route(
    (url) => url.pathname.startsWith('/api/admin/message-reports'),
    async (route: Route) => {
      const url = new URL(route.request().url());
      const decided = /^\/api\/admin\/message-reports\/([^/]+)\/decide$/.exec(url.pathname);
      if (decided && route.request().method() === 'POST') {
        const body = route.request().postDataJSON() as { decision: AdminMessageReportView['decision']; note?: string };
        api.decisions.push({ id: decided[1]!, body });
        const report = [contactReport, rudeReport].find((r) => r.id === decided[1])!;
        await route.fulfill({ json: { ...report, status: 'closed', decision: body.decision, decided_at: new Date().toISOString(), decided_by: 'admin', note: body.note ?? null } });
        return;
      }
      const answer = api.pages[(url.searchParams.get('status') ?? 'open') as 'open' | 'closed'];
      if (typeof answer === 'number') await route.fulfill({ status: answer, json: { error: { code: 'internal', message: 'Erreur interne du serveur' } } });
      else await route.fulfill({ json: { reports: answer, next_cursor: null } satisfies AdminMessageReportsPage });
    },
  );
}

/** axe finds nothing serious or critical; the page does not scroll sideways; a screenshot when asked. */
async function checkScreen(page: Page, name: string): Promise<void> {
  await settle(page);
  const findings = await blockingViolations(page);
  expect(findings.flatMap(({ rule, nodes }) => nodes.map((node) => `${rule}: ${node.target} — ${node.summary}`)), name).toEqual([]);
  expect(await overflowsHorizontally(page), name).toBe(false);
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, `${name}-${page.viewportSize()?.width}.png`), fullPage: true });
  }
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function adminOnReports(api: Api): Promise<Page> {
  const admin = await adminSession();
  const { context, page } = await newPage(browser, PHONE);
  await context.addInitScript((id) => window.localStorage.setItem(`kalan:onboarding-complete:${id}`, 'true'), admin.sub);
  watchRequests(page);
  await playReportsApi(page, api);
  await signInThroughUi(page, admin.email, admin.password);
  await page.waitForURL((url) => url.pathname !== '/auth', { timeout: 15_000 });
  await page.goto('/admin?onglet=signalements');
  return page;
}

describe("the admin's 'Signalements' tab", () => {
  it('shows the open reports with their context, sends a decision asked again with its note, then shows the empty queue and the closed report', async () => {
    const api: Api = { pages: { open: [contactReport, rudeReport], closed: [closedReport] }, decisions: [] };
    const page = await adminOnReports(api);
    const reports = page.getByTestId('message-report');
    await expect.poll(() => reports.count(), { timeout: 15_000 }).toBe(2);
    expect(await page.getByRole('tab', { name: 'Signalements' }).getAttribute('aria-selected')).toBe('true');
    const first = reports.first();
    expect(await first.getByText('Partage de coordonnées').isVisible()).toBe(true);
    expect(await first.getByText('Aminata Koné (Parent)').isVisible()).toBe(true);
    expect(await first.getByText('Yao Kouassi (Répétiteur)').isVisible()).toBe(true);
    expect(await first.getByTestId('author-upheld').innerText()).toBe('2 signalement(s) retenu(s) sur 3');
    expect(await first.getByText('Ma fille prépare le BEPC', { exact: false }).isVisible()).toBe(true);
    expect(await first.getByTestId('reported-message').innerText()).toContain(MASKED);
    expect(await reports.nth(1).getByText('Aucun message avant celui-ci.').isVisible()).toBe(true);
    await checkScreen(page, 'admin-signalements');
    await page.setViewportSize(NARROW);
    await checkScreen(page, 'admin-signalements');
    await page.setViewportSize(DESKTOP);
    await checkScreen(page, 'admin-signalements');

    // 'Masquer le message': asked again (the author's 3rd upheld report: the dialog says it suspends), with a note.
    await first.getByRole('button', { name: 'Masquer le message' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.innerText()).toContain('sa messagerie sera suspendue');
    await checkScreen(page, 'admin-signalements-decision');
    await dialog.getByRole('textbox').fill('Paiement hors de Kalan demandé');
    api.pages.open = [];
    await dialog.getByRole('button', { name: 'Masquer le message' }).click();
    await expect.poll(() => api.decisions).toEqual([{ id: contactReport.id, body: { decision: 'hide', note: 'Paiement hors de Kalan demandé' } }]);
    await expect.poll(() => page.getByText('Aucun signalement à traiter').isVisible()).toBe(true);
    await checkScreen(page, 'admin-signalements-vide');

    // 'Traités': the decision, its date and note; no decision buttons.
    await page.getByText('Traités', { exact: true }).click();
    await expect.poll(() => page.getByTestId('report-decision').innerText()).toContain("Avertir l'auteur");
    expect(await page.getByTestId('report-decision').innerText()).toContain('Premier avertissement');
    expect(await page.getByRole('button', { name: 'Suspendre la messagerie du compte' }).count()).toBe(0);
    await page.context().close();
  }, 120_000);

  it('says in French when the reports cannot be loaded, and loads them on Réessayer', async () => {
    const api: Api = { pages: { open: 500, closed: [] }, decisions: [] };
    const page = await adminOnReports(api);
    await expect.poll(() => page.getByText('Impossible de charger les signalements').isVisible(), { timeout: 20_000 }).toBe(true);
    await checkScreen(page, 'admin-signalements-erreur');
    api.pages.open = [rudeReport];
    await page.getByRole('button', { name: 'Réessayer' }).click();
    await expect.poll(() => page.getByTestId('message-report').count()).toBe(1);
    await page.context().close();
  }, 120_000);
});
