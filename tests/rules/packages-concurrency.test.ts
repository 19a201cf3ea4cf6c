/**
 * Package bookings on the real engines (issue 32): parents racing for overlapping packages with
 * the same tutor — exactly one wins, the others get the French 409 and leave nothing behind (no
 * package, no lesson, no hold) —, and what one booking writes: its lessons, every slot it holds,
 * ONE Paystack payment of the discounted total, and the write units it consumes (the figure the
 * issue asks for). DynamoDB Local, the Paystack sandbox, the local Step Functions runner; handlers
 * in this process.
 */
import { DynamoDBDocumentClient, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import { abidjanDate } from '#shared/lesson-slots';
import { packagePrice } from '#shared/packages';
import { writeCapacityByOperation } from '../../functions/src/payments/capacity.js';
import { localDynamoClient } from '../../infra/local/dynamodb.js';
import { config } from './engines.js';
import { call, EVERY_DAY, newPerson, newTutor, sandbox, transaction, type Person, type Tutor } from './harness.js';

const db = DynamoDBDocumentClient.from(localDynamoClient(config));
const DAY = 86_400_000;

/** The ISO weekday (1 = lundi) of a YYYY-MM-DD date. */
const weekdayOf = (date: string) => ((new Date(`${date}T00:00:00.000Z`).getUTCDay() + 6) % 7) + 1;
const startDate = (daysAhead = 1) => abidjanDate(new Date(Date.now() + daysAhead * DAY));

function packageBody(tutor: Tutor, slots: Array<{ weekday: number; hour: number }>, overrides: Record<string, unknown> = {}) {
  return {
    tutorId: tutor.tutorId,
    lessonsPerWeek: slots.length,
    slots,
    startDate: startDate(),
    duration: 1,
    subject: 'Mathématiques',
    level: 'Collège',
    paymentMethod: 'card',
    ...overrides,
  };
}

const bookPackage = (parent: Person, body: object) => call('bookPackage', parent, { body });

async function query(input: { index?: string; pk: string }): Promise<Array<Record<string, any>>> {
  const key = input.index ? `${input.index}pk` : 'pk';
  const { Items = [] } = await db.send(
    new QueryCommand({
      TableName: config.tableName,
      ...(input.index ? { IndexName: input.index } : { ConsistentRead: true }),
      KeyConditionExpression: '#k = :pk',
      ExpressionAttributeNames: { '#k': key },
      ExpressionAttributeValues: { ':pk': input.pk },
    }),
  );
  return Items;
}

const holdsOf = (tutor: Tutor) => query({ pk: `SLOTS#${tutor.tutorId}` });
const packagesOf = (parent: Person) => query({ index: 'gsi1', pk: `PARENT_PKG#${parent.userId}` });
const transactionsOf = (parent: Person) => query({ index: 'gsi1', pk: `PARENT_TX#${parent.userId}` });

describe('parents racing for overlapping packages with the same tutor', () => {
  it('exactly one wins; the others get the French 409 and leave no package, no lesson and no hold', async () => {
    const tutor = await newTutor(4000, EVERY_DAY);
    const parents = await Promise.all(Array.from({ length: 4 }, () => newPerson('parent')));
    const first = weekdayOf(startDate());
    // Everyone wants the first day at 10:00; each adds a second day of its own (all different).
    const answers = await Promise.all(
      parents.map((parent, i) => bookPackage(parent, packageBody(tutor, [{ weekday: first, hour: 10 }, { weekday: ((first + i) % 7) + 1, hour: 14 + i }]))),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200), JSON.stringify(answers.map((a) => a.body))).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(parents.length - 1);
    for (const loser of answers.filter((answer) => answer.status === 409)) {
      expect(loser.body.error.message === messages.packages.slotTaken || loser.body.error.message.startsWith('Ces créneaux ne sont plus libres : ')).toBe(true);
    }

    const winner = answers.findIndex((answer) => answer.status === 200);
    const [pkg] = await packagesOf(parents[winner]!);
    expect(pkg).toMatchObject({ id: answers[winner]!.body.package_id, status: 'pending' });
    // Every hold is one of the winner's lessons: 2 a week × 4 weeks, one hour each.
    const holds = await holdsOf(tutor);
    expect(holds).toHaveLength(8);
    expect(new Set(holds.map((hold) => hold.transaction_id))).toEqual(new Set(pkg!.lesson_ids));
    for (const [i, parent] of parents.entries()) {
      if (i === winner) continue;
      expect(await packagesOf(parent)).toEqual([]);
      expect(await transactionsOf(parent)).toEqual([]);
    }
  });
});

describe('booking a package of 3 lessons a week', () => {
  it('books 12 lessons holding their 24 slots, initialises ONE payment of the discounted total, and reports its write units', async () => {
    const [parent, tutor] = await Promise.all([newPerson('parent'), newTutor(5000, EVERY_DAY)]);
    // The tutor's package discount, as the profile stores it.
    await db.send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: { pk: `USER#${tutor.userId}`, sk: 'TUTOR_PROFILE' },
        UpdateExpression: 'SET package_discount_percent = :d',
        ExpressionAttributeValues: { ':d': 10 },
      }),
    );
    const day = weekdayOf(startDate());
    const slots = [0, 2, 4].map((offset) => ({ weekday: ((day - 1 + offset) % 7) + 1, hour: 9 }));
    const before = writeCapacityByOperation();
    const answer = await bookPackage(parent, packageBody(tutor, slots, { duration: 2 }));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const after = writeCapacityByOperation();
    const units = (name: string) => (after.get(name)?.units ?? 0) - (before.get(name)?.units ?? 0);

    const [pkg] = await packagesOf(parent);
    const price = packagePrice(5000, 2, 10, 12);
    expect(pkg).toMatchObject({ id: answer.body.package_id, status: 'pending', discount_percent: 10, lesson_total: price.lesson.total, amount_total: price.total });
    expect(pkg!.lesson_ids).toHaveLength(12);
    const lessons = await Promise.all(pkg!.lesson_ids.map((id: string) => transaction(id)));
    for (const lesson of lessons) {
      expect(lesson).toMatchObject({ status: 'pending', package_id: pkg!.id, reference: `kalan-pkg-${pkg!.id}`, amount_total: price.lesson.total });
      expect(lesson.course).toMatchObject({ duration_hours: 2, holds_slots: true });
    }
    expect(lessons.map((lesson) => lesson.course.scheduled_date)).toEqual([...lessons.map((lesson) => lesson.course.scheduled_date)].sort());
    expect(await holdsOf(tutor)).toHaveLength(24);
    // ONE payment, of the package's total, under its reference; none per lesson.
    const payment = await sandbox(`kalan-pkg-${pkg!.id}`);
    expect(payment.amount).toBe(price.total * 100);
    expect(price.total).toBe(12 * 9000);

    const bookUnits = units('package_book');
    const lessonUnits = units('package_lessons');
    console.info(`[figures] write units per package booking (3/week, 2 h: 12 lessons, 24 holds): ${bookUnits + lessonUnits} (package + index + holds: ${bookUnits}; lessons with their rows: ${lessonUnits})`);
    expect(bookUnits).toBeGreaterThan(0);
    expect(lessonUnits).toBeGreaterThan(0);
  });
});
