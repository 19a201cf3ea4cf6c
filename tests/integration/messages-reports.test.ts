/**
 * Reports of messages (issue 31, safety) over HTTP against the local stack, with real Cognito
 * tokens: a participant reports the other side's message (never its own, never twice, never in a
 * conversation not its own); the admin's queue shows the report's snapshot — the message, the
 * messages before it, both names — and the admin decides once: warn (the author is told), hide (both
 * sides see the moderation's text, the list too), dismiss (nothing counts), suspend; three upheld
 * reports restrict the author, whose sends are then refused in French.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import { HIDDEN_MESSAGE_TEXT, UPHELD_REPORTS_BEFORE_RESTRICTION } from '#shared/messaging';
import { adminSession } from '../support/admin-session.js';
import { api, newUser, type TestUser } from '../support/stack.js';
import { conversationItems, conversationsOf, messagesOf, openConversation, send, sent, tutorWithProfile, type TutorWithProfile } from './messages-helpers.js';
import { db, withdrawTutorProfile } from './payments-helpers.js';

let parent: TestUser;
let neighbour: TestUser;
let tutor: TutorWithProfile;
/** A second tutor, whom the parent has never written to. */
let other: TutorWithProfile;
let admin: TestUser;
let conversationId: string;
/** The conversation's messages by seq: their ids. */
const ids: Record<number, string> = {};

beforeAll(async () => {
  [parent, neighbour, tutor, other, admin] = await Promise.all([
    newUser('parent', { firstName: 'Mariam', lastName: 'Koné' }),
    newUser('parent'),
    tutorWithProfile({ firstName: 'Yao', lastName: 'Kouassi' }),
    tutorWithProfile({ firstName: 'Awa', lastName: 'Traoré' }),
    adminSession(),
  ]);
  const opened = await openConversation(parent, tutor.profile.id);
  expect(opened.status, JSON.stringify(opened.body)).toBe(201);
  conversationId = opened.id;
  // seq 1 the parent's, 2…8 the tutor's.
  ids[1] = (await sent(parent, conversationId, 'Bonjour, êtes-vous disponible samedi ?')).message.id;
  for (let seq = 2; seq <= 8; seq += 1) ids[seq] = (await sent(tutor.user, conversationId, `Réponse numéro ${seq}`)).message.id;
});

afterAll(async () => {
  if (tutor) await withdrawTutorProfile(tutor.user.sub);
  if (other) await withdrawTutorProfile(other.user.sub);
});

const report = (user: TestUser, seq: number, body: object = { reason: 'harassment' }, conversation = conversationId) =>
  api(`/api/conversations/${conversation}/messages/${ids[seq]}/report`, { method: 'POST', token: user.accessToken, body });
const decide = (id: string, decision: string, note?: string) =>
  api(`/api/admin/message-reports/${id}/decide`, { method: 'POST', token: admin.accessToken, body: { decision, ...(note ? { note } : {}) } });

/** The report `id` in the admin's list of `status`, page after page. */
async function inQueue(id: string, status: 'open' | 'closed'): Promise<any> {
  let cursor: string | null = null;
  do {
    const response = await api(`/api/admin/message-reports?status=${status}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { token: admin.accessToken });
    expect(response.status, response.text).toBe(200);
    const found = response.body.reports.find((r: { id: string }) => r.id === id);
    if (found) return found;
    cursor = response.body.next_cursor;
  } while (cursor);
  return undefined;
}

async function reported(user: TestUser, seq: number, reason = 'harassment'): Promise<string> {
  const response = await report(user, seq, { reason });
  expect(response.status, response.text).toBe(201);
  return response.body.id;
}

describe('reporting a message', () => {
  it("reports the other side's message once; never its own, never someone else's conversation", async () => {
    const own = await report(parent, 1);
    expect(own.status).toBe(400);
    expect(own.body.error.message).toBe(messages.messaging.ownMessageReport);
    // A parent who is not in the conversation: as if it did not exist.
    const stranger = await report(neighbour, 8);
    expect(stranger.status).toBe(404);
    expect(stranger.body.error.message).toBe(messages.messaging.conversationNotFound);
    const unknownReason = await report(parent, 8, { reason: 'spam' });
    expect(unknownReason.status).toBe(400);
    expect(unknownReason.body.error.message).toBe(messages.messaging.reportReasonRequired);

    const first = await report(parent, 8, { reason: 'scam', details: 'Il demande un paiement par Wave' });
    expect(first.status, first.text).toBe(201);
    const twice = await report(parent, 8, { reason: 'scam' });
    expect(twice.status).toBe(409);
    expect(twice.body.error.message).toBe(messages.messaging.alreadyReported);

    // The admin sees the snapshot: the message, the 5 before it, both names — and no conversation route.
    const queued = await inQueue(first.body.id, 'open');
    expect(queued).toMatchObject({
      status: 'open',
      reason: 'scam',
      details: 'Il demande un paiement par Wave',
      reporter: { user_id: parent.sub, name: 'Mariam Koné', side: 'parent' },
      author: { user_id: tutor.user.sub, name: 'Yao Kouassi', side: 'tutor', upheld_reports: 0, messaging_suspended: false },
      conversation_id: conversationId,
      message: { id: ids[8], seq: 8, body: 'Réponse numéro 8', hidden: false },
      decision: null,
    });
    expect(queued.context.map((m: { seq: number }) => m.seq)).toEqual([3, 4, 5, 6, 7]);
    const read = await api(`/api/conversations/${conversationId}/messages`, { token: admin.accessToken });
    expect(read.status).toBe(403);
  });
});

describe("the admin's decisions", () => {
  it('hides the message for both sides and in the lists, once; a second decision is refused', async () => {
    const id = await inQueueId(8);
    const hidden = await decide(id, 'hide', 'Paiement hors plateforme');
    expect(hidden.status, hidden.text).toBe(200);
    expect(hidden.body).toMatchObject({ status: 'closed', decision: 'hide', decided_by: admin.sub, note: 'Paiement hors plateforme', message: { hidden: true } });
    expect(hidden.body.author).toMatchObject({ upheld_reports: 1, messaging_suspended: false });
    const again = await decide(id, 'dismiss');
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(messages.messaging.reportAlreadyDecided);
    expect(await inQueue(id, 'open')).toBeUndefined();
    expect(await inQueue(id, 'closed')).toMatchObject({ decision: 'hide' });

    for (const user of [parent, tutor.user]) {
      const last = (await messagesOf(user, conversationId)).messages.find((m: { seq: number }) => m.seq === 8);
      expect(last).toMatchObject({ hidden: true, body: HIDDEN_MESSAGE_TEXT });
      const row = (await conversationsOf(user)).conversations.find((c: { id: string }) => c.id === conversationId);
      expect(row.last_message.body).toBe(HIDDEN_MESSAGE_TEXT);
    }
  });

  it("warns the author (told in the app), dismisses without counting, and restricts after three upheld: the author's sends get 403 in French", async () => {
    const warned = await decide(await reported(parent, 7), 'warn');
    expect(warned.status, warned.text).toBe(200);
    expect(warned.body.author).toMatchObject({ upheld_reports: 2, messaging_suspended: false });
    const told = await api('/api/notifications', { token: tutor.user.accessToken });
    expect(told.body.notifications).toContainEqual(
      expect.objectContaining({ kind: 'message_warning', title: messages.messaging.warningTitle, link: `/messages/${conversationId}` }),
    );

    const dismissed = await decide(await reported(parent, 6, 'other'), 'dismiss');
    expect(dismissed.body.author).toMatchObject({ upheld_reports: 2, messaging_suspended: false });
    // Still free to write.
    expect((await send(tutor.user, conversationId, 'Je suis désolé.')).status).toBe(201);

    const third = await decide(await reported(parent, 5), 'warn');
    expect(third.body.author).toMatchObject({ upheld_reports: UPHELD_REPORTS_BEFORE_RESTRICTION, messaging_suspended: true });
    const account = (await messagingItems(tutor.user.sub)).find((item) => item.sk === 'ACCOUNT');
    expect(account).toMatchObject({ upheld_reports: 3, warnings: 2, suspended_reason: 'reports' });

    const refused = await send(tutor.user, conversationId, 'Encore un message');
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(messages.messaging.messagingSuspended);
    // The other side still writes.
    expect((await send(parent, conversationId, 'Merci pour votre retour.')).status).toBe(201);
  });

  it("suspends the reported parent's messaging on the admin's decision", async () => {
    const id = await reportedBy(tutor.user, 1);
    const suspended = await decide(id, 'suspend');
    expect(suspended.body.author).toMatchObject({ user_id: parent.sub, upheld_reports: 1, messaging_suspended: true });
    expect((await messagingItems(parent.sub)).find((item) => item.sk === 'ACCOUNT')).toMatchObject({ suspended_reason: 'admin', upheld_reports: 1 });
    const refused = await send(parent, conversationId, 'Pourquoi ?');
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(messages.messaging.messagingSuspended);
    // Nor does it open a conversation with another tutor ('Poser une question' sent straight to the
    // API): the tutor would find an empty conversation from a suspended account. Its own stays readable.
    const opened = await openConversation(parent, other.profile.id);
    expect(opened.status, JSON.stringify(opened.body)).toBe(403);
    expect(opened.body.error.message).toBe(messages.messaging.messagingSuspended);
    expect((await conversationsOf(other.user)).conversations).toHaveLength(0);
    expect((await openConversation(parent, tutor.profile.id)).status).toBe(200);
    expect((await api(`/api/conversations/${conversationId}/messages`, { token: parent.accessToken })).status).toBe(200);
    // The report's marker is in the conversation's partition, next to the messages.
    expect((await conversationItems(conversationId)).filter((item) => String(item.sk).startsWith('REPORTED#'))).toHaveLength(5);
  });
});

/** The open report of the seq's message (made by the first test). */
async function inQueueId(seq: number): Promise<string> {
  const items = await conversationItems(conversationId);
  const marker = items.find((item) => item.sk === `REPORTED#${ids[seq]}#${parent.sub}`);
  expect(marker, 'le signalement existe').toBeDefined();
  return marker!.report_id;
}

async function reportedBy(user: TestUser, seq: number): Promise<string> {
  const response = await report(user, seq, { reason: 'inappropriate' });
  expect(response.status, response.text).toBe(201);
  return response.body.id;
}

async function messagingItems(userId: string): Promise<Array<Record<string, any>>> {
  const { Items = [] } = await db().send(
    new QueryCommand({ TableName: 'kalan-local', KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `MESSAGING#${userId}` }, ConsistentRead: true }),
  );
  return Items;
}
