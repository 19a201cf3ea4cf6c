/**
 * Answering a lesson request from WhatsApp (issue 34) on the real engines — DynamoDB Local, the
 * Paystack sandbox, the local Step Functions runner; the webhook handler in this process, called
 * signed as Meta calls it. A button's payload names a lesson and carries no authority: only the
 * verified number of the lesson's tutor acts, through the app's own lesson action (the same
 * lifecycle and deadline). 'Accepter' after the deadline or after a decline changes nothing;
 * 'Accepter' in time accepts exactly once however often Meta delivers it. The replies are what the
 * webhook asks W1's sender (send.ts) to send, spied here.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '#shared/messages';
import { routes } from '#shared/routes';
import { buttonPayload } from '#shared/whatsapp';
import { invoke } from '../../infra/local/lambda-runtime.js';
import { lessonStatsOf } from '../../functions/src/tutors/lesson-stats.js';
import { WhatsAppChannelEntity, WhatsAppMessageEntity, WhatsAppPhoneEntity } from '../../functions/src/whatsapp/entities.js';
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { buttonBody, freshWhatsAppNumber, statusBody, textBody, whatsappSignature } from '../support/whatsapp-webhook.js';
import { bookAndPay, call, EVERY_DAY, ledgerOf, newPerson, newTutor, setOnTransaction, transaction, untilStatus, untilWaiting, type Person } from './harness.js';

const sent = vi.hoisted(() => ({ texts: [] as Array<{ phone: string; text: string }>, fallbacks: [] as string[] }));
vi.mock('../../functions/src/whatsapp/send.js', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../functions/src/whatsapp/send.js')>()),
  sendText: async (phone: string, text: string) => {
    sent.texts.push({ phone, text });
    return `wamid.reply-${sent.texts.length}`;
  },
  fallbackToEmail: async (messageId: string) => {
    sent.fallbacks.push(messageId);
    return true;
  },
}));

const appSecret = `rules_${randomBytes(16).toString('hex')}`;
Object.assign(process.env, { WHATSAPP_APP_SECRET: appSecret, WHATSAPP_VERIFY_TOKEN: 'rules-verify', WHATSAPP_ACCESS_TOKEN: 'rules-token', WHATSAPP_PHONE_NUMBER_ID: '106540352242922' });

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

beforeEach(() => {
  sent.texts.length = 0;
  sent.fallbacks.length = 0;
});

/** Posts a body to the webhook as API Gateway passes Meta's call on, signed with the app secret. */
async function deliver(body: string): Promise<number> {
  const event = {
    version: '2.0',
    routeKey: `POST ${routes.whatsappWebhook.path}`,
    rawPath: routes.whatsappWebhook.path,
    rawQueryString: '',
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': whatsappSignature(body, appSecret) },
    body,
    isBase64Encoded: false,
    requestContext: { http: { method: 'POST', path: routes.whatsappWebhook.path }, requestId: randomUUID() },
  };
  const result = (await invoke(routes.whatsappWebhook.handler, event)) as APIGatewayProxyStructuredResultV2;
  return result.statusCode ?? 200;
}

/** A WhatsApp number verified for `person` (its channel and its claim, as the verification writes them). */
async function verifiedNumber(person: Person, state: 'verified' | 'stopped' = 'verified'): Promise<string> {
  const { phone, digits } = freshWhatsAppNumber();
  const now = new Date().toISOString();
  // A stopped channel keeps its number's claim (STOP turns the channel off, it does not free the number).
  await WhatsAppChannelEntity.build(PutItemCommand).item({ user_id: person.userId, phone, state, updated_at: now, verified_at: now, ...(state === 'stopped' ? { stopped_at: now } : {}) }).send();
  await WhatsAppPhoneEntity.build(PutItemCommand).item({ phone, user_id: person.userId, verified_at: now }).send();
  return digits;
}

/** A paid lesson waiting for its tutor, who has a verified WhatsApp number. */
async function requestedLesson() {
  const [parent, tutor] = await Promise.all([newPerson('parent'), newTutor(5000, EVERY_DAY)]);
  const day = new Date(Date.now() + 3 * DAY).toISOString().slice(0, 10);
  const slots = [`${day}T10:00:00.000Z`, `${day}T11:00:00.000Z`];
  const { id } = await bookAndPay(parent, tutor, { duration: 2, slots, scheduledDate: slots[0] });
  await untilWaiting(id, 'requested');
  return { parent, tutor, id, tutorDigits: await verifiedNumber(tutor) };
}

const accept = (id: string) => buttonPayload({ action: 'accept', transactionId: id });

describe("'Accepter' from WhatsApp", () => {
  it('accepts in time exactly once when Meta delivers the same tap six times at once', async () => {
    const { tutor, id, tutorDigits } = await requestedLesson();
    const body = buttonBody(tutorDigits, accept(id));
    const statuses = await Promise.all(Array.from({ length: 6 }, () => deliver(body)));
    expect(statuses).toEqual(Array(6).fill(200));

    const tx = await transaction(id);
    expect(tx.status).toBe('escrow');
    expect(tx.accepted_at).toEqual(expect.any(String));
    expect(await lessonStatsOf(tutor.tutorId)).toMatchObject({ accepted: 1 });
    // Still the payment alone in the ledger: accepting moves no money.
    expect((await ledgerOf(id)).map((line) => line.movement)).toEqual(['payment', 'payment']);
    // One answer, 'C'est noté', to the tutor's number: the same message delivered again is not answered again.
    expect(sent.texts).toHaveLength(1);
    expect(sent.texts[0]!.text).toMatch(/^C’est noté : vous avez accepté le cours de Mathématiques du /);
    expect(sent.texts[0]!.phone).toBe(`+${tutorDigits}`);
    // A second tap (another message) is told politely that nothing waits any more.
    expect(await deliver(buttonBody(tutorDigits, accept(id)))).toBe(200);
    expect(sent.texts.map((reply) => reply.text)).toEqual([sent.texts[0]!.text, messages.whatsapp.replyStale]);
    // Seen by the parent as in the app.
    expect((await call('listMyLessons', await newPersonView(tx.parent_id))).body.upcoming.find((l: { id: string }) => l.id === id)).toMatchObject({
      status_label: 'Confirmé',
    });
  });

  it('changes nothing after the answer deadline (24 h after the payment) and says so politely', async () => {
    const { id, tutorDigits } = await requestedLesson();
    await setOnTransaction(id, { paid_at: new Date(Date.now() - DAY - HOUR).toISOString() });
    const before = await transaction(id);
    expect(await deliver(buttonBody(tutorDigits, accept(id)))).toBe(200);
    expect(await transaction(id)).toEqual(before);
    expect(sent.texts).toEqual([{ phone: `+${tutorDigits}`, text: messages.whatsapp.replyStale }]);
  });

  it('changes nothing after the tutor declined in the app', async () => {
    const { tutor, id, tutorDigits } = await requestedLesson();
    const declined = await call('lessonAction', tutor, { params: { id }, body: { action: 'decline' } });
    expect(declined.status, JSON.stringify(declined.body)).toBe(200);
    // The refund runs on the workflow: snapshot once it is done and nothing else moves the lesson.
    const before = await untilStatus(id, 'refunded');
    expect(await deliver(buttonBody(tutorDigits, accept(id)))).toBe(200);
    expect(await transaction(id)).toEqual(before);
    expect(await lessonStatsOf(tutor.tutorId)).toMatchObject({ accepted: 0 });
    expect(sent.texts.map((reply) => reply.text)).toEqual([messages.whatsapp.replyStale]);
  });

  it("acts for nobody but the lesson's tutor on a verified number: another tutor, the parent, a stopped channel change nothing", async () => {
    const { parent, tutor, id } = await requestedLesson();
    const [otherTutor] = await Promise.all([newTutor()]);
    const otherDigits = await verifiedNumber(otherTutor);
    const parentDigits = await verifiedNumber(parent);
    // The lesson's own tutor, whose channel was stopped (STOP): the number speaks for nobody any more.
    const stoppedDigits = await verifiedNumber(tutor, 'stopped');
    const before = await transaction(id);
    for (const digits of [otherDigits, parentDigits, stoppedDigits]) expect(await deliver(buttonBody(digits, accept(id)))).toBe(200);
    expect(await transaction(id)).toEqual(before);
    expect(sent.texts).toEqual([
      { phone: `+${otherDigits}`, text: messages.whatsapp.replyStale },
      { phone: `+${parentDigits}`, text: messages.whatsapp.replyStale },
      { phone: `+${stoppedDigits}`, text: messages.whatsapp.replyUnknown },
    ]);
  });
});

describe('statuses and STOP', () => {
  /** A message Kalan sent (as the sender writes it once the Cloud API gave its id). */
  async function sentMessage(userId: string): Promise<string> {
    const id = `wamid.${randomUUID()}`;
    const now = new Date().toISOString();
    await WhatsAppMessageEntity.build(PutItemCommand)
      .item({ message_id: id, user_id: userId, notification_id: randomUUID(), template: 'kalan_nouvelle_demande', status: 'accepted', status_rank: 0, sent_at: now, updated_at: now, expires_at: Math.floor(Date.now() / 1000) + 90 * 86_400 })
      .send();
    return id;
  }
  const stored = async (id: string) => (await WhatsAppMessageEntity.build(GetItemCommand).key({ message_id: id }).options({ consistent: true }).send()).Item;

  it('stores each status once and only forward, whatever the order and the repeats; a failure asks for the e-mail once stored', async () => {
    const tutor = await newTutor();
    const id = await sentMessage(tutor.userId);
    const at = Math.floor(Date.now() / 1000);
    // read before delivered, sent last, each twice, some in the same batch, some racing.
    await Promise.all([
      deliver(statusBody([{ id, status: 'read', recipient: '2250700000001', timestamp: at + 3 }, { id, status: 'read', recipient: '2250700000001', timestamp: at + 3 }])),
      deliver(statusBody([{ id, status: 'delivered', recipient: '2250700000001', timestamp: at + 2 }])),
    ]);
    await deliver(statusBody([{ id, status: 'sent', recipient: '2250700000001', timestamp: at + 1 }, { id, status: 'delivered', recipient: '2250700000001', timestamp: at + 2 }]));
    expect(await stored(id)).toMatchObject({ status: 'read', status_rank: 3 });
    expect(JSON.parse((await stored(id))!.status_times!)).toMatchObject({ read: (at + 3) * 1000 });
    expect(sent.fallbacks).toEqual([]);

    const failed = await sentMessage(tutor.userId);
    const failure = { id: failed, status: 'failed', recipient: '2250700000001', timestamp: at, error: { code: 131026, title: 'Message undeliverable' } };
    expect(await Promise.all([deliver(statusBody([failure])), deliver(statusBody([failure]))])).toEqual([200, 200]);
    // A 'delivered' that arrives after the failure does not bring it back.
    await deliver(statusBody([{ id: failed, status: 'delivered', recipient: '2250700000001', timestamp: at + 5 }]));
    expect(await stored(failed)).toMatchObject({ status: 'failed', status_rank: 4, error_code: 131026, error_title: 'Message undeliverable' });
    // Asked at least once, only for this message (the fallback itself is once per message: send.ts's flag).
    expect(new Set(sent.fallbacks)).toEqual(new Set([failed]));
  });

  it("'STOP' (any case, accents) turns the channel off and answers; the tutor's buttons act no more", async () => {
    const { id, tutorDigits, tutor } = await requestedLesson();
    expect(await deliver(textBody(tutorDigits, ' Arrêter ! '))).toBe(200);
    expect((await WhatsAppChannelEntity.build(GetItemCommand).key({ user_id: tutor.userId }).options({ consistent: true }).send()).Item).toMatchObject({
      state: 'stopped',
      stopped_at: expect.any(String),
    });
    expect(sent.texts).toEqual([{ phone: `+${tutorDigits}`, text: messages.whatsapp.replyStopped }]);
    const before = await transaction(id);
    await deliver(buttonBody(tutorDigits, accept(id)));
    expect(await transaction(id)).toEqual(before);
    // An ordinary word changes nothing and gets no answer.
    sent.texts.length = 0;
    await deliver(textBody(tutorDigits, 'Bonjour'));
    expect(sent.texts).toEqual([]);
  });
});

/** The parent as the rules harness calls as them (their own profile exists already). */
async function newPersonView(userId: string): Promise<Person> {
  return { userId, role: 'parent', email: `parent-${userId.slice(0, 8)}@exemple.ci` };
}
