/**
 * WhatsApp end to end (issue 34), on the local Cloud API double (infra/local/whatsapp-double.ts): a
 * tutor proves a number with the code the double received, a parent books and pays, the tutor's
 * conversation on the double's page shows 'Nouvelle demande' with its buttons, Chromium taps
 * 'Accepter' there (the double sends Meta's signed button webhook to the app) and the parent's
 * 'Mes cours' says 'Confirmé'. Printed: the time from the payment confirmed (the lesson requested)
 * to the tutor's WhatsApp message on the double. The page is shot at 390 and 1280 px and checked
 * with axe.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { DoubleMessage } from '../../infra/local/whatsapp-double.js';
import { blockingViolations } from '../support/axe.js';
import { newPage, overflowsHorizontally, signInThroughUi, waitForPath } from '../support/browser.js';
import { api, newUser, stack } from '../support/stack.js';
import { tutorProfileBody } from '../support/tutor-profile-body.js';
import { bookOk, eventually, payOnCheckout, statusOf } from '../integration/payments-helpers.js';
import { chromiumForFile } from './chromium-file.js';

const file = chromiumForFile();
const SHOTS = '/tmp/whatsapp-shots';

const doubleUrl = () => `http://127.0.0.1:${stack().ports.mailbox}/whatsapp`;

/** The conversation with a number as the double holds it (oldest first). */
async function conversationWith(phone: string): Promise<DoubleMessage[]> {
  const response = await fetch(`${doubleUrl()}/messages?to=${encodeURIComponent(phone)}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { messages: DoubleMessage[] }).messages;
}

const templateIn = (messages: DoubleMessage[], name: string) => messages.find((m) => m.direction === 'out' && m.template?.name === name);

/** A number of this run: Orange's 07 and eight random digits, E.164. */
const uniquePhone = () => `+22507${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

describe('answering a lesson request from WhatsApp', () => {
  it('lets a tutor with a proven number accept from the double’s conversation, and the parent sees it confirmed', async () => {
    // The tutor, bookable, proves a WhatsApp number with the code the double received.
    const tutor = await newUser('tuteur', { firstName: 'Yao', lastName: 'Kouamé' });
    const profile = await api('/api/me/tutor-profile', { method: 'PUT', token: tutor.accessToken, body: tutorProfileBody() });
    expect(profile.status, profile.text).toBe(200);
    file.tutorsCreated.push(tutor.sub);
    const phone = uniquePhone();
    const started = await api('/api/notifications/whatsapp/number', { method: 'POST', token: tutor.accessToken, body: { phone: phone.slice(4) } });
    expect(started.status, started.text).toBe(200);
    const codeMessage = templateIn(await eventually(() => conversationWith(phone), (messages) => templateIn(messages, 'kalan_code') !== undefined), 'kalan_code')!;
    const code = codeMessage.template!.parameters[0]!;
    expect(code).toMatch(/^\d{6}$/);
    const verified = await api('/api/notifications/whatsapp/verify', { method: 'POST', token: tutor.accessToken, body: { code } });
    expect(verified.status, verified.text).toBe(200);
    expect((await api('/api/notifications/whatsapp', { token: tutor.accessToken })).body).toMatchObject({ state: 'verified', phone });

    // A parent books and pays: the lesson is requested when the payment is confirmed.
    const parent = await newUser('parent', { firstName: 'Awa', lastName: 'Traoré' });
    // The tutor's first free slot: a request the tutor must answer (a booking without one goes straight to escrow).
    const free = await api(`/api/tutors/${profile.body.id as string}/slots`, { token: parent.accessToken });
    expect(free.status, free.text).toBe(200);
    const start = free.body.slots[0].start as string;
    const bookable = { id: profile.body.id as string, userId: tutor.sub, hourlyRate: 4000, subject: 'Mathématiques', level: 'Lycée (2nde-Tle)' };
    const { id, url } = await bookOk(parent.accessToken, { duration: 1, slots: [start], scheduledDate: start }, bookable);
    await payOnCheckout(url);
    const paidAt = Date.now();
    expect(await eventually(() => statusOf(id), (status) => status === 'requested', 15_000)).toBe('requested');
    const messages = await eventually(() => conversationWith(phone), (list) => templateIn(list, 'kalan_nouvelle_demande') !== undefined, 30_000);
    const request = templateIn(messages, 'kalan_nouvelle_demande')!;
    expect(request, JSON.stringify(messages)).toBeDefined();
    expect(request.text).toMatch(/^Nouvelle demande de Awa/);
    expect(request.template!.buttons.map((b) => b.payload)).toEqual([`lesson:accept:${id}`, `lesson:decline:${id}`]);
    process.stdout.write(`\n[whatsapp] paiement confirmé → message « Nouvelle demande » sur le double : ${Date.parse(request.receivedAt) - paidAt} ms\n`);

    // The tutor's conversation on the double's page, as on a phone; then on a wide screen.
    const { context, page } = await newPage(file.browser, { width: 390, height: 844 });
    await page.goto(`${doubleUrl()}?to=${phone.slice(1)}`);
    await expect.poll(() => page.getByText(/Nouvelle demande de Awa/).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await overflowsHorizontally(page)).toBe(false);
    expect(await blockingViolations(page)).toEqual([]);
    await shoot(page, 'whatsapp-390');
    await page.setViewportSize({ width: 1280, height: 800 });
    await shoot(page, 'whatsapp-1280');
    await page.setViewportSize({ width: 390, height: 844 });

    // The tap: the double sends Meta's signed button webhook; the app accepts as the tutor would in Kalan.
    await page.getByRole('button', { name: 'Accepter' }).click();
    await page.waitForURL((address) => address.pathname === '/whatsapp');
    expect(await eventually(() => statusOf(id), (status) => status === 'escrow', 15_000)).toBe('escrow');
    const tap = (await conversationWith(phone)).find((m) => m.direction === 'in' && m.type === 'button')!;
    expect(tap).toMatchObject({ payload: `lesson:accept:${id}`, webhookAnswer: 200 });
    // Kalan's answer in the conversation (a free text inside the window the tap opened).
    const answered = await eventually(() => conversationWith(phone), (list) => list.some((m) => m.direction === 'out' && m.type === 'text' && m.text.startsWith('C’est noté')), 15_000);
    expect(answered.filter((m) => m.type === 'text').map((m) => m.text)).toEqual([expect.stringMatching(/^C’est noté : vous avez accepté/)]);
    await page.reload();
    await expect.poll(() => page.getByText(/^C’est noté : vous avez accepté/).isVisible()).toBe(true);
    await shoot(page, 'whatsapp-390-after-tap');
    await context.close();

    // The parent's 'Mes cours': confirmed.
    const parentSession = await newPage(file.browser, { width: 390, height: 844 });
    await parentSession.context.addInitScript((userId) => window.localStorage.setItem(`kalan:onboarding-complete:${userId}`, 'true'), parent.sub);
    await signInThroughUi(parentSession.page, parent.email, parent.password);
    await waitForPath(parentSession.page, '/');
    await parentSession.page.goto(`/cours?lesson=${id}`);
    const card = parentSession.page.locator(`[data-testid="lesson-card"][data-lesson-id="${id}"]`);
    await expect.poll(() => card.getByText('Confirmé', { exact: true }).isVisible(), { timeout: 15_000 }).toBe(true);
    await parentSession.context.close();
  }, 180_000);
});
