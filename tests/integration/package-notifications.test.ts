/**
 * A package's notifications through the real stream (issue 32): a package is N lesson
 * transactions, but its payment tells the tutor ONE request and the parent ONE receipt (the
 * package's own record, once), and its stop tells each side once — never once per lesson. Read
 * from the table, as the notifier (the local stream poller's second consumer) wrote them.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, newUser, type TestUser } from '../support/stack.js';
import { db, eventually, statusOf, withdrawTutorProfile } from './payments-helpers.js';
import { bookPackage, packageRequest, payPackage, tutorEveryDay, useHandlersHere, type PackageTutor } from './packages-support.js';

let parent: TestUser;
let tutor: PackageTutor;

beforeAll(async () => {
  useHandlersHere();
  [parent, tutor] = await Promise.all([newUser('parent', { firstName: 'Awa', lastName: 'Diallo' }), tutorEveryDay({ firstName: 'Yao', lastName: 'Kouassi' })]);
});

afterAll(async () => {
  if (tutor) await withdrawTutorProfile(tutor.user.sub);
});

/** A user's notification items, oldest first. */
async function notificationsOf(userId: string): Promise<Array<Record<string, any>>> {
  const { Items = [] } = await db().send(
    new QueryCommand({
      TableName: 'kalan-local',
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :notif)',
      ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':notif': 'NOTIF#' },
      ConsistentRead: true,
    }),
  );
  return Items;
}

describe('a package of 3 lessons a week, paid once, then stopped', () => {
  it('tells the tutor one request and the parent one receipt, then each side one stop', async () => {
    const id = await bookPackage(parent, packageRequest(tutor, 3));
    const lessons = await payPackage(id);
    expect(lessons).toHaveLength(12);
    // The package's record comes after its lessons' on the stream: once it told, theirs were read.
    const tutorSide = await eventually(() => notificationsOf(tutor.user.sub), (items) => items.some((item) => item.kind === 'package_requested'), 30_000);
    const parentSide = await eventually(() => notificationsOf(parent.sub), (items) => items.some((item) => item.kind === 'package_paid'), 30_000);
    expect(tutorSide.map((item) => [item.kind, item.link])).toEqual([['package_requested', `/cours?forfait=${id}`]]);
    expect(tutorSide[0]!.title).toMatch(/^Nouvelle demande de forfait : 12 cours de mathématiques, 3 par semaine à partir du /);
    expect(parentSide.map((item) => [item.kind, item.title])).toEqual([['package_paid', 'Paiement du forfait reçu']]);

    const stopped = await api(`/api/packages/${id}/stop`, { method: 'POST', token: parent.accessToken });
    expect(stopped.status, stopped.text).toBe(200);
    // Every lesson cancelled and refunded by the stop (the refunds done: their records were on the stream).
    for (const lesson of lessons) expect(await eventually(() => statusOf(lesson), (status) => status === 'refunded', 60_000)).toBe('refunded');
    const tutorAfter = await eventually(() => notificationsOf(tutor.user.sub), (items) => items.some((item) => item.kind === 'package_stopped'), 30_000);
    const parentAfter = await eventually(() => notificationsOf(parent.sub), (items) => items.some((item) => item.kind === 'package_stopped'), 30_000);
    expect(tutorAfter.map((item) => [item.kind, item.title])).toEqual([
      ['package_requested', tutorSide[0]!.title],
      ['package_stopped', 'Forfait arrêté : 12 cours annulés'],
    ]);
    expect(parentAfter.map((item) => [item.kind, item.title])).toEqual([
      ['package_paid', 'Paiement du forfait reçu'],
      ['package_stopped', 'Forfait arrêté : 12 cours remboursés'],
    ]);
  });
});
