/**
 * A package booked as the package booking leaves it (PACKAGES.md: the model), for the payment tests
 * until the booking itself exists: the PackageEntity (`pending`, its lesson ids) and its index row,
 * then each lesson transaction (`pending`, `package_id`, the PACKAGE's reference, the package
 * lesson price) with its LISTS / INDEX / OPEN rows, each lesson's escrow workflow (attempt 1,
 * counted on the transaction as the booking counts it), and the one Paystack initialize of the
 * package's total — through the production entities and clients, against the shared stack.
 *
 * No admin counter moves: a `pending` transaction and a package are counted by none
 * (commons/counters.ts); the lessons' later transitions move them as usual. Each lesson holds its
 * slots (`course.holds_slots`, the holds written with it): a lesson, which the tutor answers.
 * Give each test its own `tutorIndex`: two fixtures of one tutor would hold the same hours.
 */
import { randomUUID } from 'node:crypto';
import { StartExecutionCommand, SFNClient } from '@aws-sdk/client-sfn';
import { expect } from 'vitest';
import { stack, type TestUser } from '../support/stack.js';
import { paystackSecret, seededTutor } from './payments-helpers.js';
import { useStackEnvironment } from './search-support.js';

const ESCROW_MACHINE = 'arn:aws:states:eu-west-1:000000000000:stateMachine:kalan-local-escrow';

/** The handlers' variables for the shared stack (before the first import of their modules). */
function usePackageEnvironment(): void {
  const { ports } = stack();
  useStackEnvironment({
    AWS_ENDPOINT_URL_SFN: `http://127.0.0.1:${ports.sfn}`,
    ESCROW_STATE_MACHINE_ARN: ESCROW_MACHINE,
    PAYSTACK_BASE_URL: `http://127.0.0.1:${ports.paystack}`,
    PAYSTACK_SECRET_KEY: paystackSecret(),
  });
}

export interface PackageFixture {
  packageId: string;
  reference: string;
  lessonIds: string[];
  lessonTotal: number;
  total: number;
  /** The sandbox checkout of the package's one payment. */
  url: string;
}

export interface PackageFixtureOptions {
  lessons?: number;
  tutorIndex?: number;
  /** The first lesson's start, from now (default 48 h), and the time between two lessons (default 24 h). */
  firstInHours?: number;
  spacingHours?: number;
  /**
   * How long ago it was booked, in seconds (default 0): past the stack's payment window
   * (PAYMENT_TIMEOUT_SECONDS, 30 min), each lesson's own workflow expires it at its first wait.
   */
  bookedSecondsAgo?: number;
}

/** A `pending` package of one-hour lessons (4 by default), a day apart from two days on. */
export async function bookPackageFixture(parent: TestUser, options: PackageFixtureOptions = {}): Promise<PackageFixture> {
  const { lessons = 4, tutorIndex = 0, firstInHours = 48, spacingHours = 24, bookedSecondsAgo = 0 } = options;
  usePackageEnvironment();
  const { PutTransaction } = await import('dynamodb-toolbox/entity/actions/transactPut');
  const { execute } = await import('dynamodb-toolbox/entity/actions/transactWrite');
  const { packagePrice } = await import('#shared/packages');
  const entities = await import('../../functions/src/payments/entities.js');
  const { PackageEntity, PackageIndexEntity, ALL_PACKAGES_INDEX, parentPackagesIndex, tutorPackagesIndex, packageReferenceFor } = await import(
    '../../functions/src/packages/entities.js'
  );
  const { autoReleaseAt } = await import('../../functions/src/escrow/timing.js');
  const { lessonSlotStarts } = await import('#shared/lesson-slots');
  const { holdSlotWrites } = await import('../../functions/src/tutors/slot-holds.js');
  const { findTutor } = await import('../../functions/src/payments/tutors.js');
  const { initializeTransaction } = await import('../../functions/src/payments/paystack.js');

  const seeded = seededTutor(tutorIndex);
  const tutor = (await findTutor(seeded.id))!;
  const now = new Date(Date.now() - bookedSecondsAgo * 1000);
  const createdAt = now.toISOString();
  const packageId = randomUUID();
  const reference = packageReferenceFor(packageId);
  const lessonIds = Array.from({ length: lessons }, () => randomUUID());
  const price = packagePrice(seeded.hourlyRate, 1, 0, lessons);
  const hour = 3_600_000;
  const first = Math.ceil((now.getTime() + firstInHours * hour) / hour) * hour;
  const starts = lessonIds.map((_, i) => new Date(first + i * spacingHours * hour).toISOString());
  const newest = entities.newestFirstKey(createdAt, packageId);
  const parentName = 'Aya Kouadio';

  await execute(
    PackageEntity.build(PutTransaction)
      .item({
        id: packageId,
        reference,
        parent_id: parent.sub,
        parent_name: parentName,
        email: parent.email,
        tutor_id: seeded.id,
        tutor_user_id: seeded.userId,
        tutor_name: tutor.name,
        subject: seeded.subject,
        level: seeded.level,
        duration_hours: 1,
        lessons_per_week: Math.min(lessons, 5),
        slots: [{ weekday: 1, hour: 10 }],
        start_date: starts[0]!.slice(0, 10),
        end_at: new Date(new Date(starts.at(-1)!).getTime() + 3_600_000).toISOString(),
        hourly_rate: seeded.hourlyRate,
        discount_percent: 0,
        lesson_total: price.lesson.total,
        lesson_tutor: price.lesson.tutor,
        lesson_commission: price.lesson.commission,
        amount_total: price.total,
        currency: 'XOF',
        payment_method: 'card',
        status: 'pending',
        lesson_ids: lessonIds,
        created_at: createdAt,
        updated_at: createdAt,
        gsi1pk: parentPackagesIndex(parent.sub),
        gsi1sk: newest,
        gsi2pk: tutorPackagesIndex(seeded.userId),
        gsi2sk: newest,
      })
      .options({ condition: { attr: 'id', exists: false } }),
    PackageIndexEntity.build(PutTransaction).item({ package_id: packageId, created_at: createdAt, gsi1pk: ALL_PACKAGES_INDEX, gsi1sk: newest }),
  );

  for (const [i, id] of lessonIds.entries()) {
    const lessonNewest = entities.newestFirstKey(createdAt, id);
    await execute(
      entities.TransactionEntity.build(PutTransaction)
        .item({
          id,
          reference,
          package_id: packageId,
          parent_id: parent.sub,
          parent_name: parentName,
          email: parent.email,
          tutor_id: seeded.id,
          tutor_user_id: seeded.userId,
          tutor_name: tutor.name,
          hourly_rate: seeded.hourlyRate,
          amount_total: price.lesson.total,
          amount_tutor: price.lesson.tutor,
          commission_amount: price.lesson.commission,
          currency: 'XOF',
          payment_method: 'card',
          status: 'pending',
          created_at: createdAt,
          updated_at: createdAt,
          auto_release_at: autoReleaseAt(now, starts[i], undefined, 1),
          workflow_attempt: 1,
          course: {
            subject: seeded.subject,
            level: seeded.level,
            duration_hours: 1,
            scheduled_date: starts[i],
            holds_slots: true,
            ...(tutor.location ? { place: tutor.location } : {}),
            status: 'scheduled',
          },
        })
        .options({ condition: { attr: 'id', exists: false } }),
      entities.TransactionListsEntity.build(PutTransaction).item({
        transaction_id: id,
        gsi1pk: entities.parentTransactionsIndex(parent.sub),
        gsi1sk: lessonNewest,
        gsi2pk: entities.tutorTransactionsIndex(seeded.userId),
        gsi2sk: lessonNewest,
      }),
      entities.TransactionIndexEntity.build(PutTransaction).item({
        transaction_id: id,
        created_at: createdAt,
        gsi1pk: entities.ALL_TRANSACTIONS_INDEX,
        gsi1sk: lessonNewest,
      }),
      entities.OpenTransactionEntity.build(PutTransaction).item({
        transaction_id: id,
        created_at: createdAt,
        gsi1pk: entities.OPEN_TRANSACTIONS_INDEX,
        gsi1sk: lessonNewest,
      }),
      ...holdSlotWrites(seeded.id, lessonSlotStarts(starts[i]!, 1), id),
    );
  }

  // Each lesson's workflow, attempt 1 (the input escrow.asl.json reads), as startEscrowWorkflow starts it.
  const sfn = new SFNClient({ endpoint: `http://127.0.0.1:${stack().ports.sfn}`, region: 'eu-west-1', credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
  for (const id of lessonIds) {
    await sfn.send(
      new StartExecutionCommand({ stateMachineArn: ESCROW_MACHINE, name: `${id}-1`, input: JSON.stringify({ transactionId: id, attempt: 1, correlationId: id }) }),
    );
  }

  const { authorizationUrl } = await initializeTransaction({
    email: parent.email,
    amount: price.total,
    reference,
    method: 'card',
    callbackUrl: `${stack().appUrl}/payments`,
    metadata: { package_id: packageId, tutor_id: seeded.id },
  });
  expect(authorizationUrl).toMatch(/\/checkout\//);
  return { packageId, reference, lessonIds, lessonTotal: price.lesson.total, total: price.total, url: authorizationUrl };
}

/** The package item as stored (consistent read). */
export async function packageItem(packageId: string): Promise<Record<string, any> | undefined> {
  usePackageEnvironment();
  const { getPackage } = await import('../../functions/src/packages/payment.js');
  return (await getPackage(packageId)) ?? undefined;
}
