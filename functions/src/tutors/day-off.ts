/**
 * Issue 32: a tutor's day off may not fall on a package lesson. A package's lessons are paid and
 * hold the tutor's slots for a month: a day off saved over one would leave the parent a lesson the
 * tutor will not give. Such a save is refused (409 `messages.packages.dayOffConflict`), nothing
 * saved; in 'Mes cours' the tutor moves the lesson (`POST /api/lessons/{id}/reschedule`) or
 * cancels it (refunded in full), then saves the day off.
 */
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import type { AvailabilityException } from '#shared/lesson-slots';
import { messages } from '#shared/messages';
import { kalanTable } from '#commons/db';
import { ConflictError } from '#commons/errors';
import { transactionsByIds } from '../payments/transactions.js';
import { SlotHoldEntity } from './slot-holds.js';

const DAY = 86_400_000;

/** The days (`YYYY-MM-DD`) `next` gives off that `previous` did not: only those can newly cover a lesson. */
export function newDaysOff(previous: readonly AvailabilityException[], next: readonly AvailabilityException[]): AvailabilityException[] {
  const off = (date: string, list: readonly AvailabilityException[]) => list.some((e) => e.start_date <= date && date <= e.end_date);
  const days = new Set<string>();
  for (const range of next) {
    for (let t = Date.parse(`${range.start_date}T00:00:00.000Z`); t <= Date.parse(`${range.end_date}T00:00:00.000Z`); t += DAY) {
      const date = new Date(t).toISOString().slice(0, 10);
      if (!off(date, previous)) days.add(date);
    }
  }
  // Consecutive days as one range: one query each.
  const added: AvailabilityException[] = [];
  for (const date of [...days].sort()) {
    const last = added[added.length - 1];
    if (last && Date.parse(`${date}T00:00:00.000Z`) - Date.parse(`${last.end_date}T00:00:00.000Z`) === DAY) last.end_date = date;
    else added.push({ start_date: date, end_date: date });
  }
  return added;
}

/**
 * The package lessons (still to come: `requested` or `escrow`, holding slots) on the days of
 * `ranges`: read from the tutor's slot holds of those days (each names its booking), then the
 * bookings themselves. Abidjan time is UTC: a slot's day is its start's date.
 */
export async function packageLessonsOn(tutorId: string, ranges: readonly AvailabilityException[]): Promise<string[]> {
  const holders = new Set<string>();
  for (const range of ranges) {
    let exclusiveStartKey: Record<string, unknown> | undefined;
    do {
      const page = await kalanTable
        .build(QueryCommand)
        .entities(SlotHoldEntity)
        .query({ partition: `SLOTS#${tutorId}`, range: { between: [`SLOT#${range.start_date}T00:00`, `SLOT#${range.end_date}T23:59:59.999Z`] } })
        .options({ consistent: true, attributes: ['transaction_id'], ...(exclusiveStartKey ? { exclusiveStartKey } : {}) })
        .send();
      for (const hold of page.Items ?? []) holders.add(hold.transaction_id);
      exclusiveStartKey = page.LastEvaluatedKey;
    } while (exclusiveStartKey);
  }
  if (!holders.size) return [];
  const lessons = await transactionsByIds([...holders]);
  return lessons
    .filter((tx) => tx.package_id && (tx.status === 'requested' || tx.status === 'escrow') && tx.course.holds_slots)
    .map((tx) => tx.id);
}

/** Refuses days off that would newly cover a package lesson still to come. */
export async function assertNoPackageLessonOnDaysOff(
  tutorId: string | undefined,
  previous: readonly AvailabilityException[],
  next: readonly AvailabilityException[],
): Promise<void> {
  if (!tutorId) return;
  const added = newDaysOff(previous, next);
  if (!added.length) return;
  const lessons = await packageLessonsOn(tutorId, added);
  if (lessons.length) throw new ConflictError(messages.packages.dayOffConflict);
}
