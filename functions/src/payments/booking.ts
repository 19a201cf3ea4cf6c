/**
 * Booking a lesson: price it from the tutor's stored rate, write the transaction (pending) and its
 * course (scheduled), start its escrow workflow, then initialise the Paystack payment.
 * Each step in its own function, in the order they run.
 */
import { randomUUID } from 'node:crypto';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { execute, type ExecuteTransactWriteInput } from 'dynamodb-toolbox/entity/actions/transactWrite';
import { CURRENCY } from '#shared/constants';
import { areConsecutiveFreeSlots } from '#shared/lesson-slots';
import { messages } from '#shared/messages';
import { priceLesson, type LessonPrice } from '#shared/money';
import { INITIAL_COURSE_STATUS, INITIAL_STATUS, moneyReceived, type TransactionStatus } from '#shared/transaction-process';
import { normalizeIvorianPhone, scheduledDateError, type PaymentInitResult, type PaymentRequest } from '#shared/payments-schemas';
import type { Profile } from '#shared/schemas';
import { ConflictError, DomainError, NotFoundError, ValidationError } from '#commons/errors';
import { logger, logTransaction } from '#commons/logger';
import { recordBusinessEvent } from '#commons/metrics';
import { applyTransition } from '../escrow/transitions.js';
import { autoReleaseAt } from '../escrow/timing.js';
import { startEscrowWorkflow } from '../escrow/workflow.js';
import { recordWriteCapacity } from './capacity.js';
import {
  ALL_TRANSACTIONS_INDEX,
  newestFirstKey,
  OPEN_TRANSACTIONS_INDEX,
  OpenTransactionEntity,
  parentTransactionsIndex,
  TransactionEntity,
  TransactionIndexEntity,
  TransactionListsEntity,
  tutorTransactionsIndex,
} from './entities.js';
import { initializeTransaction, PaystackRejectedError, referenceFor } from './paystack.js';
import { transactionsOfParent } from './transactions.js';
import { findTutor, type BookableTutor } from './tutors.js';
import { holdSlotWrites, tutorFreeSlots } from '../tutors/slot-holds.js';

const FIRST_ATTEMPT = 1;

type WriteItem = Extract<ExecuteTransactWriteInput[number], { params: unknown }>;

/** The payment provider failed: 502 with the French message the SPA shows under 'Erreur de paiement'. */
export class PaymentProviderError extends DomainError {
  constructor(message: string = messages.payments.providerUnavailable) {
    super('payment_provider_error', 502, message);
  }
}

async function bookableTutor(tutorId: string): Promise<BookableTutor & { hourlyRate: number }> {
  const tutor = await findTutor(tutorId);
  if (!tutor || !tutor.isCompleted) throw new NotFoundError(messages.payments.tutorNotFound);
  if (!tutor.hourlyRate || tutor.hourlyRate <= 0) throw new ValidationError(messages.payments.tutorNotBookable);
  return { ...tutor, hourlyRate: tutor.hourlyRate };
}

function checkSchedule(scheduledDate: string | undefined, now: Date): string | undefined {
  if (!scheduledDate) return undefined;
  const error = scheduledDateError(scheduledDate, now);
  if (error) throw new ValidationError(error, [{ path: 'body.scheduledDate', message: error }]);
  return new Date(scheduledDate).toISOString();
}

/**
 * The slots a booking asks for, checked against the tutor's free slots now (weekly hours, days off,
 * the 2 h lead, the slots already held): their starts in order, or a 409 in French. The hold's
 * conditional writes then settle a race between two parents who both passed this check.
 */
async function checkSlots(slots: readonly string[] | undefined, tutor: BookableTutor, now: Date): Promise<string[] | undefined> {
  if (!slots) return undefined;
  const starts = slots.map((start) => new Date(start).toISOString()).sort();
  if (!areConsecutiveFreeSlots(starts, await tutorFreeSlots(tutor, now))) throw new ConflictError(messages.payments.slotsNotFree);
  return starts;
}

/** Why DynamoDB cancelled the booking's transaction, per write from `from` on (none: not cancelled). */
function cancellationCodes(error: unknown, from = 0): string[] {
  if ((error as { name?: string } | null)?.name !== 'TransactionCanceledException') return [];
  const reasons = (error as { CancellationReasons?: Array<{ Code?: string }> }).CancellationReasons ?? [];
  return reasons.slice(from).map((reason) => reason.Code ?? 'None');
}

const BOOKING_CONFLICT_RETRIES = 3;

interface NewBooking {
  id: string;
  reference: string;
  createdAt: string;
  price: LessonPrice;
}

/** One lesson transaction to write: who, with whom, what, when, and how it was (or will be) paid. */
export interface LessonTransactionInput {
  id: string;
  /** Paystack's reference of its payment: its own, its package's, or (paid by a credit) the credit's. */
  reference: string;
  parent: { user_id: string; name: string; email: string };
  tutor: { id: string; userId: string; name: string; hourlyRate: number; location?: string };
  price: LessonPrice;
  paymentMethod: PaymentRequest['paymentMethod'];
  phone?: string;
  subject: string;
  level: string;
  notes?: string;
  duration: number;
  /** The lesson's start (its first slot), or a free date, or none. */
  scheduledDate?: string;
  /** The slots the lesson holds (sorted starts); none for a booking without slots. */
  slots?: readonly string[];
  now: Date;
  /** `pending` (paid later by Paystack) unless given: a lesson paid by a credit starts `requested`. */
  status?: TransactionStatus;
  paid_at?: string;
  package_id?: string;
  funded_by?: string;
  trial?: boolean;
}

/**
 * The writes of one lesson transaction (issue 32: shared by the single booking, the package
 * booking and the lesson a credit pays): the transaction item (only if new), its parent's and
 * tutor's list row, the admin's index row, the open row the reconciler reads, and the holds of its
 * slots (a slot held already cancels the whole DynamoDB transaction). The holds come last.
 */
export function lessonTransactionWrites(input: LessonTransactionInput): WriteItem[] {
  const { id, parent, tutor, price, slots, now } = input;
  const createdAt = now.toISOString();
  const newest = newestFirstKey(createdAt, id);
  return [
    TransactionEntity.build(PutTransaction)
      .item({
        id,
        reference: input.reference,
        parent_id: parent.user_id,
        parent_name: parent.name,
        email: parent.email,
        tutor_id: tutor.id,
        tutor_user_id: tutor.userId,
        tutor_name: tutor.name,
        hourly_rate: tutor.hourlyRate,
        amount_total: price.total,
        amount_tutor: price.tutor,
        commission_amount: price.commission,
        currency: CURRENCY,
        payment_method: input.paymentMethod,
        phone_number: input.phone,
        status: input.status ?? INITIAL_STATUS,
        created_at: createdAt,
        updated_at: createdAt,
        ...(input.paid_at ? { paid_at: input.paid_at } : {}),
        ...(input.package_id ? { package_id: input.package_id } : {}),
        ...(input.funded_by ? { funded_by: input.funded_by } : {}),
        ...(input.trial ? { trial: true } : {}),
        // A lesson's window runs from its end (issue 15); a free date's, as the spec had it, from the date.
        auto_release_at: autoReleaseAt(now, input.scheduledDate, undefined, slots ? input.duration : 0),
        // The escrow workflow's first attempt, counted here rather than by a second write.
        workflow_attempt: FIRST_ATTEMPT,
        course: {
          subject: input.subject,
          level: input.level,
          duration_hours: input.duration,
          scheduled_date: input.scheduledDate,
          ...(slots ? { holds_slots: true } : {}),
          ...(slots && tutor.location ? { place: tutor.location } : {}),
          notes: input.notes || undefined,
          status: INITIAL_COURSE_STATUS,
        },
      })
      .options({ condition: { attr: 'id', exists: false } }),
    // The parent's and the tutor's lists (gsi1, gsi2): a small row, so the transaction is in no index.
    TransactionListsEntity.build(PutTransaction).item({
      transaction_id: id,
      gsi1pk: parentTransactionsIndex(parent.user_id),
      gsi1sk: newest,
      gsi2pk: tutorTransactionsIndex(tutor.userId),
      gsi2sk: newest,
    }),
    TransactionIndexEntity.build(PutTransaction).item({
      transaction_id: id,
      created_at: createdAt,
      gsi1pk: ALL_TRANSACTIONS_INDEX,
      gsi1sk: newest,
    }),
    // Open until its status is final (transitions.ts): where the reconciler finds it, oldest first.
    OpenTransactionEntity.build(PutTransaction).item({
      transaction_id: id,
      created_at: createdAt,
      gsi1pk: OPEN_TRANSACTIONS_INDEX,
      gsi1sk: newest,
    }),
    // The lesson's slots, held in the same transaction: a slot held already cancels the whole booking.
    ...(slots ? holdSlotWrites(tutor.id, slots, id) : []),
  ] as WriteItem[];
}

/** The number of writes of `lessonTransactionWrites` before its slot holds. */
export const LESSON_ITEM_WRITES = 4;

/**
 * Issue 32: the lesson is the parent's first with this tutor ('Premier cours', the trial
 * guarantee): no earlier transaction of theirs with the tutor received money. Costs the parent's
 * list as 'Mes paiements' reads it: one query of its small rows (gsi1) and a batch read of the
 * transactions (½ read unit per item of ≤ 4 KB, eventually consistent) — a parent has a few dozen.
 */
export async function isFirstLessonWith(parentId: string, tutorId: string): Promise<boolean> {
  const earlier = await transactionsOfParent(parentId);
  return !earlier.some((tx) => tx.tutor_id === tutorId && moneyReceived(tx));
}

async function writePendingTransaction(
  request: PaymentRequest,
  parent: Profile & { email: string },
  tutor: BookableTutor & { hourlyRate: number },
  scheduledDate: string | undefined,
  now: Date,
  slots: string[] | undefined,
): Promise<NewBooking> {
  const id = randomUUID();
  logTransaction(id);
  const reference = referenceFor(id);
  const createdAt = now.toISOString();
  const price = priceLesson(tutor.hourlyRate, request.duration);
  const phone = request.phoneNumber ? (normalizeIvorianPhone(request.phoneNumber) ?? undefined) : undefined;
  // A single lesson in slots with a tutor the parent never paid before: the trial guarantee applies.
  const trial = slots ? await isFirstLessonWith(parent.user_id, tutor.id) : false;
  const writes = lessonTransactionWrites({
    id,
    reference,
    parent: { user_id: parent.user_id, name: `${parent.first_name} ${parent.last_name}`.trim(), email: parent.email },
    tutor,
    price,
    paymentMethod: request.paymentMethod,
    phone,
    subject: request.subject,
    level: request.level,
    notes: request.notes,
    duration: request.duration,
    scheduledDate,
    slots,
    now,
    trial,
  });
  let response;
  for (let attempt = 0; ; attempt++) {
    try {
      response = await execute({ capacity: 'INDEXES' }, ...writes);
      break;
    } catch (error) {
      const codes = cancellationCodes(error);
      // Another parent's booking of the same slot is being written at this very moment: try again,
      // and its hold, once written, cancels this one.
      if (codes.includes('TransactionConflict') && attempt < BOOKING_CONFLICT_RETRIES) {
        await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 60 * (attempt + 1)));
        continue;
      }
      if (cancellationCodes(error, LESSON_ITEM_WRITES).some((code) => code === 'ConditionalCheckFailed' || code === 'TransactionConflict')) {
        throw new ConflictError(messages.payments.slotTaken);
      }
      throw error;
    }
  }
  recordWriteCapacity('book', response.ConsumedCapacity);
  return { id, reference, createdAt, price };
}

/** Fails the booking that could not be initialised, so it never stays pending. */
async function failBooking(transactionId: string, reason: string): Promise<void> {
  try {
    await applyTransition({
      transactionId,
      action: 'expire_payment',
      actor: 'system',
      record: { attention_reason: reason },
    });
  } catch (error) {
    logger.error('Could not fail an uninitialised booking', error as Error);
  }
}

export async function bookAndInitialisePayment(
  request: PaymentRequest,
  parent: Profile,
  now = new Date(),
): Promise<PaymentInitResult> {
  const email = parent.email ?? request.email;
  if (!email) throw new ValidationError(messages.payments.emailMissing);
  const tutor = await bookableTutor(request.tutorId);
  const slots = await checkSlots(request.slots, tutor, now);
  // A booking by slots: its lesson begins with its first slot.
  const scheduledDate = slots ? slots[0] : checkSchedule(request.scheduledDate, now);
  const booking = await writePendingTransaction(request, { ...parent, email }, tutor, scheduledDate, now, slots);

  try {
    await startEscrowWorkflow(booking.id, { counted: FIRST_ATTEMPT });
  } catch (error) {
    logger.error('Could not start the escrow workflow', error as Error);
    await failBooking(booking.id, 'Workflow de séquestre indisponible');
    throw new PaymentProviderError();
  }

  try {
    const { authorizationUrl } = await initializeTransaction({
      email,
      amount: booking.price.total,
      reference: booking.reference,
      method: request.paymentMethod,
      phone: request.phoneNumber ? (normalizeIvorianPhone(request.phoneNumber) ?? undefined) : undefined,
      callbackUrl: `${(process.env.SITE_URL ?? '').replace(/\/$/, '')}/payments`,
      metadata: { transaction_id: booking.id, tutor_id: tutor.id },
    });
    recordBusinessEvent('PaymentInitialised');
    return { success: true, authorization_url: authorizationUrl, transaction_id: booking.id };
  } catch (error) {
    logger.error('Paystack initialize failed', error as Error);
    await failBooking(booking.id, "Paystack n'a pas pu initialiser le paiement");
    throw new PaymentProviderError(
      error instanceof PaystackRejectedError ? `${messages.payments.initFailure} : ${error.message}` : undefined,
    );
  }
}
