/**
 * Issue 32's money on the real engines (DynamoDB Local, the Paystack sandbox, the deployed state
 * machine on the local Step Functions runner): a lesson kept as a credit, the credit spent on
 * another lesson (all of it, or part of it with the rest refunded), a credit expiring unspent, the
 * trial guarantee claimed (the tutor's share paid by the platform, into the tutor's wallet), two
 * parents' taps spending one credit at once, and the 'Premier cours' mark at booking. Every
 * movement balanced and written once.
 */
import { randomUUID } from 'node:crypto';
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import { UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { describe, expect, it } from 'vitest';
import { guaranteeTutorShare, messages, priceLesson, TRIAL_GUARANTEE } from '#shared';
import { useCredit } from '../../functions/src/escrow/credits.js';
import { applyTransition } from '../../functions/src/escrow/transitions.js';
import { PackageEntity, packageReferenceFor } from '../../functions/src/packages/entities.js';
import { stopPackage } from '../../functions/src/packages/changes.js';
import { claimGuarantee } from '../../functions/src/packages/guarantee.js';
import { WalletEntity } from '../../functions/src/payouts/entities.js';
import {
  bookAndPay,
  call,
  EVERY_DAY,
  expectBalanced,
  ledgerOf,
  newPerson,
  newTutor,
  setOnTransaction,
  transaction,
  untilStatus,
  untilWaiting,
  type Person,
  type Tutor,
} from './harness.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** `hours` consecutive slots at `hour`:00 Abidjan time (= UTC), `daysAhead` days from now. */
function slotsAt(hours: number, daysAhead = 3, hour = 10): string[] {
  const day = new Date(Date.now() + daysAhead * DAY).toISOString().slice(0, 10);
  const first = Date.parse(`${day}T${String(hour).padStart(2, '0')}:00:00.000Z`);
  return Array.from({ length: hours }, (_, i) => new Date(first + i * HOUR).toISOString());
}

/** A parent's paid lesson of `hours` hours with a tutor available every day, accepted: funds held. */
async function heldLesson(hours = 2, tutor?: Tutor, parent?: Person) {
  parent ??= await newPerson('parent');
  tutor ??= await newTutor(5000, EVERY_DAY);
  const slots = slotsAt(hours);
  const { id, reference } = await bookAndPay(parent, tutor, { duration: hours, slots, scheduledDate: slots[0] });
  await untilWaiting(id, 'requested');
  await applyTransition({ transactionId: id, action: 'accept', actor: 'tutor', actorId: tutor.userId });
  await untilWaiting(id, 'escrow');
  return { parent, tutor, id, reference, slots };
}

/** The lesson cancelled in time as a package credit: to rebook within a week, refunded at `refundAt`. */
async function creditedLesson(refundAt = new Date(Date.now() + 20 * DAY).toISOString()) {
  const lesson = await heldLesson();
  await applyTransition({
    transactionId: lesson.id,
    action: 'cancel_for_credit',
    actor: 'parent',
    actorId: lesson.parent.userId,
    credit: { reason: 'cancellation', rebook_until: new Date(Date.parse(lesson.slots[0]!) + 7 * DAY).toISOString(), refund_at: refundAt },
  });
  return lesson;
}

const sum = (lines: Array<Record<string, any>>, movement: string, account: string, side: 'debit' | 'credit') =>
  lines.filter((line) => line.movement === movement && line.account === account).reduce((total, line) => total + line[side], 0);
const movements = (lines: Array<Record<string, any>>) => lines.map((line) => line.line).sort();

async function walletOf(tutorUserId: string) {
  const { Item } = await WalletEntity.build(GetItemCommand).key({ tutor_user_id: tutorUserId }).options({ consistent: true }).send();
  return Item;
}

describe('a package lesson cancelled in time becomes a credit', () => {
  it('keeps the money held, frees the slots, and waits for its use until its refund date', async () => {
    const { parent, tutor, id, slots } = await creditedLesson();
    const tx = await untilWaiting(id, 'credited');
    expect(tx.credit).toMatchObject({ reason: 'cancellation' });
    expect(tx.course).toMatchObject({ status: 'cancelled', holds_slots: false });
    // Only the payment: the credit's money stays in the lesson's escrow.
    expect(movements(await ledgerOf(id))).toEqual(['payment#1', 'payment#2']);
    const free = (await call('getTutorSlots', parent, { params: { id: tutor.tutorId } })).body.slots.map((slot: { start: string }) => slot.start);
    expect(free).toEqual(expect.arrayContaining(slots));
    const lessons = await call('listMyLessons', parent);
    expect([...lessons.body.upcoming, ...lessons.body.past].find((lesson: { id: string }) => lesson.id === id)).toMatchObject({
      status: 'credited',
      status_label: 'Annulé, en crédit',
      credit: { reason: 'cancellation', refund_at: tx.credit.refund_at },
      actions: [],
    });
  });

  it('spent on the same lesson a few days later: all of it moves to the new lesson, paid by the credit, once', async () => {
    const { parent, tutor, id, reference } = await creditedLesson();
    const credited = await untilWaiting(id, 'credited');
    const slots = slotsAt(2, 5, 14);
    const lessonId = await useCredit({ creditId: id, parentId: parent.userId, tutor: tutor.tutorId, slots, subject: 'Mathématiques', level: 'Collège' });

    const spent = await untilStatus(id, 'transferred');
    expect(spent.credit).toMatchObject({ used_by: lessonId, transferred: credited.amount_total });
    const creditLedger = await ledgerOf(id);
    expectBalanced(creditLedger);
    expect(movements(creditLedger)).toEqual(['payment#1', 'payment#2', 'transfer#1', 'transfer#2']);
    expect(sum(creditLedger, 'transfer', `credit:${parent.userId}`, 'credit')).toBe(credited.amount_total);

    const lesson = await untilWaiting(lessonId, 'requested');
    expect(lesson).toMatchObject({
      funded_by: id,
      reference,
      paid_at: expect.any(String),
      amount_total: credited.amount_total,
      tutor_id: tutor.tutorId,
      course: { scheduled_date: slots[0], holds_slots: true, duration_hours: 2 },
    });
    const lessonLedger = await ledgerOf(lessonId);
    expectBalanced(lessonLedger);
    // Paid from the parent's credit account, not Paystack's clearing: the credit account is back at zero.
    expect(sum(lessonLedger, 'payment', `credit:${parent.userId}`, 'debit')).toBe(credited.amount_total);
    expect(sum(lessonLedger, 'payment', 'paystack:clearing', 'debit')).toBe(0);

    // The new lesson declined: what it cost goes back, and nothing more (the credit's escrow is empty).
    await applyTransition({ transactionId: lessonId, action: 'decline', actor: 'tutor', actorId: tutor.userId });
    await untilStatus(lessonId, 'refunded');
    const refunded = await ledgerOf(lessonId);
    expectBalanced(refunded);
    expect(sum(refunded, 'refund', `parent:${parent.userId}`, 'credit')).toBe(credited.amount_total);
    const all = [...(await ledgerOf(id)), ...refunded];
    expect(sum(all, 'refund', `parent:${parent.userId}`, 'credit')).toBe(credited.amount_total);
  });

  it('refuses another tutor, a slot after the rebooking week, and a credit already spent', async () => {
    const { parent, tutor, id } = await creditedLesson();
    await untilWaiting(id, 'credited');
    const other = await newTutor(5000, EVERY_DAY);
    const base = { creditId: id, parentId: parent.userId, subject: 'Mathématiques', level: 'Collège' };
    await expect(useCredit({ ...base, tutor: other.tutorId, slots: slotsAt(2, 5) })).rejects.toMatchObject({ message: messages.packages.creditSameTutor });
    await expect(useCredit({ ...base, tutor: tutor.tutorId, slots: slotsAt(2, 12) })).rejects.toMatchObject({ message: messages.packages.creditTooLate });
    const stranger = await newPerson('parent');
    await expect(useCredit({ ...base, parentId: stranger.userId, tutor: tutor.tutorId, slots: slotsAt(2, 5) })).rejects.toMatchObject({
      message: messages.packages.creditNotFound,
    });
    await useCredit({ ...base, tutor: tutor.tutorId, slots: slotsAt(2, 5) });
    await expect(useCredit({ ...base, tutor: tutor.tutorId, slots: slotsAt(2, 6) })).rejects.toMatchObject({ message: messages.packages.creditExpired });
  });

  it('two taps spending one credit at once: one lesson booked, the credit moved once', async () => {
    const { parent, tutor, id } = await creditedLesson();
    await untilWaiting(id, 'credited');
    const base = { creditId: id, parentId: parent.userId, tutor: tutor.tutorId, subject: 'Mathématiques', level: 'Collège' };
    const results = await Promise.allSettled([useCredit({ ...base, slots: slotsAt(2, 4, 9) }), useCredit({ ...base, slots: slotsAt(2, 5, 15) })]);
    const won = results.filter((result) => result.status === 'fulfilled') as PromiseFulfilledResult<string>[];
    expect(won).toHaveLength(1);
    expect(results.find((result) => result.status === 'rejected')).toMatchObject({ reason: { statusCode: 409 } });
    const spent = await untilStatus(id, 'transferred');
    expect(spent.credit.used_by).toBe(won[0]!.value);
    expect(movements(await ledgerOf(id))).toEqual(['payment#1', 'payment#2', 'transfer#1', 'transfer#2']);
    // The loser's lesson was never written (its writes shared the credit's DynamoDB transaction).
    const lessons = await call('listMyLessons', parent);
    const funded = [...lessons.body.upcoming, ...lessons.body.past].filter((lesson: { id: string }) => lesson.id !== id);
    expect(funded.map((lesson: { id: string }) => lesson.id)).toEqual([won[0]!.value]);
  });

  it('given back by an admin: refunded in full, once', async () => {
    const { parent, id } = await creditedLesson();
    await untilWaiting(id, 'credited');
    const admin = await newPerson('admin');
    await applyTransition({ transactionId: id, action: 'refund_credit', actor: 'admin', actorId: admin.userId });
    const tx = await untilStatus(id, 'refunded');
    const ledger = await ledgerOf(id);
    expectBalanced(ledger);
    expect(sum(ledger, 'refund', `parent:${parent.userId}`, 'credit')).toBe(tx.amount_total);
    expect(movements(ledger)).toEqual(['payment#1', 'payment#2', 'refund#1', 'refund#2']);
  });

  it('not spent by its refund date: refunded in full by the workflow', async () => {
    // Its refund date a few seconds ahead: the workflow's wait ends on it.
    const { parent, id } = await creditedLesson(new Date(Date.now() + 4_000).toISOString());
    const tx = await untilStatus(id, 'refunded', 60_000);
    expect(tx.last_action).toBe('complete_refund');
    const ledger = await ledgerOf(id);
    expectBalanced(ledger);
    expect(sum(ledger, 'refund', `parent:${parent.userId}`, 'credit')).toBe(tx.amount_total);
    expect(movements(ledger)).toEqual(['payment#1', 'payment#2', 'refund#1', 'refund#2']);
  });
});

describe('the trial guarantee', () => {
  it('a first lesson booked in slots is marked "Premier cours"; the next one with the same tutor is not', async () => {
    const parent = await newPerson('parent');
    const tutor = await newTutor(5000, EVERY_DAY);
    const first = await heldLesson(1, tutor, parent);
    expect((await transaction(first.id)).trial).toBe(true);
    const slots = slotsAt(1, 4);
    const second = await bookAndPay(parent, tutor, { duration: 1, slots, scheduledDate: slots[0] });
    expect((await transaction(second.id)).trial).toBeUndefined();
  });

  it('claimed as a refund: the parent gets all of it back, the tutor half their share of the first hour, paid by the platform', async () => {
    const { parent, tutor, id } = await heldLesson(2);
    const before = (await walletOf(tutor.userId))?.available ?? 0;
    await applyTransition({ transactionId: id, action: 'claim_guarantee_refund', actor: 'parent', actorId: parent.userId });
    const tx = await untilStatus(id, 'refunded');
    const share = guaranteeTutorShare(tutor.hourlyRate);
    expect(share).toBe(Math.round(((tutor.hourlyRate - Math.round(tutor.hourlyRate * 0.1)) * TRIAL_GUARANTEE.tutor_share_percent) / 100));
    expect(tx.guarantee).toMatchObject({ choice: 'refund', tutor_share: share });
    const ledger = await ledgerOf(id);
    expectBalanced(ledger);
    expect(movements(ledger)).toEqual(['guarantee#1', 'guarantee#2', 'payment#1', 'payment#2', 'refund#1', 'refund#2']);
    expect(sum(ledger, 'refund', `parent:${parent.userId}`, 'credit')).toBe(tx.amount_total);
    expect(sum(ledger, 'guarantee', 'platform:guarantee', 'debit')).toBe(share);
    expect(sum(ledger, 'guarantee', `tutor:${tutor.userId}`, 'credit')).toBe(share);
    // The wallet is the sum of the tutor's lines; a guarantee is not a confirmed lesson.
    const wallet = await walletOf(tutor.userId);
    expect(wallet?.available).toBe(before + share);
    expect(wallet?.releases ?? 0).toBe(0);
    const lessons = await call('listMyLessons', parent);
    expect(lessons.body.past.find((lesson: { id: string }) => lesson.id === id)).toMatchObject({ status_label: 'Garantie premier cours : remboursé' });
  });

  it('claimed as another tutor: the credit pays a cheaper first lesson with them and the rest is refunded', async () => {
    const { parent, tutor, id } = await heldLesson(2);
    await applyTransition({ transactionId: id, action: 'claim_guarantee_credit', actor: 'parent', actorId: parent.userId });
    const credited = await untilWaiting(id, 'credited');
    expect(credited.credit).toMatchObject({ reason: 'guarantee' });
    expect(Date.parse(credited.credit.refund_at) - Date.parse(credited.credit.at)).toBe(TRIAL_GUARANTEE.credit_validity_days * DAY);
    expect(sum(await ledgerOf(id), 'guarantee', `tutor:${tutor.userId}`, 'credit')).toBe(guaranteeTutorShare(tutor.hourlyRate));

    const base = { creditId: id, parentId: parent.userId, subject: 'Mathématiques', level: 'Collège' };
    // The same tutor again, or a lesson dearer than the credit: refused.
    await expect(useCredit({ ...base, tutor: tutor.tutorId, slots: slotsAt(1, 5) })).rejects.toMatchObject({ message: messages.packages.creditOtherTutor });
    const dear = await newTutor(20_000, EVERY_DAY);
    await expect(useCredit({ ...base, tutor: dear.tutorId, slots: slotsAt(1, 5) })).rejects.toMatchObject({ statusCode: 400 });

    const other = await newTutor(4000, EVERY_DAY);
    const cost = priceLesson(4000, 2).total;
    const lessonId = await useCredit({ ...base, tutor: other.tutorId, slots: slotsAt(2, 5) });
    const lesson = await untilWaiting(lessonId, 'requested');
    expect(lesson).toMatchObject({ trial: true, funded_by: id, amount_total: cost, tutor_id: other.tutorId });
    expectBalanced(await ledgerOf(lessonId));

    // The rest of the credit goes back to the parent.
    const rest = await untilStatus(id, 'refunded');
    expect(rest.credit).toMatchObject({ used_by: lessonId, transferred: cost });
    const ledger = await ledgerOf(id);
    expectBalanced(ledger);
    expect(sum(ledger, 'transfer', `credit:${parent.userId}`, 'credit')).toBe(cost);
    expect(sum(ledger, 'refund', `parent:${parent.userId}`, 'credit')).toBe(rest.amount_total - cost);
    // The escrow of the guaranteed lesson is empty: what came in went to the new lesson and back to the parent.
    expect(sum(ledger, 'payment', `escrow:${id}`, 'credit')).toBe(sum(ledger, 'transfer', `escrow:${id}`, 'debit') + sum(ledger, 'refund', `escrow:${id}`, 'debit'));

    // The new lesson refunded (declined): only what it cost goes back.
    await applyTransition({ transactionId: lessonId, action: 'decline', actor: 'tutor', actorId: other.userId });
    await untilStatus(lessonId, 'refunded');
    expect(sum(await ledgerOf(lessonId), 'refund', `parent:${parent.userId}`, 'credit')).toBe(cost);
  });
});

describe("the guarantee's replacement lesson", () => {
  it("is a 'Premier cours' only with a tutor the parent never paid: no second free lesson with a tutor already known", async () => {
    const parent = await newPerson('parent');
    // The parent already paid a lesson with this tutor.
    const known = await newTutor(4000, EVERY_DAY);
    const earlier = slotsAt(1, 2, 8);
    await bookAndPay(parent, known, { duration: 1, slots: earlier, scheduledDate: earlier[0] });
    const { id } = await heldLesson(2, undefined, parent);
    await applyTransition({ transactionId: id, action: 'claim_guarantee_credit', actor: 'parent', actorId: parent.userId });
    await untilWaiting(id, 'credited');

    const lessonId = await useCredit({ creditId: id, parentId: parent.userId, tutor: known.tutorId, slots: slotsAt(1, 5), subject: 'Mathématiques', level: 'Collège' });
    const lesson = await untilWaiting(lessonId, 'requested');
    expect(lesson.trial).toBeUndefined();
    // So its guarantee cannot be claimed: the money of the first claim is not refunded by a second.
    await expect(claimGuarantee(lessonId, parent.userId, 'refund', new Date(Date.parse(lesson.course.scheduled_date) + 30 * 60_000))).rejects.toMatchObject({
      message: messages.guarantee.notTrial,
    });
  });
});

/** Makes the lesson one of a package ending at `endAt` (the package item as the package booking writes it, reduced). */
async function asPackageLesson(lesson: { id: string; parent: Person; tutor: Tutor }, endAt: string): Promise<string> {
  const packageId = randomUUID();
  const tx = await transaction(lesson.id);
  const now = new Date().toISOString();
  await PackageEntity.build(PutItemCommand)
    .item({
      id: packageId,
      reference: packageReferenceFor(packageId),
      parent_id: lesson.parent.userId,
      parent_name: tx.parent_name,
      email: tx.email,
      tutor_id: lesson.tutor.tutorId,
      tutor_user_id: lesson.tutor.userId,
      tutor_name: tx.tutor_name,
      subject: 'Mathématiques',
      level: 'Collège',
      duration_hours: tx.course.duration_hours,
      lessons_per_week: 1,
      slots: [{ weekday: 1, hour: 10 }],
      start_date: now.slice(0, 10),
      end_at: endAt,
      hourly_rate: tx.hourly_rate,
      discount_percent: 0,
      lesson_total: tx.amount_total,
      lesson_tutor: tx.amount_tutor,
      lesson_commission: tx.commission_amount,
      amount_total: tx.amount_total,
      currency: 'XOF',
      payment_method: 'card',
      status: 'active',
      lesson_ids: [lesson.id],
      created_at: now,
      updated_at: now,
      gsi1pk: `PARENT_PKG#${lesson.parent.userId}`,
      gsi1sk: now,
      gsi2pk: `TUTOR_PKG#${lesson.tutor.userId}`,
      gsi2sk: now,
    })
    .send();
  await setOnTransaction(lesson.id, { package_id: packageId });
  return packageId;
}

const cancel = (who: Person, id: string) => call('lessonAction', who, { params: { id }, body: { action: 'cancel' } });

describe("a parent's cancellation of a package lesson ('Mes cours')", () => {
  it('in time: kept as a credit to rebook within a week, refunded at the end of the package', async () => {
    const lesson = await heldLesson();
    const endAt = new Date(Date.now() + 25 * DAY).toISOString();
    const packageId = await asPackageLesson(lesson, endAt);
    const response = await cancel(lesson.parent, lesson.id);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({
      status: 'credited',
      status_label: 'Annulé, en crédit',
      package_id: packageId,
      credit: { reason: 'cancellation', rebook_until: new Date(Date.parse(lesson.slots[0]!) + 7 * DAY).toISOString(), refund_at: endAt },
    });
    const tx = await untilWaiting(lesson.id, 'credited');
    expect(tx.cancellation).toBeUndefined();
    expect(movements(await ledgerOf(lesson.id))).toEqual(['payment#1', 'payment#2']);

    // Rebooked with the credit: the new lesson joins the package.
    const lessonId = await useCredit({
      creditId: lesson.id,
      parentId: lesson.parent.userId,
      lesson: { tutor: lesson.tutor.tutorId, slots: slotsAt(2, 6), subject: 'Mathématiques', level: 'Collège' },
    });
    expect(await transaction(lessonId)).toMatchObject({ package_id: packageId, funded_by: lesson.id });
    const { Item: pkg } = await PackageEntity.build(GetItemCommand).key({ id: packageId }).options({ consistent: true }).send();
    expect(pkg?.lesson_ids).toEqual([lesson.id, lessonId]);
  });

  it('late (less than 24 h before): cancelled under the policy, half refunded, no credit', async () => {
    const lesson = await heldLesson();
    await asPackageLesson(lesson, new Date(Date.now() + 25 * DAY).toISOString());
    const tx = await transaction(lesson.id);
    await setOnTransaction(lesson.id, { course: { ...tx.course, scheduled_date: new Date(Date.now() + 5 * HOUR).toISOString() } });
    const response = await cancel(lesson.parent, lesson.id);
    expect(response.body).toMatchObject({ status: 'refund_pending', cancellation: { by: 'parent', refund: tx.amount_total / 2 } });
    expect(response.body.credit).toBeUndefined();
  });

  it('late but moved by the tutor: all of it, as a credit', async () => {
    const lesson = await heldLesson();
    await asPackageLesson(lesson, new Date(Date.now() + 25 * DAY).toISOString());
    const tx = await transaction(lesson.id);
    await setOnTransaction(lesson.id, {
      course: { ...tx.course, scheduled_date: new Date(Date.now() + 5 * HOUR).toISOString(), moved_at: new Date().toISOString() },
    });
    const response = await cancel(lesson.parent, lesson.id);
    expect(response.body).toMatchObject({ status: 'credited', moved_at: expect.any(String), credit: { reason: 'cancellation' } });
  });

  it('a first lesson under way shows the guarantee open to the parent only', async () => {
    const lesson = await heldLesson(1);
    const tx = await transaction(lesson.id);
    await setOnTransaction(lesson.id, { course: { ...tx.course, scheduled_date: new Date(Date.now() - 2 * HOUR).toISOString() } });
    const [forParent, forTutor] = await Promise.all([call('listMyLessons', lesson.parent), call('listMyLessons', lesson.tutor)]);
    expect(forParent.body.past.find((view: { id: string }) => view.id === lesson.id)).toMatchObject({ trial: true, guarantee_open: true });
    expect(forTutor.body.past.find((view: { id: string }) => view.id === lesson.id)).toMatchObject({ trial: true });
    expect(forTutor.body.past.find((view: { id: string }) => view.id === lesson.id).guarantee_open).toBeUndefined();
    // Claimed: no longer open.
    await applyTransition({ transactionId: lesson.id, action: 'claim_guarantee_credit', actor: 'parent', actorId: lesson.parent.userId });
    const after = await call('listMyLessons', lesson.parent);
    const view = after.body.past.find((v: { id: string }) => v.id === lesson.id);
    expect(view).toMatchObject({ status: 'credited', status_label: 'Garantie : crédit pour un autre répétiteur' });
    expect(view.guarantee_open).toBeUndefined();
  });
});

describe('a credit of a package the parent is stopping', () => {
  it('cannot book a lesson once the package is stopped: the stop refunds it, no lesson escapes the stop', async () => {
    const lesson = await creditedLesson();
    const packageId = await asPackageLesson(lesson, new Date(Date.now() + 25 * DAY).toISOString());
    await untilWaiting(lesson.id, 'credited');
    // The stop's first write is done (the package `stopped`), its lessons not yet reached.
    await PackageEntity.build(UpdateItemCommand).item({ id: packageId, status: 'stopped', stopped_at: new Date().toISOString() }).send();
    await expect(
      useCredit({ creditId: lesson.id, parentId: lesson.parent.userId, tutor: lesson.tutor.tutorId, slots: slotsAt(2, 5, 14), subject: 'Mathématiques', level: 'Collège' }),
    ).rejects.toMatchObject({ statusCode: 409, message: messages.packages.creditExpired });
    expect((await transaction(lesson.id)).status).toBe('credited');
    const { Item: pkg } = await PackageEntity.build(GetItemCommand).key({ id: packageId }).options({ consistent: true }).send();
    expect(pkg?.lesson_ids).toEqual([lesson.id]);
    // The stop carries on: the credit goes back to the parent, in full.
    await stopPackage(packageId, lesson.parent.userId, new Date());
    const tx = await untilStatus(lesson.id, 'refunded');
    expect(sum(await ledgerOf(lesson.id), 'refund', `parent:${lesson.parent.userId}`, 'credit')).toBe(tx.amount_total);
  });

  it('a lesson of a stopped package cancelled in time is refunded at once, not kept as a credit nobody can spend', async () => {
    const lesson = await heldLesson();
    const packageId = await asPackageLesson(lesson, new Date(Date.now() + 25 * DAY).toISOString());
    await PackageEntity.build(UpdateItemCommand).item({ id: packageId, status: 'stopped', stopped_at: new Date().toISOString() }).send();
    const response = await cancel(lesson.parent, lesson.id);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({ status: 'refund_pending', cancellation: { by: 'parent', refund: (await transaction(lesson.id)).amount_total } });
    expect(response.body.credit).toBeUndefined();
  });
});
