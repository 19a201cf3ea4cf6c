/**
 * Meta's WhatsApp webhook over HTTP on the test stack (issue 34): the verify handshake, the
 * `X-Hub-Signature-256` over the raw body (a missing or wrong one is 401 and changes nothing),
 * statuses stored once and only forward however they arrive, a button tapped from a number that is
 * not the lesson's tutor's changes nothing, 'STOP' turns the channel off. The app secret and the
 * verify token are the stack's own (generated in its data directory, infra/local/whatsapp-credentials.ts).
 */
import { describe, expect, it } from 'vitest';
import { buttonPayload } from '#shared/whatsapp';
import { api, newUser, stack, type TestUser } from '../support/stack.js';
import { buttonBody, freshWhatsAppNumber, statusBody, textBody, whatsappSignature } from '../support/whatsapp-webhook.js';
import { bookOk, partition, payOnCheckout, seededTutor, workflowWaitingIn } from './payments-helpers.js';
import {
  postWhatsAppWebhook as post,
  sentWhatsAppMessage as sentMessage,
  stackSignature,
  stackWhatsAppCredentials as credentials,
  verifiedWhatsAppNumber as verifiedNumber,
  whatsappChannelItem as channelItem,
  whatsappMessageItem as messageItem,
  WHATSAPP_WEBHOOK_PATH as PATH,
} from './whatsapp-helpers.js';

const signed = (body: string) => post(body, stackSignature(body));

describe('the verify handshake', () => {
  const handshake = (query: Record<string, string>) => api(`${PATH}?${new URLSearchParams(query)}`);

  it('echoes hub.challenge as text/plain to our verify token, and refuses any other (403)', async () => {
    const token = credentials().WHATSAPP_VERIFY_TOKEN;
    const ok = await fetch(`${stack().apiUrl}${PATH}?${new URLSearchParams({ 'hub.mode': 'subscribe', 'hub.verify_token': token, 'hub.challenge': '1158201444' })}`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await ok.text()).toBe('1158201444');

    for (const query of <Array<Record<string, string>>>[
      { 'hub.mode': 'subscribe', 'hub.verify_token': `${token}x`, 'hub.challenge': '1' },
      { 'hub.mode': 'subscribe', 'hub.verify_token': '', 'hub.challenge': '1' },
      { 'hub.mode': 'unsubscribe', 'hub.verify_token': token, 'hub.challenge': '1' },
      { 'hub.mode': 'subscribe', 'hub.challenge': '1' },
    ]) {
      const refused = await handshake(query);
      expect(refused.status, JSON.stringify(query)).toBe(403);
      expect(refused.text).not.toContain('1158201444');
    }
  });
});

describe('the signature', () => {
  it('accepts a body signed with the app secret and refuses (401) a missing, forged or other-body signature, changing nothing', async () => {
    const user = await newUser('tuteur');
    const id = await sentMessage(user.sub);
    const body = statusBody([{ id, status: 'delivered', recipient: '2250700000001' }]);
    const before = await messageItem(id);

    const refusals = await Promise.all([
      post(body, undefined),
      post(body, whatsappSignature(body, 'not-our-app-secret')),
      post(body, whatsappSignature(body, credentials().WHATSAPP_APP_SECRET).replace('sha256=', '')),
      post(body, whatsappSignature(body.replace('delivered', 'read'), credentials().WHATSAPP_APP_SECRET)),
    ]);
    expect(refusals.map((r) => r.status)).toEqual([401, 401, 401, 401]);
    expect(refusals[0]!.body.error.code).toBe('invalid_signature');
    expect(await messageItem(id)).toEqual(before);

    const accepted = await signed(body);
    expect(accepted.status).toBe(200);
    expect(await messageItem(id)).toMatchObject({ status: 'delivered', status_rank: 2 });
  });

  it('refuses (400) a signed body that is not a WhatsApp webhook', async () => {
    for (const body of ['not json', '{}', JSON.stringify({ object: 'page', entry: [] }), JSON.stringify({ object: 'whatsapp_business_account', entry: 'x' })]) {
      const response = await signed(body);
      expect(response.status, body).toBe(400);
      expect(typeof response.body.error.message).toBe('string');
    }
  });
});

describe('statuses', () => {
  it('are stored once and only forward, out of order and repeated', async () => {
    const user = await newUser('parent');
    const id = await sentMessage(user.sub);
    const at = Math.floor(Date.now() / 1000);
    const status = (name: string, offset: number) => ({ id, status: name, recipient: '2250700000001', timestamp: at + offset });
    // 'read' first, then everything again in reverse, then concurrently.
    expect((await signed(statusBody([status('read', 3)]))).status).toBe(200);
    expect((await signed(statusBody([status('read', 3), status('delivered', 2), status('sent', 1)]))).status).toBe(200);
    await Promise.all([signed(statusBody([status('sent', 1)])), signed(statusBody([status('delivered', 2)])), signed(statusBody([status('read', 3)]))]);
    const item = await messageItem(id);
    expect(item).toMatchObject({ status: 'read', status_rank: 3 });
    expect(JSON.parse(item!.status_times)).toEqual({ read: (at + 3) * 1000 });
  });
});

describe('buttons and STOP', () => {
  /** A paid lesson waiting for its (seeded) tutor's answer. */
  async function requestedLesson(parent: TestUser): Promise<{ id: string; tutorUserId: string }> {
    // A lesson holds slots of the tutor's calendar: a seeded tutor's free one (a random one, so that other files' bookings rarely take it first).
    for (let index = 0; index < 20; index++) {
      const tutor = seededTutor(index);
      const free = await api(`/api/tutors/${tutor.id}/slots`, { token: parent.accessToken });
      const slots = (free.body?.slots ?? []) as Array<{ start: string }>;
      if (!slots.length) continue;
      const start = slots[Math.floor(Math.random() * slots.length)]!.start;
      const { id, url } = await bookOk(parent.accessToken, { duration: 1, slots: [start], scheduledDate: start }, tutor);
      await payOnCheckout(url);
      await workflowWaitingIn(id, 'requested');
      return { id, tutorUserId: tutor.userId };
    }
    throw new Error('aucun répétiteur du jeu de démonstration n’a de créneau libre');
  }

  it("refuses a tap from a number that is not the lesson's tutor's: nothing changes", async () => {
    const [parent, stranger] = await Promise.all([newUser('parent'), newUser('tuteur')]);
    const { id, tutorUserId } = await requestedLesson(parent);
    const [strangerNumber, parentNumber] = await Promise.all([verifiedNumber(stranger.sub), verifiedNumber(parent.sub)]);
    const unknown = freshWhatsAppNumber();
    const before = await partition(id);
    for (const digits of [strangerNumber.digits, parentNumber.digits, unknown.digits]) {
      for (const action of ['accept', 'decline'] as const) {
        const response = await signed(buttonBody(digits, buttonPayload({ action, transactionId: id })));
        expect(response.status).toBe(200);
      }
    }
    // A forged payload (not ours) from the same numbers: nothing either.
    expect((await signed(buttonBody(strangerNumber.digits, `lesson:accept:${id}; DROP`))).status).toBe(200);
    expect(await partition(id)).toEqual(before);

    // The control: the same tap from the lesson's tutor's verified number accepts it.
    const tutorNumber = await verifiedNumber(tutorUserId);
    expect((await signed(buttonBody(tutorNumber.digits, buttonPayload({ action: 'accept', transactionId: id })))).status).toBe(200);
    expect((await workflowWaitingIn(id, 'escrow')).accepted_at).toEqual(expect.any(String));
  });

  it("'STOP' turns the writer's channel off, once", async () => {
    const user = await newUser('tuteur');
    const number = await verifiedNumber(user.sub);
    expect((await signed(textBody(number.digits, 'STOP'))).status).toBe(200);
    const stopped = await channelItem(user.sub);
    expect(stopped).toMatchObject({ state: 'stopped', phone: number.phone, stopped_at: expect.any(String) });
    expect((await signed(textBody(number.digits, 'stop'))).status).toBe(200);
    expect(await channelItem(user.sub)).toEqual(stopped);
  });
});
