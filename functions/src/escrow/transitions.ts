/**
 * Every status change of a transaction goes through `applyTransition`: the transition table
 * decides whether the actor may take the action from the current status, then ONE DynamoDB
 * transaction writes the new status (conditional on the status read, so two racing actions can
 * never both succeed), the course's status, the movement's ledger lines (each written once),
 * when given, the Paystack event record and the dispute, and the admin's counters the change moves
 * (commons/counters.ts): a change cancelled moves none, a change retried finds its status gone.
 */
import { randomBytes } from 'node:crypto';
import { ConditionCheck } from 'dynamodb-toolbox/entity/actions/transactCheck';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { $remove, $set, UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { execute, type ExecuteTransactWriteInput } from 'dynamodb-toolbox/entity/actions/transactWrite';
import { cancellationOutcome, type CancellationOutcome } from '#shared/cancellation-policy';
import { lessonSlotStarts } from '#shared/lesson-slots';
import { messages } from '#shared/messages';
import { guaranteeTutorShare, TRIAL_GUARANTEE } from '#shared/packages';
import {
  isFinalStatus,
  isLesson,
  moneyReceived,
  statusesAllowing,
  stepFor,
  transitionFor,
  type Actor,
  type Effects,
  type InPlaceStep,
  type TransactionAction,
  type TransactionStatus,
  type Transition,
} from '#shared/transaction-process';
import { disputeCounterWrites, retryOnConflict } from '#commons/counters';
import { ConflictError, ForbiddenError, NotFoundError } from '#commons/errors';
import { logTransaction } from '#commons/logger';
import { recordTransitionEvent } from '#commons/metrics';
import { recordWriteCapacity } from '../payments/capacity.js';
import {
  LedgerLineEntity,
  PaystackEventEntity,
  TransactionEntity,
  TransactionHistoryEntity,
  DisputeEntity,
  disputesIndex,
  newestFirstKey,
  OpenTransactionEntity,
  type TransactionHistoryEvent,
} from '../payments/entities.js';
import { attentionWrites, getTransaction, type Transaction } from '../payments/transactions.js';
import { lessonStatWrite } from '../tutors/lesson-stats.js';
import { releaseSlotWrites } from '../tutors/slot-holds.js';
import { walletCreditWrite } from '../payouts/wallet-credit.js';
import { accounts, ledgerLinesFor, type LedgerParties } from './ledger.js';
import { wakeWorkflow } from './workflow.js';

export type WriteItem = Extract<ExecuteTransactWriteInput[number], { params: unknown }>;

/** Issue 32: the credit a transition records (`credit` effect): until when it can be spent and when it is refunded. */
export interface CreditRequest {
  reason: 'cancellation' | 'guarantee';
  /** The last start (ISO) a lesson paid by the credit may have. */
  rebook_until: string;
  /** When the credit, unspent, goes back to the parent (ISO): the `credited` wait's timer. */
  refund_at: string;
}

export interface TransitionRequest {
  transactionId: string;
  action: TransactionAction;
  actor: Actor;
  /** The signed-in user taking the action (parent, tutor or admin). */
  actorId?: string;
  adminNotes?: string;
  /** Attributes the transition records (Paystack ids, the reason an admin must look). */
  record?: Pick<Partial<Transaction>, 'paid_at' | 'paystack_transaction_id' | 'paystack_refund_id' | 'attention_reason' | 'attention'>;
  /** An entry of the transaction's history (a workflow failure, an admin's retry), written with the change. */
  history?: { event: TransactionHistoryEvent; detail: string };
  /** The course's rating, written with a `dispute` transition. */
  rating?: { rating: number; review?: string };
  /** A problem or a no-show the parent reports (`report_problem`, `report_no_show`): the dispute it opens. */
  report?: { kind: 'problem' | 'no_show'; reason?: string };
  /** The clock the cancellation policy reads (tests pass their own). */
  now?: Date;
  /** The Paystack event that caused the change: recorded once, in the same DynamoDB transaction. */
  paystackEvent?: { eventKey: string; event: string; reference: string; outcome: string };
  /** Wake the workflow waiting in the previous status (false for the workflow's own steps). */
  wake?: boolean;
  /**
   * Issue 32: other items written in the same DynamoDB transaction (a lesson paid by a credit, its
   * slot holds, its package's lesson list): all or nothing with the status change. They come first
   * in the transaction, so a failed condition among them is told apart (`alsoConflict`).
   */
  also?: WriteItem[];
  /** The Conflict (409) message when a condition of `also` fails (a slot taken meanwhile). */
  alsoConflict?: string;
  /** Issue 32: the credit a `credit` effect records (a guarantee's defaults to TRIAL_GUARANTEE's validity). */
  credit?: CreditRequest;
  /**
   * Issue 32: a credit spent (`use_credit`, `use_credit_partly`): the lesson it pays (written by
   * `also`). Its price moves out of this escrow (`transfer`), and its own `payment` lines — from
   * the parent's credit account into its escrow — are written here, with the change: this module
   * alone writes ledger lines.
   */
  fundedLesson?: Pick<Transaction, 'id' | 'tutor_user_id' | 'amount_total' | 'amount_tutor' | 'commission_amount'>;
}

const MAX_CONFLICT_RETRIES = 4;

function cancellationReasons(error: unknown): string[] {
  const reasons = (error as { CancellationReasons?: Array<{ Code?: string }> }).CancellationReasons ?? [];
  return reasons.map((reason) => reason.Code ?? 'None');
}

function isCancelled(error: unknown): boolean {
  return (error as { name?: string } | null)?.name === 'TransactionCanceledException';
}

/** Applies the action, or throws NotFound (404), Forbidden (403) or Conflict (409). */
export async function applyTransition(request: TransitionRequest): Promise<Transaction> {
  logTransaction(request.transactionId);
  for (let attempt = 0; ; attempt++) {
    const tx = await getTransaction(request.transactionId);
    if (!tx) throw new NotFoundError(messages.payments.transactionNotFound);
    if (request.actor === 'parent' && tx.parent_id !== request.actorId) throw new ForbiddenError();
    if (request.actor === 'tutor' && tx.tutor_user_id !== request.actorId) throw new ForbiddenError();
    const transition = transitionFor(request.action, tx.status, request.actor, moneyReceived(tx), isLesson(tx));
    if (!transition) {
      const reachable = statusesAllowing(request.action, request.actor).length > 0;
      throw new ConflictError(reachable ? messages.payments.alreadyDecided : messages.payments.actionNotAllowed);
    }
    try {
      const updated = await writeTransition(tx, transition, request);
      if (request.wake !== false) await wakeWorkflow(tx.id, tx.status, updated.status);
      return updated;
    } catch (error) {
      if (!isCancelled(error)) throw error;
      const reasons = cancellationReasons(error);
      // A condition of the extra writes failed (a slot held meanwhile), not the status's.
      const alsoCount = request.also?.length ?? 0;
      if (alsoCount && reasons.slice(0, alsoCount).includes('ConditionalCheckFailed') && reasons[alsoCount] !== 'ConditionalCheckFailed') {
        throw new ConflictError(request.alsoConflict ?? messages.payments.alreadyDecided);
      }
      // Another transaction touched the same items at the same moment: read again and retry.
      if (reasons.includes('TransactionConflict') && attempt < MAX_CONFLICT_RETRIES) {
        await new Promise((r) => setTimeout(r, 20 + Math.random() * 60 * (attempt + 1)));
        continue;
      }
      throw new ConflictError(messages.payments.alreadyDecided);
    }
  }
}

/**
 * What the cancellation policy gives when `actor` cancels `tx` at `now`; Conflict when the lesson
 * has started (nobody cancels then: the parent confirms or reports).
 */
function cancellationOf(tx: Transaction, actor: Actor, now: Date): NonNullable<Transaction['cancellation']> {
  const by = actor === 'tutor' ? 'tutor' : 'parent';
  const start = tx.course.scheduled_date;
  const outcome: CancellationOutcome | null = start
    ? cancellationOutcome({ by: by === 'tutor' ? 'tuteur' : 'parent', lessonStart: new Date(start), now, amount: tx.amount_total })
    : null;
  if (!outcome) throw new ConflictError(messages.lessons.tooLateToCancel);
  // Issue 32: a lesson the tutor moved is the parent's to cancel in full until its start.
  if (by === 'parent' && tx.course.moved_at) return { by, at: now.toISOString(), refund: tx.amount_total, tutor: 0, commission: 0 };
  return { by, at: now.toISOString(), refund: outcome.refund, tutor: outcome.tutor, commission: outcome.commission };
}

/**
 * The parties of the transaction's ledger lines, with the compensation a late cancellation kept,
 * what a spent credit moved out of escrow (a later `refund` gives back only the rest), whether a
 * credit paid the lesson (its `payment` debits the parent's credit), and the tutor's guarantee pay.
 */
export function partiesOf(
  tx: Pick<Transaction, 'id' | 'parent_id' | 'tutor_user_id' | 'amount_total' | 'amount_tutor' | 'commission_amount' | 'funded_by' | 'credit' | 'guarantee'>,
  cancellation: Transaction['cancellation'],
  extra: { transferred?: number; guaranteeShare?: number } = {},
): LedgerParties {
  const kept = cancellation && cancellation.tutor + cancellation.commission > 0 ? cancellation : undefined;
  const transferred = extra.transferred ?? tx.credit?.transferred;
  const guaranteeShare = extra.guaranteeShare ?? tx.guarantee?.tutor_share;
  return {
    transactionId: tx.id,
    parentId: tx.parent_id,
    tutorUserId: tx.tutor_user_id,
    amountTotal: tx.amount_total,
    amountTutor: tx.amount_tutor,
    commission: tx.commission_amount,
    ...(kept ? { compensation: { tutor: kept.tutor, commission: kept.commission } } : {}),
    ...(tx.funded_by ? { funded: true } : {}),
    ...(transferred ? { transferred } : {}),
    ...(guaranteeShare !== undefined ? { guaranteeShare } : {}),
  };
}

/** The credit a `credit` effect records: the caller's, or for a guarantee TRIAL_GUARANTEE's validity from now. */
function creditOf(reason: NonNullable<Effects['credit']>, request: TransitionRequest, clock: Date): NonNullable<Transaction['credit']> {
  const at = clock.toISOString();
  if (request.credit) {
    if (request.credit.reason !== reason) throw new RangeError(`Crédit incohérent : ${request.credit.reason} ≠ ${reason}`);
    return { reason, at, rebook_until: request.credit.rebook_until, refund_at: request.credit.refund_at };
  }
  if (reason !== 'guarantee') throw new RangeError('Un crédit d’annulation indique ses dates');
  const until = new Date(clock.getTime() + TRIAL_GUARANTEE.credit_validity_days * 86_400_000).toISOString();
  return { reason, at, rebook_until: until, refund_at: until };
}

/** What a spent credit moves: all of the escrow (`use_credit`) or part of it, the rest refunded (`use_credit_partly`). */
function creditUseOf(tx: Transaction, action: TransactionAction, request: TransitionRequest): { used_by: string; transferred: number } {
  const lesson = request.fundedLesson;
  if (!lesson || !Number.isSafeInteger(lesson.amount_total)) throw new RangeError('Crédit utilisé sans cours');
  const transferred = lesson.amount_total;
  const whole = action === 'use_credit';
  if (whole ? transferred !== tx.amount_total : !(transferred > 0 && transferred < tx.amount_total)) {
    throw new RangeError(`Crédit utilisé incohérent : ${transferred} sur ${tx.amount_total}`);
  }
  return { used_by: lesson.id, transferred };
}

async function writeTransition(tx: Transaction, transition: Transition, request: TransitionRequest): Promise<Transaction> {
  const { to, effects = {} } = transition;
  const clock = request.now ?? new Date();
  const now = clock.toISOString();
  const from = tx.status;
  const courseStatus = effects.course;
  const cancellation = effects.cancellation ? cancellationOf(tx, request.actor, clock) : undefined;
  const freesSlots = Boolean(effects.freeSlots && tx.course.holds_slots && tx.course.scheduled_date);
  // Issue 32: the credit kept, the credit spent, the guarantee claimed (the tutor's pay by the platform).
  const credit = effects.credit ? creditOf(effects.credit, request, clock) : undefined;
  const creditUse = effects.ledger === 'transfer' ? creditUseOf(tx, request.action, request) : undefined;
  const guarantee = effects.guarantee ? { choice: effects.guarantee, at: now, tutor_share: guaranteeTutorShare(tx.hourly_rate) } : undefined;
  const changes: Partial<Transaction> = {
    status: to,
    updated_at: now,
    last_action: request.action,
    ...(cancellation ? { cancellation } : {}),
    ...(credit ? { credit } : {}),
    ...(guarantee ? { guarantee } : {}),
    ...(effects.lessonOutcome ? { lesson_outcome: effects.lessonOutcome } : {}),
    ...request.record,
    ...(effects.stamp ? { [effects.stamp]: now } : {}),
    ...(request.actor === 'admin' ? { decided_by: request.actorId, ...(request.adminNotes ? { admin_notes: request.adminNotes } : {}) } : {}),
    ...(request.actor === 'parent' && request.action !== 'dispute' ? { decided_by: request.actorId } : {}),
  };
  const course = {
    ...(courseStatus ? { status: courseStatus } : {}),
    ...(effects.rating && request.rating ? ratingOf(request.rating, now) : {}),
    // Freed once: a later transition that frees again (the refund done) finds nothing to free.
    ...(freesSlots ? { holds_slots: false } : {}),
    ...(request.report ? { reported: request.report.kind } : {}),
  };
  const ownership =
    request.actor === 'parent'
      ? [{ attr: 'parent_id', eq: request.actorId! } as const]
      : request.actor === 'tutor'
        ? [{ attr: 'tutor_user_id', eq: request.actorId! } as const]
        : [];
  // Money leaves a transaction that needs attention only if Paystack's payment was confirmed.
  const paidCondition = transition.paid === undefined ? [] : [{ attr: 'paid_at', exists: transition.paid } as const];
  const writes = [
    TransactionEntity.build(UpdateTransaction)
      .item({
        id: tx.id,
        ...changes,
        // A map given whole replaces the previous one (a plain object would update it field by field).
        ...(changes.attention ? { attention: $set(changes.attention) } : {}),
        ...(changes.cancellation ? { cancellation: $set(changes.cancellation) } : {}),
        ...(credit ? { credit: $set(credit) } : {}),
        ...(guarantee ? { guarantee: $set(guarantee) } : {}),
        // A credit spent: the two fields added to the credit kept (a plain object updates field by field).
        ...(creditUse ? { credit: creditUse } : {}),
        ...(Object.keys(course).length ? { course } : {}),
      } as never)
      .options({ condition: { and: [{ attr: 'status', eq: from }, ...ownership, ...paidCondition] } as never }),
  ] as WriteItem[];
  // The extra writes first: a failed condition among them is told apart by its position.
  writes.unshift(...(request.also ?? []));
  // The admin's `needs_attention` counter and attention index, when the change enters or leaves them.
  writes.push(...attentionWrites(tx, from, to));

  const parties = partiesOf(tx, cancellation ?? tx.cancellation, {
    ...(creditUse ? { transferred: creditUse.transferred } : {}),
    ...(guarantee ? { guaranteeShare: guarantee.tutor_share } : {}),
  });
  // A late cancellation: the tutor's compensation and its commission leave escrow with it.
  const movements = [...(cancellation && parties.compensation ? (['compensation'] as const) : []), ...(effects.ledger ? [effects.ledger] : [])];
  const tutorAccount = accounts.tutor(tx.tutor_user_id);
  let tutorCredit = 0;
  for (const movement of movements) {
    for (const line of ledgerLinesFor(movement, parties)) {
      if (line.account === tutorAccount) tutorCredit += line.credit - line.debit;
      writes.push(
        LedgerLineEntity.build(PutTransaction)
          .item({ transaction_id: tx.id, ...line, created_at: now })
          .options({ condition: { attr: 'line', exists: false } }),
      );
    }
  }
  // A credit spent: the lesson it pays is paid at once, from the parent's credit account (its
  // `payment`, funded), so the credit account is back where it was once both are written.
  if (creditUse) {
    const lesson = request.fundedLesson!;
    const funded = { ...lesson, parent_id: tx.parent_id, funded_by: tx.id };
    for (const line of ledgerLinesFor('payment', partiesOf(funded, undefined))) {
      writes.push(
        LedgerLineEntity.build(PutTransaction)
          .item({ transaction_id: lesson.id, ...line, created_at: now })
          .options({ condition: { attr: 'line', exists: false } }),
      );
    }
  }
  // The tutor's wallet (issue 30) moves with the lines that credit the tutor, in the same
  // transaction: its available balance is always the sum of the tutor's ledger lines.
  if (tutorCredit > 0) writes.push(walletCreditWrite(tx.tutor_user_id, tutorCredit, movements.filter((m) => m === 'release').length, now));
  // Settled: out of the open transactions the reconciler looks at (the sparse index's keys removed).
  if (isFinalStatus(to)) {
    writes.push(OpenTransactionEntity.build(UpdateTransaction).item({ transaction_id: tx.id, gsi1pk: $remove(), gsi1sk: $remove() }));
  }
  // The lesson will not happen: the slots its booking held are free again, with the status change.
  if (freesSlots) {
    const starts = lessonSlotStarts(tx.course.scheduled_date!, tx.course.duration_hours);
    writes.push(...(releaseSlotWrites(tx.tutor_id, starts, tx.id) as WriteItem[]));
  }
  // The tutor's figures: a lesson accepted, a lesson the tutor cancelled, a no-show an admin upheld.
  if (effects.tutorStat) writes.push(lessonStatWrite(tx.tutor_id, effects.tutorStat) as WriteItem);
  if (effects.dispute === 'resolve' && request.action === 'refund' && tx.course.reported === 'no_show') {
    writes.push(lessonStatWrite(tx.tutor_id, 'no_shows') as WriteItem);
  }
  if (request.paystackEvent) {
    const { eventKey, event, reference, outcome } = request.paystackEvent;
    writes.push(
      PaystackEventEntity.build(PutTransaction)
        .item({ event_key: eventKey, event, reference, transaction_id: tx.id, outcome, received_at: now })
        .options({ condition: { attr: 'event_key', exists: false } }),
    );
  }
  if (request.history) {
    writes.push(
      TransactionHistoryEntity.build(PutTransaction).item({
        transaction_id: tx.id,
        entry: `${now}#${randomBytes(4).toString('hex')}`,
        ...request.history,
        from,
        to,
        actor: request.actorId ?? request.actor,
        at: now,
      }),
    );
  }
  if (effects.dispute) {
    const resolution = request.action === 'release' || request.action === 'refund' ? request.action : undefined;
    writes.push(...disputeWrites(effects.dispute, tx, now, { ...request, resolution }));
  }

  const response = await execute({ capacity: 'INDEXES' }, ...writes);
  recordWriteCapacity(request.action, response.ConsumedCapacity);
  recordTransitionEvent(request.action);
  return {
    ...tx,
    ...changes,
    ...(creditUse ? { credit: { ...tx.credit!, ...creditUse } } : {}),
    course: { ...tx.course, ...course },
  } as Transaction;
}

function ratingOf(rating: { rating: number; review?: string }, now: string) {
  return { parent_rating: rating.rating, parent_review: rating.review, rated_at: now };
}

/**
 * The writes of a transition's or a step's dispute effect: `open` writes the dispute of the
 * parent's rating (once), `resolve` settles it by the admin's decision (the transition's action,
 * release or refund), `close` closes it without a money decision; each moves the counters.
 */
function disputeWrites(
  effect: NonNullable<Effects['dispute']>,
  tx: Transaction,
  now: string,
  request: {
    actorId?: string;
    adminNotes?: string;
    rating?: { rating: number; review?: string };
    report?: TransitionRequest['report'];
    resolution?: 'release' | 'refund';
  },
): WriteItem[] {
  if (effect === 'open') {
    if (!request.rating && !request.report) throw new Error('A dispute opens from a rating or a report');
    return [
      DisputeEntity.build(PutTransaction)
        .item({
          transaction_id: tx.id,
          parent_id: tx.parent_id,
          tutor_user_id: tx.tutor_user_id,
          ...(request.rating
            ? { kind: 'rating', rating: request.rating.rating, review: request.rating.review }
            : { kind: request.report!.kind, review: request.report!.reason }),
          status: 'open',
          opened_at: now,
          gsi1pk: disputesIndex('open'),
          gsi1sk: newestFirstKey(now, tx.id),
        })
        .options({ condition: { attr: 'transaction_id', exists: false } }),
      ...disputeCounterWrites(null, 'open'),
    ] as WriteItem[];
  }
  return [
    DisputeEntity.build(UpdateTransaction)
      .item({
        transaction_id: tx.id,
        status: 'resolved',
        resolved_at: now,
        resolution: effect === 'close' ? 'closed' : request.resolution!,
        resolved_by: request.actorId,
        ...(request.adminNotes ? { admin_notes: request.adminNotes } : {}),
        gsi1pk: disputesIndex('resolved'),
      })
      .options({ condition: { attr: 'status', eq: 'open' } }),
    ...disputeCounterWrites('open', 'resolved'),
  ] as WriteItem[];
}

export interface StepRequest {
  step: InPlaceStep;
  actor: Actor;
  actorId: string;
  adminNotes?: string;
  /** The parent's rating, for the steps that record one. */
  rating?: { rating: number; review?: string };
}

/**
 * Applies a step that keeps the status (a rating, a dispute recorded or closed) to the
 * transaction as read: its declared effects, in one DynamoDB transaction conditional on the
 * status read (and, for a parent, on its ownership). Throws Conflict (409) when the process does
 * not allow the step from the status, and the DynamoDB cancellation when a condition fails (the
 * caller says what it means).
 */
export async function applyStep(tx: Transaction, request: StepRequest): Promise<Transaction> {
  const definition = stepFor(request.step, tx.status, request.actor, isLesson(tx));
  if (!definition) throw new ConflictError(messages.payments.actionNotAllowed);
  const { effects } = definition;
  const now = new Date().toISOString();
  const writes: WriteItem[] = [];
  const ownership =
    request.actor === 'parent'
      ? [{ attr: 'parent_id', eq: request.actorId } as const]
      : request.actor === 'tutor'
        ? [{ attr: 'tutor_user_id', eq: request.actorId } as const]
        : [];
  const rating = effects.rating && request.rating ? ratingOf(request.rating, now) : undefined;
  if (effects.given) {
    // The tutor's mark, once: one item, so a plain conditional update (half a transaction's
    // units), on the status read, the tutor's ownership and no earlier mark.
    const response = await TransactionEntity.build(UpdateItemCommand)
      .item({ id: tx.id, updated_at: now, course: { given_at: now } } as never)
      .options({
        condition: { and: [...ownership, { attr: 'status', eq: tx.status }, { attr: 'course.given_at', exists: false }] } as never,
        capacity: 'INDEXES',
      })
      .send();
    recordWriteCapacity('markGiven', response.ConsumedCapacity);
    return { ...tx, updated_at: now, course: { ...tx.course, given_at: now } } as Transaction;
  }
  if (rating) {
    writes.push(
      TransactionEntity.build(UpdateTransaction)
        .item({ id: tx.id, updated_at: now, course: rating } as never)
        .options({
          condition: { and: [...ownership, { attr: 'status', eq: tx.status }, { attr: 'course.parent_rating', exists: false }] } as never,
        }) as WriteItem,
    );
  } else {
    // Nothing written on the transaction: its status is checked with the step's other writes.
    writes.push(TransactionEntity.build(ConditionCheck).key({ id: tx.id }).condition({ attr: 'status', in: [...definition.from] }) as WriteItem);
  }
  if (effects.dispute) writes.push(...disputeWrites(effects.dispute, tx, now, request));
  const response = await retryOnConflict(() => execute({ capacity: 'INDEXES' }, ...writes));
  recordWriteCapacity(request.step === 'close_dispute' ? 'closeDispute' : 'rate', response.ConsumedCapacity);
  return rating ? ({ ...tx, updated_at: now, course: { ...tx.course, ...rating } } as Transaction) : tx;
}
