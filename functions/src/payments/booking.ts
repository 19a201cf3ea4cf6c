/**
 * Booking a lesson: price it from the tutor's stored rate, write the transaction (pending) and its
 * course (scheduled), start its escrow workflow, then initialise the Paystack payment.
 * Each step in its own function, in the order they run.
 */
import { randomUUID } from 'node:crypto';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { execute } from 'dynamodb-toolbox/entity/actions/transactWrite';
import { CURRENCY } from '#shared/constants';
import { areConsecutiveFreeSlots } from '#shared/lesson-slots';
import { messages } from '#shared/messages';
import { priceLesson, type LessonPrice } from '#shared/money';
import { INITIAL_COURSE_STATUS, INITIAL_STATUS } from '#shared/transaction-process';
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
import { findTutor, type BookableTutor } from './tutors.js';
import { holdSlotWrites, tutorFreeSlots } from '../tutors/slot-holds.js';

const FIRST_ATTEMPT = 1;

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
  const newest = newestFirstKey(createdAt, id);
  const phone = request.phoneNumber ? (normalizeIvorianPhone(request.phoneNumber) ?? undefined) : undefined;
  const writes = [
    TransactionEntity.build(PutTransaction)
      .item({
        id,
        reference,
        parent_id: parent.user_id,
        parent_name: `${parent.first_name} ${parent.last_name}`.trim(),
        email: parent.email,
        tutor_id: tutor.id,
        tutor_user_id: tutor.userId,
        tutor_name: tutor.name,
        hourly_rate: tutor.hourlyRate,
        amount_total: price.total,
        amount_tutor: price.tutor,
        commission_amount: price.commission,
        currency: CURRENCY,
        payment_method: request.paymentMethod,
        phone_number: phone,
        status: INITIAL_STATUS,
        created_at: createdAt,
        updated_at: createdAt,
        // A lesson's window runs from its end (issue 15); a free date's, as the spec had it, from the date.
        auto_release_at: autoReleaseAt(now, scheduledDate, undefined, slots ? request.duration : 0),
        // The escrow workflow's first attempt, counted here rather than by a second write.
        workflow_attempt: FIRST_ATTEMPT,
        course: {
          subject: request.subject,
          level: request.level,
          duration_hours: request.duration,
          scheduled_date: scheduledDate,
          ...(slots ? { holds_slots: true } : {}),
          ...(slots && tutor.location ? { place: tutor.location } : {}),
          notes: request.notes || undefined,
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
  ] as const;
  // The lesson's slots, held in the same transaction: a slot held already cancels the whole booking.
  const holds = slots ? holdSlotWrites(tutor.id, slots, id) : [];
  let response;
  for (let attempt = 0; ; attempt++) {
    try {
      response = await execute({ capacity: 'INDEXES' }, ...writes, ...holds);
      break;
    } catch (error) {
      const codes = cancellationCodes(error);
      // Another parent's booking of the same slot is being written at this very moment: try again,
      // and its hold, once written, cancels this one.
      if (codes.includes('TransactionConflict') && attempt < BOOKING_CONFLICT_RETRIES) {
        await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 60 * (attempt + 1)));
        continue;
      }
      if (cancellationCodes(error, writes.length).some((code) => code === 'ConditionalCheckFailed' || code === 'TransactionConflict')) {
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
