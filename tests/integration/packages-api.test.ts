/**
 * Monthly packages over HTTP on the local stack (issue 32): the booking's French refusals (nothing
 * written), slots no longer free (409 naming them), the views of the parent, the tutor and the
 * admin (another parent's package is 404), the tutor's answer on every lesson at once (the tutor of
 * the package only), and the one invoice of a paid package.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import { packagePrice } from '#shared/packages';
import { adminSession } from '../support/admin-session.js';
import { api, newUser, type TestUser } from '../support/stack.js';
import { db, statusOf, withdrawTutorProfile } from './payments-helpers.js';
import { bookPackage, dateIn, packageItem, packageRequest, payPackage, tutorEveryDay, useHandlersHere, weekdayOf, type PackageTutor } from './packages-support.js';

const tutors: PackageTutor[] = [];
async function tutor(): Promise<PackageTutor> {
  const created = await tutorEveryDay({ firstName: 'Yao', lastName: 'Kouassi' });
  tutors.push(created);
  return created;
}

beforeAll(() => useHandlersHere());
afterAll(async () => {
  await Promise.all(tutors.map((t) => withdrawTutorProfile(t.user.sub)));
});

async function packagesOf(parent: TestUser): Promise<unknown[]> {
  const { Items = [] } = await db().send(
    new QueryCommand({ TableName: 'kalan-local', IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': `PARENT_PKG#${parent.sub}` } }),
  );
  return Items;
}

describe('booking a package: what is refused, in French, with nothing written', () => {
  let parent: TestUser;
  let target: PackageTutor;
  beforeAll(async () => {
    [parent, target] = await Promise.all([newUser('parent'), tutor()]);
  });

  it.each([
    ['0 lessons a week', { lessonsPerWeek: 0, slots: [] }, messages.packages.lessonsPerWeekRange],
    ['6 lessons a week', { lessonsPerWeek: 6, slots: [1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, hour: 10 })) }, messages.packages.lessonsPerWeekRange],
    ['fewer slots than lessons a week', { lessonsPerWeek: 2, slots: [{ weekday: 1, hour: 10 }] }, messages.packages.slotsCountMismatch],
    ['the same day twice', { lessonsPerWeek: 2, slots: [{ weekday: 2, hour: 10 }, { weekday: 2, hour: 15 }] }, messages.packages.slotsSameDay],
    ['a start too far ahead', { startDate: dateIn(20) }, messages.packages.startDateRange],
    ['a start in the past', { startDate: dateIn(-2) }, messages.packages.startDateRange],
    ['lessons of 3 hours', { duration: 3 }, messages.packages.durationInvalid],
  ])('%s', async (_case, overrides, message) => {
    const refused = await api('/api/packages', { method: 'POST', token: parent.accessToken, body: packageRequest(target, 1, overrides) });
    expect(refused.status, refused.text).toBe(400);
    expect(JSON.stringify(refused.body.error)).toContain(message);
    expect(await packagesOf(parent)).toEqual([]);
  });

  it('refuses slots that are not free with a 409 naming them', async () => {
    // The tutor's own hours end at 21:00: a lesson at 22:00 is never free.
    const body = packageRequest(target, 1, { slots: [{ weekday: weekdayOf(dateIn(1)), hour: 22 }] });
    const refused = await api('/api/packages', { method: 'POST', token: parent.accessToken, body });
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body.error.message).toMatch(/^Ces créneaux ne sont plus libres : .*22:00 ; .*22:00 ; .*22:00 ; .*22:00$/);
    expect(await packagesOf(parent)).toEqual([]);
  });

  it('refuses a tutor (parents only book)', async () => {
    const refused = await api('/api/packages', { method: 'POST', token: target.user.accessToken, body: packageRequest(target) });
    expect(refused.status).toBe(403);
  });
});

describe('a package as its parent, its tutor, another parent and the admin see it', () => {
  let parent: TestUser;
  let other: TestUser;
  let target: PackageTutor;
  let id: string;
  beforeAll(async () => {
    [parent, other, target] = await Promise.all([newUser('parent', { firstName: 'Awa', lastName: 'Diallo' }), newUser('parent'), tutor()]);
    id = await bookPackage(parent, packageRequest(target, 2));
  });

  it('the parent and the tutor list it and read it; the lessons are pending, nothing is paid yet', async () => {
    const [mine, theirs, one] = await Promise.all([
      api('/api/packages', { token: parent.accessToken }),
      api('/api/packages', { token: target.user.accessToken }),
      api(`/api/packages/${id}`, { token: parent.accessToken }),
    ]);
    expect(mine.body.packages.map((p: { id: string }) => p.id)).toEqual([id]);
    expect(theirs.body.packages.map((p: { id: string }) => p.id)).toEqual([id]);
    expect(one.status, one.text).toBe(200);
    const price = packagePrice(4000, 1, 0, 8);
    expect(one.body).toMatchObject({
      id,
      status: 'pending',
      status_label: 'Paiement en attente',
      tutor_name: 'Yao Kouassi',
      parent_name: 'Awa Diallo',
      lessons_per_week: 2,
      amount_total: price.total,
      lesson_price: price.lesson.total,
      amounts: { released: 0, refunded: 0, credit: 0, held: 0 },
      counts: { lessons: 8, done: 0, upcoming: 8, cancelled: 0 },
      renewal_open: false,
    });
    expect(one.body.lessons.map((l: { status: string }) => l.status)).toEqual(Array(8).fill('pending'));
  });

  it("another parent, or another tutor, gets 404 as for a package that does not exist", async () => {
    const neighbourTutor = await newUser('tuteur');
    for (const caller of [other, neighbourTutor]) {
      const refused = await api(`/api/packages/${id}`, { token: caller.accessToken });
      expect(refused.status).toBe(404);
      expect(refused.body.error.message).toBe(messages.packages.notFound);
    }
    expect((await api('/api/packages', { token: other.accessToken })).body.packages).toEqual([]);
  });

  it('has no invoice before its one payment', async () => {
    const refused = await api(`/api/packages/${id}/invoice`, { token: parent.accessToken });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual({ code: 'invoice_unavailable', message: messages.payments.invoiceAwaitingPayment });
  });

  it('the admin finds it in the packages list, page after page', async () => {
    const admin = await adminSession();
    let cursor: string | null = null;
    let found: Record<string, any> | undefined;
    do {
      const page: { status: number; body: { packages: Array<Record<string, any>>; next_cursor: string | null } } = await api(
        `/api/admin/packages${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
        { token: admin.accessToken },
      );
      expect(page.status).toBe(200);
      found = page.body.packages.find((p) => p.id === id);
      cursor = page.body.next_cursor;
    } while (!found && cursor);
    expect(found).toMatchObject({ id, status: 'pending', parent_name: 'Awa Diallo', tutor_name: 'Yao Kouassi' });
    const refused = await api('/api/admin/packages?cursor=abc', { token: admin.accessToken });
    expect(refused.status).toBe(400);
  });
});

describe("the tutor's answer, on every lesson at once", () => {
  it('accepts: each lesson waiting goes to escrow, the package is stamped; the invoice lists the lessons', async () => {
    const [parent, target] = await Promise.all([newUser('parent'), tutor()]);
    const id = await bookPackage(parent, packageRequest(target, 1));
    const lessons = await payPackage(id);
    for (const lesson of lessons) expect(await statusOf(lesson)).toBe('requested');

    // Only the package's tutor: the parent is refused by its role, another tutor finds nothing.
    expect((await api(`/api/packages/${id}/accept`, { method: 'POST', token: parent.accessToken })).status).toBe(403);
    const stranger = await newUser('tuteur');
    expect((await api(`/api/packages/${id}/accept`, { method: 'POST', token: stranger.accessToken })).status).toBe(404);
    for (const lesson of lessons) expect(await statusOf(lesson)).toBe('requested');

    const accepted = await api(`/api/packages/${id}/accept`, { method: 'POST', token: target.user.accessToken });
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.body.lessons.map((l: { status: string }) => l.status)).toEqual(Array(4).fill('escrow'));
    expect(accepted.body.amounts).toEqual({ released: 0, refunded: 0, credit: 0, held: accepted.body.amount_total });
    expect((await packageItem(id)).accepted_at).toEqual(expect.any(String));
    // Nothing left to answer.
    const again = await api(`/api/packages/${id}/decline`, { method: 'POST', token: target.user.accessToken });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(messages.packages.nothingToAnswer);

    const invoice = await api(`/api/packages/${id}/invoice`, { token: parent.accessToken });
    expect(invoice.status, invoice.text).toBe(200);
    expect(invoice.body.lines).toHaveLength(4);
    expect(invoice.body.total).toBe(invoice.body.lines.reduce((sum: number, line: { amount: number }) => sum + line.amount, 0));
    expect(invoice.body.package.id).toBe(id);
    expect((await api(`/api/packages/${id}/invoice`, { token: target.user.accessToken })).status).toBe(200);
    expect((await api(`/api/packages/${id}/invoice`, { token: (await newUser('parent')).accessToken })).status).toBe(404);
  });

  it('declines: each lesson waiting is declined, its full refund under way', async () => {
    const [parent, target] = await Promise.all([newUser('parent'), tutor()]);
    const id = await bookPackage(parent, packageRequest(target, 1));
    const lessons = await payPackage(id);
    const declined = await api(`/api/packages/${id}/decline`, { method: 'POST', token: target.user.accessToken });
    expect(declined.status, declined.text).toBe(200);
    // As the tutor's answer left them (the refunds to Paystack then run in each lesson's workflow).
    expect(declined.body.lessons.map((l: { id: string }) => l.id)).toEqual(lessons);
    for (const lesson of declined.body.lessons) expect(['refund_pending', 'refunded']).toContain(lesson.status);
    expect(declined.body.amounts.held).toBe(0);
    expect(declined.body.amounts.refunded).toBe(declined.body.amount_total);
    expect(declined.body.counts.cancelled).toBe(4);
  });
});
