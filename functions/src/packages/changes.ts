/**
 * Changes to a package within its month (issue 32), three routes in one Lambda (like
 * messages/api.ts), each with its own `apiHandler`, chosen by API Gateway's `routeKey`:
 *
 * - `POST /api/packages/{id}/stop`: the parent stops its own package — stopStop below;
 * - `PUT /api/tutors/me/package-discount`: the tutor's package discount (0–20 %);
 * - `POST /api/lessons/{id}/reschedule`: the tutor moves a package lesson (off a day off) to other
 *   free slots of theirs, no later than a week after the package's end.
 */
import type { Context } from 'aws-lambda';
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { execute, type ExecuteTransactWriteInput } from 'dynamodb-toolbox/entity/actions/transactWrite';
import { UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { abidjanDate, areConsecutiveFreeSlots, BOOKING_HORIZON_DAYS, freeSlots, lessonSlotStarts } from '#shared/lesson-slots';
import { messages } from '#shared/messages';
import { packageDiscountSchema, packageIdParamsSchema, rescheduleSchema, type RescheduleInput } from '#shared/package-schemas';
import { transactionIdParamsSchema } from '#shared/payments-schemas';
import { routeKey, routes } from '#shared/routes';
import { isConditionalCheckFailure, TutorProfileEntity } from '#commons/db';
import { ConflictError, NotFoundError, ValidationError } from '#commons/errors';
import { apiHandler, json, ok, type ApiEvent, type ApiResult } from '#commons/http';
import { logger } from '#commons/logger';
import { applyTransition } from '../escrow/transitions.js';
import { autoReleaseAt } from '../escrow/timing.js';
import { TransactionEntity } from '../payments/entities.js';
import { getTransaction, type Transaction } from '../payments/transactions.js';
import { holdSlotWrites, releaseSlotWrites } from '../tutors/slot-holds.js';
import { getTutorProfileOfUser } from '../tutors/profiles.js';
import { availabilityOf } from '../tutors/visible.js';
import { PackageEntity } from './entities.js';

type WriteItem = Extract<ExecuteTransactWriteInput[number], { params: unknown }>;
const DAY = 86_400_000;
/** A moved lesson may start at the latest this many days after the package's last lesson. */
export const RESCHEDULE_AFTER_END_DAYS = 7;

export type Package = NonNullable<Awaited<ReturnType<typeof getPackage>>>;

export async function getPackage(id: string) {
  const { Item } = await PackageEntity.build(GetItemCommand).key({ id }).options({ consistent: true }).send();
  return Item ?? null;
}

/** The lesson has not started (a lesson under way is confirmed or reported, never cancelled). */
const notStarted = (tx: Transaction, now: Date) => Boolean(tx.course.scheduled_date) && Date.parse(tx.course.scheduled_date!) > now.getTime();

export interface StopAnswer {
  id: string;
  status: 'stopped';
  stopped_at: string;
  message: string;
}

/**
 * The parent stops its package: the package first (`active` → `stopped`, conditional: of two
 * stops one writes it), then each lesson not started and still to come is cancelled under the
 * policy (`cancel`: in full ≥ 24 h before, half later — never a credit: the parent is leaving),
 * and each open credit is refunded (`refund_credit`). Each lesson is its own conditional
 * transition: a lesson that moved meanwhile (released, started, answered) is left as it now is.
 * Resumable: a second call on a stopped package finishes what is left, and answers the same.
 */
export async function stopPackage(packageId: string, parentId: string, now: Date): Promise<StopAnswer> {
  const pkg = await getPackage(packageId);
  if (!pkg || pkg.parent_id !== parentId) throw new NotFoundError(messages.packages.notFound);
  let stoppedAt = pkg.stopped_at;
  if (pkg.status === 'active') {
    stoppedAt = now.toISOString();
    try {
      await PackageEntity.build(UpdateItemCommand)
        .item({ id: pkg.id, status: 'stopped', stopped_at: stoppedAt, updated_at: stoppedAt })
        .options({ condition: { and: [{ attr: 'status', eq: 'active' }, { attr: 'parent_id', eq: parentId }] } })
        .send();
    } catch (error) {
      if (!isConditionalCheckFailure(error)) throw error;
      // Another stop won the race: carry on with its stop.
      const again = await getPackage(packageId);
      if (again?.status !== 'stopped') throw new ConflictError(messages.packages.notStoppable);
      stoppedAt = again.stopped_at;
    }
  } else if (pkg.status === 'pending') {
    // Nothing paid, nothing to refund: the parent is told so, not that it is too late.
    throw new ConflictError(messages.packages.notPaidYet);
  } else if (pkg.status !== 'stopped') {
    throw new ConflictError(messages.packages.notStoppable);
  }
  // The list as it is once stopped: a lesson a credit booked just before the stop is in it (a
  // credit's lesson joins only a package still active).
  const lessonIds = (await getPackage(packageId))?.lesson_ids ?? pkg.lesson_ids;
  for (const lessonId of lessonIds) {
    const tx = await getTransaction(lessonId);
    if (!tx || tx.parent_id !== parentId) continue;
    const action =
      tx.status === 'credited' ? 'refund_credit' : (tx.status === 'requested' || tx.status === 'escrow') && notStarted(tx, now) ? 'cancel' : null;
    if (!action) continue;
    try {
      await applyTransition({ transactionId: tx.id, action, actor: 'parent', actorId: parentId, now });
    } catch (error) {
      // The lesson changed meanwhile (answered, started, released): it stays as it now is.
      if (!(error instanceof ConflictError)) throw error;
      logger.info('Package lesson left as it is on stop', { package_id: pkg.id, transaction_id: tx.id, reason: error.message });
    }
  }
  return { id: pkg.id, status: 'stopped', stopped_at: stoppedAt ?? now.toISOString(), message: messages.packages.stopped };
}

/** The tutor's package discount, on its profile (a tutor without a profile has nothing to discount). */
export async function setPackageDiscount(userId: string, discountPercent: number): Promise<{ discountPercent: number }> {
  try {
    await TutorProfileEntity.build(UpdateItemCommand)
      .item({ user_id: userId, package_discount_percent: discountPercent, updated_at: new Date().toISOString() })
      .options({ condition: { attr: 'id', exists: true } })
      .send();
  } catch (error) {
    if (isConditionalCheckFailure(error)) throw new NotFoundError(messages.tutors.notFound);
    throw error;
  }
  return { discountPercent };
}

/**
 * The tutor moves a package lesson still to come (`requested` or `escrow`, holding its slots) to
 * other consecutive free slots of theirs (weekly hours, not a day off, the booking lead), at the
 * latest RESCHEDULE_AFTER_END_DAYS after the package's last lesson. ONE DynamoDB transaction: the
 * old holds released, the new ones held (each conditional: a slot held by anyone else cancels
 * it), the lesson's date, automatic release and `course.moved_at` written on the condition that
 * its status and date are still those read. The parent is told by the notifier (the stream's
 * `lesson_moved`); a moved lesson may be cancelled by the parent in full until its start.
 */
export async function rescheduleLesson(transactionId: string, tutorUserId: string, input: RescheduleInput, now: Date): Promise<Transaction> {
  const tx = await getTransaction(transactionId);
  if (!tx || tx.tutor_user_id !== tutorUserId) throw new NotFoundError(messages.lessons.notFound);
  const from = tx.status;
  const oldStart = tx.course.scheduled_date;
  if (!tx.package_id || (from !== 'requested' && from !== 'escrow') || !tx.course.holds_slots || !oldStart || !notStarted(tx, now)) {
    throw new ConflictError(messages.packages.rescheduleNotAllowed);
  }
  const starts = input.slots.map((start) => new Date(start).toISOString()).sort();
  if (starts.length !== tx.course.duration_hours) throw new ValidationError(messages.payments.slotsCount);
  const [pkg, profile] = await Promise.all([getPackage(tx.package_id), getTutorProfileOfUser(tutorUserId)]);
  if (!pkg || !profile) throw new ConflictError(messages.packages.rescheduleNotAllowed);
  const latest = Date.parse(pkg.end_at) + RESCHEDULE_AFTER_END_DAYS * DAY;
  // The tutor's own weekly hours and days off, as far as the latest allowed start; who holds a
  // slot is the transaction's condition (a slot held by another booking cancels it).
  const days = Math.max(BOOKING_HORIZON_DAYS, Math.ceil((latest - Date.parse(`${abidjanDate(now)}T00:00:00.000Z`)) / DAY) + 1);
  const free = freeSlots({ ...availabilityOf(profile), now, days });
  if (Date.parse(starts[0]!) > latest || !areConsecutiveFreeSlots(starts, free)) throw new ConflictError(messages.payments.slotsNotFree);

  const oldStarts = lessonSlotStarts(oldStart, tx.course.duration_hours);
  // A slot both lessons use stays held (one transaction may not delete and put the same item).
  const released = oldStarts.filter((start) => !starts.includes(start));
  const held = starts.filter((start) => !oldStarts.includes(start));
  const movedAt = now.toISOString();
  const writes = [
    TransactionEntity.build(UpdateTransaction)
      .item({
        id: tx.id,
        updated_at: movedAt,
        auto_release_at: autoReleaseAt(now, starts[0], undefined, tx.course.duration_hours),
        course: { scheduled_date: starts[0], moved_at: movedAt },
      } as never)
      .options({
        condition: {
          and: [
            { attr: 'status', eq: from },
            { attr: 'tutor_user_id', eq: tutorUserId },
            { attr: 'course.scheduled_date', eq: oldStart },
            { attr: 'course.holds_slots', eq: true },
          ],
        } as never,
      }),
    ...releaseSlotWrites(tx.tutor_id, released, tx.id),
    ...holdSlotWrites(tx.tutor_id, held, tx.id),
  ] as WriteItem[];
  try {
    await execute(...writes);
  } catch (error) {
    if ((error as { name?: string }).name !== 'TransactionCanceledException') throw error;
    const reasons = ((error as { CancellationReasons?: Array<{ Code?: string }> }).CancellationReasons ?? []).map((r) => r.Code);
    // The lesson's own condition (first write) failed: it changed meanwhile; else a slot is taken.
    throw new ConflictError(reasons[0] === 'ConditionalCheckFailed' ? messages.packages.rescheduleNotAllowed : messages.packages.slotTaken);
  }
  logger.info('Package lesson moved', { transaction_id: tx.id, package_id: tx.package_id, from: oldStart, to: starts[0] });
  return (await getTransaction(tx.id))!;
}

const byRoute: Record<string, (event: ApiEvent, context: Context) => Promise<ApiResult>> = {
  [routeKey(routes.stopPackage)]: apiHandler(routes.stopPackage, { params: packageIdParamsSchema }, async ({ caller, params }) =>
    ok(await stopPackage(params.id.toLowerCase(), caller.userId, new Date())),
  ),
  [routeKey(routes.setPackageDiscount)]: apiHandler(routes.setPackageDiscount, { body: packageDiscountSchema }, async ({ caller, body }) =>
    ok(await setPackageDiscount(caller.userId, body.discountPercent)),
  ),
  [routeKey(routes.rescheduleLesson)]: apiHandler(
    routes.rescheduleLesson,
    { params: transactionIdParamsSchema, body: rescheduleSchema },
    async ({ caller, params, body }) => {
      const moved = await rescheduleLesson(params.id.toLowerCase(), caller.userId, body, new Date());
      return ok({ id: moved.id, start: moved.course.scheduled_date, moved_at: moved.course.moved_at, message: messages.packages.rescheduled });
    },
  ),
};

export const handler = async (event: ApiEvent, context: Context): Promise<ApiResult> => {
  const route = byRoute[event.routeKey];
  if (!route) return json(404, { error: { code: 'not_found', message: messages.http.notFound } });
  return route(event, context);
};
