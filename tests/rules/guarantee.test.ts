/**
 * Issue 32: the trial guarantee on the real engines (DynamoDB Local, the Paystack sandbox, the
 * escrow workflow on the local Step Functions runner; handlers in this process). A parent's first
 * lesson with a tutor may be claimed once, from its start to 24 h after its end, while its funds
 * are held, at most twice per calendar year; the claim pays the tutor half their share of the
 * first hour from the platform's guarantee account, in the same balanced DynamoDB transaction.
 */
import { describe, expect, it } from 'vitest';
import { guaranteeTutorShare, messages, TRIAL_GUARANTEE } from '#shared';
import { book, bookAndPay, call, chargeSuccess, EVERY_DAY, expectBalanced, ledgerOf, newPerson, newTutor, postWebhook, setOnTransaction, transaction, untilStatus, untilWaiting, type Person } from './harness.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function slotsAt(hours: number, daysAhead = 3): string[] {
  const day = new Date(Date.now() + daysAhead * DAY).toISOString().slice(0, 10);
  const first = Date.parse(`${day}T10:00:00.000Z`);
  return Array.from({ length: hours }, (_, i) => new Date(first + i * HOUR).toISOString());
}

/** A parent's first lesson with a new tutor, paid and accepted, its start `startedHoursAgo` hours ago (2 h long). */
async function firstLesson(parent: Person, startedHoursAgo = 1) {
  const tutor = await newTutor(5000, EVERY_DAY);
  const slots = slotsAt(2);
  const { id } = await bookAndPay(parent, tutor, { duration: 2, slots, scheduledDate: slots[0] });
  await untilWaiting(id, 'requested');
  expect((await transaction(id)).trial, 'premier cours').toBe(true);
  const accepted = await call('lessonAction', tutor, { params: { id }, body: { action: 'accept' } });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  await untilWaiting(id, 'escrow');
  const tx = await transaction(id);
  await setOnTransaction(id, { course: { ...tx.course, scheduled_date: new Date(Date.now() - startedHoursAgo * HOUR).toISOString() } });
  return { tutor, id };
}

const claim = (parent: Person, id: string, choice: 'refund' | 'credit' = 'refund') => call('claimGuarantee', parent, { params: { id }, body: { choice } });

describe('the trial guarantee', () => {
  it('is claimed once per lesson: of two claims at the same time one wins, the other is told it was claimed', async () => {
    const parent = await newPerson('parent');
    const { id, tutor } = await firstLesson(parent);
    const answers = await Promise.all([claim(parent, id, 'refund'), claim(parent, id, 'credit')]);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses, JSON.stringify(answers.map((a) => a.body))).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.body.error.message).toBe(messages.guarantee.alreadyClaimed);

    const tx = await transaction(id);
    expect(tx.guarantee).toMatchObject({ tutor_share: guaranteeTutorShare(5000) });
    const lines = await ledgerOf(id);
    expectBalanced(lines);
    // The tutor's half share of the first hour, once, from the platform's guarantee account.
    const guarantee = lines.filter((line) => line.movement === 'guarantee');
    expect(guarantee.filter((line) => line.account === `tutor:${tutor.userId}`).map((line) => line.credit)).toEqual([guaranteeTutorShare(5000)]);
    expect(guarantee.filter((line) => line.account === 'platform:guarantee').map((line) => line.debit)).toEqual([guaranteeTutorShare(5000)]);
    expect((await call('getGuaranteeAllowance', parent)).body).toMatchObject({ used: 1, remaining: TRIAL_GUARANTEE.max_per_year - 1 });
    // A claim again later: the same answer, nothing moves.
    expect((await claim(parent, id)).body.error.message).toBe(messages.guarantee.alreadyClaimed);
    if (tx.status === 'refund_pending') await untilStatus(id, 'refunded');
  });

  it('is open only from the start to 24 h after the end of the lesson', async () => {
    const parent = await newPerson('parent');
    // Ended 25 h ago (started 27 h ago, 2 h long): too late.
    const late = await firstLesson(parent, 27);
    const refused = await claim(parent, late.id);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(messages.guarantee.windowClosed);
    // Not started yet: too early.
    const early = await firstLesson(parent, -5);
    expect((await claim(parent, early.id)).body.error.message).toBe(messages.guarantee.windowClosed);
    // Ended 23 h ago: still open.
    const inTime = await firstLesson(parent, 25);
    expect((await claim(parent, inTime.id)).status).toBe(200);
    for (const { id } of [late, early]) expect((await transaction(id)).status).toBe('escrow');
    expect((await call('getGuaranteeAllowance', parent)).body).toMatchObject({ used: 1 });
  });

  it('is claimed at most twice a calendar year: the third is refused and nothing moves', async () => {
    const parent = await newPerson('parent');
    const lessons = [await firstLesson(parent), await firstLesson(parent), await firstLesson(parent)];
    expect((await claim(parent, lessons[0]!.id, 'credit')).status).toBe(200);
    expect((await claim(parent, lessons[1]!.id)).status).toBe(200);
    const third = await claim(parent, lessons[2]!.id);
    expect(third.status).toBe(409);
    expect(third.body.error.message).toBe(messages.guarantee.yearlyLimit);
    const tx = await transaction(lessons[2]!.id);
    expect(tx.status).toBe('escrow');
    expect(tx.guarantee).toBeUndefined();
    expect((await ledgerOf(lessons[2]!.id)).map((line) => line.movement)).toEqual(['payment', 'payment']);
    expect((await call('getGuaranteeAllowance', parent)).body).toMatchObject({ year: new Date().getUTCFullYear(), used: 2, remaining: 0 });
    // The credit chosen on the first is listed among the parent's credits.
    const credits = await call('listMyCredits', parent);
    expect(credits.body.credits.map((credit: { id: string; reason: string }) => [credit.id, credit.reason])).toEqual([[lessons[0]!.id, 'guarantee']]);
  });

  it('no longer applies once the lesson is confirmed (funds released), nor to a lesson that is not a first one', async () => {
    const parent = await newPerson('parent');
    const { id, tutor } = await firstLesson(parent);
    expect((await call('lessonAction', parent, { params: { id }, body: { action: 'confirm' } })).status).toBe(200);
    await untilStatus(id, 'released');
    const refused = await claim(parent, id);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(messages.guarantee.fundsReleased);
    // A second lesson with the same tutor is not a first lesson.
    const slots = slotsAt(1, 4);
    const second = await bookAndPay(parent, tutor, { duration: 1, slots, scheduledDate: slots[0] });
    await untilWaiting(second.id, 'requested');
    expect((await transaction(second.id)).trial).toBeUndefined();
    expect((await claim(parent, second.id)).body.error.message).toBe(messages.guarantee.notTrial);
    // Someone else's lesson: not found.
    expect((await claim(await newPerson('parent'), id)).status).toBe(404);
  });
});

describe('two first lessons with one tutor', () => {
  it('booked before either was paid: both are marked, but only the first may be claimed', async () => {
    const parent = await newPerson('parent');
    const tutor = await newTutor(5000, EVERY_DAY);
    // Both booked, then both paid: each was booked while no lesson with the tutor was paid.
    const bookings = [];
    for (const daysAhead of [3, 4]) {
      const slots = slotsAt(2, daysAhead);
      bookings.push(await book(parent, tutor, { duration: 2, slots, scheduledDate: slots[0] }));
    }
    const ids: string[] = [];
    for (const [index, booking] of bookings.entries()) {
      expect((await postWebhook(await chargeSuccess(booking.reference))).body?.outcome).toBe('escrowed');
      await untilWaiting(booking.id, 'requested');
      expect((await call('lessonAction', tutor, { params: { id: booking.id }, body: { action: 'accept' } })).status).toBe(200);
      await untilWaiting(booking.id, 'escrow');
      const tx = await transaction(booking.id);
      expect(tx.trial, 'marked at booking').toBe(true);
      // The first given 4 h ago, the second 1 h ago: both within the claim window.
      await setOnTransaction(booking.id, { course: { ...tx.course, scheduled_date: new Date(Date.now() - (4 - 3 * index) * HOUR).toISOString() } });
      ids.push(booking.id);
    }
    // The second first: it is not the first lesson with this tutor.
    const second = await claim(parent, ids[1]!);
    expect(second.status, JSON.stringify(second.body)).toBe(409);
    expect(second.body.error.message).toBe(messages.guarantee.notTrial);
    expect((await claim(parent, ids[0]!)).status).toBe(200);
    // Nor after the first's guarantee: one guarantee, one tutor's half hour, per tutor.
    expect((await claim(parent, ids[1]!)).body.error.message).toBe(messages.guarantee.notTrial);
    expect((await transaction(ids[1]!)).status).toBe('escrow');
    expect((await call('getGuaranteeAllowance', parent)).body).toMatchObject({ used: 1 });
  });
});
