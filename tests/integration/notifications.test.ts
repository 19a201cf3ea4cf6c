/**
 * Notifications (issue 15, point 5) through `npm start`'s own machinery: the table's stream read by
 * the local poller for its second consumer (the notifier), e-mails through SES v2 into the local
 * mailbox (read as a person reads it, `GET /messages?to=`), and, on a stack of this file's own
 * with reminders a few seconds before the lesson (LESSON_REMINDER_OFFSETS_SECONDS), the lesson
 * reminders of the local EventBridge Scheduler — once each, and none once the lesson is cancelled.
 * The tutor's acceptance and the cancellation are written as the transition writer writes them
 * (status, updated_at, last_action): their handlers are not this file's subject.
 */
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { mailsTo } from '../support/mailbox.js';
import { ownStack } from '../support/own-stack.js';
import type { StackInfo } from '../support/stack-info.js';
import { api, newUser, stack, type TestUser } from '../support/stack.js';
import { bookOk, db, eventually, partition, payOnCheckout, seededTutor, statusOf } from './payments-helpers.js';

const notificationsOf = async (user: TestUser, target: StackInfo = stack()) => {
  const response = await api('/api/notifications', { token: user.accessToken }, target);
  expect(response.status, response.text).toBe(200);
  return response.body as { notifications: Array<{ id: string; kind: string; title: string; link: string; read_at: string | null }>; unread_count: number };
};

async function paidBooking(parent: TestUser, target: StackInfo = stack(), tutor = seededTutor(3)) {
  const { id, url } = await bookOk(parent.accessToken, {}, tutor, target);
  await payOnCheckout(url);
  expect(await eventually(() => statusOf(id, target), (status) => status === 'escrow', 30_000)).toBe('escrow');
  return id;
}

/** A user's notification items themselves (their e-mail's state), read from the stack's table. */
async function userItems(userId: string, target: StackInfo = stack()): Promise<Array<Record<string, any>>> {
  const { Items = [] } = await db(target).send(
    new QueryCommand({
      TableName: 'kalan-local',
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :notif)',
      ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':notif': 'NOTIF#' },
      ConsistentRead: true,
    }),
  );
  return Items;
}

const notificationItems = (user: TestUser, target: StackInfo = stack()) => userItems(user.sub, target);

describe('a paid booking, on the shared stack', () => {
  it('tells the parent in the app and by e-mail, once', async () => {
    const parent = await newUser('parent', { firstName: 'Aya' });
    await paidBooking(parent);
    // The list and the unread count are two reads made together (the table, its sparse index): a
    // notification written between them is in one and not yet in the other. Wait for both.
    const page = await eventually(() => notificationsOf(parent), (read) => read.notifications.length > 0 && read.unread_count > 0, 30_000);
    expect(page.unread_count).toBe(1);
    expect(page.notifications).toEqual([expect.objectContaining({ kind: 'payment_received', title: 'Paiement reçu', link: '/payments', read_at: null })]);
    const items = await eventually(() => notificationItems(parent), (list) => list[0]?.email_state === 'sent', 30_000);
    expect(items.map((item) => item.email_state)).toEqual(['sent']);
    // Besides the sign-up code Cognito sent, one e-mail through SES.
    const mails = (await mailsTo(parent.email, stack())).filter((mail) => mail.source !== 'cognito');
    expect(mails.map((mail) => [mail.subject, mail.source])).toEqual([['Kalan — Paiement reçu', 'ses']]);
    expect(mails[0]!.text).toMatch(/^Bonjour Aya,/);
    expect(mails[0]!.text).toContain(`${stack().appUrl}/payments`);
  });

  it('keeps to the app when the parent turned e-mail off', async () => {
    const parent = await newUser('parent');
    const saved = await api('/api/notifications/preferences', { method: 'PUT', token: parent.accessToken, body: { email: false, whatsapp: false } });
    expect(saved.status, saved.text).toBe(200);
    await paidBooking(parent);
    const items = await eventually(() => notificationItems(parent), (list) => list.length > 0, 30_000);
    expect(items.map((item) => [item.kind, item.email_state])).toEqual([['payment_received', 'off']]);
    expect((await mailsTo(parent.email, stack())).filter((mail) => mail.source !== 'cognito')).toEqual([]);
  });
});

describe('lesson reminders, on a stack of their own (4 s and 2 s before the start)', () => {
  // Its own ports: 60–69 and 80–89 are the README commands test's.
  const own = ownStack(100, 'reminders');

  /** The tutor accepts: `requested` (paid, waiting), then `escrow` by `accept`, starting in `seconds`. */
  async function accept(id: string, seconds: number): Promise<void> {
    const client = db(own.info());
    const key = { pk: `TX#${id}`, sk: 'TRANSACTION' };
    const tx = (await partition(id, own.info())).find((item) => item.sk === 'TRANSACTION')!;
    const set = async (values: Record<string, unknown>) =>
      client.send(
        new UpdateCommand({
          TableName: 'kalan-local',
          Key: key,
          UpdateExpression: `SET ${Object.keys(values).map((_, i) => `#n${i} = :v${i}`).join(', ')}`,
          ExpressionAttributeNames: Object.fromEntries(Object.keys(values).map((name, i) => [`#n${i}`, name])),
          ExpressionAttributeValues: Object.fromEntries(Object.values(values).map((value, i) => [`:v${i}`, value])),
        }),
      );
    await set({ status: 'requested', updated_at: new Date().toISOString(), last_action: 'confirm_payment' });
    await set({
      status: 'escrow',
      updated_at: new Date().toISOString(),
      last_action: 'accept',
      course: { ...tx.course, scheduled_date: new Date(Date.now() + seconds * 1000).toISOString(), holds_slots: true },
    });
  }

  async function cancelByTutor(id: string): Promise<void> {
    await db(own.info()).send(
      new UpdateCommand({
        TableName: 'kalan-local',
        Key: { pk: `TX#${id}`, sk: 'TRANSACTION' },
        UpdateExpression: 'SET #s = :s, updated_at = :u, last_action = :a, cancellation = :c',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':s': 'refund_pending', ':u': new Date().toISOString(), ':a': 'cancel', ':c': { by: 'tutor', at: new Date().toISOString(), refund: 10_000, tutor: 0, commission: 0 } },
      }),
    );
  }

  /** The local scheduler's schedule, or its 404 (the SDK's signed GET). */
  async function scheduleStatus(name: string): Promise<number> {
    const response = await fetch(`http://127.0.0.1:${own.ports.scheduler}/schedules/${name}?groupName=kalan-local-lesson-reminders`, {
      headers: { authorization: 'AWS4-HMAC-SHA256 Credential=S3RVER/20260101/eu-west-1/scheduler/aws4_request, SignedHeaders=host, Signature=x' },
    });
    return response.status;
  }

  it('reaches both sides once each, and never after a cancellation', async () => {
    process.env.LESSON_REMINDER_OFFSETS_SECONDS = '4,2';
    try {
      await own.start({ inMemory: true });
    } finally {
      delete process.env.LESSON_REMINDER_OFFSETS_SECONDS;
    }
    const target = own.info();
    const tutor = seededTutor(5);
    const parent = await newUser('parent', {}, target);
    const reminders = async (email: string) => (await mailsTo(email, target)).filter((mail) => mail.subject.startsWith('Kalan — Rappel'));

    const kept = await paidBooking(parent, target, tutor);
    const cancelled = await paidBooking(parent, target, tutor);
    await accept(cancelled, 30);
    await eventually(() => scheduleStatus(`lesson-${cancelled}-4`), (status) => status === 200, 30_000);
    await cancelByTutor(cancelled);
    // The cancellation deletes the cancelled lesson's schedules: nothing left to fire.
    expect(await eventually(() => Promise.all([scheduleStatus(`lesson-${cancelled}-4`), scheduleStatus(`lesson-${cancelled}-2`)]), (s) => s.every((x) => x === 404), 30_000)).toEqual([404, 404]);

    await accept(kept, 8);
    // The parent by e-mail; the seeded tutor has no address: in the app only.
    const tutorReminders = async () => (await userItems(tutor.userId, target)).filter((item) => item.kind === 'lesson_reminder');
    const delivered = await eventually(
      async () => [(await reminders(parent.email)).length, (await tutorReminders()).length],
      (counts) => counts.every((n) => n >= 2),
      30_000,
    );
    expect(delivered).toEqual([2, 2]);
    // Both schedules ran and were deleted (ActionAfterCompletion DELETE): no third reminder can come.
    expect(await eventually(() => Promise.all([scheduleStatus(`lesson-${kept}-4`), scheduleStatus(`lesson-${kept}-2`)]), (s) => s.every((x) => x === 404), 10_000)).toEqual([404, 404]);
    expect((await reminders(parent.email)).map((mail) => mail.subject).sort()).toEqual([
      'Kalan — Rappel : votre cours commence dans 2 secondes',
      'Kalan — Rappel : votre cours commence dans 4 secondes',
    ]);
    const kinds = (await notificationsOf(parent, target)).notifications.map((n) => n.kind);
    expect(kinds.filter((kind) => kind === 'lesson_reminder')).toHaveLength(2);
    expect(kinds.filter((kind) => kind === 'lesson_cancelled')).toHaveLength(1);
    // The cancelled lesson's reminders: none, in the app or by e-mail.
    const items = await notificationItems(parent, target);
    expect(items.filter((item) => item.kind === 'lesson_reminder' && String(item.id).includes(cancelled))).toEqual([]);
  });
});
