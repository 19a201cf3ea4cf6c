/**
 * Issue 32: a credit spent on another lesson. A credited transaction (a package lesson the parent
 * cancelled in time, or a trial guarantee taken as a first lesson with another tutor) pays a new
 * lesson R: ONE DynamoDB transaction takes the credit's `use_credit` (all of it) or
 * `use_credit_partly` (part of it, the rest refunded) with its `transfer` lines, and writes R —
 * `requested` (paid), funded by the credit (its `payment` lines, written by transitions.ts, debit
 * the parent's credit account), its list, index and open rows, its slot holds, and for a package credit the package's lesson
 * list. Then R's escrow workflow starts (the tutor's answer window) and the credited one is woken.
 */
import { randomUUID } from 'node:crypto';
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { $append } from 'dynamodb-toolbox/entity/actions/update';
import { areConsecutiveFreeSlots, freeSlots, SLOT_MINUTES } from '#shared/lesson-slots';
import { messages } from '#shared/messages';
import { formatFcfa, priceLesson, type LessonPrice } from '#shared/money';
import { ConflictError, NotFoundError, ValidationError } from '#commons/errors';
import { logger, logTransaction } from '#commons/logger';
import { isFirstLessonWith, lessonTransactionWrites } from '../payments/booking.js';
import { getTransaction, type Transaction } from '../payments/transactions.js';
import { findTutor, type BookableTutor } from '../payments/tutors.js';
import { PackageEntity } from '../packages/entities.js';
import { heldSlotStarts } from '../tutors/slot-holds.js';
import { applyTransition, type WriteItem } from './transitions.js';
import { startEscrowWorkflow } from './workflow.js';

const DAY_MS = 86_400_000;
/** R's workflow's first attempt, written with R (as a booking's). */
const FIRST_ATTEMPT = 1;

/** The lesson a credit pays: with whom, its slots (one per hour, consecutive), what. */
export interface CreditLesson {
  tutor: string;
  slots: readonly string[];
  subject: string;
  level: string;
  notes?: string;
}

export type UseCreditInput = { creditId: string; parentId: string; now?: Date } & (CreditLesson | { lesson: CreditLesson });

/**
 * Spends the parent's credit `creditId` on a new lesson; returns the new lesson's id. Throws
 * NotFound (not the parent's credit), Validation (wrong tutor, too late, too expensive, a slot not
 * offered) or Conflict (the credit already spent or refunded, a slot taken meanwhile), in French.
 */
export async function useCredit(input: UseCreditInput): Promise<string> {
  const now = input.now ?? new Date();
  const lesson: CreditLesson = 'lesson' in input ? input.lesson : input;
  const credited = await getTransaction(input.creditId);
  // Another parent's credit is not found, as a missing one (its existence is none of theirs).
  if (!credited || credited.parent_id !== input.parentId || !credited.credit) throw new NotFoundError(messages.packages.creditNotFound);
  const credit = credited.credit;
  if (credited.status !== 'credited' || credit.used_by) throw new ConflictError(messages.packages.creditExpired);

  const tutor = await findTutor(lesson.tutor);
  if (!tutor || !tutor.isCompleted || !tutor.hourlyRate) throw new NotFoundError(messages.payments.tutorNotFound);
  const starts = [...lesson.slots].map((start) => new Date(start).toISOString()).sort();
  if (starts.length === 0 || starts.some((start) => Number.isNaN(Date.parse(start)))) throw new ValidationError(messages.packages.slotInvalid);

  const price = priceOf(credited, tutor, starts.length);
  if (Date.parse(starts[0]!) > Date.parse(credit.rebook_until)) throw new ValidationError(messages.packages.creditTooLate);
  await checkFree(tutor, starts, credit.rebook_until, now);

  // The guarantee's replacement is a 'Premier cours' (its own guarantee may be claimed, within the
  // year's two) only when it is the parent's first lesson with that tutor, as at any booking: a
  // credit must not turn a tutor the parent already pays into a second free lesson.
  const trial = credit.reason === 'guarantee' && (await isFirstLessonWith(credited.parent_id, tutor.id));

  const lessonId = randomUUID();
  logTransaction(lessonId);
  const paidAt = now.toISOString();
  const funded = { id: lessonId, tutor_user_id: tutor.userId, amount_total: price.total, amount_tutor: price.tutor, commission_amount: price.commission };
  const also: WriteItem[] = [
    ...lessonTransactionWrites({
      id: lessonId,
      // R's refunds go against the payment the credit came from.
      reference: credited.reference,
      parent: { user_id: credited.parent_id, name: credited.parent_name, email: credited.email },
      tutor: { id: tutor.id, userId: tutor.userId, name: tutor.name, hourlyRate: credit.reason === 'cancellation' ? credited.hourly_rate : tutor.hourlyRate, location: tutor.location },
      price,
      paymentMethod: credited.payment_method,
      phone: credited.phone_number,
      subject: lesson.subject,
      level: lesson.level,
      notes: lesson.notes,
      duration: starts.length,
      scheduledDate: starts[0],
      slots: starts,
      now,
      status: 'requested',
      paid_at: paidAt,
      funded_by: credited.id,
      ...(credited.package_id ? { package_id: credited.package_id } : {}),
      ...(trial ? { trial: true } : {}),
    }),
    // A package credit's lesson joins the package (its lessons, in booking order) while it runs:
    // a stop written first (it then refunds the credit) makes this transaction fail, and a stop
    // written after finds the lesson in the package's list (it reads the list once stopped).
    ...(credited.package_id
      ? [
          PackageEntity.build(UpdateTransaction)
            .item({ id: credited.package_id, lesson_ids: $append([lessonId]), updated_at: paidAt })
            .options({ condition: { and: [{ attr: 'parent_id', eq: credited.parent_id }, { attr: 'status', eq: 'active' }] } }) as WriteItem,
        ]
      : []),
  ];
  try {
    await applyTransition({
      transactionId: credited.id,
      action: price.total === credited.amount_total ? 'use_credit' : 'use_credit_partly',
      actor: 'parent',
      actorId: input.parentId,
      // R's payment lines (from the parent's credit) are written by the transition with the transfer.
      fundedLesson: funded,
      also,
      alsoConflict: messages.packages.slotTaken,
      now,
    });
  } catch (error) {
    // Not a slot taken but the package stopped meanwhile: its open credits are being refunded.
    if (error instanceof ConflictError && credited.package_id) {
      const { Item: pkg } = await PackageEntity.build(GetItemCommand).key({ id: credited.package_id }).options({ consistent: true }).send();
      if (pkg?.status !== 'active') throw new ConflictError(messages.packages.creditExpired);
    }
    throw error;
  }
  try {
    await startEscrowWorkflow(lessonId, { counted: FIRST_ATTEMPT });
  } catch (error) {
    // R is paid and open: the reconciler finds it without a workflow and restarts one.
    logger.error('Could not start the escrow workflow of a lesson paid by a credit', error as Error);
  }
  return lessonId;
}

/**
 * What the new lesson costs. A package credit rebooks the same lesson: same tutor, same duration,
 * same price (the package's). A guarantee credit pays a first lesson with another tutor at that
 * tutor's rate, at most the credit (the rest is refunded).
 */
function priceOf(credited: Transaction, tutor: BookableTutor & { hourlyRate?: number }, hours: number): LessonPrice {
  if (credited.credit!.reason === 'cancellation') {
    if (tutor.id !== credited.tutor_id) throw new ValidationError(messages.packages.creditSameTutor);
    if (hours !== credited.course.duration_hours) throw new ValidationError(messages.packages.durationInvalid);
    return { total: credited.amount_total, tutor: credited.amount_tutor, commission: credited.commission_amount };
  }
  if (tutor.id === credited.tutor_id) throw new ValidationError(messages.packages.creditOtherTutor);
  const price = priceLesson(tutor.hourlyRate!, hours);
  if (price.total > credited.amount_total) throw new ValidationError(messages.packages.creditTooSmall(formatFcfa(credited.amount_total)));
  return price;
}

/**
 * The slots are among the tutor's free ones (weekly hours, days off, the lead time, the holds),
 * looked at up to the credit's last day (a package credit may run past the booking horizon).
 * Holds beyond the horizon the read does not see are caught by the holds' conditional writes.
 */
async function checkFree(tutor: BookableTutor, starts: string[], rebookUntil: string, now: Date): Promise<void> {
  const days = Math.max(1, Math.ceil((Date.parse(rebookUntil) + SLOT_MINUTES * 60_000 - now.getTime()) / DAY_MS) + 1);
  const free = freeSlots({ week: tutor.week, exceptions: tutor.exceptions, taken: await heldSlotStarts(tutor.id, now), now, days });
  if (!areConsecutiveFreeSlots(starts, free)) throw new ConflictError(messages.payments.slotsNotFree);
}
