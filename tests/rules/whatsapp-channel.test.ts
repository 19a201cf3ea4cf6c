/**
 * The WhatsApp channel (issue 34) on the real table, with the production handlers and notifier in
 * this process; the Cloud API is a tiny HTTP server here (the HTTP boundary only: it records the
 * requests as Meta receives them and answers as Meta does, or as told), the e-mails go through the
 * production SES call into a local mailbox.
 *
 * - a number is proven by a 6-digit code: hashed in the table, 10 minutes, 5 attempts, 3 codes an
 *   hour, and one account per number (the claim in the verification's own transaction);
 * - WhatsApp on in the preferences only with a verified number; removing the channel lets it go;
 * - a notification goes out on WhatsApp once under replays, as its kind's template (the request's
 *   quick replies carry `lesson:accept|decline:<id>`);
 * - a message refused for good sends the e-mail instead, once; the webhook's 'failed' likewise.
 */
import http from 'node:http';
import type net from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import { WHATSAPP_CODE_MAX_ATTEMPTS, WHATSAPP_CODES_PER_HOUR } from '#shared/whatsapp';
import type { PlannedNotification } from '../../functions/src/notifications/changes.js';
import { localDynamoClient } from '../../infra/local/dynamodb.js';
import { createMailboxServer, readMailbox } from '../../infra/local/mailbox.js';
import { config } from './engines.js';
import { call, newPerson, type Person } from './harness.js';

const db = DynamoDBDocumentClient.from(localDynamoClient(config));
const table = config.tableName;
const mailDir = mkdtempSync(path.join(tmpdir(), 'kalan-whatsapp-mail-'));
const mailbox = createMailboxServer(mailDir);

interface GraphRequest {
  path: string;
  authorization?: string;
  body: any;
}
/** What the Graph API received, and what it answers next (a status and Meta's error body). */
const graph = {
  requests: [] as GraphRequest[],
  failNext: [] as Array<{ status: number; code: number }>,
  /** Runs before the next success is answered, with its wamid: Meta's webhook racing the sender. */
  beforeAnswer: undefined as ((wamid: string) => Promise<void>) | undefined,
};
let wamids = 0;
const graphServer = http.createServer((req, res) => {
  let raw = '';
  req.on('data', (chunk) => (raw += chunk));
  req.on('end', () => {
    const body = JSON.parse(raw || '{}');
    graph.requests.push({ path: req.url ?? '', authorization: req.headers.authorization, body });
    const failure = graph.failNext.shift();
    const wamid = `wamid.rules${++wamids}`;
    const before = failure ? undefined : graph.beforeAnswer;
    graph.beforeAnswer = undefined;
    void (before?.(wamid) ?? Promise.resolve()).finally(() => {
      res.writeHead(failure?.status ?? 200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(
          failure
            ? { error: { message: 'Refusé', type: 'OAuthException', code: failure.code, fbtrace_id: 'x' } }
            : { messaging_product: 'whatsapp', contacts: [{ input: body.to, wa_id: body.to }], messages: [{ id: wamid }] },
        ),
      );
    });
  });
});

function listen(server: http.Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)));
}

const PHONE_NUMBER_ID = '109876543210987';
beforeAll(async () => {
  process.env.AWS_ENDPOINT_URL_SESV2 = `http://127.0.0.1:${await listen(mailbox)}`;
  // The stage's WhatsApp, as the stack sets it (the functions read these like the secret).
  Object.assign(process.env, {
    WHATSAPP_GRAPH_URL: `http://127.0.0.1:${await listen(graphServer)}`,
    WHATSAPP_ACCESS_TOKEN: 'EAArules',
    WHATSAPP_APP_SECRET: 'rules-secret',
    WHATSAPP_VERIFY_TOKEN: 'rules-verify',
    WHATSAPP_PHONE_NUMBER_ID: PHONE_NUMBER_ID,
  });
});

afterAll(async () => {
  for (const server of [mailbox, graphServer]) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

beforeEach(() => {
  graph.failNext = [];
  graph.beforeAnswer = undefined;
});

let numbers = 0;
/** A fresh Ivorian mobile number: 07 + 8 digits, as typed ('07 12 34 56 78'), and its E.164. */
function newNumber(): { typed: string; e164: string } {
  const digits = `07${String(Date.now() % 1_000_000).padStart(6, '0')}${String(++numbers % 100).padStart(2, '0')}`;
  return { typed: digits.replace(/(\d{2})(?=\d)/g, '$1 '), e164: `+225${digits}` };
}

/** The code of the last template sent to `e164` (what the person reads on WhatsApp). */
function lastCodeTo(e164: string): string {
  const sent = graph.requests.filter((r) => r.body.to === e164.slice(1) && r.body.template?.name === 'kalan_code');
  expect(sent.length).toBeGreaterThan(0);
  return sent.at(-1)!.body.template.components[0].parameters[0].text;
}

async function channelItem(userId: string) {
  return (await db.send(new GetCommand({ TableName: table, Key: { pk: `USER#${userId}`, sk: 'WHATSAPP' }, ConsistentRead: true }))).Item;
}
async function claimOf(e164: string) {
  return (await db.send(new GetCommand({ TableName: table, Key: { pk: `WAPHONE#${e164}`, sk: 'OWNER' }, ConsistentRead: true }))).Item;
}

async function verified(person: Person): Promise<string> {
  const { typed, e164 } = newNumber();
  expect((await call('startWhatsAppVerification', person, { body: { phone: typed } })).status).toBe(200);
  const done = await call('confirmWhatsAppVerification', person, { body: { code: lastCodeTo(e164) } });
  expect(done).toEqual({ status: 200, body: { state: 'verified', phone: e164 } });
  return e164;
}

describe('proving a number', () => {
  it('sends a 6-digit code as the kalan_code template, keeps only its hash, and verifies the number with it', async () => {
    const parent = await newPerson('parent');
    const { typed, e164 } = newNumber();
    const started = await call('startWhatsAppVerification', parent, { body: { phone: typed } });
    expect(started).toEqual({ status: 200, body: { state: 'pending', phone: e164 } });
    const request = graph.requests.at(-1)!;
    // The Cloud API's own shape: the phone number id in the path, the bearer token, a template in French.
    expect(request.path).toBe(`/v21.0/${PHONE_NUMBER_ID}/messages`);
    expect(request.authorization).toBe('Bearer EAArules');
    expect(request.body).toMatchObject({ messaging_product: 'whatsapp', to: e164.slice(1), type: 'template', template: { name: 'kalan_code', language: { code: 'fr' } } });
    const code = lastCodeTo(e164);
    expect(code).toMatch(/^\d{6}$/);
    const stored = await channelItem(parent.userId);
    expect(stored).toMatchObject({ state: 'pending', phone: e164, code_attempts: 0 });
    expect(JSON.stringify(stored)).not.toContain(code);

    expect(await call('getWhatsAppChannel', parent)).toEqual({ status: 200, body: { state: 'pending', phone: e164 } });
    expect(await call('confirmWhatsAppVerification', parent, { body: { code } })).toEqual({ status: 200, body: { state: 'verified', phone: e164 } });
    expect(await claimOf(e164)).toMatchObject({ user_id: parent.userId });
    // The preference on in the same transaction.
    expect((await call('getNotificationPreferences', parent)).body).toEqual({ email: true, whatsapp: true, available: { email: true, whatsapp: true } });
    // The code proves once.
    const again = await call('confirmWhatsAppVerification', parent, { body: { code } });
    expect(again.status).toBe(400);
    expect(JSON.stringify(again.body)).toContain(messages.whatsapp.invalidCode);
  });

  it('refuses a bad number or a bad code in French, and counts wrong codes up to the fifth', async () => {
    const parent = await newPerson('parent');
    const bad = await call('startWhatsAppVerification', parent, { body: { phone: '12345' } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain(messages.whatsapp.invalidPhone);
    expect((await call('startWhatsAppVerification', parent, { body: { phone: 42 } })).status).toBe(400);
    expect((await call('confirmWhatsAppVerification', parent, { body: { code: 'abcdef' } })).status).toBe(400);

    const { typed, e164 } = newNumber();
    await call('startWhatsAppVerification', parent, { body: { phone: typed } });
    const code = lastCodeTo(e164);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt < WHATSAPP_CODE_MAX_ATTEMPTS; attempt += 1) {
      const refused = await call('confirmWhatsAppVerification', parent, { body: { code: wrong } });
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.body)).toContain(messages.whatsapp.invalidCode);
    }
    const last = await call('confirmWhatsAppVerification', parent, { body: { code: wrong } });
    expect(JSON.stringify(last.body)).toContain(messages.whatsapp.tooManyAttempts);
    // Even the right code now: a new one must be asked for.
    const right = await call('confirmWhatsAppVerification', parent, { body: { code } });
    expect(right.status).toBe(400);
    expect(JSON.stringify(right.body)).toContain(messages.whatsapp.tooManyAttempts);
    expect((await channelItem(parent.userId))?.state).toBe('pending');
    expect(await claimOf(e164)).toBeUndefined();
  });

  it('refuses an expired code', async () => {
    const parent = await newPerson('parent');
    const { typed, e164 } = newNumber();
    await call('startWhatsAppVerification', parent, { body: { phone: typed } });
    await db.send(
      new UpdateCommand({
        TableName: table,
        Key: { pk: `USER#${parent.userId}`, sk: 'WHATSAPP' },
        UpdateExpression: 'SET code_expires_at = :past',
        ExpressionAttributeValues: { ':past': new Date(Date.now() - 1000).toISOString() },
      }),
    );
    const expired = await call('confirmWhatsAppVerification', parent, { body: { code: lastCodeTo(e164) } });
    expect(expired.status).toBe(400);
    expect(JSON.stringify(expired.body)).toContain(messages.whatsapp.codeExpired);
  });

  it('sends at most 3 codes an hour', async () => {
    const tutor = await newPerson('tuteur');
    const { typed } = newNumber();
    for (let n = 0; n < WHATSAPP_CODES_PER_HOUR; n += 1) expect((await call('startWhatsAppVerification', tutor, { body: { phone: typed } })).status).toBe(200);
    const sentBefore = graph.requests.length;
    const refused = await call('startWhatsAppVerification', tutor, { body: { phone: typed } });
    expect(refused.status).toBe(429);
    expect(JSON.stringify(refused.body)).toContain(messages.whatsapp.tooManyCodes);
    expect(graph.requests.length).toBe(sentBefore);
  });

  it('gives a number to one account only, even when both ask at once', async () => {
    const [first, second] = [await newPerson('parent'), await newPerson('tuteur')];
    const { typed, e164 } = newNumber();
    await call('startWhatsAppVerification', first, { body: { phone: typed } });
    const firstCode = lastCodeTo(e164);
    await call('startWhatsAppVerification', second, { body: { phone: typed } });
    const secondCode = lastCodeTo(e164);
    const answers = await Promise.all([
      call('confirmWhatsAppVerification', first, { body: { code: firstCode } }),
      call('confirmWhatsAppVerification', second, { body: { code: secondCode } }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    const loser = answers.find((a) => a.status === 400)!;
    expect(JSON.stringify(loser.body)).toContain(messages.whatsapp.phoneTaken);
    const owner = (await claimOf(e164))!.user_id;
    expect([first.userId, second.userId]).toContain(owner);
    // Once verified, another account cannot even ask for a code for it.
    const third = await newPerson('parent');
    const taken = await call('startWhatsAppVerification', third, { body: { phone: typed } });
    expect(taken.status).toBe(400);
    expect(JSON.stringify(taken.body)).toContain(messages.whatsapp.phoneTaken);
  });

  it('turns WhatsApp on only with a verified number, and removing the channel lets the number go', async () => {
    const parent = await newPerson('parent');
    const refused = await call('saveNotificationPreferences', parent, { body: { email: true, whatsapp: true } });
    expect(refused.status).toBe(409);
    expect(JSON.stringify(refused.body)).toContain(messages.notifications.whatsappNotVerified);
    const e164 = await verified(parent);
    expect((await call('saveNotificationPreferences', parent, { body: { email: false, whatsapp: true } })).body).toMatchObject({ email: false, whatsapp: true });
    expect(await call('removeWhatsAppChannel', parent)).toEqual({ status: 200, body: { state: 'none', phone: null } });
    expect(await channelItem(parent.userId)).toBeUndefined();
    expect(await claimOf(e164)).toBeUndefined();
    expect((await call('getNotificationPreferences', parent)).body).toMatchObject({ whatsapp: false });
  });
});

// --- the notifier ----------------------------------------------------------------------------

const { deliver } = await import('../../functions/src/notifications/deliver.js');
const { fallbackToEmail } = await import('../../functions/src/whatsapp/send.js');
const { settleStatus } = await import('../../functions/src/whatsapp/statuses.js');

function requestOf(tutorName = 'Awa Koné', transactionId = randomUUID()): PlannedNotification {
  const start = new Date(Date.now() + 3 * 24 * 3600_000).toISOString();
  return {
    side: 'tutor',
    ref: `${transactionId}#lesson_requested`,
    details: {
      kind: 'lesson_requested',
      facts: {
        transactionId,
        subject: 'Mathématiques',
        start,
        parentName: 'Koffi Yao',
        tutorName,
        amountTotal: 10_000,
        amountTutor: 9_000,
        amountRefunded: 10_000,
        lesson: true,
        answerDeadline: new Date(Date.now() + 24 * 3600_000).toISOString(),
      },
    },
  };
}

async function notificationItem(userId: string, id: string) {
  return (await db.send(new GetCommand({ TableName: table, Key: { pk: `USER#${userId}`, sk: `NOTIF#${id}` }, ConsistentRead: true }))).Item!;
}
const templatesTo = (e164: string) => graph.requests.filter((r) => r.body.to === e164.slice(1) && r.body.template?.name !== 'kalan_code');

/** A parent with a proven number who chose WhatsApp alone (e-mail off), and a 'Cours confirmé' for them. */
async function parentOnWhatsAppAlone(): Promise<{ parent: Person; planned: PlannedNotification }> {
  const parent = await newPerson('parent');
  await verified(parent);
  await call('saveNotificationPreferences', parent, { body: { email: false, whatsapp: true } });
  const planned: PlannedNotification = { ...requestOf(), side: 'parent' };
  planned.details = { ...planned.details, kind: 'lesson_accepted' } as PlannedNotification['details'];
  planned.ref = planned.ref.replace('lesson_requested', 'lesson_accepted');
  return { parent, planned };
}

describe('notifications on WhatsApp', () => {
  it('sends a notification once under replays, as its template with the Accepter / Refuser payloads', async () => {
    const tutor = await newPerson('tuteur');
    const e164 = await verified(tutor);
    const planned = requestOf();
    const when = new Date().toISOString();
    const first = await deliver(tutor.userId, planned, when);
    const replay = await deliver(tutor.userId, planned, when);
    expect(first).toMatchObject({ created: true, whatsapp: 'sent' });
    expect(replay).toMatchObject({ created: false, whatsapp: 'sent' });
    const sent = templatesTo(e164);
    expect(sent).toHaveLength(1);
    const txId = (planned.details as { facts: { transactionId: string } }).facts.transactionId;
    expect(sent[0]!.body.template.name).toBe('kalan_nouvelle_demande');
    expect(sent[0]!.body.template.components.slice(1)).toEqual([
      { type: 'button', sub_type: 'quick_reply', index: '0', parameters: [{ type: 'payload', payload: `lesson:accept:${txId}` }] },
      { type: 'button', sub_type: 'quick_reply', index: '1', parameters: [{ type: 'payload', payload: `lesson:decline:${txId}` }] },
    ]);
    const item = await notificationItem(tutor.userId, first!.id);
    expect(item).toMatchObject({ whatsapp_state: 'sent', whatsapp_message_id: 'wamid.rules' + wamids });
    const message = (await db.send(new GetCommand({ TableName: table, Key: { pk: `WAMSG#${item.whatsapp_message_id}`, sk: 'MESSAGE' } }))).Item;
    expect(message).toMatchObject({ user_id: tutor.userId, notification_id: first!.id, template: 'kalan_nouvelle_demande', status: 'accepted' });
  });

  it('retries a transient failure (5xx) on the replay, and sends once', async () => {
    const tutor = await newPerson('tuteur');
    const e164 = await verified(tutor);
    const planned = requestOf();
    const when = new Date().toISOString();
    graph.failNext = [{ status: 503, code: 131000 }];
    await expect(deliver(tutor.userId, planned, when)).rejects.toThrow();
    expect((await deliver(tutor.userId, planned, when))?.whatsapp).toBe('sent');
    expect(await deliver(tutor.userId, planned, when)).toMatchObject({ whatsapp: 'sent' });
    // The failed attempt and the one that went: never a third.
    expect(templatesTo(e164)).toHaveLength(2);
  });

  it('sends the e-mail instead, once, when WhatsApp refuses the message for good', async () => {
    const tutor = await newPerson('tuteur');
    await verified(tutor);
    // WhatsApp only: the e-mail is off, so it goes only as the fallback.
    await call('saveNotificationPreferences', tutor, { body: { email: false, whatsapp: true } });
    const planned = requestOf();
    const when = new Date().toISOString();
    graph.failNext = [{ status: 400, code: 131026 }];
    const result = await deliver(tutor.userId, planned, when);
    expect(result).toMatchObject({ whatsapp: 'failed', email: 'off' });
    await deliver(tutor.userId, planned, when);
    const item = await notificationItem(tutor.userId, result!.id);
    expect(item).toMatchObject({ whatsapp_state: 'failed', email_state: 'sent' });
    expect(readMailbox(mailDir, { to: tutor.email }).map((m) => m.subject)).toEqual(['Kalan — Nouvelle demande de cours']);
  });

  it('stops the channel when WhatsApp says the number cannot get our messages (131026: blocked, no WhatsApp), and says why', async () => {
    const tutor = await newPerson('tuteur');
    const e164 = await verified(tutor);
    graph.failNext = [{ status: 400, code: 131026 }];
    expect(await deliver(tutor.userId, requestOf(), new Date().toISOString())).toMatchObject({ whatsapp: 'failed' });
    expect(await channelItem(tutor.userId)).toMatchObject({ state: 'stopped', stopped_reason: 'undeliverable' });
    expect((await call('getWhatsAppChannel', tutor)).body).toEqual({ state: 'stopped', phone: e164, stoppedReason: 'undeliverable' });
    // Nothing more is sent to that number: the next notification goes by e-mail only.
    const before = templatesTo(e164).length;
    expect(await deliver(tutor.userId, requestOf(), new Date().toISOString())).toMatchObject({ whatsapp: 'off', email: 'sent' });
    expect(templatesTo(e164)).toHaveLength(before);
    // Another refusal (a template problem, 132001) leaves a channel on.
    const other = await newPerson('tuteur');
    await verified(other);
    graph.failNext = [{ status: 400, code: 132001 }];
    await deliver(other.userId, requestOf(), new Date().toISOString());
    expect(await channelItem(other.userId)).toMatchObject({ state: 'verified' });
  });

  it("settles a 'failed' status that came before its message's item: the e-mail instead, once, and the channel stopped", async () => {
    const { parent, planned } = await parentOnWhatsAppAlone();
    const failed = (wamid: string) => ({ messageId: wamid, status: 'failed' as const, at: Date.now(), error: { code: 131026, title: 'Message undeliverable' } });
    const early: Array<{ outcome: string }> = [];
    // Meta posts the failure while the send's answer is still on its way: no item to store it on yet.
    graph.beforeAnswer = async (wamid) => {
      early.push(await settleStatus(failed(wamid), (id) => fallbackToEmail(id)));
    };
    const result = await deliver(parent.userId, planned, new Date().toISOString());
    expect(early).toEqual([{ outcome: 'parked', fallbackDue: false }]);
    const item = await notificationItem(parent.userId, result!.id);
    const message = (await db.send(new GetCommand({ TableName: table, Key: { pk: `WAMSG#${item.whatsapp_message_id}`, sk: 'MESSAGE' }, ConsistentRead: true }))).Item;
    expect(message).toMatchObject({ status: 'failed', error_code: 131026, fallback_email_sent: true });
    expect(await notificationItem(parent.userId, result!.id)).toMatchObject({ whatsapp_state: 'failed', email_state: 'sent' });
    expect(await channelItem(parent.userId)).toMatchObject({ state: 'stopped', stopped_reason: 'undeliverable' });
    // Meta repeats it: nothing more (one e-mail).
    expect(await settleStatus(failed(item.whatsapp_message_id), (id) => fallbackToEmail(id))).toMatchObject({ outcome: 'stale' });
    expect(readMailbox(mailDir, { to: parent.email }).map((m) => m.subject)).toEqual(['Kalan — Cours confirmé']);
  });

  it("sends the e-mail once for the webhook's 'failed' status, however often it comes", async () => {
    const { parent, planned } = await parentOnWhatsAppAlone();
    const result = await deliver(parent.userId, planned, new Date().toISOString());
    const item = await notificationItem(parent.userId, result!.id);
    expect(item.whatsapp_state).toBe('sent');
    expect(await fallbackToEmail(item.whatsapp_message_id)).toBe(true);
    expect(await fallbackToEmail(item.whatsapp_message_id)).toBe(false);
    await Promise.all([fallbackToEmail(item.whatsapp_message_id), fallbackToEmail(item.whatsapp_message_id)]);
    expect(readMailbox(mailDir, { to: parent.email }).map((m) => m.subject)).toEqual(['Kalan — Cours confirmé']);
    expect(await notificationItem(parent.userId, result!.id)).toMatchObject({ whatsapp_state: 'failed', email_state: 'sent' });
  });

  it('sends nothing on WhatsApp to a user without a verified number', async () => {
    const tutor = await newPerson('tuteur');
    const before = graph.requests.length;
    expect(await deliver(tutor.userId, requestOf(), new Date().toISOString())).toMatchObject({ whatsapp: 'off' });
    expect(graph.requests.length).toBe(before);
  });
});
