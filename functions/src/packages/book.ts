/**
 * `POST /api/packages` (issue 32): a parent books the next PACKAGE_WEEKS weeks' lessons in the
 * tutor's weekly slots and pays once. The steps, in the order they run:
 * 1. the tutor (bookable, its stored rate and package discount) and the start date (within
 *    PACKAGE_START_HORIZON_DAYS);
 * 2. every lesson's hours free now (weekly hours, days off, the 2 h lead, the slots held);
 * 3. ONE DynamoDB transaction: the package (pending, its lesson ids chosen now), its admin index
 *    row, and every slot hold of every lesson — all conditional, so of two overlapping package
 *    bookings exactly one is written;
 * 4. the lesson transactions (pending, the package's reference and lesson price), ≤ 24 lessons per
 *    DynamoDB transaction, each put only if absent;
 * 5. each lesson's escrow workflow;
 * 6. one Paystack initialize of the package's total with its reference.
 * A failure after 3 fails what was written: each lesson written takes `expire_payment` (its slots
 * freed with it), the holds of a lesson never written are deleted, and the package is `failed`.
 */
import { randomUUID } from 'node:crypto';
import { DeleteTransaction } from 'dynamodb-toolbox/entity/actions/transactDelete';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { execute, type ExecuteTransactWriteInput } from 'dynamodb-toolbox/entity/actions/transactWrite';
import { UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import { CURRENCY } from '#shared/constants';
import { lessonTimeLabel } from '#shared/french-dates';
import { abidjanDate, areConsecutiveFreeSlots, freeSlots, lessonSlotStarts, SLOT_MINUTES } from '#shared/lesson-slots';
import { messages } from '#shared/messages';
import {
  PACKAGE_DISCOUNT_MAX,
  PACKAGE_DISCOUNT_MIN,
  PACKAGE_START_HORIZON_DAYS,
  PACKAGE_WEEKS,
  packageLessonStarts,
  packagePrice,
  packageRequestSchema,
  type PackageInitResult,
  type PackageRequest,
  type WeeklySlot,
} from '#shared/package-schemas';
import { normalizeIvorianPhone } from '#shared/payments-schemas';
import { routes } from '#shared/routes';
import type { Profile } from '#shared/schemas';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '#commons/clients/dynamodb';
import { kalanTable, ProfileEntity } from '#commons/db';
import { env } from '#commons/env';
import { ConflictError, DomainError, NotFoundError, ValidationError } from '#commons/errors';
import { apiHandler, ok } from '#commons/http';
import { logger } from '#commons/logger';
import { recordBusinessEvent } from '#commons/metrics';
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { getProfile } from '../auth/profiles.js';
import { applyTransition } from '../escrow/transitions.js';
import { startEscrowWorkflow } from '../escrow/workflow.js';
import { recordWriteCapacity } from '../payments/capacity.js';
import { newestFirstKey } from '../payments/entities.js';
import { LESSON_ITEM_WRITES, lessonTransactionWrites } from '../payments/booking.js';
import { initializeTransaction, PaystackRejectedError } from '../payments/paystack.js';
import { holdSlotWrites, SlotHoldEntity } from '../tutors/slot-holds.js';
import { availabilityOf, getTutorProfileById } from '../tutors/visible.js';
import type { BookableTutor } from '../payments/tutors.js';
import { ALL_PACKAGES_INDEX, PackageEntity, PackageIndexEntity, packageReferenceFor, parentPackagesIndex, tutorPackagesIndex } from './entities.js';
import type { Package } from './views.js';

const DAY = 86_400_000;
/** The escrow workflow's first attempt, counted on each lesson when it is written (lessonTransactionWrites). */
const FIRST_ATTEMPT = 1;
/** Lessons per DynamoDB transaction of step 4: 4 items each (the lesson, its lists, index and open rows), ≤ 100. */
const LESSONS_PER_WRITE = 24;
const BOOKING_CONFLICT_RETRIES = 3;

/** The payment provider failed: 502 in French (as a single booking's). */
export class PackageProviderError extends DomainError {
  constructor(message: string = messages.payments.providerUnavailable) {
    super('payment_provider_error', 502, message);
  }
}

export interface PackageTutor extends BookableTutor {
  hourlyRate: number;
  /** The tutor's package discount, whole percent (0 when never set). */
  discountPercent: number;
}

/**
 * The tutor's package discount, whole percent: read as stored (the attribute alone), whatever the
 * profile entity's schema knows of it; a profile saved before the discount existed has none (0).
 */
async function packageDiscountOf(tutorUserId: string): Promise<number> {
  const { Item } = await documentClient.send(
    new GetCommand({ TableName: env.tableName, Key: { pk: `USER#${tutorUserId}`, sk: 'TUTOR_PROFILE' }, ProjectionExpression: 'package_discount_percent' }),
  );
  const discount = Number(Item?.package_discount_percent ?? 0);
  return Number.isInteger(discount) && discount >= PACKAGE_DISCOUNT_MIN && discount <= PACKAGE_DISCOUNT_MAX ? discount : 0;
}

/** The tutor as a package books it: completed, priced, its weekly hours and days off, its discount. */
export async function packageTutor(tutorId: string): Promise<PackageTutor> {
  const tutor = await getTutorProfileById(tutorId);
  if (!tutor || !tutor.is_completed) throw new NotFoundError(messages.payments.tutorNotFound);
  if (!tutor.hourly_rate || tutor.hourly_rate <= 0) throw new ValidationError(messages.payments.tutorNotBookable);
  const [{ Item: profile }, discount] = await Promise.all([
    ProfileEntity.build(GetItemCommand).key({ user_id: tutor.user_id }).send(),
    packageDiscountOf(tutor.user_id),
  ]);
  return {
    id: tutor.id,
    userId: tutor.user_id,
    name: profile ? `${profile.first_name} ${profile.last_name}`.trim() : 'Répétiteur',
    hourlyRate: tutor.hourly_rate,
    isCompleted: tutor.is_completed,
    location: tutor.location,
    discountPercent: discount,
    ...availabilityOf(tutor),
  };
}

/** The start date: from today (Abidjan) to PACKAGE_START_HORIZON_DAYS ahead. */
function checkStartDate(startDate: string, now: Date): void {
  const today = abidjanDate(now);
  const last = abidjanDate(new Date(Date.parse(`${today}T00:00:00.000Z`) + PACKAGE_START_HORIZON_DAYS * DAY));
  if (startDate < today || startDate > last) {
    throw new ValidationError(messages.packages.startDateRange, [{ path: 'body.startDate', message: messages.packages.startDateRange }]);
  }
}

/** The slots held on the tutor's calendar between two instants (one Query of its partition). */
async function heldBetween(tutorId: string, from: string, to: string): Promise<string[]> {
  const starts: string[] = [];
  const query = kalanTable
    .build(QueryCommand)
    .entities(SlotHoldEntity)
    .query({ partition: `SLOTS#${tutorId}`, range: { between: [`SLOT#${from}`, `SLOT#${to}`] } })
    .options({ consistent: true, attributes: ['start'] });
  for await (const page of query.paginate()) for (const hold of page.Items ?? []) starts.push(hold.start);
  return starts;
}

/**
 * The lessons (their starts) whose hours are not all free now: the tutor's weekly hours, days off,
 * the 2 h lead and the slots held, over a window long enough for the last lesson.
 */
export async function unavailableLessons(tutor: PackageTutor, starts: readonly string[], duration: number, now: Date): Promise<string[]> {
  if (starts.length === 0) return [];
  const last = Date.parse(starts[starts.length - 1]!) + duration * SLOT_MINUTES * 60_000;
  const taken = await heldBetween(tutor.id, starts[0]!, new Date(last).toISOString());
  const days = Math.ceil((last - Date.parse(`${abidjanDate(now)}T00:00:00.000Z`)) / DAY) + 1;
  const free = freeSlots({ week: tutor.week, exceptions: tutor.exceptions, taken, now, days });
  return starts.filter((start) => !areConsecutiveFreeSlots(lessonSlotStarts(start, duration), free));
}

/** 'Mardi 1er décembre, 09:00, Jeudi 3 décembre, 09:00': the lessons a 409 names. */
export const frenchStarts = (starts: readonly string[]) => starts.map(lessonTimeLabel).join(' ; ');

function cancellationCodes(error: unknown, from = 0): string[] {
  if ((error as { name?: string } | null)?.name !== 'TransactionCanceledException') return [];
  const reasons = (error as { CancellationReasons?: Array<{ Code?: string }> }).CancellationReasons ?? [];
  return reasons.slice(from).map((reason) => reason.Code ?? 'None');
}

type WriteItem = Extract<ExecuteTransactWriteInput[number], { params: unknown }>;

/** What a package booking is: the request (or a renewal's), its parent, tutor, starts and price. */
export interface PackagePlan {
  request: Omit<PackageRequest, 'tutorId'>;
  parent: Profile & { email: string };
  tutor: PackageTutor;
  starts: string[];
  now: Date;
  /** A renewal: the package it renews (marked `renewed_by` in the same transaction, once). */
  renews?: Package;
}

interface BookedPackage {
  pkg: Package;
  /** Each lesson's id and the starts of its hours. */
  lessons: Array<{ id: string; start: string; hours: string[] }>;
}

/** Step 3: the package, its index row and every hold, in one conditional DynamoDB transaction. */
async function writePackage(plan: PackagePlan): Promise<BookedPackage> {
  const { request, parent, tutor, starts, now } = plan;
  const id = randomUUID();
  const createdAt = now.toISOString();
  const price = packagePrice(tutor.hourlyRate, request.duration, tutor.discountPercent, starts.length);
  const lessons = starts.map((start) => ({ id: randomUUID(), start, hours: lessonSlotStarts(start, request.duration) }));
  const newest = newestFirstKey(createdAt, id);
  const last = lessons[lessons.length - 1]!;
  const item = {
    id,
    reference: packageReferenceFor(id),
    parent_id: parent.user_id,
    parent_name: `${parent.first_name} ${parent.last_name}`.trim(),
    email: parent.email,
    tutor_id: tutor.id,
    tutor_user_id: tutor.userId,
    tutor_name: tutor.name,
    subject: request.subject,
    level: request.level,
    ...(request.notes ? { notes: request.notes } : {}),
    duration_hours: request.duration,
    lessons_per_week: request.lessonsPerWeek,
    slots: request.slots.map(({ weekday, hour }) => ({ weekday, hour })),
    start_date: request.startDate,
    end_at: new Date(Date.parse(last.start) + request.duration * SLOT_MINUTES * 60_000).toISOString(),
    hourly_rate: tutor.hourlyRate,
    discount_percent: tutor.discountPercent,
    lesson_total: price.lesson.total,
    lesson_tutor: price.lesson.tutor,
    lesson_commission: price.lesson.commission,
    amount_total: price.total,
    currency: CURRENCY,
    payment_method: request.paymentMethod,
    ...(request.phoneNumber ? { phone_number: normalizeIvorianPhone(request.phoneNumber) ?? undefined } : {}),
    status: 'pending' as const,
    lesson_ids: lessons.map((lesson) => lesson.id),
    created_at: createdAt,
    updated_at: createdAt,
    ...(plan.renews ? { renewed_from: plan.renews.id } : {}),
    gsi1pk: parentPackagesIndex(parent.user_id),
    gsi1sk: newest,
    gsi2pk: tutorPackagesIndex(tutor.userId),
    gsi2sk: newest,
  };
  const pkg = item as Package;
  const items: WriteItem[] = [
    PackageEntity.build(PutTransaction).item(item).options({ condition: { attr: 'id', exists: false } }),
    PackageIndexEntity.build(PutTransaction).item({ package_id: id, created_at: createdAt, gsi1pk: ALL_PACKAGES_INDEX, gsi1sk: newest }),
  ];
  if (plan.renews) {
    // Renewed once: of two 'Renouveler' at the same moment, one books.
    items.push(
      PackageEntity.build(UpdateTransaction)
        .item({ id: plan.renews.id, renewed_by: id, updated_at: createdAt })
        .options({ condition: { and: [{ attr: 'status', eq: 'active' }, { attr: 'renewed_by', exists: false }] } }),
    );
  }
  const holds = lessons.flatMap((lesson) => holdSlotWrites(tutor.id, lesson.hours, lesson.id));
  for (let attempt = 0; ; attempt++) {
    try {
      const response = await execute({ capacity: 'INDEXES' }, ...items, ...holds);
      recordWriteCapacity('package_book', response.ConsumedCapacity);
      return { pkg, lessons };
    } catch (error) {
      const codes = cancellationCodes(error);
      if (codes.includes('TransactionConflict') && attempt < BOOKING_CONFLICT_RETRIES) {
        await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 60 * (attempt + 1)));
        continue;
      }
      if (plan.renews && codes[2] === 'ConditionalCheckFailed') throw new ConflictError(messages.packages.renewalNotOpen);
      if (cancellationCodes(error, items.length).some((code) => code === 'ConditionalCheckFailed' || code === 'TransactionConflict')) {
        throw new ConflictError(messages.packages.slotTaken);
      }
      throw error;
    }
  }
}

/**
 * Step 4: one lesson transaction with its lists, index and open rows — the single booking's own
 * writes (payments/booking.ts), without the holds, which the package's transaction wrote already.
 */
function lessonWrites(booked: BookedPackage, lesson: BookedPackage['lessons'][number], plan: PackagePlan): WriteItem[] {
  const { pkg } = booked;
  return lessonTransactionWrites({
    id: lesson.id,
    reference: pkg.reference,
    parent: { user_id: pkg.parent_id, name: pkg.parent_name, email: pkg.email },
    tutor: { id: pkg.tutor_id, userId: pkg.tutor_user_id, name: pkg.tutor_name, hourlyRate: pkg.hourly_rate, location: plan.tutor.location },
    price: { total: pkg.lesson_total, tutor: pkg.lesson_tutor, commission: pkg.lesson_commission },
    paymentMethod: pkg.payment_method,
    phone: pkg.phone_number,
    subject: pkg.subject,
    level: pkg.level,
    notes: pkg.notes,
    duration: pkg.duration_hours,
    scheduledDate: lesson.start,
    slots: lesson.hours,
    now: new Date(pkg.created_at),
    package_id: pkg.id,
  }).slice(0, LESSON_ITEM_WRITES);
}

async function writeLessons(booked: BookedPackage, plan: PackagePlan): Promise<void> {
  for (let i = 0; i < booked.lessons.length; i += LESSONS_PER_WRITE) {
    const writes = booked.lessons.slice(i, i + LESSONS_PER_WRITE).flatMap((lesson) => lessonWrites(booked, lesson, plan));
    const response = await execute({ capacity: 'INDEXES' }, ...writes);
    recordWriteCapacity('package_lessons', response.ConsumedCapacity);
  }
}

/**
 * Fails what a package booking wrote, so nothing stays pending and every slot is free again: each
 * lesson written expires (its transition frees its holds), the holds of a lesson never written are
 * deleted, then the package is `failed`. Best effort: what remains, the reconciler finds (open rows).
 */
async function failPackage(booked: BookedPackage, reason: string): Promise<void> {
  const { pkg } = booked;
  for (const lesson of booked.lessons) {
    try {
      await applyTransition({ transactionId: lesson.id, action: 'expire_payment', actor: 'system', record: { attention_reason: reason } });
    } catch (error) {
      if (!(error instanceof NotFoundError)) {
        logger.error('Could not fail a package lesson', error as Error);
        continue;
      }
      try {
        await execute(
          ...lesson.hours.map((start) =>
            SlotHoldEntity.build(DeleteTransaction)
              .key({ tutor_id: pkg.tutor_id, start })
              .options({ condition: { or: [{ attr: 'transaction_id', exists: false }, { attr: 'transaction_id', eq: lesson.id }] } }),
          ),
        );
      } catch (holdError) {
        logger.error('Could not free the slots of an unwritten package lesson', holdError as Error);
      }
    }
  }
  try {
    await PackageEntity.build(UpdateItemCommand)
      .item({ id: pkg.id, status: 'failed', updated_at: new Date().toISOString() })
      .options({ condition: { attr: 'status', eq: 'pending' } })
      .send();
  } catch (error) {
    logger.error('Could not mark a package failed', error as Error);
  }
}

/** The booking of a package, from its plan (a parent's request or a renewal): Paystack's URL and the package's id. */
export async function bookPlannedPackage(plan: PackagePlan): Promise<PackageInitResult> {
  const unavailable = await unavailableLessons(plan.tutor, plan.starts, plan.request.duration, plan.now);
  if (unavailable.length > 0) throw new ConflictError(messages.packages.slotsNotFree(frenchStarts(unavailable)));
  const booked = await writePackage(plan);
  const { pkg } = booked;
  logger.appendKeys({ package_id: pkg.id });

  try {
    await writeLessons(booked, plan);
    // Each lesson's workflow waits for the one payment (its check verifies the package's reference).
    await Promise.all(booked.lessons.map((lesson) => startEscrowWorkflow(lesson.id, { counted: FIRST_ATTEMPT })));
  } catch (error) {
    logger.error('Could not write the lessons of a package or start their workflows', error as Error);
    await failPackage(booked, 'Forfait : cours ou workflow de séquestre indisponibles');
    throw new PackageProviderError();
  }

  try {
    const { authorizationUrl } = await initializeTransaction({
      email: pkg.email,
      amount: pkg.amount_total,
      reference: pkg.reference,
      method: pkg.payment_method,
      phone: pkg.phone_number,
      callbackUrl: `${(process.env.SITE_URL ?? '').replace(/\/$/, '')}/payments`,
      metadata: { package_id: pkg.id, tutor_id: pkg.tutor_id },
    });
    recordBusinessEvent('PaymentInitialised');
    return { success: true, authorization_url: authorizationUrl, package_id: pkg.id };
  } catch (error) {
    logger.error('Paystack initialize failed (package)', error as Error);
    await failPackage(booked, "Paystack n'a pas pu initialiser le paiement du forfait");
    throw new PackageProviderError(error instanceof PaystackRejectedError ? `${messages.payments.initFailure} : ${error.message}` : undefined);
  }
}

/** The parent's request: its tutor, start date and lessons' starts, then the booking. */
export async function bookPackage(request: PackageRequest, parent: Profile & { email: string }, now = new Date()) {
  const tutor = await packageTutor(request.tutorId);
  checkStartDate(request.startDate, now);
  const starts = packageLessonStarts(request.startDate, request.slots as WeeklySlot[], PACKAGE_WEEKS);
  return bookPlannedPackage({ request, parent, tutor, starts, now });
}

export const handler = apiHandler(routes.bookPackage, { body: packageRequestSchema }, async ({ caller, body }) => {
  const parent = await getProfile(caller.userId);
  if (!parent) throw new NotFoundError(messages.http.profileNotFound);
  const email = parent.email ?? caller.email;
  if (!email) throw new ValidationError(messages.payments.emailMissing);
  return ok(await bookPackage(body, { ...parent, email }));
});
