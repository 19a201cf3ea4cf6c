/**
 * The WhatsApp double inside the running local stack (issue 34): served on the mailbox's port under
 * /whatsapp, with credentials generated per data directory that the app's functions read too — so
 * the app accepts the double's signed webhooks and answers its verify handshake, and the double
 * accepts the functions' token. A wiring error (another secret on either side) shows here as a 401.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { WHATSAPP_GRAPH_VERSION } from '#shared/whatsapp';
import type { LocalWhatsAppCredentials } from '../../infra/local/whatsapp-credentials.js';
import { doubleCredentials, type DoubleMessage } from '../../infra/local/whatsapp-double.js';
import { stack } from '../support/stack.js';
import { eventually } from './payments-helpers.js';

const doubleUrl = () => `http://127.0.0.1:${stack().ports.mailbox}/whatsapp`;
const credentials = () => doubleCredentials(JSON.parse(readFileSync(path.join(stack().dataDir, 'whatsapp-credentials.json'), 'utf8')) as LocalWhatsAppCredentials);
const someone = () => `+22501${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

async function conversationWith(phone: string): Promise<DoubleMessage[]> {
  return ((await (await fetch(`${doubleUrl()}/messages?to=${encodeURIComponent(phone)}`)).json()) as { messages: DoubleMessage[] }).messages;
}

describe('the WhatsApp double in the local stack', () => {
  it('serves its page on the mailbox’s port and keeps the mailbox as it was', async () => {
    const page = await fetch(doubleUrl());
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<h1>WhatsApp local</h1>');
    expect((await fetch(`http://127.0.0.1:${stack().ports.mailbox}/messages`)).status).toBe(200);
  });

  it('shares its verify token with the app: the handshake Meta makes once is answered', async () => {
    const challenge = String(Math.floor(Math.random() * 1e9));
    const query = new URLSearchParams({ 'hub.mode': 'subscribe', 'hub.verify_token': credentials().verifyToken, 'hub.challenge': challenge });
    const response = await fetch(`${stack().apiUrl}/api/webhooks/whatsapp?${query}`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(challenge);
  });

  it('signs with the app’s secret: the app answers 200 to a person’s text and to the statuses of a send', async () => {
    const phone = someone();
    const reply = await fetch(`${doubleUrl()}/__reply`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ to: phone, text: 'Bonjour' }) });
    expect(reply.status).toBe(200);
    expect(((await reply.json()) as { message: DoubleMessage }).message.webhookAnswer).toBe(200);

    // The functions' token is the double's: a send as the functions make it is taken.
    const { accessToken, phoneNumberId } = credentials();
    const sent = await fetch(`${doubleUrl()}/${WHATSAPP_GRAPH_VERSION}/${phoneNumberId}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ messaging_product: 'whatsapp', to: phone, type: 'template', template: { name: 'kalan_code', language: { code: 'fr' }, components: [{ type: 'body', parameters: [{ type: 'text', text: '123456' }] }] } }),
    });
    expect(sent.status).toBe(200);
    const wamid = ((await sent.json()) as { messages: Array<{ id: string }> }).messages[0]!.id;
    const message = (await eventually(() => conversationWith(phone), (list) => list.find((m) => m.id === wamid)?.statuses.length === 3))
      .find((m) => m.id === wamid)!;
    expect(message.statuses.map((s) => [s.status, s.answer])).toEqual([['sent', 200], ['delivered', 200], ['read', 200]]);
  });
});
