/**
 * The slots a booking holds (issue 15, point 1): one item per hour of the lesson in the tutor's own
 * partition (`SLOTS#<tutor id>` / `SLOT#<start>`), put with the booking's DynamoDB transaction on
 * the condition that none exists — two parents can never hold the same slot — and deleted with the
 * status change that frees the lesson (the payment failed or expired, the parent was refunded).
 * The free slots of a tutor are its weekly hours minus these items, read by one Query of the window.
 */
import { Entity } from 'dynamodb-toolbox/entity';
import { DeleteTransaction } from 'dynamodb-toolbox/entity/actions/transactDelete';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { number } from 'dynamodb-toolbox/schema/number';
import { item } from 'dynamodb-toolbox/schema/item';
import { string } from 'dynamodb-toolbox/schema/string';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import { BOOKING_HORIZON_DAYS, freeSlots, SLOT_MINUTES, type AvailabilityException, type LessonSlot } from '#shared/lesson-slots';
import type { AvailabilityEntry } from '#shared/tutor-profile-schemas';
import { kalanTable, onKalanTable } from '#commons/db';

const slotsPartition = (tutorId: string) => `SLOTS#${tutorId}`;
const SLOT_PREFIX = 'SLOT#';
const DAY = 24 * 3_600_000;
/** A hold outlives its slot by a day, then the table's TTL deletes it (it can no longer be booked). */
const KEPT_AFTER_END_MS = DAY;

export const SlotHoldEntity = new Entity({
  name: 'slotHold',
  ...onKalanTable,
  schema: item({
    tutor_id: string().key(),
    /** The slot's start, an ISO instant (UTC = Abidjan time). */
    start: string().key(),
    /** The booking holding it. */
    transaction_id: string(),
    /** Epoch seconds: the table's TTL removes the hold once its slot is long past. */
    expires_at: number(),
  }),
  computeKey: ({ tutor_id, start }: { tutor_id: string; start: string }) => ({ pk: slotsPartition(tutor_id), sk: `${SLOT_PREFIX}${start}` }),
});

/** The starts of the slots held on the tutor's calendar from `now` to the end of the booking window. */
export async function heldSlotStarts(tutorId: string, now: Date): Promise<string[]> {
  const from = new Date(now.getTime() - SLOT_MINUTES * 60_000).toISOString();
  const to = new Date(now.getTime() + (BOOKING_HORIZON_DAYS + 1) * DAY).toISOString();
  const starts: string[] = [];
  let exclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await kalanTable
      .build(QueryCommand)
      .entities(SlotHoldEntity)
      .query({ partition: slotsPartition(tutorId), range: { between: [`${SLOT_PREFIX}${from}`, `${SLOT_PREFIX}${to}`] } })
      .options({ consistent: true, attributes: ['start'], ...(exclusiveStartKey ? { exclusiveStartKey } : {}) })
      .send();
    for (const hold of page.Items ?? []) starts.push(hold.start);
    exclusiveStartKey = page.LastEvaluatedKey;
  } while (exclusiveStartKey);
  return starts;
}

/**
 * The tutor's free slots now: its weekly hours minus its days off, the held slots and those starting
 * too soon. What `GET /api/tutors/{id}/slots` shows and what a booking by slots is checked against.
 */
export async function tutorFreeSlots(
  tutor: { id: string; week: readonly AvailabilityEntry[]; exceptions: readonly AvailabilityException[] },
  now: Date,
): Promise<LessonSlot[]> {
  return freeSlots({ week: tutor.week, exceptions: tutor.exceptions, taken: await heldSlotStarts(tutor.id, now), now });
}

/** The puts that hold `starts` for the booking, each cancelling the transaction if the slot is held already. */
export function holdSlotWrites(tutorId: string, starts: readonly string[], transactionId: string) {
  return starts.map((start) =>
    SlotHoldEntity.build(PutTransaction)
      .item({ tutor_id: tutorId, start, transaction_id: transactionId, expires_at: Math.ceil((Date.parse(start) + SLOT_MINUTES * 60_000 + KEPT_AFTER_END_MS) / 1000) })
      .options({ condition: { attr: 'transaction_id', exists: false } }),
  );
}

/**
 * The deletes that free the booking's slots: never another booking's hold (the item must still
 * name this transaction), and no failure when the TTL already removed a hold long past.
 */
export function releaseSlotWrites(tutorId: string, starts: readonly string[], transactionId: string) {
  return starts.map((start) =>
    SlotHoldEntity.build(DeleteTransaction)
      .key({ tutor_id: tutorId, start })
      .options({ condition: { or: [{ attr: 'transaction_id', exists: false }, { attr: 'transaction_id', eq: transactionId }] } }),
  );
}
