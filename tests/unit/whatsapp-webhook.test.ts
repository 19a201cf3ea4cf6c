/**
 * The WhatsApp webhook's pure parts (issue 34): the signature over the raw body, the STOP words as
 * people write them, and the reading of Meta's body (bounded, one bad update never refuses the others).
 */
import { describe, expect, it } from 'vitest';
import { isStopWord } from '../../functions/src/whatsapp/conversation.js';
import { whatsappSignatureMatches } from '../../functions/src/whatsapp/webhook.js';
import { parseWhatsAppWebhook } from '../../functions/src/whatsapp/webhook-payload.js';
import { buttonBody, statusBody, whatsappSignature } from '../support/whatsapp-webhook.js';

describe('X-Hub-Signature-256', () => {
  const body = statusBody([{ id: 'wamid.ABC', status: 'read', recipient: '2250700000001' }]);
  const raw = Buffer.from(body);

  it('matches the HMAC-SHA256 of the raw body with the app secret, hex in either case', () => {
    expect(whatsappSignatureMatches(raw, whatsappSignature(body, 'secret'), 'secret')).toBe(true);
    expect(whatsappSignatureMatches(raw, whatsappSignature(body, 'secret').toUpperCase().replace('SHA256=', 'sha256='), 'secret')).toBe(true);
  });

  it('refuses another secret, another body, a missing prefix, a truncated digest, nothing, and any signature when no secret is set', () => {
    const good = whatsappSignature(body, 'secret');
    expect(whatsappSignatureMatches(raw, whatsappSignature(body, 'other'), 'secret')).toBe(false);
    expect(whatsappSignatureMatches(Buffer.from(`${body} `), good, 'secret')).toBe(false);
    expect(whatsappSignatureMatches(raw, good.replace('sha256=', ''), 'secret')).toBe(false);
    expect(whatsappSignatureMatches(raw, good.slice(0, -2), 'secret')).toBe(false);
    expect(whatsappSignatureMatches(raw, undefined, 'secret')).toBe(false);
    expect(whatsappSignatureMatches(raw, whatsappSignature(body, ''), '')).toBe(false);
  });
});

describe('STOP words', () => {
  it.each(['STOP', 'stop', ' Stop ! ', 'Arrêt', 'ARRÊTER', 'désabonner', 'Unsubscribe.'])('%s turns the channel off', (text) => expect(isStopWord(text)).toBe(true));
  it.each(['Bonjour', 'stop please', 'arrêtez de m’écrire', 'STOPPER', ''])('%s does not', (text) => expect(isStopWord(text)).toBe(false));
});

describe("Meta's body", () => {
  it('reads the statuses and the buttons, and skips the updates it cannot read without refusing the others', () => {
    const body = JSON.parse(statusBody([{ id: 'wamid.A', status: 'delivered', recipient: '2250700000001', timestamp: 1700000000, error: { code: 1, title: 't' } }]));
    body.entry[0].changes[0].value.statuses.push({ id: 'wamid.B', status: 'deleted' }, { id: 'x'.repeat(500), status: 'read' });
    body.entry.push(...JSON.parse(buttonBody('2250707123456', 'lesson:accept:abc')).entry);
    const parsed = parseWhatsAppWebhook(Buffer.from(JSON.stringify(body)));
    expect(parsed).toEqual({
      ok: true,
      updates: {
        statuses: [{ messageId: 'wamid.A', status: 'delivered', at: 1_700_000_000_000, error: { code: 1, title: 't' } }],
        messages: [{ id: expect.stringMatching(/^wamid\./), from: '2250707123456', type: 'button', buttonPayload: 'lesson:accept:abc' }],
        skipped: 2,
      },
    });
  });

  it('refuses what is not a WhatsApp webhook', () => {
    expect(parseWhatsAppWebhook(Buffer.from('{'))).toEqual({ ok: false, error: 'invalid_json' });
    for (const body of ['null', '[]', '{}', '{"object":"page","entry":[]}', '{"object":"whatsapp_business_account","entry":{}}']) {
      expect(parseWhatsAppWebhook(Buffer.from(body)), body).toEqual({ ok: false, error: 'invalid_event' });
    }
    expect(parseWhatsAppWebhook(Buffer.alloc(1024 * 1024 + 1, 0x20))).toEqual({ ok: false, error: 'invalid_event' });
  });
});
