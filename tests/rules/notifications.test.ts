/**
 * Notifications (issue 15, point 5) on the real engines: the notifier fed the table's own stream
 * records (DynamoDB Local's stream, filtered as the event source mapping filters them), e-mails
 * through the production SES v2 call into a local mailbox, reminders through the production
 * Scheduler calls into the local EventBridge Scheduler, whose timer invokes the notifier.
 *
 * - a status change tells each side once, however often its records are delivered;
 * - an e-mail SES failed to send is sent by the retry, once; one sent is never sent again;
 * - e-mail turned off: in-app only; SMS / WhatsApp cannot be turned on;
 * - an accepted lesson's reminders arrive once each, and none once it is cancelled;
 * - one user can neither read nor mark another's notifications.
 * The lessons' journeys go through the real handlers (book in slots, accept, decline, cancel, mark
 * given, confirm); where a test needs a lesson starting in seconds (no slot can: the 2 h lead), the
 * tutor's acceptance is written as the transition writer writes it (status, updated_at, last_action).
 */
import http from 'node:http';
import type net from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DescribeStreamCommand, GetRecordsCommand, GetShardIteratorCommand } from '@aws-sdk/client-dynamodb-streams';
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import { eventHandlers } from '#shared/routes';
import { localDynamoClient } from '../../infra/local/dynamodb.js';
import { invoke } from '../../infra/local/lambda-runtime.js';
import { createMailboxServer, readMailbox, type MailboxMessage } from '../../infra/local/mailbox.js';
import { createLocalScheduler } from '../../infra/local/scheduler.js';
import { SCHEDULE_TARGETS } from '../../infra/local/scheduler-server.js';
import { passesFilters, STREAM_CONSUMERS, streamsClient, toLambdaRecord } from '../../infra/local/streams.js';
import { config } from './engines.js';
import { bookAndPay, call, EVERY_DAY, submittedKyc, newPerson, newTutor, setOnTransaction, transaction, until, untilStatus, untilWaiting, withEnv, type Person } from './harness.js';

const db = DynamoDBDocumentClient.from(localDynamoClient(config));
const mailDir = mkdtempSync(path.join(tmpdir(), 'kalan-notifications-mail-'));
const mailbox = createMailboxServer(mailDir);
const scheduler = createLocalScheduler(SCHEDULE_TARGETS, config);

function listen(server: http.Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)));
}

beforeAll(async () => {
  // The production code's SDK variables, pointed at this file's mailbox (SES v2) and scheduler.
  process.env.AWS_ENDPOINT_URL_SESV2 = `http://127.0.0.1:${await listen(mailbox)}`;
  process.env.AWS_ENDPOINT_URL_SCHEDULER = `http://127.0.0.1:${await listen(scheduler.server)}`;
});

afterAll(async () => {
  scheduler.stop();
  for (const server of [mailbox, scheduler.server]) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

// --- the stream, as the event source mapping hands it ----------------------------------------

/** Every record of the table's stream about this partition (`TX#<id>`, `KYC#<id>`) that passes the notifier's filters. */
async function streamRecordsOf(partitionKey: string): Promise<DynamoDBRecord[]> {
  const streams = streamsClient(config);
  const table = await localDynamoClient(config).send(new DescribeTableCommand({ TableName: config.tableName }));
  const streamArn = table.Table!.LatestStreamArn!;
  const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn }));
  const found: DynamoDBRecord[] = [];
  for (const shard of StreamDescription?.Shards ?? []) {
    let { ShardIterator: iterator } = await streams.send(
      new GetShardIteratorCommand({ StreamArn: streamArn, ShardId: shard.ShardId!, ShardIteratorType: 'TRIM_HORIZON' }),
    );
    while (iterator) {
      const page = await streams.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: 1000 }));
      for (const record of page.Records ?? []) {
        if (record.dynamodb?.Keys?.pk?.S === partitionKey && passesFilters(record, STREAM_CONSUMERS.notifier)) {
          found.push(toLambdaRecord(record, streamArn, config.region));
        }
      }
      if (!page.Records?.length) break;
      iterator = page.NextShardIterator;
    }
  }
  return found;
}

/** Hands the transaction's (or `KYC#…`) stream records to the notifier, as one batch of the mapping. */
async function deliverStream(transactionId: string, partitionKey = `TX#${transactionId}`): Promise<void> {
  await invoke(eventHandlers.notifier, { Records: await streamRecordsOf(partitionKey) });
}

// --- what users got --------------------------------------------------------------------------

async function notificationsOf(person: Person): Promise<Array<Record<string, any>>> {
  const { Items = [] } = await db.send(
    new QueryCommand({
      TableName: config.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :notif)',
      ExpressionAttributeValues: { ':pk': `USER#${person.userId}`, ':notif': 'NOTIF#' },
      ConsistentRead: true,
    }),
  );
  return Items;
}

const kinds = async (person: Person) => (await notificationsOf(person)).map((n) => n.kind as string).sort();
const mailsTo = (person: Person): MailboxMessage[] => readMailbox(mailDir, { to: person.email });
const subjects = (person: Person) => mailsTo(person).map((m) => m.subject).sort();

async function paidBooking() {
  const [parent, tutor] = await Promise.all([newPerson('parent'), newTutor()]);
  const booking = await bookAndPay(parent, tutor);
  await untilStatus(booking.id, 'escrow');
  return { parent, tutor, id: booking.id };
}

/**
 * The tutor's acceptance of a lesson starting at `start`, as the transition writer records it: the
 * status goes to `requested` (paid, waiting) then to `escrow` with `last_action` accept.
 */
async function acceptedLesson(start: Date) {
  const booked = await paidBooking();
  await setOnTransaction(booked.id, { status: 'requested', updated_at: new Date().toISOString(), last_action: 'confirm_payment' });
  const tx = await transaction(booked.id);
  await setOnTransaction(booked.id, {
    status: 'escrow',
    updated_at: new Date().toISOString(),
    last_action: 'accept',
    course: { ...tx.course, scheduled_date: start.toISOString(), holds_slots: true },
  });
  return booked;
}

/** What the transition writer records of a cancellation in full (cancellation-policy.ts). */
const cancelledBy = (by: 'parent' | 'tutor') => ({ by, at: new Date().toISOString(), refund: 10_000, tutor: 0, commission: 0 });

describe('a change of status tells each side once', () => {
  it('tells the parent its payment was received once, however often the stream delivers the records', async () => {
    const { parent, tutor, id } = await paidBooking();
    await deliverStream(id);
    await deliverStream(id);
    await deliverStream(id);
    expect(await kinds(parent)).toEqual(['payment_received']);
    expect(await kinds(tutor)).toEqual([]);
    expect(subjects(parent)).toEqual(['Kalan — Paiement reçu']);
    const [mail] = mailsTo(parent);
    expect(mail!.source).toBe('ses');
    expect(mail!.text).toContain('Nous avons bien reçu votre paiement de 10\u00a0000\u00a0FCFA');
    const [item] = await notificationsOf(parent);
    expect(item).toMatchObject({ email_state: 'sent', gsi2pk: `NOTIF_UNREAD#${parent.userId}`, link: '/payments' });
    // Kept 180 days from the change it tells.
    expect(item!.expires_at).toBe(Math.floor(Date.parse(item!.created_at) / 1000) + 180 * 24 * 3600);
  });

  it('sends on the retry an e-mail SES failed to send, and only once', async () => {
    const { parent, id } = await paidBooking();
    const failNext = await fetch(`${process.env.AWS_ENDPOINT_URL_SESV2}/__ses/failures`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      // The SDK's own three attempts (its standard retry mode) all answered 500.
      body: JSON.stringify({ to: parent.email, count: 3 }),
    });
    expect(failNext.status).toBe(200);
    // SES answers 500 past the SDK's retries: the batch fails (the mapping retries it), the in-app notification is there, the e-mail pending.
    await expect(deliverStream(id)).rejects.toThrow();
    expect((await notificationsOf(parent)).map((n) => n.email_state)).toEqual(['pending']);
    expect(mailsTo(parent)).toEqual([]);
    await deliverStream(id);
    await deliverStream(id);
    expect((await notificationsOf(parent)).map((n) => n.email_state)).toEqual(['sent']);
    expect(subjects(parent)).toEqual(['Kalan — Paiement reçu']);
  });

  it('keeps to in-app when the user turned e-mail off', async () => {
    const parent = await newPerson('parent');
    const saved = await call('saveNotificationPreferences', parent, { body: { email: false, whatsapp: false } });
    expect(saved).toEqual({ status: 200, body: { email: false, whatsapp: false, available: { email: true, whatsapp: false } } });
    const tutor = await newTutor();
    const booking = await bookAndPay(parent, tutor);
    await untilStatus(booking.id, 'escrow');
    await deliverStream(booking.id);
    expect(await kinds(parent)).toEqual(['payment_received']);
    expect((await notificationsOf(parent)).map((n) => n.email_state)).toEqual(['off']);
    expect(mailsTo(parent)).toEqual([]);
  });

  // The rules' engines have no WhatsApp double: the stage has no WhatsApp, it cannot be chosen
  // (with it, the number must be verified first: tests/integration/whatsapp-channel.test.ts).
  it('offers e-mail on by default and refuses WhatsApp on a stage without it, in French', async () => {
    const tutor = await newPerson('tuteur');
    expect(await call('getNotificationPreferences', tutor)).toEqual({ status: 200, body: { email: true, whatsapp: false, available: { email: true, whatsapp: false } } });
    const refused = await call('saveNotificationPreferences', tutor, { body: { email: true, whatsapp: true } });
    expect(refused.status).toBe(409);
    expect(JSON.stringify(refused.body)).toContain(messages.notifications.whatsappUnavailable);
    expect((await call('saveNotificationPreferences', tutor, { body: { email: 'oui', whatsapp: false } })).status).toBe(400);
    expect((await call('saveNotificationPreferences', tutor, { body: { email: true, sms: false } })).status).toBe(400);
    expect((await call('getNotificationPreferences', tutor)).body.email).toBe(true);
  });

  it('tells the parent the lesson was accepted, and the tutor that the parent cancelled it', async () => {
    const { parent, tutor, id } = await acceptedLesson(new Date(Date.now() + 3 * 24 * 3600_000));
    await deliverStream(id);
    expect(await kinds(parent)).toEqual(['lesson_accepted', 'payment_received']);
    const accepted = (await notificationsOf(parent)).find((n) => n.kind === 'lesson_accepted')!;
    expect(accepted.link).toBe(`/cours?lesson=${id}`);
    await setOnTransaction(id, { status: 'refund_pending', updated_at: new Date().toISOString(), last_action: 'cancel', cancellation: cancelledBy('parent') });
    await deliverStream(id);
    await deliverStream(id);
    expect(await kinds(tutor)).toEqual(['lesson_cancelled']);
    expect(await kinds(parent)).toEqual(['lesson_accepted', 'payment_received']);
    expect(subjects(tutor)).toEqual(['Kalan — Cours annulé']);
  });
});

// --- a lesson's journey through the real handlers ----------------------------------------------

const HOUR = 3_600_000;

/** A parent's paid booking of two slots, three days ahead, at 10:00: the lesson waits for its tutor. */
async function requestedLesson() {
  const [parent, tutor] = await Promise.all([newPerson('parent'), newTutor(5000, EVERY_DAY)]);
  const day = new Date(Date.now() + 3 * 24 * HOUR).toISOString().slice(0, 10);
  const slots = [`${day}T10:00:00.000Z`, `${day}T11:00:00.000Z`];
  const { id } = await bookAndPay(parent, tutor, { duration: 2, slots, scheduledDate: slots[0] });
  await untilWaiting(id, 'requested');
  return { parent, tutor, id };
}

const act = async (who: Person, id: string, action: string) => {
  const response = await call('lessonAction', who, { params: { id }, body: { action } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
};

describe("a lesson's journey, through the lessons' own handlers", () => {
  it('booked, accepted, given and confirmed: 5 notifications to the parent and 4 to the tutor, reminders included', async () => {
    const { parent, tutor, id } = await requestedLesson();
    await deliverStream(id);
    expect(await kinds(tutor)).toEqual(['lesson_requested']);
    expect(await kinds(parent)).toEqual(['payment_received']);
    const requested = (await notificationsOf(tutor))[0]!;
    expect(requested).toMatchObject({ title: 'Nouvelle demande de cours', link: `/cours?lesson=${id}` });
    expect(requested.body).toMatch(/^Cours de mathématiques — [A-Z][a-z]+ (1er|\d+) [a-zéû]+, 10:00\. Awa Koné attend votre réponse\.$/);

    await act(tutor, id, 'accept');
    await untilWaiting(id, 'escrow');
    await deliverStream(id);
    expect(await kinds(parent)).toEqual(['lesson_accepted', 'payment_received']);
    // 24 h and 1 h before: one schedule each, for both sides.
    const schedules = scheduler.list().filter((schedule) => schedule.Name.startsWith(`lesson-${id}-`));
    expect(schedules.map((schedule) => schedule.Name).sort()).toEqual([`lesson-${id}-3600`, `lesson-${id}-86400`]);
    const start = Date.parse((await transaction(id)).course.scheduled_date);
    expect(schedules.map((schedule) => schedule.ScheduleExpression).sort()).toEqual(
      [start - 3600_000, start - 86_400_000].map((at) => `at(${new Date(at).toISOString().slice(0, 19)})`).sort(),
    );
    for (const secondsBefore of [86_400, 3_600]) {
      // What each schedule does when its time comes (the lesson is still on).
      await remindAt(id, secondsBefore, start);
    }

    const tx = await transaction(id);
    await setOnTransaction(id, { course: { ...tx.course, scheduled_date: new Date(Date.now() - 3 * HOUR).toISOString() } });
    await act(tutor, id, 'mark_given');
    await act(parent, id, 'confirm');
    await untilStatus(id, 'released');
    await deliverStream(id);
    expect(await kinds(parent)).toEqual(['funds_released', 'lesson_accepted', 'lesson_reminder', 'lesson_reminder', 'payment_received']);
    expect(await kinds(tutor)).toEqual(['funds_released', 'lesson_reminder', 'lesson_reminder', 'lesson_requested']);
    expect(mailsTo(parent)).toHaveLength(5);
    expect(mailsTo(tutor)).toHaveLength(4);
  });

  it('declined: the parent is told, then told the refund is done', async () => {
    const { parent, tutor, id } = await requestedLesson();
    await act(tutor, id, 'decline');
    await untilStatus(id, 'refunded');
    await deliverStream(id);
    expect(await kinds(parent)).toEqual(['lesson_declined', 'payment_received', 'refund_done']);
    expect((await notificationsOf(parent)).find((n) => n.kind === 'lesson_declined')!.body).toContain('a refusé votre demande : vous êtes remboursé intégralement.');
    expect(await kinds(tutor)).toEqual(['lesson_requested']);
  });

  it("cancelled by the tutor after accepting: the parent is told, the tutor is not, and the reminders go", async () => {
    const { parent, tutor, id } = await requestedLesson();
    await act(tutor, id, 'accept');
    await untilWaiting(id, 'escrow');
    await deliverStream(id);
    expect(scheduler.list().filter((schedule) => schedule.Name.startsWith(`lesson-${id}-`))).toHaveLength(2);
    await act(tutor, id, 'cancel');
    await untilStatus(id, 'refunded');
    await deliverStream(id);
    expect(await kinds(parent)).toEqual(['lesson_accepted', 'lesson_cancelled', 'payment_received', 'refund_done']);
    expect(await kinds(tutor)).toEqual(['lesson_requested']);
    expect(scheduler.list().filter((schedule) => schedule.Name.startsWith(`lesson-${id}-`))).toEqual([]);
  });
});

/** Runs a lesson's reminder as its schedule would, at its time (`secondsBefore` the start). */
async function remindAt(id: string, secondsBefore: number, start: number): Promise<void> {
  const { remind } = await import('../../functions/src/notifications/remind.js');
  await remind({ transactionId: id, secondsBefore }, undefined, new Date(start - secondsBefore * 1000));
}

describe('the reminders of an accepted lesson', () => {
  it('arrive once each, 24 h and 1 h before (here 4 s and 2 s), to both sides', async () => {
    await withEnv({ LESSON_REMINDER_OFFSETS_SECONDS: '4,2' }, async () => {
      const { parent, tutor, id } = await acceptedLesson(new Date(Date.now() + 7_000));
      await deliverStream(id);
      // Two one-time schedules, deleted by the scheduler once they ran.
      expect(scheduler.list().filter((s) => s.Name.startsWith(`lesson-${id}-`)).map((s) => s.ScheduleExpression)).toHaveLength(2);
      const reminded = (person: Person) => mailsTo(person).filter((m) => m.subject.startsWith('Kalan — Rappel'));
      await until(async () => [reminded(parent).length, reminded(tutor).length], ([p, t]) => p === 2 && t === 2, 'deux rappels chacun', 15_000);
      await until(async () => scheduler.list().filter((s) => s.Name.startsWith(`lesson-${id}-`)).length, (n) => n === 0, 'plans supprimés');
      expect(reminded(parent).map((m) => m.subject).sort()).toEqual([
        'Kalan — Rappel : votre cours commence dans 2 secondes',
        'Kalan — Rappel : votre cours commence dans 4 secondes',
      ]);
      // A schedule's retry (the same event again) tells no one twice.
      await invoke(eventHandlers.notifier, { transactionId: id, secondsBefore: 4 });
      expect(reminded(parent)).toHaveLength(2);
      expect((await kinds(tutor)).filter((k) => k === 'lesson_reminder')).toHaveLength(2);
    });
  });

  it('are deleted when the lesson is cancelled, and a reminder of a cancelled lesson tells no one', async () => {
    await withEnv({ LESSON_REMINDER_OFFSETS_SECONDS: '86400,3600' }, async () => {
      const { parent, tutor, id } = await acceptedLesson(new Date(Date.now() + 3 * 24 * 3600_000));
      await deliverStream(id);
      expect(scheduler.list().filter((s) => s.Name.startsWith(`lesson-${id}-`))).toHaveLength(2);
      await setOnTransaction(id, { status: 'refund_pending', updated_at: new Date().toISOString(), last_action: 'cancel', cancellation: cancelledBy('tutor') });
      await deliverStream(id);
      expect(scheduler.list().filter((s) => s.Name.startsWith(`lesson-${id}-`))).toEqual([]);
      // Had a schedule survived, its reminder would re-read the lesson and send nothing.
      await invoke(eventHandlers.notifier, { transactionId: id, secondsBefore: 3600 });
      expect((await kinds(parent)).filter((k) => k === 'lesson_reminder')).toEqual([]);
      expect((await kinds(tutor)).filter((k) => k === 'lesson_reminder')).toEqual([]);
      expect(await kinds(parent)).toEqual(['lesson_accepted', 'lesson_cancelled', 'payment_received']);
    });
  });
});

describe("a tutor's identity verification", () => {
  it('tells the tutor the decision, once, with the reason of a rejection', async () => {
    const admin = await newPerson('admin');
    const approved = await submittedKyc();
    const rejected = await submittedKyc();
    expect((await call('reviewKyc', admin, { params: { id: approved.verification.id }, body: { decision: 'approve' } })).status).toBe(200);
    const review = await call('reviewKyc', admin, { params: { id: rejected.verification.id }, body: { decision: 'reject', admin_notes: 'Photo floue' } });
    expect(review.status, JSON.stringify(review.body)).toBe(200);
    for (const { verification } of [approved, rejected, approved]) await deliverStream(verification.id, `KYC#${verification.id}`);
    expect(await kinds(approved.tutor)).toEqual(['kyc_approved']);
    expect(await notificationsOf(rejected.tutor)).toEqual([
      expect.objectContaining({
        kind: 'kyc_rejected',
        title: "Vérification d'identité refusée",
        body: "Vos documents n'ont pas été acceptés : Photo floue. Vous pouvez en envoyer de nouveaux.",
        link: '/kyc',
      }),
    ]);
    // The submission itself (pending) told no one.
    expect(subjects(approved.tutor)).toEqual(['Kalan — Identité vérifiée']);
  });
});

describe('the API, always the caller’s own', () => {
  it('lists the newest first with the unread count, marks one and all read, and never another’s', async () => {
    const { parent, tutor, id } = await acceptedLesson(new Date(Date.now() + 3 * 24 * 3600_000));
    await deliverStream(id);
    const listed = await call('listNotifications', parent);
    expect(listed.status).toBe(200);
    expect(listed.body.unread_count).toBe(2);
    expect(listed.body.notifications.map((n: any) => n.kind)).toEqual(['lesson_accepted', 'payment_received']);
    const [newest] = listed.body.notifications;
    expect(newest).toEqual({
      id: expect.any(String),
      kind: 'lesson_accepted',
      title: 'Cours confirmé',
      body: expect.stringContaining('a accepté votre demande.'),
      link: `/cours?lesson=${id}`,
      created_at: expect.any(String),
      read_at: null,
    });

    // Another user: not found, and the owner's stays unread.
    const other = await newPerson('parent');
    const refused = await call('markNotificationRead', other, { params: { id: newest.id }, body: {} });
    expect(refused).toEqual({ status: 404, body: { error: { code: 'not_found', message: messages.notifications.notFound } } });
    expect((await call('listNotifications', other)).body).toEqual({ notifications: [], unread_count: 0 });
    expect((await call('markAllNotificationsRead', other, { body: {} })).body).toEqual({ marked: 0 });
    expect((await call('listNotifications', parent)).body.unread_count).toBe(2);
    expect((await call('listNotifications', tutor)).body.unread_count).toBe(0);

    expect((await call('markNotificationRead', parent, { params: { id: newest.id }, body: {} })).status).toBe(204);
    expect((await call('markNotificationRead', parent, { params: { id: newest.id }, body: {} })).status).toBe(204);
    const afterOne = await call('listNotifications', parent);
    expect(afterOne.body.unread_count).toBe(1);
    expect(afterOne.body.notifications[0].read_at).toEqual(expect.any(String));
    expect((await call('markAllNotificationsRead', parent, { body: {} })).body).toEqual({ marked: 1 });
    const afterAll = await call('listNotifications', parent);
    expect(afterAll.body.unread_count).toBe(0);
    expect(afterAll.body.notifications.every((n: any) => n.read_at !== null)).toBe(true);
  });
});
