/**
 * The WhatsApp channel (issue 34) on the running stack, through HTTP only, with the local Cloud API
 * double (infra/local/whatsapp-double.ts, on the mailbox's server) as WhatsApp: the code is read
 * where the person reads it (the double's conversation), a paid booking's notification arrives
 * there once, and a message WhatsApp refuses for good arrives by e-mail instead, once.
 * (Codes' expiry, attempts and the per-hour limit on the real table: tests/rules/whatsapp-channel.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import { mailsTo } from '../support/mailbox.js';
import { api, newUser, stack, type TestUser } from '../support/stack.js';
import { bookOk, eventually, payOnCheckout, seededTutor, statusOf } from './payments-helpers.js';

interface DoubleMessage {
  id: string;
  direction: 'out' | 'in';
  template?: { name: string; parameters: string[] };
}

const doubleUrl = () => `http://127.0.0.1:${stack().ports.mailbox}/whatsapp`;
let numbers = 0;
/** A number nobody else in this run uses: '05 ' + 8 digits, as a person types it. */
function newNumber(): { typed: string; e164: string } {
  const digits = `05${String(Date.now() % 1_000_000).padStart(6, '0')}${String(++numbers).padStart(2, '0')}`;
  return { typed: digits.replace(/(\d{2})(?=\d)/g, '$1 '), e164: `+225${digits}` };
}

async function conversationWith(e164: string): Promise<DoubleMessage[]> {
  const response = await fetch(`${doubleUrl()}/messages?to=${encodeURIComponent(e164)}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { messages: DoubleMessage[] }).messages.filter((m) => m.direction === 'out');
}

const templatesTo = async (e164: string, name: string) => (await conversationWith(e164)).filter((m) => m.template?.name === name);

async function lastCode(e164: string): Promise<string> {
  const codes = await eventually(() => templatesTo(e164, 'kalan_code'), (list) => list.length > 0);
  return codes.at(-1)!.template!.parameters[0]!;
}

const call = (user: TestUser, path: string, method = 'GET', body?: object) => api(path, { method, token: user.accessToken, ...(body === undefined ? {} : { body }) });

async function verify(user: TestUser): Promise<string> {
  const { typed, e164 } = newNumber();
  const sent = await call(user, '/api/notifications/whatsapp/number', 'POST', { phone: typed });
  expect(sent.status, sent.text).toBe(200);
  const verified = await call(user, '/api/notifications/whatsapp/verify', 'POST', { code: await lastCode(e164) });
  expect(verified.body).toEqual({ state: 'verified', phone: e164 });
  return e164;
}

async function paidBooking(parent: TestUser) {
  const { id, url } = await bookOk(parent.accessToken, {}, seededTutor(4));
  await payOnCheckout(url);
  expect(await eventually(() => statusOf(id), (status) => status === 'escrow', 30_000)).toBe('escrow');
  return id;
}

describe('the WhatsApp channel on the running stack', () => {
  it('proves a number with the code received on WhatsApp, once, and for one account only', async () => {
    const [parent, other] = await Promise.all([newUser('parent'), newUser('tuteur')]);
    expect((await call(parent, '/api/notifications/preferences')).body).toEqual({ email: true, whatsapp: false, available: { email: true, whatsapp: true } });
    const { typed, e164 } = newNumber();
    expect((await call(parent, '/api/notifications/whatsapp/number', 'POST', { phone: typed })).body).toEqual({ state: 'pending', phone: e164 });
    const code = await lastCode(e164);
    const wrong = await call(parent, '/api/notifications/whatsapp/verify', 'POST', { code: code === '000000' ? '111111' : '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain(messages.whatsapp.invalidCode);
    expect((await call(parent, '/api/notifications/whatsapp/verify', 'POST', { code })).body).toEqual({ state: 'verified', phone: e164 });
    expect((await call(parent, '/api/notifications/whatsapp')).body).toEqual({ state: 'verified', phone: e164 });
    expect((await call(parent, '/api/notifications/preferences')).body).toMatchObject({ whatsapp: true });
    // The same code proves nothing again; the number is not another account's to take.
    expect((await call(parent, '/api/notifications/whatsapp/verify', 'POST', { code })).status).toBe(400);
    const taken = await call(other, '/api/notifications/whatsapp/number', 'POST', { phone: typed });
    expect(taken.status).toBe(400);
    expect(taken.text).toContain(messages.whatsapp.phoneTaken);
    // Off: the number let go (the other account may prove it now), the preference off.
    expect((await call(parent, '/api/notifications/whatsapp', 'DELETE')).body).toEqual({ state: 'none', phone: null });
    expect((await call(parent, '/api/notifications/preferences')).body).toMatchObject({ whatsapp: false });
    expect((await call(other, '/api/notifications/whatsapp/number', 'POST', { phone: typed })).status).toBe(200);
  });

  it("sends a paid booking's 'Paiement reçu' on WhatsApp once", async () => {
    const parent = await newUser('parent');
    const e164 = await verify(parent);
    await paidBooking(parent);
    const sent = await eventually(() => templatesTo(e164, 'kalan_paiement_recu'), (list) => list.length > 0, 30_000);
    expect(sent).toHaveLength(1);
    // The in-app notification is there too, marked sent on WhatsApp once (no second message later).
    const page = await eventually(() => call(parent, '/api/notifications'), (r) => r.body.notifications.length > 0, 30_000);
    expect(page.body.notifications.map((n: { kind: string }) => n.kind)).toEqual(['payment_received']);
    expect(await templatesTo(e164, 'kalan_paiement_recu')).toHaveLength(1);
  });

  it('sends the e-mail instead when WhatsApp refuses the message for good, once', async () => {
    const parent = await newUser('parent');
    const e164 = await verify(parent);
    // WhatsApp alone: the e-mail goes only as the fallback.
    expect((await call(parent, '/api/notifications/preferences', 'PUT', { email: false, whatsapp: true })).status).toBe(200);
    const control = await fetch(`${doubleUrl()}/__control`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ to: e164, failNext: { count: 1, code: 131026, httpStatus: 400 } }),
    });
    expect(control.status).toBe(200);
    await paidBooking(parent);
    const mails = await eventually(
      async () => (await mailsTo(parent.email, stack())).filter((mail) => mail.source !== 'cognito'),
      (list) => list.length > 0,
      30_000,
    );
    expect(mails.map((mail) => mail.subject)).toEqual(['Kalan — Paiement reçu']);
    expect(await templatesTo(e164, 'kalan_paiement_recu')).toHaveLength(0);
  });
});
