/**
 * The e-mail of a message left unread (issue 31) on the shared stack: one per unread run, never one
 * per message. The messages API schedules it (a one-time schedule of the local EventBridge
 * Scheduler, UNREAD_EMAIL_DELAY_MINUTES after the run's first message) when the recipient's unread
 * count leaves 0; the notifier tells the recipient once if the run is still unread when it fires.
 * Nothing waits 15 minutes: the schedule the API created is read back (its time, its input), and
 * its run is played by invoking the notifier with that input, as the scheduler would, and again (a
 * retry); the local scheduler itself fires runs whose time is past, scheduled in this process by
 * the production function, and the test waits on their state (the mail, the schedule gone).
 */
import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Context } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import { UNREAD_EMAIL_DELAY_MINUTES } from '#shared/messaging';
import { mailsTo } from '../support/mailbox.js';
import { api, newUser, stack, type TestUser } from '../support/stack.js';
import { openConversation, sent, tutorWithProfile, type TutorWithProfile } from './messages-helpers.js';
import { db, eventually, withdrawTutorProfile } from './payments-helpers.js';
import { useStackEnvironment } from './search-support.js';

const GROUP = 'kalan-local-lesson-reminders';
const SUBJECT = `Kalan — ${messages.messaging.unreadTitle}`;

let parent: TestUser;
let tutor: TutorWithProfile;
let conversationId: string;

beforeAll(async () => {
  const { ports } = stack();
  useStackEnvironment({
    AWS_ENDPOINT_URL_SCHEDULER: `http://127.0.0.1:${ports.scheduler}`,
    AWS_ENDPOINT_URL_SESV2: `http://127.0.0.1:${ports.mailbox}`,
    NOTIFICATIONS_FROM_EMAIL: 'Kalan <notifications@kalan.local>',
    SITE_URL: `http://localhost:${ports.app}`,
    REMINDER_SCHEDULE_GROUP: GROUP,
    REMINDER_SCHEDULER_ROLE_ARN: `arn:aws:iam::000000000000:role/${GROUP}`,
    NOTIFIER_FUNCTION_ARN: 'arn:aws:lambda:eu-west-1:000000000000:function:notifications-notify',
  });
  [parent, tutor] = await Promise.all([newUser('parent', { firstName: 'Awa', lastName: 'Diallo' }), tutorWithProfile({ firstName: 'Yao', lastName: 'Kouassi' })]);
  const opened = await openConversation(parent, tutor.profile.id);
  expect(opened.status, JSON.stringify(opened.body)).toBe(201);
  conversationId = opened.id;
});

afterAll(async () => {
  if (tutor) await withdrawTutorProfile(tutor.user.sub);
});

/** The local scheduler's schedule (the SDK's signed GET), or null once gone. */
async function schedule(name: string): Promise<{ ScheduleExpression: string; Target: { Arn: string; Input: string } } | null> {
  const response = await fetch(`http://127.0.0.1:${stack().ports.scheduler}/schedules/${name}?groupName=${GROUP}`, {
    headers: { authorization: 'AWS4-HMAC-SHA256 Credential=S3RVER/20260101/eu-west-1/scheduler/aws4_request, SignedHeaders=host, Signature=x' },
  });
  if (response.status === 404) return null;
  expect(response.status).toBe(200);
  return (await response.json()) as never;
}

const unreadMails = async (user: TestUser) => (await mailsTo(user.email, stack())).filter((mail) => mail.subject === SUBJECT);

async function unreadNotifications(userId: string): Promise<Array<Record<string, any>>> {
  const { Items = [] } = await db().send(
    new QueryCommand({
      TableName: 'kalan-local',
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :notif)',
      ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':notif': 'NOTIF#' },
      ConsistentRead: true,
    }),
  );
  return Items.filter((item) => item.kind === 'message_unread');
}

/** The notifier, invoked in this process with a schedule's input, as the scheduler invokes it. */
async function notifierWith(input: string): Promise<void> {
  const { handler } = await import('../../functions/src/notifications/notify.js');
  await handler(JSON.parse(input), { awsRequestId: randomUUID(), functionName: 'notifications-notify', invokedFunctionArn: 'arn:aws:lambda:eu-west-1:000000000000:function:notifications-notify' } as Context);
}

describe('the e-mail of unread messages', () => {
  it('is scheduled once per unread run, 15 minutes after its first message, and sends one e-mail for three messages, once', async () => {
    const first = await sent(tutor.user, conversationId, 'Bonjour, je suis disponible samedi.');
    await sent(tutor.user, conversationId, 'Je connais bien le programme du BEPC.');
    await sent(tutor.user, conversationId, 'Quel quartier ?');
    const run = await schedule(`unread-${conversationId}-parent-1`);
    expect(run, 'le premier message non lu programme un e-mail').not.toBeNull();
    const at = new Date(Date.parse(first.message.sent_at) + UNREAD_EMAIL_DELAY_MINUTES * 60_000).toISOString().slice(0, 19);
    expect(run!.ScheduleExpression).toBe(`at(${at})`);
    expect(run!.Target.Arn).toMatch(/:function:notifications-notify$/);
    expect(JSON.parse(run!.Target.Input)).toEqual({
      unreadMessage: { conversationId, recipientUserId: parent.sub, recipientSide: 'parent', seq: 1, sentAt: first.message.sent_at },
    });
    // The next two messages of the run schedule nothing.
    expect([await schedule(`unread-${conversationId}-parent-2`), await schedule(`unread-${conversationId}-parent-3`)]).toEqual([null, null]);

    // The schedule's time: the notifier runs with its input — and once more, as a retry would.
    await notifierWith(run!.Target.Input);
    await notifierWith(run!.Target.Input);
    const mails = await eventually(() => unreadMails(parent), (list) => list.length > 0, 10_000);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Yao Kouassi vous a écrit sur Kalan');
    expect(mails[0]!.text).toContain(`/messages/${conversationId}`);
    expect(mails[0]!.text).not.toContain('BEPC');
    const told = await unreadNotifications(parent.sub);
    expect(told).toEqual([expect.objectContaining({ title: messages.messaging.unreadTitle, link: `/messages/${conversationId}`, email_state: 'sent' })]);
    const list = await api('/api/notifications', { token: parent.accessToken });
    expect(list.body.notifications.filter((n: { kind: string }) => n.kind === 'message_unread')).toHaveLength(1);

    // Read, then a new message: a new run, a new schedule.
    const read = await api(`/api/conversations/${conversationId}/read`, { method: 'POST', token: parent.accessToken, body: { read_seq: 3 } });
    expect(read.status, read.text).toBe(200);
    await sent(tutor.user, conversationId, 'Vous êtes là ?');
    expect(await schedule(`unread-${conversationId}-parent-4`)).not.toBeNull();
  });

  it('is fired by the scheduler when its time comes, and sends nothing for messages read in time', async () => {
    const { scheduleUnreadEmail } = await import('../../functions/src/messages/unread-email.js');
    const fifteenMinutesAgo = new Date(Date.now() - UNREAD_EMAIL_DELAY_MINUTES * 60_000).toISOString();
    const unread = await seededConversation(0);
    const readInTime = await seededConversation(3);
    for (const conversation of [unread, readInTime]) {
      await scheduleUnreadEmail({ conversationId: conversation, recipientUserId: parent.sub, recipientSide: 'parent', seq: 1, sentAt: fifteenMinutesAgo });
    }
    // The scheduler runs both at once (their time is past), then deletes them.
    const gone = await eventually(
      () => Promise.all([schedule(`unread-${unread}-parent-1`), schedule(`unread-${readInTime}-parent-1`)]),
      (runs) => runs.every((r) => r === null),
      30_000,
    );
    expect(gone).toEqual([null, null]);
    const links = (await unreadNotifications(parent.sub)).map((item) => item.link);
    expect(links).toContain(`/messages/${unread}`);
    expect(links).not.toContain(`/messages/${readInTime}`);
    const mails = await eventually(() => unreadMails(parent), (list) => list.some((mail) => mail.text.includes(unread)), 10_000);
    expect(mails.filter((mail) => mail.text.includes(unread))).toHaveLength(1);
    expect(mails.filter((mail) => mail.text.includes(readInTime))).toHaveLength(0);
  });
});

/** A conversation of the parent with a tutor of its own, three messages from the tutor, read up to `readSeq` (written as the send writes them). */
async function seededConversation(readSeq: number): Promise<string> {
  const { ConversationEntity, MessageEntity, conversationIdOf, userConversationsIndex, conversationActivityKey } = await import('../../functions/src/messages/entities.js');
  const { PutItemCommand } = await import('dynamodb-toolbox/entity/actions/put');
  const tutorUserId = randomUUID();
  const id = conversationIdOf(parent.sub, tutorUserId);
  const at = new Date().toISOString();
  await ConversationEntity.build(PutItemCommand)
    .item({
      id,
      parent_user_id: parent.sub,
      tutor_user_id: tutorUserId,
      tutor_id: `tutor-${tutorUserId.slice(0, 8)}`,
      parent_name: 'Awa Diallo',
      tutor_name: 'Koffi Brou',
      created_at: at,
      message_count: 3,
      last_message_at: at,
      last_message_body: 'Message 3',
      last_message_sender: 'tutor',
      parent_read_seq: readSeq,
      tutor_read_seq: 3,
      unread_parent: 3 - readSeq,
      unread_tutor: 0,
      gsi1pk: userConversationsIndex(parent.sub),
      gsi1sk: conversationActivityKey(at, id),
      gsi2pk: userConversationsIndex(tutorUserId),
      gsi2sk: conversationActivityKey(at, id),
    })
    .send();
  for (const seq of [1, 2, 3]) {
    await MessageEntity.build(PutItemCommand)
      .item({ conversation_id: id, seq, id: randomUUID(), sender: 'tutor', sender_user_id: tutorUserId, body: `Message ${seq}`, masked: [], sent_at: at })
      .send();
  }
  return id;
}
