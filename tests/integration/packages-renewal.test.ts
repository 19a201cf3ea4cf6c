/**
 * 'Renouveler' on the local stack (issue 32, point 4): a package that becomes active gets its
 * renewal notice scheduled RENEWAL_NOTICE_DAYS before its end (the notifier, from the table's
 * stream); the notice tells the parent and the tutor once, whatever the schedule's retries; the
 * renewal opens a week before the end, previews the same weekly slots for the next 4 weeks, books
 * them as a new package when all are free (once), and otherwise answers 409 naming those that are not.
 */
import { randomUUID } from 'node:crypto';
import { DeleteCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import type { Context } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lessonTimeLabel } from '#shared/french-dates';
import { messages } from '#shared/messages';
import { RENEWAL_NOTICE_DAYS } from '#shared/packages';
import { mailsTo } from '../support/mailbox.js';
import { api, newUser, stack, type TestUser } from '../support/stack.js';
import { db, eventually, withdrawTutorProfile } from './payments-helpers.js';
import { bookPackage, packageItem, packageRequest, payPackage, tutorEveryDay, type PackageTutor } from './packages-support.js';
import { useStackEnvironment } from './search-support.js';

const GROUP = 'kalan-local-lesson-reminders';
const DAY = 86_400_000;

let parent: TestUser;
let tutor: PackageTutor;
let id: string;

beforeAll(async () => {
  const { ports } = stack();
  useStackEnvironment({
    AWS_ENDPOINT_URL_SFN: `http://127.0.0.1:${ports.sfn}`,
    AWS_ENDPOINT_URL_SCHEDULER: `http://127.0.0.1:${ports.scheduler}`,
    AWS_ENDPOINT_URL_SESV2: `http://127.0.0.1:${ports.mailbox}`,
    NOTIFICATIONS_FROM_EMAIL: 'Kalan <notifications@kalan.local>',
    SITE_URL: `http://localhost:${ports.app}`,
    REMINDER_SCHEDULE_GROUP: GROUP,
    REMINDER_SCHEDULER_ROLE_ARN: `arn:aws:iam::000000000000:role/${GROUP}`,
  });
  [parent, tutor] = await Promise.all([newUser('parent', { firstName: 'Awa', lastName: 'Diallo' }), tutorEveryDay({ firstName: 'Yao', lastName: 'Kouassi' })]);
  id = await bookPackage(parent, packageRequest(tutor, 1));
  await payPackage(id);
});

afterAll(async () => {
  if (tutor) await withdrawTutorProfile(tutor.user.sub);
});

/** The local scheduler's schedule, or null once gone. */
async function schedule(name: string): Promise<{ ScheduleExpression: string; Target: { Arn: string; Input: string } } | null> {
  const response = await fetch(`http://127.0.0.1:${stack().ports.scheduler}/schedules/${name}?groupName=${GROUP}`, {
    headers: { authorization: 'AWS4-HMAC-SHA256 Credential=S3RVER/20260101/eu-west-1/scheduler/aws4_request, SignedHeaders=host, Signature=x' },
  });
  if (response.status === 404) return null;
  expect(response.status).toBe(200);
  return (await response.json()) as never;
}

async function renewalNotifications(userId: string): Promise<Array<Record<string, any>>> {
  const { Items = [] } = await db().send(
    new QueryCommand({
      TableName: 'kalan-local',
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :notif)',
      ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':notif': 'NOTIF#' },
      ConsistentRead: true,
    }),
  );
  return Items.filter((item) => item.kind === 'package_renewal');
}

async function notifierWith(input: string): Promise<void> {
  const { handler } = await import('../../functions/src/notifications/notify.js');
  await handler(JSON.parse(input), { awsRequestId: randomUUID(), functionName: 'notifications-notify', invokedFunctionArn: 'arn:aws:lambda:eu-west-1:000000000000:function:notifications-notify' } as Context);
}

/** The package's end moved to `days` from now: as if its weeks had gone by. */
async function endsIn(packageId: string, days: number): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: 'kalan-local',
      Key: { pk: `PACKAGE#${packageId}`, sk: 'PACKAGE' },
      UpdateExpression: 'SET end_at = :end',
      ExpressionAttributeValues: { ':end': new Date(Date.now() + days * DAY).toISOString() },
    }),
  );
}

const renewal = (caller: TestUser, packageId = id) => api(`/api/packages/${packageId}/renewal`, { token: caller.accessToken });
const renew = (caller: TestUser, packageId = id) => api(`/api/packages/${packageId}/renew`, { method: 'POST', token: caller.accessToken });

describe('the renewal notice', () => {
  it('is scheduled when the package becomes active, a week before its end, and tells parent and tutor once', async () => {
    const pkg = await packageItem(id);
    const scheduled = await eventually(() => schedule(`package-renewal-${id}`), (found) => found !== null, 20_000);
    const at = new Date(Date.parse(pkg.end_at) - RENEWAL_NOTICE_DAYS * DAY).toISOString().slice(0, 19);
    expect(scheduled!.ScheduleExpression).toBe(`at(${at})`);
    expect(JSON.parse(scheduled!.Target.Input)).toEqual({ packageRenewal: { packageId: id } });

    // Its time: the notifier runs with its input — and once more, as a retry would.
    await notifierWith(scheduled!.Target.Input);
    await notifierWith(scheduled!.Target.Input);
    const [toParent, toTutor] = await Promise.all([renewalNotifications(parent.sub), renewalNotifications(tutor.user.sub)]);
    expect(toParent).toHaveLength(1);
    expect(toTutor).toHaveLength(1);
    expect(toParent[0]).toMatchObject({ title: messages.packages.renewalTitle, link: `/cours?forfait=${id}` });
    expect(toParent[0]!.body).toContain('Yao Kouassi');
    expect(toTutor[0]!.body).toContain('Awa Diallo');
    const lastStart = new Date(Date.parse(pkg.end_at) - DAY / 24).toISOString();
    expect(toParent[0]!.body).toContain(lessonTimeLabel(lastStart).split(',')[0]!.toLowerCase());
    expect((await packageItem(id)).renewal_notified_at).toEqual(expect.any(String));
    const mails = await eventually(() => mailsTo(parent.email, stack()), (list) => list.some((mail) => mail.subject.includes(messages.packages.renewalTitle)), 10_000);
    expect(mails.filter((mail) => mail.subject.includes(messages.packages.renewalTitle))).toHaveLength(1);
  });
});

describe("'Renouveler'", () => {
  it('is not open while the end is more than a week away', async () => {
    const early = await renewal(parent);
    expect(early.status).toBe(409);
    expect(early.body.error.message).toBe(messages.packages.renewalNotOpen);
  });

  it('is for the parent of the package only', async () => {
    await endsIn(id, 2);
    expect((await renewal(tutor.user)).status).toBe(403);
    expect((await renewal(await newUser('parent'))).status).toBe(404);
  });

  it('previews the same slots for the next 4 weeks; names those no longer free; renews once when all are free', async () => {
    await endsIn(id, 2);
    const pkg = await packageItem(id);
    const preview = await renewal(parent);
    expect(preview.status, preview.text).toBe(200);
    const nextStart = new Date(Date.parse(`${pkg.start_date}T00:00:00.000Z`) + 28 * DAY).toISOString().slice(0, 10);
    expect(preview.body).toMatchObject({ start_date: nextStart, unavailable: [], amount_total: pkg.amount_total });
    expect(preview.body.starts).toHaveLength(4);

    // Another booking holds the third lesson's slot meanwhile.
    const taken = preview.body.starts[2] as string;
    const hold = { pk: `SLOTS#${tutor.id}`, sk: `SLOT#${taken}` };
    const { SlotHoldEntity } = await import('../../functions/src/tutors/slot-holds.js');
    await SlotHoldEntity.build(PutItemCommand).item({ tutor_id: tutor.id, start: taken, transaction_id: randomUUID(), expires_at: Math.ceil(Date.parse(taken) / 1000) + 86_400 }).send();
    expect((await renewal(parent)).body.unavailable).toEqual([taken]);
    const refused = await renew(parent);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ message: messages.packages.renewalUnavailable, details: [{ path: 'unavailable', message: lessonTimeLabel(taken) }] });
    expect((await packageItem(id)).renewed_by).toBeUndefined();

    await db().send(new DeleteCommand({ TableName: 'kalan-local', Key: hold }));
    const renewed = await renew(parent);
    expect(renewed.status, renewed.text).toBe(200);
    const next = await packageItem(renewed.body.package_id);
    expect(next).toMatchObject({ status: 'pending', renewed_from: id, start_date: nextStart, slots: pkg.slots, amount_total: pkg.amount_total });
    expect((await packageItem(id)).renewed_by).toBe(next.id);
    expect(renewed.body.authorization_url).toEqual(expect.any(String));

    // Renewed once: 'Renouveler' is closed now.
    const again = await renew(parent);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(messages.packages.renewalNotOpen);
  });
});
