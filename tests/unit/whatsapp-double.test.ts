/**
 * The local WhatsApp Cloud API double (infra/local/whatsapp-double.ts) as Kalan's functions and a
 * person see it, over HTTP on the mailbox's server: Graph's request and error shapes, the signed
 * webhooks (statuses sent → delivered → read; a tap; a text), and the controls tests use
 * (fail, duplicate, reorder, undeliverable). A small server plays the app's webhook endpoint and
 * checks every signature itself.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buttonPayload, WHATSAPP_GRAPH_VERSION } from '#shared/whatsapp';
import { createMailboxServer } from '../../infra/local/mailbox.js';
import { openJournal } from '../../infra/local/journal.js';
import { createWhatsAppDouble, type WhatsAppCredentials, type WhatsAppDouble } from '../../infra/local/whatsapp-double.js';
import { freePort } from '../support/free-port.js';

const credentials: WhatsAppCredentials = { accessToken: 'EAAtest-token', appSecret: 'app-secret-for-tests', verifyToken: 'verify', phoneNumberId: '109876543210987' };
const TUTOR = '+2250707123456';

interface Received {
  body: any;
  signed: boolean;
}
let received: Received[] = [];
/** What the app answers the next webhooks (a 500 makes the double try again). */
let answers: number[] = [];
let app: http.Server;
let mailbox: http.Server;
let base: string;
let double: WhatsAppDouble;

function verify(raw: string, header: string | undefined): boolean {
  const expected = Buffer.from(`sha256=${createHmac('sha256', credentials.appSecret).update(raw).digest('hex')}`);
  const given = Buffer.from(header ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

beforeAll(async () => {
  const appPort = await freePort();
  app = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => {
      received.push({ body: JSON.parse(raw), signed: verify(raw, req.headers['x-hub-signature-256'] as string | undefined) });
      res.writeHead(answers.shift() ?? 200).end();
    });
  });
  await new Promise<void>((resolve) => app.listen(appPort, '127.0.0.1', resolve));
  double = createWhatsAppDouble({ credentials, webhookUrl: `http://127.0.0.1:${appPort}/api/webhooks/whatsapp`, siteUrl: 'http://localhost:3000', print: () => undefined });
  const mailboxPort = await freePort();
  mailbox = createMailboxServer('/tmp/kalan-whatsapp-double-unit-mailbox', (req, res, url) => double.handle(req, res, url));
  await new Promise<void>((resolve) => mailbox.listen(mailboxPort, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${mailboxPort}/whatsapp`;
});

afterEach(async () => {
  await double.idle();
  await control({ reset: true });
  received = [];
  answers = [];
});

afterAll(async () => {
  double.stop();
  await new Promise((resolve) => mailbox.close(resolve));
  await new Promise((resolve) => app.close(resolve));
});

const nouvelleDemande = (to = TUTOR) => ({
  messaging_product: 'whatsapp',
  to,
  type: 'template',
  template: {
    name: 'kalan_nouvelle_demande',
    language: { code: 'fr' },
    components: [
      { type: 'body', parameters: ['Awa K.', 'Maths, 3e', 'samedi 5 décembre à 10:00', 'vendredi 4 décembre à 10:00'].map((text) => ({ type: 'text', text })) },
      { type: 'button', sub_type: 'quick_reply', index: '0', parameters: [{ type: 'payload', payload: buttonPayload({ action: 'accept', transactionId: 'tx-1' }) }] },
      { type: 'button', sub_type: 'quick_reply', index: '1', parameters: [{ type: 'payload', payload: buttonPayload({ action: 'decline', transactionId: 'tx-1' }) }] },
    ],
  },
});

async function sendMessage(body: unknown, token = credentials.accessToken, phoneNumberId = credentials.phoneNumberId) {
  const response = await fetch(`${base}/${WHATSAPP_GRAPH_VERSION}/${phoneNumberId}/messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as any };
}

async function control(body: Record<string, unknown>) {
  const response = await fetch(`${base}/__control`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(response.status).toBe(200);
  return response.json();
}

/** The statuses the app received for a message, in the order received. */
const statusesOf = (wamid: string) =>
  received.flatMap((r) => r.body.entry[0].changes[0].value.statuses ?? []).filter((s: any) => s.id === wamid).map((s: any) => s.status as string);

describe('the WhatsApp double: sending as the Cloud API', () => {
  it('accepts a template with the real shapes, then posts signed statuses sent → delivered → read', async () => {
    const { status, body } = await sendMessage(nouvelleDemande());
    expect(status).toBe(200);
    expect(body).toEqual({ messaging_product: 'whatsapp', contacts: [{ input: TUTOR, wa_id: '2250707123456' }], messages: [{ id: expect.stringMatching(/^wamid\./) }] });
    await double.idle();
    const wamid = body.messages[0].id as string;
    expect(statusesOf(wamid)).toEqual(['sent', 'delivered', 'read']);
    expect(received.every((r) => r.signed)).toBe(true);
    const value = received[0]!.body.entry[0].changes[0];
    expect(received[0]!.body.object).toBe('whatsapp_business_account');
    expect(value.field).toBe('messages');
    expect(value.value.metadata.phone_number_id).toBe(credentials.phoneNumberId);
    expect(value.value.statuses[0]).toMatchObject({ id: wamid, status: 'sent', recipient_id: '2250707123456', timestamp: expect.stringMatching(/^\d+$/) });

    // The JSON for tests: the rendered body, any form of the number.
    const listed = (await (await fetch(`${base}/messages?to=${encodeURIComponent('225 07 07 12 34 56')}`)).json()) as any;
    expect(listed.messages[0]).toMatchObject({ id: wamid, status: 'read', text: 'Nouvelle demande de Awa K. : Maths, 3e, le samedi 5 décembre à 10:00. Répondez avant le vendredi 4 décembre à 10:00.' });
    expect(listed.messages[0].template.buttons.map((b: any) => b.payload)).toEqual(['lesson:accept:tx-1', 'lesson:decline:tx-1']);
  });

  it('refuses what Graph refuses, with its error shapes', async () => {
    const wrongToken = await sendMessage(nouvelleDemande(), 'EAAwrong');
    expect(wrongToken.status).toBe(401);
    expect(wrongToken.body.error).toMatchObject({ type: 'OAuthException', code: 190 });
    expect((await sendMessage(nouvelleDemande(), credentials.accessToken, '123')).body.error.code).toBe(100);
    const unknown = await sendMessage({ ...nouvelleDemande(), template: { name: 'kalan_inconnu', language: { code: 'fr' } } });
    expect(unknown.body.error).toMatchObject({ code: 132001, type: 'OAuthException' });
    const english = await sendMessage({ ...nouvelleDemande(), template: { ...nouvelleDemande().template, language: { code: 'en' } } });
    expect(english.body.error.code).toBe(132001);
    const missing = nouvelleDemande();
    missing.template.components[0]!.parameters!.pop();
    expect((await sendMessage(missing)).body.error.code).toBe(132000);
    expect((await sendMessage({ messaging_product: 'whatsapp', to: TUTOR, type: 'text', text: {} })).body.error.code).toBe(100);
    expect((await sendMessage({ to: TUTOR, type: 'text', text: { body: 'Bonjour' } })).status).toBe(400);
    await double.idle();
    expect(double.messages(TUTOR)).toHaveLength(1);
    expect(received).toEqual([]);
  });
});

describe('the WhatsApp double: controls', () => {
  it('fails the next sends with the Graph error asked, then accepts again', async () => {
    await control({ to: TUTOR, failNext: { count: 2, code: 131048, httpStatus: 400 } });
    for (let i = 0; i < 2; i++) {
      const failed = await sendMessage(nouvelleDemande());
      expect(failed.status).toBe(400);
      expect(failed.body.error.code).toBe(131048);
    }
    // Another number is not concerned.
    expect((await sendMessage(nouvelleDemande('+2250101010101'))).status).toBe(200);
    expect((await sendMessage(nouvelleDemande())).status).toBe(200);
  });

  it('duplicates and reorders statuses, and fails a delivery with 131026', async () => {
    await control({ duplicateStatuses: true, reorderStatuses: true });
    const first = (await sendMessage(nouvelleDemande())).body.messages[0].id;
    await double.idle();
    expect(statusesOf(first)).toEqual(['read', 'read', 'delivered', 'delivered', 'sent', 'sent']);

    await control({ reset: true });
    await control({ to: TUTOR, undeliverable: true });
    const second = (await sendMessage(nouvelleDemande())).body.messages[0].id;
    await double.idle();
    expect(statusesOf(second)).toEqual(['sent', 'failed']);
    const failed = received.flatMap((r) => r.body.entry[0].changes[0].value.statuses).find((s: any) => s.id === second && s.status === 'failed');
    expect(failed.errors[0]).toMatchObject({ code: 131026, title: 'Message undeliverable' });
    expect(double.messages(TUTOR).at(-1)!.status).toBe('failed');
  });

  it('sends a webhook the app did not answer 200 again', async () => {
    answers = [500];
    const wamid = (await sendMessage(nouvelleDemande())).body.messages[0].id;
    await double.idle();
    expect(statusesOf(wamid)).toEqual(['sent', 'sent', 'delivered', 'read']);
  });

  it('refuses a control that is not JSON (another site cannot set it)', async () => {
    const response = await fetch(`${base}/__control`, { method: 'POST', body: 'failNext=1' });
    expect(response.status).toBe(415);
  });
});

describe('the WhatsApp double: the person answers', () => {
  it('a tap on a quick-reply button of the page posts the signed button webhook', async () => {
    const wamid = (await sendMessage(nouvelleDemande())).body.messages[0].id as string;
    await double.idle();
    received = [];
    const html = await (await fetch(`${base}?to=${encodeURIComponent(TUTOR)}`)).text();
    expect(html).toContain('<button class="action" type="submit">Accepter</button>');
    const token = /name="token" value="([0-9a-f]+)"/.exec(html)![1]!;

    // Without the page's token (another site's form) nothing is sent.
    const forged = await fetch(`${base}/__reply`, { method: 'POST', body: new URLSearchParams({ to: TUTOR, message: wamid, button: '0' }), redirect: 'manual' });
    expect(forged.status).toBe(403);
    expect(received).toEqual([]);

    const tap = await fetch(`${base}/__reply`, { method: 'POST', body: new URLSearchParams({ token, to: '2250707123456', message: wamid, button: '0' }), redirect: 'manual' });
    expect(tap.status).toBe(303);
    expect(received).toHaveLength(1);
    expect(received[0]!.signed).toBe(true);
    const value = received[0]!.body.entry[0].changes[0].value;
    expect(value.contacts[0].wa_id).toBe('2250707123456');
    expect(value.messages[0]).toMatchObject({ from: '2250707123456', type: 'button', button: { payload: 'lesson:accept:tx-1', text: 'Accepter' }, context: { id: wamid } });
  });

  it('a text is a text webhook, and opens the 24-hour window for free texts', async () => {
    const PARENT = '+2250505050505';
    // Outside the window a business text fails as Meta fails it.
    const early = (await sendMessage({ messaging_product: 'whatsapp', to: PARENT, type: 'text', text: { body: 'Bonjour' } })).body.messages[0].id;
    await double.idle();
    expect(statusesOf(early)).toEqual(['failed']);

    const response = await fetch(`${base}/__reply`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ to: PARENT, text: 'STOP' }) });
    expect(response.status).toBe(200);
    const sent = received.flatMap((r) => r.body.entry[0].changes[0].value.messages ?? []);
    expect(sent).toEqual([expect.objectContaining({ from: '2250505050505', type: 'text', text: { body: 'STOP' } })]);

    const reply = (await sendMessage({ messaging_product: 'whatsapp', to: PARENT, type: 'text', text: { body: 'C’est noté' } })).body.messages[0].id;
    await double.idle();
    expect(statusesOf(reply)).toEqual(['sent', 'delivered', 'read']);
  });

  it('shows parameters as text on its page, never as HTML', async () => {
    const hostile = nouvelleDemande();
    hostile.template.components[0]!.parameters![0] = { type: 'text', text: '<img src=x onerror=alert(1)>' };
    expect((await sendMessage(hostile)).status).toBe(200);
    const html = await (await fetch(base)).text();
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x');
    expect(html).toContain('<html lang="fr">');
  });
});

describe('the WhatsApp double: a restart of the stack', () => {
  it('shows the conversations again from its journal, statuses and taps included', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'kalan-whatsapp-double-'));
    try {
      const file = path.join(dir, 'whatsapp-double.jsonl');
      const webhookUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}/api/webhooks/whatsapp`;
      const first = createWhatsAppDouble({ credentials, webhookUrl, print: () => undefined, journal: openJournal(file, (m) => m.id) });
      const port = await freePort();
      const server = createMailboxServer(dir, first.handle);
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
      const response = await fetch(`http://127.0.0.1:${port}/whatsapp/${WHATSAPP_GRAPH_VERSION}/${credentials.phoneNumberId}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${credentials.accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify(nouvelleDemande()),
      });
      expect(response.status).toBe(200);
      await first.idle();
      first.stop();
      await new Promise((resolve) => server.close(resolve));
      const before = first.messages(TUTOR);

      const second = createWhatsAppDouble({ credentials, webhookUrl, print: () => undefined, journal: openJournal(file, (m) => m.id) });
      expect(second.messages(TUTOR)).toEqual(before);
      expect(second.messages(TUTOR)[0]!.template!.buttons[0]!.payload).toBe('lesson:accept:tx-1');
      second.stop();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
