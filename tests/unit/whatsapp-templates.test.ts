/**
 * WhatsApp (issue 34): each notification kind as its approved template (the variables in the
 * order of the template's body, as many as it has), the quick-reply payloads of a request and the
 * reminder's link; and the Cloud API client's requests and errors against an HTTP server here
 * (a 5xx or Meta's 'later' codes are retried, a 4xx refusal is final).
 */
import http from 'node:http';
import type net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationContent, type LessonFacts, type NotificationDetails, type Side } from '#shared/notifications';
import { parseButtonPayload, WHATSAPP_TEMPLATE_OF, WHATSAPP_TEMPLATES } from '#shared/whatsapp';
import { sendTemplateMessage, sendTextMessage, templateRequest, WhatsAppRejectedError, WhatsAppUnavailableError } from '../../functions/src/whatsapp/cloud-api.js';
import { templateText, whatsappTemplateOf } from '../../functions/src/whatsapp/templates.js';

const facts: LessonFacts = {
  transactionId: 'tx_123',
  subject: 'Mathématiques',
  start: '2026-12-01T09:00:00.000Z',
  parentName: 'Koffi Yao',
  tutorName: 'Awa Koné',
  amountTotal: 10_000,
  amountTutor: 9_000,
  amountRefunded: 10_000,
  lesson: true,
  answerDeadline: '2026-11-30T18:00:00.000Z',
};

const placeholders = (body: string) => (body.match(/\{\{\d+\}\}/g) ?? []).length;
const of = (details: NotificationDetails, side: Side) => whatsappTemplateOf(details, side, notificationContent(details, side));

describe('notification templates', () => {
  const cases: Array<[NotificationDetails, Side]> = [
    [{ kind: 'lesson_requested', facts }, 'tutor'],
    [{ kind: 'lesson_accepted', facts }, 'parent'],
    [{ kind: 'lesson_declined', facts, automatic: false }, 'parent'],
    [{ kind: 'lesson_reminder', facts, secondsBefore: 3600 }, 'parent'],
    [{ kind: 'payment_received', facts }, 'parent'],
    [{ kind: 'refund_done', facts }, 'parent'],
    [{ kind: 'funds_released', facts }, 'tutor'],
    [{ kind: 'funds_released', facts }, 'parent'],
    [{ kind: 'payout_paid', payout: { payoutId: 'p1', amount: 10_100, net: 10_000, phone: '+2250701020304' } }, 'tutor'],
    [{ kind: 'message_unread', conversationId: 'c1', senderName: 'Koffi' }, 'tutor'],
    [{ kind: 'lesson_cancelled', facts, by: 'parent' }, 'tutor'],
    [{ kind: 'kyc_approved' }, 'tutor'],
  ];
  it.each(cases)('%o gives its template with every variable filled', (details, side) => {
    const template = of(details, side);
    const expected = details.kind === 'funds_released' && side === 'parent' ? 'kalan_notification' : (WHATSAPP_TEMPLATE_OF[details.kind] ?? 'kalan_notification');
    expect(template.name).toBe(expected);
    expect(template.body).toHaveLength(placeholders(WHATSAPP_TEMPLATES[template.name].body));
    for (const value of template.body) expect(value).toBe(templateText(value));
    expect(template.buttons ?? []).toHaveLength(WHATSAPP_TEMPLATES[template.name].buttons.length);
  });

  it("gives the tutor's request its Accepter / Refuser payloads and the French dates", () => {
    const template = of({ kind: 'lesson_requested', facts }, 'tutor');
    expect(template.body).toEqual(['Koffi Yao', 'mathématiques', 'mardi 1er décembre, 09:00', 'lundi 30 novembre, 18:00']);
    expect(template.buttons!.map((b) => (b.type === 'quick_reply' ? parseButtonPayload(b.payload) : null))).toEqual([
      { action: 'accept', transactionId: 'tx_123' },
      { action: 'decline', transactionId: 'tx_123' },
    ]);
  });

  it("gives the reminder a 'Voir le cours' link to the lesson", () => {
    const template = of({ kind: 'lesson_reminder', facts, secondsBefore: 86_400 }, 'parent');
    expect(template.body).toEqual(['mathématiques', 'Awa Koné', 'dans 24 heures']);
    expect(template.buttons).toEqual([{ type: 'url', text: 'cours?lesson=tx_123' }]);
    expect(WHATSAPP_TEMPLATES.kalan_rappel_cours.buttons[0].text).toBe('Voir le cours');
  });

  it('flattens a variable as the Cloud API requires (no new lines, no runs of spaces, never empty)', () => {
    expect(templateText('Ligne 1\n\tLigne     2 ')).toBe('Ligne 1 Ligne 2');
    expect(templateText('  ')).toBe('—');
  });

  it('writes the Cloud API body of a template: buttons by index, the number in digits', () => {
    expect(templateRequest('+2250701020304', { name: 'kalan_nouvelle_demande', body: ['a'], buttons: [{ type: 'quick_reply', payload: 'lesson:accept:x' }, { type: 'url', text: 'cours' }] })).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '2250701020304',
      type: 'template',
      template: {
        name: 'kalan_nouvelle_demande',
        language: { code: 'fr' },
        components: [
          { type: 'body', parameters: [{ type: 'text', text: 'a' }] },
          { type: 'button', sub_type: 'quick_reply', index: '0', parameters: [{ type: 'payload', payload: 'lesson:accept:x' }] },
          { type: 'button', sub_type: 'url', index: '1', parameters: [{ type: 'text', text: 'cours' }] },
        ],
      },
    });
  });
});

describe('the Cloud API client', () => {
  const answers: Array<{ status: number; body: unknown }> = [];
  const seen: Array<{ url?: string; auth?: string; body: any }> = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      seen.push({ url: req.url, auth: req.headers.authorization, body: JSON.parse(raw) });
      const answer = answers.shift() ?? { status: 200, body: { messaging_product: 'whatsapp', contacts: [], messages: [{ id: 'wamid.unit' }] } };
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    });
  });
  beforeAll(async () => {
    const port = await new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)));
    Object.assign(process.env, { WHATSAPP_GRAPH_URL: `http://127.0.0.1:${port}`, WHATSAPP_ACCESS_TOKEN: 'EAAunit', WHATSAPP_PHONE_NUMBER_ID: '123' });
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('posts to /{version}/{phone number id}/messages with the bearer token, and returns the wamid', async () => {
    expect(await sendTextMessage('+2250701020304', 'Bonjour')).toBe('wamid.unit');
    expect(seen.at(-1)).toEqual({
      url: '/v21.0/123/messages',
      auth: 'Bearer EAAunit',
      body: { messaging_product: 'whatsapp', recipient_type: 'individual', to: '2250701020304', type: 'text', text: { preview_url: false, body: 'Bonjour' } },
    });
  });

  it('tells a failure to retry (5xx, 429, a rate-limit code) from a refusal for good (4xx)', async () => {
    const template = { name: 'kalan_code' as const, body: ['123456'] };
    answers.push({ status: 503, body: {} });
    await expect(sendTemplateMessage('+2250701020304', template)).rejects.toBeInstanceOf(WhatsAppUnavailableError);
    answers.push({ status: 429, body: { error: { code: 130429 } } });
    await expect(sendTemplateMessage('+2250701020304', template)).rejects.toBeInstanceOf(WhatsAppUnavailableError);
    answers.push({ status: 400, body: { error: { code: 131056, message: 'Pair rate limit' } } });
    await expect(sendTemplateMessage('+2250701020304', template)).rejects.toBeInstanceOf(WhatsAppUnavailableError);
    answers.push({ status: 400, body: { error: { code: 132001, message: 'Template name does not exist' } } });
    const refused = await sendTemplateMessage('+2250701020304', template).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(WhatsAppRejectedError);
    expect(refused).toMatchObject({ status: 400, code: 132001 });
  });
});
