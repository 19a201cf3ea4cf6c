/**
 * A booking holds its slots (issue 15, point 1) on the real engines: two parents racing for the
 * same slot — exactly one wins, the other gets the French 409 and writes nothing —, a held slot
 * leaves the tutor's free slots, and comes back when the payment fails, expires or is refunded;
 * slots that are not free, not consecutive, past or not one per hour are refused before any write.
 * DynamoDB Local, the Paystack sandbox and the local Step Functions runner; handlers in this process.
 */
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import { localDynamoClient } from '../../infra/local/dynamodb.js';
import { invoke } from '../../infra/local/lambda-runtime.js';
import { config } from './engines.js';
import { bookAndPay, call, EVERY_DAY, newPerson, newTutor, partition, sandbox, transaction, untilStatus, untilWaiting, type Person, type Tutor } from './harness.js';

const db = DynamoDBDocumentClient.from(localDynamoClient(config));
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A completed tutor profile offering every day 08:00–21:00 (13 one-hour slots a day). */
const tutorEveryDay = () => newTutor(5000, EVERY_DAY);

/** The starts of the tutor's free slots, as a parent reads them. */
async function freeStarts(tutor: Tutor, caller: Person): Promise<string[]> {
  const response = await call('getTutorSlots', caller, { params: { id: tutor.tutorId } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.slots.map((slot: { start: string }) => slot.start);
}

/** `hours` consecutive slots starting at 10:00 Abidjan time, three days from now. */
function lessonSlots(hours: number, daysAhead = 3): string[] {
  const day = new Date(Date.now() + daysAhead * DAY).toISOString().slice(0, 10);
  const first = Date.parse(`${day}T10:00:00.000Z`);
  return Array.from({ length: hours }, (_, i) => new Date(first + i * HOUR).toISOString());
}

const bookSlots = (parent: Person, tutor: Tutor, slots: string[], overrides: Record<string, unknown> = {}) =>
  call('initializePayment', parent, {
    body: { tutorId: tutor.tutorId, duration: slots.length, slots, subject: 'Mathématiques', level: 'Collège', paymentMethod: 'card', ...overrides },
  });

/** The tutor's slot holds, read straight from the table. */
async function holdsOf(tutor: Tutor): Promise<Array<Record<string, any>>> {
  const { Items = [] } = await db.send(
    new QueryCommand({
      TableName: config.tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': `SLOTS#${tutor.tutorId}` },
      ConsistentRead: true,
    }),
  );
  return Items;
}

/** The transactions a parent has (its lists rows, read straight from the table's gsi1). */
async function transactionsOf(parent: Person): Promise<unknown[]> {
  const { Items = [] } = await db.send(
    new QueryCommand({
      TableName: config.tableName,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': `PARENT_TX#${parent.userId}` },
    }),
  );
  return Items;
}

describe('two parents racing for the same slot', () => {
  it('exactly one books it; the other gets the French 409 and nothing of its booking is written', async () => {
    const [first, second, tutor] = await Promise.all([newPerson('parent'), newPerson('parent'), tutorEveryDay()]);
    const slots = lessonSlots(2);
    const answers = await Promise.all([bookSlots(first, tutor, slots), bookSlots(second, tutor, slots)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const winner = answers.findIndex((answer) => answer.status === 200);
    const loser = answers[1 - winner]!;
    expect([messages.payments.slotTaken, messages.payments.slotsNotFree]).toContain(loser.body.error.message);

    const id = answers[winner]!.body.transaction_id as string;
    const holds = await holdsOf(tutor);
    expect(holds.map((hold) => [hold.sk, hold.transaction_id])).toEqual(slots.map((start) => [`SLOT#${start}`, id]));
    const tx = await transaction(id);
    expect(tx.course).toMatchObject({ scheduled_date: slots[0], duration_hours: 2, holds_slots: true });
    // The loser has no transaction, no lists row, no ledger line.
    expect(await transactionsOf([first, second][1 - winner]!)).toEqual([]);
    expect(await transactionsOf([first, second][winner]!)).toHaveLength(1);
  });

  it('a slot overlapping a held lesson is refused too, by the check and by the hold', async () => {
    const [first, second, tutor] = await Promise.all([newPerson('parent'), newPerson('parent'), tutorEveryDay()]);
    const slots = lessonSlots(3);
    expect((await bookSlots(first, tutor, slots.slice(0, 2))).status).toBe(200);
    const overlapping = await bookSlots(second, tutor, slots.slice(1, 3));
    expect(overlapping.status).toBe(409);
    expect(overlapping.body.error.message).toBe(messages.payments.slotsNotFree);
    expect(await transactionsOf(second)).toEqual([]);
    expect(await holdsOf(tutor)).toHaveLength(2);
  });
});

describe('the free slots a parent sees', () => {
  it('leave out the slots a booking holds', async () => {
    const [parent, tutor] = await Promise.all([newPerson('parent'), tutorEveryDay()]);
    const slots = lessonSlots(2);
    expect(await freeStarts(tutor, parent)).toEqual(expect.arrayContaining(slots));
    expect((await bookSlots(parent, tutor, slots)).status).toBe(200);
    const free = await freeStarts(tutor, parent);
    for (const start of slots) expect(free).not.toContain(start);
    // The hour after the lesson is still free.
    expect(free).toContain(new Date(Date.parse(slots[1]!) + HOUR).toISOString());
  });
});

describe('a lesson that will not happen frees its slots', () => {
  it('when Paystack refused the payment', async () => {
    const [parent, tutor] = await Promise.all([newPerson('parent'), tutorEveryDay()]);
    const slots = lessonSlots(2);
    const booked = await bookSlots(parent, tutor, slots);
    const id = booked.body.transaction_id as string;
    await untilWaiting(id, 'pending');
    await sandbox(`kalan-${id}`, { verifyStatus: 'failed' });
    expect((await call('verifyPayment', parent, { params: { id } })).body).toEqual({ outcome: 'failed', status: 'failed' });
    expect(await holdsOf(tutor)).toEqual([]);
    expect(await freeStarts(tutor, parent)).toEqual(expect.arrayContaining(slots));
    // Free again: another parent books them.
    expect((await bookSlots(await newPerson('parent'), tutor, slots)).status).toBe(200);
  });

  it('when the payment window ends unpaid', async () => {
    const [parent, tutor] = await Promise.all([newPerson('parent'), tutorEveryDay()]);
    const slots = lessonSlots(1);
    const id = (await bookSlots(parent, tutor, slots)).body.transaction_id as string;
    await untilWaiting(id, 'pending');
    await sandbox(`kalan-${id}`, { verifyStatus: 'abandoned' });
    await invoke('escrow/tasks', { action: 'expirePayment', transactionId: id });
    expect((await transaction(id)).status).toBe('failed');
    expect(await holdsOf(tutor)).toEqual([]);
    expect(await freeStarts(tutor, parent)).toEqual(expect.arrayContaining(slots));
  });

  it('when the parent is refunded, and not while the money is held or once it is released', async () => {
    const [parent, tutor] = await Promise.all([newPerson('parent'), tutorEveryDay()]);
    const refundedSlots = lessonSlots(2, 3);
    const releasedSlots = lessonSlots(1, 4);
    const refunded = await bookAndPay(parent, tutor, { duration: 2, slots: refundedSlots });
    const released = await bookAndPay(parent, tutor, { duration: 1, slots: releasedSlots });
    // Paid, each lesson waits for the tutor, who accepts it: the funds are held.
    await Promise.all([untilWaiting(refunded.id, 'requested'), untilWaiting(released.id, 'requested')]);
    for (const { id } of [refunded, released]) expect((await call('lessonAction', tutor, { params: { id }, body: { action: 'accept' } })).status).toBe(200);
    await Promise.all([untilWaiting(refunded.id, 'escrow'), untilWaiting(released.id, 'escrow')]);
    expect(await holdsOf(tutor)).toHaveLength(3);

    const admin = await newPerson('admin');
    expect((await call('decideEscrow', parent, { params: { id: released.id }, body: { action: 'release' } })).status).toBe(200);
    // A parent's refund of a lesson goes through the cancellation policy; an admin's refunds it all.
    expect((await call('decideEscrow', parent, { params: { id: refunded.id }, body: { action: 'refund' } })).status).toBe(409);
    expect((await call('decideEscrow', admin, { params: { id: refunded.id }, body: { action: 'refund' } })).status).toBe(200);
    await untilStatus(refunded.id, 'refunded');
    expect((await transaction(released.id)).status).toBe('released');
    // The refunded lesson's slots are free; the released lesson keeps its own.
    expect((await holdsOf(tutor)).map((hold) => [hold.sk, hold.transaction_id])).toEqual([[`SLOT#${releasedSlots[0]}`, released.id]]);
    const free = await freeStarts(tutor, parent);
    expect(free).toEqual(expect.arrayContaining(refundedSlots));
    expect(free).not.toContain(releasedSlots[0]);
  });
});

describe('slots the booking refuses, before any write', () => {
  const wrong: Array<[string, (tutor: Tutor) => Record<string, unknown>, number, string]> = [
    ['slots not offered by the weekly hours (22:00)', () => ({ slots: [lessonSlots(1)[0]!.replace('T10:', 'T22:')], duration: 1 }), 409, messages.payments.slotsNotFree],
    ['slots that do not follow each other', () => ({ slots: [lessonSlots(3)[0], lessonSlots(3)[2]], duration: 2 }), 409, messages.payments.slotsNotFree],
    ['a slot already past', () => ({ slots: [new Date(Date.parse(lessonSlots(1, -1)[0]!)).toISOString()], duration: 1 }), 409, messages.payments.slotsNotFree],
    ['fewer slots than hours', () => ({ slots: lessonSlots(1), duration: 2 }), 400, messages.payments.slotsDurationMismatch],
    ['a lesson date other than the first slot', () => ({ slots: lessonSlots(1), duration: 1, scheduledDate: lessonSlots(1, 5)[0] }), 400, messages.payments.slotsScheduledDateMismatch],
    ['more than 8 slots', () => ({ slots: lessonSlots(9), duration: 8 }), 400, messages.payments.slotsCount],
    ['a slot that is not an instant', () => ({ slots: ['demain 10 h'], duration: 1 }), 400, messages.payments.slotsInvalid],
  ];
  it.each(wrong)('%s', async (_, body, status, message) => {
    const [parent, tutor] = await Promise.all([newPerson('parent'), tutorEveryDay()]);
    const response = await call('initializePayment', parent, {
      body: { tutorId: tutor.tutorId, subject: 'Mathématiques', level: 'Collège', paymentMethod: 'card', ...body(tutor) },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(status);
    expect(JSON.stringify(response.body)).toContain(message);
    expect(await transactionsOf(parent)).toEqual([]);
    expect(await holdsOf(tutor)).toEqual([]);
  });

  it('still books without slots, with or without a lesson date, and holds nothing', async () => {
    const [parent, tutor] = await Promise.all([newPerson('parent'), tutorEveryDay()]);
    const response = await call('initializePayment', parent, {
      body: { tutorId: tutor.tutorId, duration: 2, subject: 'Mathématiques', level: 'Collège', paymentMethod: 'card', scheduledDate: lessonSlots(1)[0] },
    });
    expect(response.status).toBe(200);
    expect((await transaction(response.body.transaction_id)).course.holds_slots).toBeUndefined();
    expect(await holdsOf(tutor)).toEqual([]);
    expect((await partition(response.body.transaction_id)).length).toBeGreaterThan(0);
  });
});
