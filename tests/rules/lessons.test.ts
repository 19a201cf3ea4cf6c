/**
 * Lessons as first-class (issue 15, points 2–4) on the real engines — DynamoDB Local, the Paystack
 * sandbox, the deployed state machine on the local Step Functions runner; handlers in this process:
 * a paid lesson waits for its tutor; accepted, given and confirmed it releases the tutor's share
 * with a balanced ledger; declined it refunds the parent in full and frees its slots; cancelled it
 * follows the policy at each band (the ledger's compensation and the amount refunded at Paystack);
 * a tutor's cancellation and an upheld no-show count on the tutor's figures; nobody else acts on it.
 */
import { describe, expect, it } from 'vitest';
import { CANCELLATION_POLICY, commissionOf, messages } from '#shared';
import { lessonStatsOf } from '../../functions/src/tutors/lesson-stats.js';
import {
  bookAndPay,
  call,
  disputeOf,
  EVERY_DAY,
  expectBalanced,
  ledgerOf,
  newPerson,
  newTutor,
  sandbox,
  setOnTransaction,
  transaction,
  untilStatus,
  untilWaiting,
  type Person,
  type Tutor,
} from './harness.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** `hours` consecutive slots at 10:00 Abidjan time (= UTC), `daysAhead` days from now. */
function slotsAt(hours: number, daysAhead = 3): string[] {
  const day = new Date(Date.now() + daysAhead * DAY).toISOString().slice(0, 10);
  const first = Date.parse(`${day}T10:00:00.000Z`);
  return Array.from({ length: hours }, (_, i) => new Date(first + i * HOUR).toISOString());
}

/** The tutor's first free slot less than 24 h ahead (every day 08:00–21:00 with a 2 h lead: there is always one). */
async function freeSlotWithinADay(tutor: Tutor, parent: Person): Promise<string> {
  const response = await call('getTutorSlots', parent, { params: { id: tutor.tutorId } });
  const start = (response.body.slots as Array<{ start: string }>).map((slot) => slot.start).find((s) => Date.parse(s) < Date.now() + DAY - HOUR);
  expect(start, 'un créneau libre dans les 24 h').toBeDefined();
  return start!;
}

/** A parent's paid booking of `slots` with a tutor available every day: the lesson waits for its tutor. */
async function requestedLesson(slots = slotsAt(2)) {
  const [parent, tutor] = await Promise.all([newPerson('parent'), newTutor(5000, EVERY_DAY)]);
  const { id, reference } = await bookAndPay(parent, tutor, { duration: slots.length, slots, scheduledDate: slots[0] });
  await untilWaiting(id, 'requested');
  return { parent, tutor, id, reference, slots };
}

const act = (who: Person, id: string, action: string, reason?: string) =>
  call('lessonAction', who, { params: { id }, body: { action, ...(reason ? { reason } : {}) } });

async function freeStarts(tutor: Tutor, caller: Person): Promise<string[]> {
  const response = await call('getTutorSlots', caller, { params: { id: tutor.tutorId } });
  return response.body.slots.map((slot: { start: string }) => slot.start);
}

/** Moves the lesson `hoursAgo` hours into the past, as time would (its slots keep their holds). */
async function lessonStartedHoursAgo(id: string, hoursAgo: number): Promise<void> {
  const tx = await transaction(id);
  await setOnTransaction(id, { course: { ...tx.course, scheduled_date: new Date(Date.now() - hoursAgo * HOUR).toISOString() } });
}

const sum = (lines: Array<Record<string, any>>, movement: string, account: string, side: 'debit' | 'credit') =>
  lines.filter((line) => line.movement === movement && line.account === account).reduce((total, line) => total + line[side], 0);

describe('a paid lesson waits for its tutor', () => {
  it('is "En attente de confirmation" for both sides, with the tutor alone able to accept or decline', async () => {
    const { parent, tutor, id } = await requestedLesson();
    const tx = await transaction(id);
    expect(tx.course).toMatchObject({ holds_slots: true, place: 'cocody' });
    expect(await ledgerOf(id)).toHaveLength(2);

    const [forParent, forTutor] = await Promise.all([call('listMyLessons', parent), call('listMyLessons', tutor)]);
    expect(forParent.status).toBe(200);
    const parentView = forParent.body.upcoming.find((lesson: { id: string }) => lesson.id === id);
    const tutorView = forTutor.body.upcoming.find((lesson: { id: string }) => lesson.id === id);
    expect(parentView).toMatchObject({ status: 'requested', status_label: 'En attente de confirmation', actions: ['cancel'] });
    expect(tutorView).toMatchObject({ status: 'requested', actions: ['accept', 'decline'] });
    // Answered within 24 h of the payment, and never after the start.
    expect(Date.parse(tutorView.answer_deadline)).toBeLessThanOrEqual(Date.parse(tx.paid_at) + DAY);

    // The parent cannot accept for the tutor; another tutor sees nothing of it.
    const [byParent, stranger] = await Promise.all([act(parent, id, 'accept'), newTutor()]);
    expect(byParent.status).toBe(409);
    expect((await act(stranger, id, 'accept')).status).toBe(404);
    expect((await call('listMyLessons', stranger)).body.upcoming).toEqual([]);
    expect((await transaction(id)).status).toBe('requested');
  });
});

describe("the tutor's answer window", () => {
  /** The lesson as the tutor's 'Mes cours' shows it. */
  const tutorView = async (tutor: Tutor, id: string) => {
    const { upcoming, past } = (await call('listMyLessons', tutor)).body as Record<'upcoming' | 'past', Array<{ id: string }>>;
    return [...upcoming, ...past].find((lesson) => lesson.id === id);
  };

  it('is over at the start: the tutor can neither decline nor accept, nothing changes, no button is offered', async () => {
    const { parent, tutor, id, slots } = await requestedLesson();
    await lessonStartedHoursAgo(id, 0.25);
    const before = await transaction(id);
    for (const action of ['decline', 'accept']) {
      const refused = await act(tutor, id, action);
      expect(refused.status, action).toBe(409);
      expect(refused.body.error).toEqual({ code: 'conflict', message: messages.lessons.answerWindowClosed });
    }
    // Nothing changed: still waiting for the timer, the payment alone in the ledger, the slots held.
    expect(await transaction(id)).toEqual(before);
    expect((await ledgerOf(id)).map((line) => line.movement)).toEqual(['payment', 'payment']);
    expect(await freeStarts(tutor, parent)).not.toContain(slots[0]);
    // 'Mes cours' offers the tutor no answer (the buttons are these actions).
    expect(await tutorView(tutor, id)).toMatchObject({ status: 'requested', actions: [] });
    expect(await lessonStatsOf(tutor.tutorId)).toMatchObject({ accepted: 0 });
  });

  it('is over 24 h after the payment, even before the start', async () => {
    const { tutor, id } = await requestedLesson();
    const tx = await transaction(id);
    await setOnTransaction(id, { paid_at: new Date(Date.now() - DAY - HOUR).toISOString() });
    expect(await tutorView(tutor, id)).toMatchObject({ status: 'requested', actions: [] });
    const refused = await act(tutor, id, 'accept');
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(messages.lessons.answerWindowClosed);
    expect((await transaction(id)).status).toBe(tx.status);
  });

  it('is open until the start: a lesson starting within hours can still be declined', async () => {
    const [parent, tutor] = await Promise.all([newPerson('parent'), newTutor(5000, EVERY_DAY)]);
    const start = await freeSlotWithinADay(tutor, parent);
    const { id } = await bookAndPay(parent, tutor, { duration: 1, slots: [start], scheduledDate: start });
    await untilWaiting(id, 'requested');
    expect(await tutorView(tutor, id)).toMatchObject({ actions: ['accept', 'decline'] });
    const declined = await act(tutor, id, 'decline');
    expect(declined.status, JSON.stringify(declined.body)).toBe(200);
    expect(declined.body).toMatchObject({ status: 'refund_pending', outcome: 'declined' });
  });
});

describe('request → accept → lesson → given → confirmed', () => {
  it('releases the tutor share and the commission with a balanced ledger, and counts the acceptance', async () => {
    const { parent, tutor, id } = await requestedLesson();
    const accepted = await act(tutor, id, 'accept');
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body).toMatchObject({ status: 'escrow', status_label: 'Confirmé', actions: ['cancel'] });
    await untilWaiting(id, 'escrow');
    expect(await lessonStatsOf(tutor.tutorId)).toMatchObject({ accepted: 1, tutor_cancelled: 0 });

    // Before the start: no "given", no confirmation, no report.
    expect((await act(tutor, id, 'mark_given')).body.error.message).toBe(messages.lessons.notStarted);
    expect((await act(parent, id, 'confirm')).body.error.message).toBe(messages.lessons.notStarted);

    await lessonStartedHoursAgo(id, 3);
    const given = await act(tutor, id, 'mark_given');
    expect(given.status, JSON.stringify(given.body)).toBe(200);
    expect(given.body).toMatchObject({ status_label: 'Cours donné' });
    expect((await act(tutor, id, 'mark_given')).status).toBe(409);

    const confirmed = await act(parent, id, 'confirm');
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body).toMatchObject({ status: 'released', status_label: 'Terminé', actions: [] });
    const tx = await untilStatus(id, 'released');
    const ledger = await ledgerOf(id);
    expectBalanced(ledger);
    expect(sum(ledger, 'release', `tutor:${tutor.userId}`, 'credit')).toBe(tx.amount_tutor);
    expect(sum(ledger, 'release', 'platform:commission', 'credit')).toBe(tx.commission_amount);
    expect(sum(ledger, 'release', `escrow:${id}`, 'debit')).toBe(tx.amount_total);
    // The lesson is in both sides' past lessons.
    expect((await call('listMyLessons', tutor)).body.past.map((lesson: { id: string }) => lesson.id)).toContain(id);
  });
});

describe('request → declined', () => {
  it('refunds the parent in full through the workflow and frees the slots', async () => {
    const { parent, tutor, id, reference, slots } = await requestedLesson();
    expect(await freeStarts(tutor, parent)).not.toContain(slots[0]);
    const declined = await act(tutor, id, 'decline');
    expect(declined.status, JSON.stringify(declined.body)).toBe(200);
    // The slots are free at once, before Paystack's refund.
    expect(await freeStarts(tutor, parent)).toEqual(expect.arrayContaining(slots));
    const tx = await untilStatus(id, 'refunded');
    expect(tx).toMatchObject({ lesson_outcome: 'declined' });
    const ledger = await ledgerOf(id);
    expectBalanced(ledger);
    expect(sum(ledger, 'refund', `parent:${parent.userId}`, 'credit')).toBe(tx.amount_total);
    expect(ledger.filter((line) => line.movement === 'compensation')).toEqual([]);
    expect((await sandbox(reference)).refundRequests).toEqual([{ amount: tx.amount_total * 100, currency: 'XOF' }]);
    const view = (await call('listMyLessons', parent)).body.past.find((lesson: { id: string }) => lesson.id === id);
    expect(view).toMatchObject({ status_label: 'Refusé par le répétiteur', actions: [] });
    expect(await lessonStatsOf(tutor.tutorId)).toMatchObject({ accepted: 0, tutor_cancelled: 0 });
  });
});

describe('cancellations by the policy', () => {
  it('parent ≥ 24 h before: everything back, nothing to the tutor', async () => {
    const { parent, tutor, id, reference } = await requestedLesson(slotsAt(2, 4));
    expect((await act(tutor, id, 'accept')).status).toBe(200);
    const cancelled = await act(parent, id, 'cancel');
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const tx = await untilStatus(id, 'refunded');
    expect(tx.cancellation).toMatchObject({ by: 'parent', refund: tx.amount_total, tutor: 0, commission: 0 });
    const ledger = await ledgerOf(id);
    expectBalanced(ledger);
    expect(ledger.filter((line) => line.movement === 'compensation')).toEqual([]);
    expect(sum(ledger, 'refund', `parent:${parent.userId}`, 'credit')).toBe(tx.amount_total);
    expect((await sandbox(reference)).refundRequests).toEqual([{ amount: tx.amount_total * 100, currency: 'XOF' }]);
    expect(await lessonStatsOf(tutor.tutorId)).toMatchObject({ accepted: 1, tutor_cancelled: 0 });
  });

  it('parent < 24 h before: the policy share refunded, the rest to the tutor less the commission', async () => {
    const [parent, tutor] = await Promise.all([newPerson('parent'), newTutor(5000, EVERY_DAY)]);
    const start = await freeSlotWithinADay(tutor, parent);
    const { id, reference } = await bookAndPay(parent, tutor, { duration: 1, slots: [start], scheduledDate: start });
    await untilWaiting(id, 'requested');
    expect((await act(tutor, id, 'accept')).status).toBe(200);
    const cancelled = await act(parent, id, 'cancel');
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.status_label).toBe('Annulé par le parent');

    const tx = await untilStatus(id, 'refunded');
    const late = CANCELLATION_POLICY.parent.find((band) => band.min_hours_before === 0)!;
    const refund = Math.round((tx.amount_total * late.refund_percent) / 100);
    const kept = tx.amount_total - refund;
    expect(tx.cancellation).toMatchObject({ by: 'parent', refund, tutor: kept - commissionOf(kept), commission: commissionOf(kept) });
    const ledger = await ledgerOf(id);
    expectBalanced(ledger);
    expect(sum(ledger, 'compensation', `escrow:${id}`, 'debit')).toBe(kept);
    expect(sum(ledger, 'compensation', `tutor:${tutor.userId}`, 'credit')).toBe(kept - commissionOf(kept));
    expect(sum(ledger, 'compensation', 'platform:commission', 'credit')).toBe(commissionOf(kept));
    expect(sum(ledger, 'refund', `parent:${parent.userId}`, 'credit')).toBe(refund);
    // The escrow account is empty: payment in, compensation and refund out.
    const escrow = ledger.filter((line) => line.account === `escrow:${id}`).reduce((total, line) => total + line.credit - line.debit, 0);
    expect(escrow).toBe(0);
    // Paystack refunds the parent's share only (in subunits).
    expect((await sandbox(reference)).refundRequests).toEqual([{ amount: refund * 100, currency: 'XOF' }]);
    // The slot is free again for another parent.
    expect(await freeStarts(tutor, parent)).toContain(start);
  });

  it('tutor: everything back to the parent, and it counts on the tutor', async () => {
    const { parent, tutor, id } = await requestedLesson();
    expect((await act(tutor, id, 'accept')).status).toBe(200);
    const cancelled = await act(tutor, id, 'cancel');
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const tx = await untilStatus(id, 'refunded');
    expect(tx.cancellation).toMatchObject({ by: 'tutor', refund: tx.amount_total, tutor: 0, commission: 0 });
    const ledger = await ledgerOf(id);
    expectBalanced(ledger);
    expect(sum(ledger, 'refund', `parent:${parent.userId}`, 'credit')).toBe(tx.amount_total);
    expect(await lessonStatsOf(tutor.tutorId)).toMatchObject({ accepted: 1, tutor_cancelled: 1 });
    // Parents see it on the tutor's profile.
    const profile = await call('getTutorProfile', parent, { params: { id: tutor.tutorId } });
    expect(profile.body.lesson_stats).toEqual({ accepted: 1, tutor_cancelled: 1, no_shows: 0 });
  });

  it('nobody cancels once the lesson has started', async () => {
    const { parent, tutor, id } = await requestedLesson();
    expect((await act(tutor, id, 'accept')).status).toBe(200);
    await lessonStartedHoursAgo(id, 0.5);
    for (const who of [parent, tutor]) {
      const refused = await act(who, id, 'cancel');
      expect(refused.status).toBe(409);
      expect(refused.body.error.message).toBe(messages.lessons.tooLateToCancel);
    }
    expect((await transaction(id)).status).toBe('escrow');
    expect((await ledgerOf(id)).filter((line) => line.movement !== 'payment')).toEqual([]);
  });
});

describe('after the lesson: problems and no-shows', () => {
  it('a reported no-show freezes the funds; an admin refunding it counts it on the tutor', async () => {
    const { parent, tutor, id } = await requestedLesson();
    expect((await act(tutor, id, 'accept')).status).toBe(200);
    await lessonStartedHoursAgo(id, 3);
    expect((await act(parent, id, 'report_problem')).status).toBe(400);
    const reported = await act(parent, id, 'report_no_show', "Le répétiteur n'est pas venu");
    expect(reported.status, JSON.stringify(reported.body)).toBe(200);
    expect(reported.body).toMatchObject({ status: 'disputed', actions: [] });
    expect(await disputeOf(id)).toMatchObject({ kind: 'no_show', status: 'open' });

    const admin = await newPerson('admin');
    const refunded = await call('decideEscrow', admin, { params: { id }, body: { action: 'refund', adminNotes: 'Absence confirmée' } });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    await untilStatus(id, 'refunded');
    expect(await lessonStatsOf(tutor.tutorId)).toMatchObject({ accepted: 1, no_shows: 1 });
    expectBalanced(await ledgerOf(id));
  });
});
