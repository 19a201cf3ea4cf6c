/**
 * The messages API (issue 31) over HTTP against the local stack, with real Cognito tokens: a parent
 * asks a tutor a question, the tutor reads it and answers ('lu', unread counts, the list's badge),
 * a retry of the same request lands once, pages of older messages, contact details masked until the
 * pair's first paid lesson and shown after it, and the tutor's response figures on its page.
 */
import { randomUUID } from 'node:crypto';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import { MASKED_CONTACT, MESSAGES_PAGE_SIZE, RESPONSE_STATS_MIN_QUESTIONS } from '#shared/messaging';
import { api, newUser, type TestUser } from '../support/stack.js';
import { settledIn } from './access-fixtures.js';
import {
  conversationItems,
  conversationsOf,
  markVerified,
  messagesOf,
  openConversation,
  send,
  sent,
  tutorWithProfile,
  type TutorWithProfile,
} from './messages-helpers.js';
import { bookOk, db, payOnCheckout, withdrawTutorProfile } from './payments-helpers.js';

let parent: TestUser;
let neighbour: TestUser;
let tutor: TutorWithProfile;
let otherTutor: TutorWithProfile;

beforeAll(async () => {
  [parent, neighbour, tutor, otherTutor] = await Promise.all([
    newUser('parent', { firstName: 'Mariam', lastName: 'Koné' }),
    newUser('parent'),
    tutorWithProfile({ firstName: 'Yao', lastName: 'Kouassi' }),
    tutorWithProfile(),
  ]);
});

afterAll(async () => {
  // The shared stack's search tests count the catalogue: take our tutors out of it again.
  await Promise.all([tutor, otherTutor].filter(Boolean).map((t) => withdrawTutorProfile(t.user.sub)));
});

describe('a parent asks a question, the tutor reads it and answers', () => {
  it("opens one conversation per pair, counts unread messages, marks 'lu' and lists newest first", async () => {
    const opened = await openConversation(parent, tutor.profile.id);
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    expect(opened.body).toMatchObject({ side: 'parent', other: { name: 'Yao Kouassi', tutor_id: tutor.profile.id }, unread_count: 0, contacts_masked: true, can_send: true, last_message: null });
    // The same pair again: the same conversation (200), from the parent's side or from the tutor's list.
    const again = await openConversation(parent, tutor.profile.id);
    expect(again).toMatchObject({ status: 200, id: opened.id });
    // A tutor does not open a conversation from a tutor's page.
    const byTutor = await api('/api/conversations', { method: 'POST', token: tutor.user.accessToken, body: { tutor_id: otherTutor.profile.id } });
    expect(byTutor.status).toBe(403);
    expect(byTutor.body.error.message).toBe(messages.messaging.onlyParentsStart);

    const first = await sent(parent, opened.id, 'Bonjour, pouvez-vous venir à Yopougon le samedi ?');
    const second = await sent(parent, opened.id, 'Et connaissez-vous le programme du BEPC ?');
    expect([first.message.seq, second.message.seq]).toEqual([1, 2]);
    expect(second.message).toMatchObject({ mine: true, read: false, sender: 'parent', masked: [] });

    // The tutor's list: the parent's name, the last message, two unread; the badge counts them.
    const tutorList = await conversationsOf(tutor.user);
    const row = tutorList.conversations.find((c: { id: string }) => c.id === opened.id);
    expect(row).toMatchObject({ side: 'tutor', other: { name: 'Mariam Koné', tutor_id: null, photo_url: null }, unread_count: 2 });
    expect(row.last_message).toMatchObject({ body: 'Et connaissez-vous le programme du BEPC ?', sender: 'parent' });
    expect(tutorList.unread_total).toBe(2);

    // The tutor reads up to the first: one left unread; then everything.
    const page = await messagesOf(tutor.user, opened.id);
    expect(page.messages.map((m: { seq: number; mine: boolean }) => [m.seq, m.mine])).toEqual([
      [1, false],
      [2, false],
    ]);
    const partly = await api(`/api/conversations/${opened.id}/read`, { method: 'POST', token: tutor.user.accessToken, body: { read_seq: 1 } });
    expect(partly.status, partly.text).toBe(200);
    expect(partly.body.unread_count).toBe(1);
    expect((await messagesOf(parent, opened.id)).messages.map((m: { read: boolean }) => m.read)).toEqual([true, false]);
    // Beyond the newest: read up to the newest only.
    const all = await api(`/api/conversations/${opened.id}/read`, { method: 'POST', token: tutor.user.accessToken, body: { read_seq: 99 } });
    expect(all.body.unread_count).toBe(0);
    expect((await conversationsOf(tutor.user)).unread_total).toBe(0);
    expect((await messagesOf(parent, opened.id)).messages.map((m: { read: boolean }) => m.read)).toEqual([true, true]);

    // The answer: unread for the parent, who has read all its own (writing means having read).
    const answer = await sent(tutor.user, opened.id, 'Oui, le samedi matin.');
    expect(answer.message.seq).toBe(3);
    const parentList = await conversationsOf(parent);
    expect(parentList.conversations[0]).toMatchObject({ id: opened.id, unread_count: 1, other: { name: 'Yao Kouassi' } });
    expect(parentList.unread_total).toBe(1);

    // A second conversation, newer: first in the parent's list.
    const newer = await openConversation(parent, otherTutor.profile.id);
    await sent(parent, newer.id, 'Bonjour !');
    expect((await conversationsOf(parent)).conversations.map((c: { id: string }) => c.id)).toEqual([newer.id, opened.id]);
  });

  it('nobody else reads or writes the conversation: 404, as for an unknown id', async () => {
    const { id } = await openConversation(parent, tutor.profile.id);
    const before = await conversationItems(id);
    for (const [caller, call] of [
      [neighbour, api(`/api/conversations/${id}/messages`, { token: neighbour.accessToken })],
      [otherTutor.user, send(otherTutor.user, id, 'Je lis vos messages')],
      [neighbour, api(`/api/conversations/${id}/read`, { method: 'POST', token: neighbour.accessToken, body: { read_seq: 1 } })],
    ] as const) {
      const response = await call;
      expect(response.status, `${caller.email}: ${response.text}`).toBe(404);
      expect(response.body.error.message).toBe(messages.messaging.conversationNotFound);
    }
    expect(await conversationItems(id)).toEqual(before);
    expect((await conversationsOf(neighbour)).conversations).toEqual([]);
  });

  it('a retry of the same request_id lands once (200, the stored message); another sender reusing it gets 409', async () => {
    const { id } = await openConversation(parent, tutor.profile.id);
    const requestId = randomUUID();
    const created = await send(parent, id, 'Message envoyé deux fois', requestId);
    expect(created.status, created.text).toBe(201);
    const retried = await send(parent, id, 'Message envoyé deux fois', requestId);
    expect(retried.status, retried.text).toBe(200);
    expect(retried.body.message).toEqual(created.body.message);
    const items = await conversationItems(id);
    expect(items.filter((item) => item.sk.startsWith('MSG#') && item.id === requestId)).toHaveLength(1);
    const reused = await send(tutor.user, id, 'Autre message', requestId);
    expect(reused.status).toBe(409);
    expect(reused.body.error.message).toBe(messages.messaging.requestIdReused);
  });

  it('pages of older messages, oldest first, until the first message', async () => {
    const pagingParent = await newUser('parent');
    const { id } = await openConversation(pagingParent, tutor.profile.id);
    // 34 earlier messages written as the API writes them (the per-minute limit would take minutes).
    const at = (seq: number) => new Date(Date.now() - (60 - seq) * 60_000).toISOString();
    for (let seq = 1; seq <= 34; seq++) {
      await db().send(
        new PutCommand({
          TableName: 'kalan-local',
          Item: { pk: `CONV#${id}`, sk: `MSG#${String(seq).padStart(10, '0')}`, _et: 'message', conversation_id: id, seq, id: randomUUID(), sender: 'parent', sender_user_id: pagingParent.sub, body: `Message ${seq}`, masked: [], sent_at: at(seq) },
        }),
      );
    }
    await db().send(
      new UpdateCommand({
        TableName: 'kalan-local',
        Key: { pk: `CONV#${id}`, sk: 'CONV' },
        UpdateExpression: 'SET message_count = :n, parent_read_seq = :n, unread_tutor = :n',
        ExpressionAttributeValues: { ':n': 34 },
      }),
    );
    expect((await sent(pagingParent, id, 'Message 35')).message.seq).toBe(35);
    const newest = await messagesOf(pagingParent, id);
    expect(newest.messages).toHaveLength(MESSAGES_PAGE_SIZE);
    expect(newest.messages.map((m: { seq: number }) => m.seq)).toEqual(Array.from({ length: 30 }, (_, i) => i + 6));
    expect(newest.next_before).toBe(6);
    const older = await messagesOf(pagingParent, id, newest.next_before);
    expect(older.messages.map((m: { body: string }) => m.body)).toEqual(['Message 1', 'Message 2', 'Message 3', 'Message 4', 'Message 5']);
    expect(older.next_before).toBeNull();
    const bad = await api(`/api/conversations/${id}/messages?before=abc`, { token: pagingParent.accessToken });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe(messages.messaging.cursorInvalid);
  });
});

describe('contact details are masked until the pair’s first paid lesson (issue 31, point 4)', () => {
  it('masks a phone number before, stores only the masked text, and shows it after the lesson is paid', async () => {
    const maskedParent = await newUser('parent');
    const { id } = await openConversation(maskedParent, tutor.profile.id);
    const before = await sent(maskedParent, id, 'Appelez-moi au 07 07 12 34 56 svp');
    expect(before.message.body).toBe(`Appelez-moi au ${MASKED_CONTACT} svp`);
    expect(before.message.masked).toEqual(['phone']);
    expect(before.conversation.contacts_masked).toBe(true);
    // The raw number is nowhere in the table.
    expect(JSON.stringify(await conversationItems(id))).not.toContain('07 07 12 34 56');

    const { id: lesson, url } = await bookOk(maskedParent.accessToken, {}, tutor.profile);
    await payOnCheckout(url);
    await settledIn(lesson, 'escrow');

    // The conversation is unlocked once seen with the paid lesson: nothing is masked any more.
    expect((await messagesOf(maskedParent, id)).conversation.contacts_masked).toBe(false);
    const after = await sent(tutor.user, id, 'Mon numéro : 07 07 12 34 56');
    expect(after.message).toMatchObject({ body: 'Mon numéro : 07 07 12 34 56', masked: [] });
    expect(after.conversation.contacts_masked).toBe(false);
    // The earlier message stays as it was stored.
    expect((await messagesOf(maskedParent, id)).messages[0].body).toBe(`Appelez-moi au ${MASKED_CONTACT} svp`);
    const unlocked = (await conversationItems(id)).find((item) => item.sk === 'CONV')!.contacts_unlocked_at;
    expect(unlocked).toEqual(expect.any(String));
    await sent(maskedParent, id, 'Merci !');
    expect((await conversationItems(id)).find((item) => item.sk === 'CONV')!.contacts_unlocked_at).toBe(unlocked);
  });
});

describe("the tutor's response figures (issue 31, point 2)", () => {
  it('appear on its page from the third question answered, on the signed-in and the public route', async () => {
    const answering = await tutorWithProfile();
    try {
      await markVerified(answering.user.sub);
      const asker = await newUser('parent');
      const { id } = await openConversation(asker, answering.profile.id);
      const figures = async () => {
        const [signedIn, visitor] = await Promise.all([
          api(`/api/tutors/${answering.profile.id}`, { token: asker.accessToken }),
          api(`/api/public/tutors/${answering.profile.id}`),
        ]);
        expect(signedIn.status, signedIn.text).toBe(200);
        expect(visitor.status, visitor.text).toBe(200);
        expect(visitor.body.response_stats).toEqual(signedIn.body.response_stats);
        return signedIn.body.response_stats;
      };
      for (let question = 1; question <= RESPONSE_STATS_MIN_QUESTIONS; question++) {
        expect(await figures()).toBeNull();
        // Two messages of the parent are one question; the tutor's reply answers it.
        await sent(asker, id, `Question ${question}`);
        await sent(asker, id, `Précision ${question}`);
        await sent(answering.user, id, `Réponse ${question}`);
      }
      expect(await figures()).toEqual({ response_hours: 0, response_rate: 100 });
      // A question still waiting lowers the rate: answered within the window, over questions received.
      await sent(asker, id, 'Une dernière question ?');
      expect(await figures()).toEqual({ response_hours: 0, response_rate: 75 });
    } finally {
      await withdrawTutorProfile(answering.user.sub);
    }
  });
});
