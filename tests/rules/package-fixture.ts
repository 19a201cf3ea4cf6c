/**
 * A paid package for the rules tests (issue 32), written through the engine's own item builders:
 * the PackageEntity item (active) and its lessons (`lessonTransactionWrites`: each transaction,
 * its list/index/open rows and its slot holds), then each lesson's `confirm_payment` (its own
 * `payment` lines) — what the package booking and its Paystack confirmation leave, without a
 * Paystack round trip or a workflow per lesson (the tests drive every transition themselves).
 */
import { randomUUID } from 'node:crypto';
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import { execute } from 'dynamodb-toolbox/entity/actions/transactWrite';
import { packageLessonStarts, packagePrice, type WeeklySlot } from '#shared/packages';
import { lessonSlotStarts } from '#shared/lesson-slots';
import { applyTransition } from '../../functions/src/escrow/transitions.js';
import { lessonTransactionWrites } from '../../functions/src/payments/booking.js';
import { PackageEntity, packageReferenceFor, parentPackagesIndex, tutorPackagesIndex } from '../../functions/src/packages/entities.js';
import type { Person, Tutor } from './harness.js';

const DAY = 86_400_000;

export interface PackageFixture {
  id: string;
  lessonIds: string[];
  starts: string[];
  amountTotal: number;
  endAt: string;
}

export interface PackageOptions {
  /** Weekly slots (distinct weekdays). */
  slots: WeeklySlot[];
  duration: 1 | 2;
  /** The package's first day, this many days from today. */
  startInDays?: number;
  weeks?: number;
  discountPercent?: number;
  /** Leave the lessons `pending` and the package `pending` (not paid yet). */
  unpaid?: boolean;
}

export async function paidPackage(parent: Person, tutor: Tutor, options: PackageOptions): Promise<PackageFixture> {
  const id = randomUUID();
  const now = new Date();
  const startDate = new Date(now.getTime() + (options.startInDays ?? 3) * DAY).toISOString().slice(0, 10);
  const starts = packageLessonStarts(startDate, options.slots, options.weeks);
  const discount = options.discountPercent ?? 10;
  const price = packagePrice(tutor.hourlyRate, options.duration, discount, starts.length);
  const endAt = new Date(Date.parse(starts[starts.length - 1]!) + options.duration * 3_600_000).toISOString();
  const lessonIds = starts.map(() => randomUUID());
  const reference = packageReferenceFor(id);
  const at = now.toISOString();
  await PackageEntity.build(PutItemCommand)
    .item({
      id,
      reference,
      parent_id: parent.userId,
      parent_name: 'Awa Koné',
      email: parent.email,
      tutor_id: tutor.tutorId,
      tutor_user_id: tutor.userId,
      tutor_name: 'Awa Koné',
      subject: 'Mathématiques',
      level: 'Collège',
      duration_hours: options.duration,
      lessons_per_week: options.slots.length,
      slots: options.slots,
      start_date: startDate,
      end_at: endAt,
      hourly_rate: tutor.hourlyRate,
      discount_percent: discount,
      lesson_total: price.lesson.total,
      lesson_tutor: price.lesson.tutor,
      lesson_commission: price.lesson.commission,
      amount_total: price.total,
      currency: 'XOF',
      payment_method: 'card',
      status: options.unpaid ? 'pending' : 'active',
      lesson_ids: lessonIds,
      created_at: at,
      updated_at: at,
      ...(options.unpaid ? {} : { paid_at: at }),
      gsi1pk: parentPackagesIndex(parent.userId),
      gsi1sk: `${at}#${id}`,
      gsi2pk: tutorPackagesIndex(tutor.userId),
      gsi2sk: `${at}#${id}`,
    })
    .send();
  await Promise.all(
    starts.map((start, i) =>
      execute(
      ...lessonTransactionWrites({
        id: lessonIds[i]!,
        reference,
        parent: { user_id: parent.userId, name: 'Awa Koné', email: parent.email },
        tutor: { id: tutor.tutorId, userId: tutor.userId, name: 'Awa Koné', hourlyRate: tutor.hourlyRate, location: 'cocody' },
        price: price.lesson,
        paymentMethod: 'card',
        subject: 'Mathématiques',
        level: 'Collège',
        duration: options.duration,
        scheduledDate: start,
        slots: lessonSlotStarts(start, options.duration),
        now,
        package_id: id,
      }),
      ),
    ),
  );
  if (!options.unpaid) {
    await Promise.all(
      lessonIds.map((lessonId) => applyTransition({ transactionId: lessonId, action: 'confirm_payment', actor: 'system', wake: false, record: { paid_at: at } })),
    );
  }
  return { id, lessonIds, starts, amountTotal: price.total, endAt };
}
