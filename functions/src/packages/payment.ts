/**
 * A package's one Paystack payment applied to its lessons (issue 32). The webhook, the parent's
 * return and each lesson's payment check all end here for a `kalan-pkg-` reference:
 * - success for the package's reference, `amount_total` and XOF → `confirm_payment` on every lesson
 *   still `pending` (each writes its own `payment` lines for its own amount), then the package
 *   `active` (`paid_at`);
 * - success that differs → `flag_payment` on every lesson still `pending` (an admin settles it);
 * - failed or reversed → `expire_payment` on every lesson still `pending`, the package `failed`.
 * Each lesson's change is its own conditional transition, so the whole is resumable: a redelivery,
 * a retry or another path confirms what is left and finds done what was done. A Paystack event is
 * recorded per lesson (`<eventKey>#<lessonId>`, with the lesson's change) and for the package (its
 * own key, with the package's change), so a redelivered event changes nothing twice.
 */
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { execute } from 'dynamodb-toolbox/entity/actions/transactWrite';
import { CURRENCY } from '#shared/constants';
import { formatFcfa } from '#shared/money';
import { moneyReceived } from '#shared/transaction-process';
import { ConflictError } from '#commons/errors';
import { logger } from '#commons/logger';
import { applyTransition, type TransitionRequest } from '../escrow/transitions.js';
import { recordWriteCapacity } from '../payments/capacity.js';
import { PaystackEventEntity } from '../payments/entities.js';
import type { VerifiedPayment } from '../payments/paystack.js';
import { getTransaction, type Transaction } from '../payments/transactions.js';
import { PackageEntity } from './entities.js';

export type Package = NonNullable<Awaited<ReturnType<typeof getPackage>>>;
type PaystackEventRecord = NonNullable<TransitionRequest['paystackEvent']>;

/**
 * What became of the package's payment. `late_payment`: paid, but every lesson had already failed;
 * `unchanged`: another delivery or path settled the package at the same moment (its answer stands).
 */
export type PackageChargeOutcome = 'escrowed' | 'amount_mismatch' | 'failed' | 'waiting' | 'late_payment' | 'unchanged';

/** Paystack statuses after which the payment can no longer succeed (as payment-check.ts). */
const FAILED_PAYMENT_STATUSES = new Set(['failed', 'reversed']);
const PAYMENT_FAILED_REASON = 'Paiement refusé ou annulé chez Paystack';

export async function getPackage(id: string) {
  const { Item } = await PackageEntity.build(GetItemCommand).key({ id }).options({ consistent: true }).send();
  return Item ?? null;
}

export interface PackageChargeOptions {
  /** The Paystack event applied (the webhook): recorded per lesson and for the package. */
  paystackEvent?: (outcome: string) => PaystackEventRecord;
  /** The webhook's `charge.success`: a verify that does not say success is a mismatch, not a wait. */
  charged?: boolean;
  wake?: boolean;
  /** The lesson whose own workflow is asking (its payment expiry): not woken, every other lesson is. */
  askedBy?: string;
  actorId?: string;
  history?: (outcome: 'escrowed' | 'amount_mismatch' | 'failed') => TransitionRequest['history'];
}

/** The package's lessons, in its order (a lesson id whose transaction is missing is skipped). */
async function lessonsOf(pkg: Package): Promise<Transaction[]> {
  const lessons = await Promise.all(pkg.lesson_ids.map((id) => getTransaction(id)));
  return lessons.filter((lesson): lesson is Transaction => lesson !== null);
}

/**
 * `action` on each lesson still `pending`, one after the other (each moves the admin's counters:
 * in parallel they would only conflict and retry). A lesson moved meanwhile — by a concurrent
 * delivery, the parent's return, its own workflow — is left as it is: its change stands.
 */
async function applyToPending(
  pkg: Package,
  request: (lesson: Transaction) => Omit<TransitionRequest, 'transactionId'>,
): Promise<Transaction[]> {
  const lessons = await lessonsOf(pkg);
  for (const lesson of lessons.filter((l) => l.status === 'pending')) {
    try {
      await applyTransition({ ...request(lesson), transactionId: lesson.id });
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
    }
  }
  return lessonsOf(pkg);
}

/** The event as recorded with one lesson's change: its own key, so the package's key stays free. */
const perLesson = (event: PaystackEventRecord | undefined, lessonId: string): PaystackEventRecord | undefined =>
  event && { ...event, eventKey: `${event.eventKey}#${lessonId}` };

/** The package's event recorded (when there is one): a put conditional on the key being new. */
function eventWrite(event: PaystackEventRecord | undefined, pkg: Package) {
  if (!event) return [];
  return [
    PaystackEventEntity.build(PutTransaction)
      .item({
        event_key: event.eventKey,
        event: event.event,
        reference: event.reference,
        transaction_id: pkg.id,
        outcome: event.outcome,
        received_at: new Date().toISOString(),
      })
      .options({ condition: { attr: 'event_key', exists: false } }),
  ];
}

/**
 * The package leaves `pending` (→ `active` with `paid_at`, or → `failed`), with the event, in one
 * DynamoDB transaction conditional on `pending`. False when it was not pending any more, or the
 * event was recorded already (a concurrent delivery did it): the caller reads what happened.
 */
async function settlePackage(pkg: Package, status: 'active' | 'failed', event: PaystackEventRecord | undefined, paidAt?: string): Promise<boolean> {
  const now = new Date().toISOString();
  try {
    const response = await execute(
      { capacity: 'INDEXES' },
      PackageEntity.build(UpdateTransaction)
        .item({ id: pkg.id, status, updated_at: now, ...(paidAt ? { paid_at: paidAt } : {}) })
        .options({ condition: { attr: 'status', eq: 'pending' } }),
      ...eventWrite(event, pkg),
    );
    recordWriteCapacity('packagePayment', response.ConsumedCapacity);
    return true;
  } catch (error) {
    if ((error as { name?: string } | null)?.name === 'TransactionCanceledException') return false;
    throw error;
  }
}

async function failPackage(pkg: Package, options: PackageChargeOptions): Promise<'failed' | 'unchanged'> {
  await applyToPending(pkg, (lesson) => ({
    action: 'expire_payment',
    actor: 'system',
    record: { attention_reason: PAYMENT_FAILED_REASON },
    wake: lesson.id === options.askedBy ? false : options.wake,
    actorId: options.actorId,
    history: options.history?.('failed'),
  }));
  return (await settlePackage(pkg, 'failed', options.paystackEvent?.('failed'))) ? 'failed' : 'unchanged';
}

async function flagPackage(pkg: Package, verified: VerifiedPayment, options: PackageChargeOptions): Promise<'amount_mismatch'> {
  const paid = verified.amount === null ? 'montant invalide' : formatFcfa(verified.amount);
  // The lesson's own amount is not what was paid: the package's total is (never compare the two).
  const reason = `Paiement du forfait non conforme : Paystack indique ${verified.status}, ${paid} ${verified.currency} ; attendu ${formatFcfa(pkg.amount_total)} ${CURRENCY}`;
  const event = options.paystackEvent?.('amount_mismatch');
  await applyToPending(pkg, (lesson) => ({
    action: 'flag_payment',
    actor: 'system',
    record: { paystack_transaction_id: String(verified.id), attention_reason: reason },
    paystackEvent: perLesson(event, lesson.id),
    wake: lesson.id === options.askedBy ? false : options.wake,
    actorId: options.actorId,
    history: options.history?.('amount_mismatch'),
  }));
  // The package stays `pending` (an admin settles the payment at Paystack); its event is recorded once.
  if (event) await recordPackageEvent(event, pkg);
  logger.warn('Paystack payment does not match the package', { packageId: pkg.id });
  return 'amount_mismatch';
}

async function recordPackageEvent(event: PaystackEventRecord, pkg: Package): Promise<void> {
  try {
    await execute(...eventWrite(event, pkg));
  } catch (error) {
    if ((error as { name?: string } | null)?.name !== 'TransactionCanceledException') throw error;
  }
}

/**
 * Applies Paystack's verified answer about the package's payment to the package and its lessons.
 * Call it for a package still `pending` (a settled one is the caller's to answer: duplicate, late).
 */
export async function confirmPackageCharge(pkg: Package, verified: VerifiedPayment, options: PackageChargeOptions = {}): Promise<PackageChargeOutcome> {
  if (FAILED_PAYMENT_STATUSES.has(verified.status)) return failPackage(pkg, options);
  if (verified.status !== 'success' && !options.charged) return 'waiting';
  const matches =
    verified.status === 'success' &&
    verified.reference === pkg.reference &&
    verified.amount === pkg.amount_total &&
    verified.currency === CURRENCY;
  if (!matches) return flagPackage(pkg, verified, options);

  const before = await lessonsOf(pkg);
  if (before.some((lesson) => lesson.status === 'failed') && !before.some((lesson) => moneyReceived(lesson))) {
    // A lesson's payment window passed before the money came (its slots freed): confirming the
    // others would keep its price with nothing to hold it. The booking has lapsed as a whole: the
    // rest fails too and the payment is a late one, refunded whole by an operator (as a lesson's).
    await failPackage(pkg, { ...options, paystackEvent: undefined });
    logger.error('Package paid after some of its lessons failed: refund it at Paystack', { packageId: pkg.id, reference: pkg.reference });
    return 'late_payment';
  }

  const paidAt = verified.paidAt ?? new Date().toISOString();
  const event = options.paystackEvent?.('escrowed');
  const lessons = await applyToPending(pkg, (lesson) => ({
    action: 'confirm_payment',
    actor: 'system',
    record: { paid_at: paidAt, paystack_transaction_id: String(verified.id) },
    paystackEvent: perLesson(event, lesson.id),
    wake: lesson.id === options.askedBy ? false : options.wake,
    actorId: options.actorId,
    history: options.history?.('escrowed'),
  }));
  if (!lessons.some((lesson) => moneyReceived(lesson))) {
    // Every lesson failed before the money came (their payment window passed): nothing to hold it.
    await settlePackage(pkg, 'failed', undefined);
    logger.error('Package paid after its lessons failed: refund it at Paystack', { packageId: pkg.id, reference: pkg.reference });
    return 'late_payment';
  }
  if (lessons.some((lesson) => lesson.status === 'pending')) {
    // A lesson could not be confirmed (conflicting writes retried in vain): not done, the caller retries.
    throw new ConflictError(`Forfait ${pkg.id} : des cours attendent encore leur paiement`);
  }
  return (await settlePackage(pkg, 'active', event, paidAt)) ? 'escrowed' : 'unchanged';
}

/**
 * A package whose payment window passed: each lesson's workflow expires its own lesson
 * (`expire_payment`); once none is left pending and none was paid, the package is `failed` too
 * (conditional on `pending`), so that a payment arriving later is a late payment. For the escrow's
 * expiry task to call after expiring a package lesson; true when it failed the package.
 */
export async function failExpiredPackage(packageId: string): Promise<boolean> {
  const pkg = await getPackage(packageId);
  if (pkg?.status !== 'pending') return false;
  const lessons = await lessonsOf(pkg);
  if (lessons.some((lesson) => lesson.status === 'pending' || moneyReceived(lesson))) return false;
  return settlePackage(pkg, 'failed', undefined);
}
