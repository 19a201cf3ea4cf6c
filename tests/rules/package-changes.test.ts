/**
 * Issue 32: the changes within a package's month, through the API handlers on the real engines
 * (DynamoDB Local, the transition engine): the parent stops the package (lessons to come cancelled
 * under the policy, open credits refunded; a second stop answers the same), the tutor moves a
 * package lesson to another free slot (the holds move in one transaction) and may not take a day
 * off over one, the parent's credits are listed and spent, the tutor's package discount is saved.
 */
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { describe, expect, it } from 'vitest';
import { CREDIT_REBOOK_DAYS, messages } from '#shared';
import { applyTransition } from '../../functions/src/escrow/transitions.js';
import { getPackage } from '../../functions/src/packages/changes.js';
import { confirmPackageCharge } from '../../functions/src/packages/payment.js';
import { SlotHoldEntity } from '../../functions/src/tutors/slot-holds.js';
import { tutorProfileBody } from '../support/tutor-profile-body.js';
import { call, EVERY_DAY, expectBalanced, ledgerOf, newPerson, newTutor, transaction } from './harness.js';
import { paidPackage } from './package-fixture.js';
import { invoke } from '../../infra/local/lambda-runtime.js';

const DAY = 86_400_000;
const holdOf = async (tutorId: string, start: string) => (await SlotHoldEntity.build(GetItemCommand).key({ tutor_id: tutorId, start }).options({ consistent: true }).send()).Item;

async function newPackage() {
  const [parent, tutor] = await Promise.all([newPerson('parent'), newTutor(4000, EVERY_DAY)]);
  // Twice a week from 3 days ahead: 8 one-hour lessons at 10:00 and 14:00.
  const weekday = ((new Date(Date.now() + 3 * DAY).getUTCDay() + 6) % 7) + 1;
  const fixture = await paidPackage(parent, tutor, { slots: [{ weekday, hour: 10 }, { weekday: (weekday % 7) + 1, hour: 14 }], duration: 1, startInDays: 3 });
  return { parent, tutor, ...fixture };
}

describe('stopping a package', () => {
  it('cancels the lessons to come under the policy, refunds open credits, leaves given ones, and answers the same twice', async () => {
    const { parent, tutor, id, lessonIds, starts, endAt, amountTotal } = await newPackage();
    const [first, second, third] = lessonIds as [string, string, string];
    await applyTransition({ transactionId: first, action: 'accept', actor: 'tutor', actorId: tutor.userId, wake: false });
    await applyTransition({ transactionId: first, action: 'release', actor: 'parent', actorId: parent.userId, wake: false });
    await applyTransition({
      transactionId: second,
      action: 'cancel_for_credit',
      actor: 'parent',
      actorId: parent.userId,
      wake: false,
      credit: { reason: 'cancellation', rebook_until: new Date(Date.parse(starts[1]!) + CREDIT_REBOOK_DAYS * DAY).toISOString(), refund_at: endAt },
    });
    await applyTransition({ transactionId: third, action: 'accept', actor: 'tutor', actorId: tutor.userId, wake: false });

    // Nobody else stops it; a tutor cannot.
    expect((await call('stopPackage', await newPerson('parent'), { params: { id } })).status).toBe(404);
    expect((await call('stopPackage', tutor, { params: { id } })).status).toBe(403);

    const stopped = await call('stopPackage', parent, { params: { id } });
    expect(stopped.status, JSON.stringify(stopped.body)).toBe(200);
    expect(stopped.body).toMatchObject({ id, status: 'stopped', message: messages.packages.stopped });
    expect((await getPackage(id))!.status).toBe('stopped');
    expect((await transaction(first)).status).toBe('released');
    expect((await transaction(second)).status).toBe('refund_pending');
    for (const lesson of lessonIds.slice(2)) {
      const tx = await transaction(lesson);
      expect(tx.status, lesson).toBe('refund_pending');
      // ≥ 24 h before: in full, never a credit.
      expect(tx.cancellation).toMatchObject({ by: 'parent', refund: tx.amount_total, tutor: 0 });
      expect(tx.credit).toBeUndefined();
      expect(await holdOf(tutor.tutorId, tx.course.scheduled_date)).toBeUndefined();
      expectBalanced(await ledgerOf(lesson));
    }
    expect(amountTotal).toBe(lessonIds.length * (await transaction(first)).amount_total);
    // Again: the same answer, nothing else moves.
    const again = await call('stopPackage', parent, { params: { id } });
    expect(again.body).toEqual(stopped.body);
  });

  it('is refused on a package not paid yet', async () => {
    const [parent, tutor] = await Promise.all([newPerson('parent'), newTutor(4000, EVERY_DAY)]);
    const { id } = await paidPackage(parent, tutor, { slots: [{ weekday: 3, hour: 10 }], duration: 1, unpaid: true });
    const refused = await call('stopPackage', parent, { params: { id } });
    expect(refused.status).toBe(409);
    // Told it is not paid (and lapses by itself), not that it is too late to stop.
    expect(refused.body.error.message).toBe(messages.packages.notPaidYet);
  });
});

describe("a tutor's day off and moving a package lesson", () => {
  it('refuses a day off over a package lesson (nothing saved), moves the lesson, then saves the day off', async () => {
    const { parent, tutor, lessonIds, starts, endAt } = await newPackage();
    const lesson = lessonIds[2]!;
    const day = starts[2]!.slice(0, 10);
    const profile = tutorProfileBody({ availability_schedule: EVERY_DAY, availability_exceptions: [{ start_date: day, end_date: day }] });
    const refused = await call('saveMyTutorProfile', tutor, { body: profile });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(messages.packages.dayOffConflict);
    expect((await call('getMyTutorProfile', tutor)).body.availability_exceptions).toEqual([]);

    // Moved to the next day at 19:00 (free): the holds move with the date.
    const next = new Date(Date.parse(`${day}T19:00:00.000Z`) + DAY).toISOString();
    // Not the parent's to move, nor another tutor's; not past a week after the package's end.
    expect((await call('rescheduleLesson', parent, { params: { id: lesson }, body: { slots: [next] } })).status).toBe(403);
    expect((await call('rescheduleLesson', await newTutor(), { params: { id: lesson }, body: { slots: [next] } })).status).toBe(404);
    const tooLate = new Date(Date.parse(endAt) + 9 * DAY).toISOString().slice(0, 10);
    expect((await call('rescheduleLesson', tutor, { params: { id: lesson }, body: { slots: [`${tooLate}T19:00:00.000Z`] } })).status).toBe(409);
    // Onto another package lesson's slot: taken.
    const taken = await call('rescheduleLesson', tutor, { params: { id: lesson }, body: { slots: [starts[3]!] } });
    expect(taken.status).toBe(409);

    const moved = await call('rescheduleLesson', tutor, { params: { id: lesson }, body: { slots: [next] } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const tx = await transaction(lesson);
    expect(tx.status).toBe('requested');
    expect(tx.course.scheduled_date).toBe(next);
    expect(tx.course.moved_at).toBeDefined();
    expect(Date.parse(tx.auto_release_at)).toBeGreaterThan(Date.parse(next));
    expect(await holdOf(tutor.tutorId, starts[2]!)).toBeUndefined();
    expect((await holdOf(tutor.tutorId, next))?.transaction_id).toBe(lesson);

    const saved = await call('saveMyTutorProfile', tutor, { body: profile });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.availability_exceptions).toEqual([{ start_date: day, end_date: day }]);
  });
});

describe("the parent's credits", () => {
  it('lists a package lesson cancelled in time and spends it on the same tutor within the week', async () => {
    const { parent, tutor, id, lessonIds, starts, endAt } = await newPackage();
    const credited = lessonIds[1]!;
    const rebookUntil = new Date(Date.parse(starts[1]!) + CREDIT_REBOOK_DAYS * DAY).toISOString();
    await applyTransition({
      transactionId: credited,
      action: 'cancel_for_credit',
      actor: 'parent',
      actorId: parent.userId,
      wake: false,
      credit: { reason: 'cancellation', rebook_until: rebookUntil, refund_at: endAt },
    });
    const listed = await call('listMyCredits', parent);
    expect(listed.status).toBe(200);
    expect(listed.body.credits).toEqual([
      expect.objectContaining({ id: credited, reason: 'cancellation', package_id: id, tutor_id: tutor.tutorId, rebook_until: rebookUntil, refund_at: endAt, duration_hours: 1 }),
    ]);
    expect((await call('listMyCredits', await newPerson('parent'))).body.credits).toEqual([]);

    const slot = `${new Date(Date.parse(starts[1]!) + DAY).toISOString().slice(0, 10)}T19:00:00.000Z`;
    expect((await call('useCredit', await newPerson('parent'), { params: { id: credited }, body: { tutorId: tutor.tutorId, slots: [slot] } })).status).toBe(404);
    const used = await call('useCredit', parent, { params: { id: credited }, body: { tutorId: tutor.tutorId, slots: [slot] } });
    expect(used.status, JSON.stringify(used.body)).toBe(201);
    const rebooked = await transaction(used.body.transaction_id);
    expect(rebooked).toMatchObject({ status: 'requested', funded_by: credited, package_id: id });
    expect((await transaction(credited)).status).toBe('transferred');
    expect((await getPackage(id))!.lesson_ids).toContain(rebooked.id);
    expect((await call('listMyCredits', parent)).body.credits).toEqual([]);
    // Spent once.
    expect((await call('useCredit', parent, { params: { id: credited }, body: { tutorId: tutor.tutorId, slots: [slot] } })).status).toBe(409);
  });
});

describe("the tutor's package discount", () => {
  it('is saved between 0 and 20 % and shown on the public profile', async () => {
    const [tutor, parent] = await Promise.all([newTutor(4000, EVERY_DAY), newPerson('parent')]);
    expect((await call('getTutorProfile', parent, { params: { id: tutor.tutorId } })).body.package_discount_percent).toBe(0);
    const saved = await call('setPackageDiscount', tutor, { body: { discountPercent: 15 } });
    expect(saved.status).toBe(200);
    expect((await call('getTutorProfile', parent, { params: { id: tutor.tutorId } })).body.package_discount_percent).toBe(15);
    for (const discountPercent of [21, -1, 2.5]) {
      const refused = await call('setPackageDiscount', tutor, { body: { discountPercent } });
      expect(refused.status, String(discountPercent)).toBe(400);
    }
    expect((await call('setPackageDiscount', parent, { body: { discountPercent: 10 } })).status).toBe(403);
    expect((await call('getTutorProfile', parent, { params: { id: tutor.tutorId } })).body.package_discount_percent).toBe(15);
  });
});

describe('the package suggestion of the recommendations', () => {
  it('comes after two lessons released with a tutor, once no package runs with them', async () => {
    const { parent, tutor, id, lessonIds } = await newPackage();
    for (const lesson of lessonIds.slice(0, 2)) {
      await applyTransition({ transactionId: lesson, action: 'accept', actor: 'tutor', actorId: tutor.userId, wake: false });
      await applyTransition({ transactionId: lesson, action: 'release', actor: 'parent', actorId: parent.userId, wake: false });
    }
    const recommend = () => call('recommendTutors', parent, { body: {} });
    const running = await recommend();
    expect(running.status, JSON.stringify(running.body)).toBe(200);
    // The package still runs with this tutor: no suggestion.
    expect(running.body.package_suggestion).toBeUndefined();
    expect((await call('stopPackage', parent, { params: { id } })).status).toBe(200);
    for (const lesson of lessonIds.slice(2)) await applyTransition({ transactionId: lesson, action: 'complete_refund', actor: 'system', wake: false });
    const after = await recommend();
    expect(after.body.package_suggestion).toEqual({ tutor_id: tutor.tutorId, tutor_name: 'Awa Koné' });
    expect((await call('recommendTutors', await newPerson('parent'), { body: {} })).body.package_suggestion).toBeUndefined();
  });
});

describe("a package's payment arriving after one of its lessons expired", () => {
  it('confirms none of them: the package fails whole and the payment is a late one (never kept for a lesson that is gone)', async () => {
    const [parent, tutor] = await Promise.all([newPerson('parent'), newTutor(4000, EVERY_DAY)]);
    const weekday = ((new Date(Date.now() + 3 * DAY).getUTCDay() + 6) % 7) + 1;
    const { id, lessonIds, amountTotal } = await paidPackage(parent, tutor, { slots: [{ weekday, hour: 10 }], duration: 1, startInDays: 3, weeks: 2, unpaid: true });
    // The first lesson's payment window passed (its workflow's expiry), the second's not yet.
    await applyTransition({ transactionId: lessonIds[0]!, action: 'expire_payment', actor: 'system', wake: false });
    const pkg = (await getPackage(id))!;
    const outcome = await confirmPackageCharge(pkg, { id: 1, status: 'success', reference: pkg.reference, amount: amountTotal, currency: 'XOF' }, { wake: false });
    expect(outcome).toBe('late_payment');
    expect((await transaction(lessonIds[1]!)).status).toBe('failed');
    expect((await getPackage(id))!.status).toBe('failed');
    for (const lesson of lessonIds) expect((await ledgerOf(lesson)).filter((line) => line.movement === 'payment')).toEqual([]);
  });
});

describe('a package never paid', () => {
  it('fails once its last lesson expires (the escrow task), not before: it does not stay "awaiting payment"', async () => {
    const [parent, tutor] = await Promise.all([newPerson('parent'), newTutor(4000, EVERY_DAY)]);
    const weekday = ((new Date(Date.now() + 3 * DAY).getUTCDay() + 6) % 7) + 1;
    const { id, lessonIds } = await paidPackage(parent, tutor, { slots: [{ weekday, hour: 10 }], duration: 1, startInDays: 3, weeks: 2, unpaid: true });
    await invoke('escrow/tasks', { action: 'expirePayment', transactionId: lessonIds[0]! });
    expect((await transaction(lessonIds[0]!)).status).toBe('failed');
    expect((await getPackage(id))!.status).toBe('pending');
    await invoke('escrow/tasks', { action: 'expirePayment', transactionId: lessonIds[1]! });
    expect((await transaction(lessonIds[1]!)).status).toBe('failed');
    expect((await getPackage(id))!.status).toBe('failed');
  });
});
