/**
 * The transaction process, declared once (Sharetribe's transaction process is the model): the
 * statuses, the initial status, every transition with who may take it, its guard and its side
 * effects (ledger movement, course status, date stamped, dispute opened or resolved, rating
 * recorded), the steps that keep the status (a rating, a dispute recorded after the release, an
 * admin closing a dispute), and the timers of the statuses the escrow workflow waits in.
 *
 * Everything that moves a transaction reads this file: the API's checks and the SPA's buttons
 * (`canTakeAction`), the one writer of functions/src/escrow/transitions.ts (which executes the
 * declared effects in one DynamoDB transaction), the pure model of functions/src/escrow/lifecycle.ts,
 * the workflow's tasks and timers; tests/unit/transaction-process.test.ts checks the state
 * machine (functions/src/escrow/escrow.asl.json) against it. Pure: no AWS, no zod, safe in every
 * bundle.
 */
import type { Role } from './constants.js';
import { DISPUTE_RATING_THRESHOLD } from './constants.js';

export const TRANSACTION_STATUSES = [
  'pending',
  'requested',
  'escrow',
  'disputed',
  'refund_pending',
  'released',
  'refunded',
  'failed',
  'payment_mismatch',
  'needs_attention',
  // Issue 32: a lesson's money kept as the parent's credit (a package lesson cancelled in time, a
  // trial guarantee taken as another first lesson), then spent on another lesson (`transferred`).
  'credited',
  'transferred',
] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/** A booking starts unpaid, its lesson scheduled. */
export const INITIAL_STATUS = 'pending' as const satisfies TransactionStatus;

/** Statuses after which no money moves any more. */
export const FINAL_STATUSES = ['released', 'refunded', 'failed', 'payment_mismatch', 'transferred'] as const satisfies readonly TransactionStatus[];

export function isFinalStatus(status: TransactionStatus): boolean {
  return (FINAL_STATUSES as readonly TransactionStatus[]).includes(status);
}

/**
 * Statuses reached only after Paystack confirmed the payment (`confirm_payment`): the money was
 * received, whatever happened to it since (held, disputed, released, refunded or being refunded).
 * Only these transactions have an invoice. `pending` was never paid, `failed` expired unpaid or was
 * refused, `payment_mismatch` is not the payment we asked for (settled by hand). `needs_attention`
 * is not among them: the workflow may fail before or after the payment (see `moneyReceived`).
 */
export const MONEY_RECEIVED_STATUSES = [
  'requested',
  'escrow',
  'disputed',
  'refund_pending',
  'released',
  'refunded',
  'credited',
  'transferred',
] as const satisfies readonly TransactionStatus[];

/**
 * The money of this transaction was received. A transaction waiting for an admin was paid when
 * Paystack's payment was confirmed (`paid_at`) before its workflow failed.
 */
export function moneyReceived(tx: { status: TransactionStatus; paid_at?: string }): boolean {
  if (tx.status === 'needs_attention') return tx.paid_at !== undefined;
  return (MONEY_RECEIVED_STATUSES as readonly TransactionStatus[]).includes(tx.status);
}

export const COURSE_STATUSES = ['scheduled', 'completed', 'cancelled'] as const;
export type CourseStatus = (typeof COURSE_STATUSES)[number];

/** The course of a new booking. */
export const INITIAL_COURSE_STATUS = 'scheduled' as const satisfies CourseStatus;

/** The statuses a workflow can fail in (its waits and steps before the money is settled). */
export const ATTENTION_STATUSES = ['pending', 'requested', 'escrow', 'disputed', 'refund_pending', 'credited'] as const satisfies readonly TransactionStatus[];
export type AttentionStatus = (typeof ATTENTION_STATUSES)[number];

/**
 * Who takes an action: a signed-in role, or the platform itself (webhook, workflow, timer). A tutor
 * acts only on the lessons booked with them (issue 15), never on money directly.
 */
export type Actor = 'parent' | 'tutor' | 'admin' | 'system';

export const TRANSACTION_ACTIONS = [
  'confirm_payment',
  'flag_payment',
  'expire_payment',
  'release',
  'auto_release',
  'refund',
  'dispute',
  'complete_refund',
  'flag_attention',
  'resume_payment',
  'resume_escrow',
  'resume_dispute',
  // Lessons (issue 15): the tutor's answer, cancellations, problems reported after the lesson.
  'accept',
  'decline',
  'auto_decline',
  'cancel',
  'report_problem',
  'report_no_show',
  'resume_request',
  // Issue 32: credits (a package lesson cancelled in time, a trial guarantee) and the guarantee.
  'cancel_for_credit',
  'use_credit',
  'use_credit_partly',
  'expire_credit',
  'refund_credit',
  'resume_credit',
  'claim_guarantee_refund',
  'claim_guarantee_credit',
] as const;
export type TransactionAction = (typeof TRANSACTION_ACTIONS)[number];

/**
 * A money movement: the balanced ledger lines of functions/src/escrow/ledger.ts. `compensation` is
 * the tutor's share (and its commission) of a lesson the parent cancelled late; the `refund` that
 * follows gives the parent the rest. `transfer` moves a credit's money (escrow of the cancelled or
 * guaranteed lesson) to the parent's credit account, from which the lesson it pays is funded (its
 * `payment` then debits that account instead of Paystack's clearing); `guarantee` is the tutor's
 * share of a first lesson the parent's guarantee gave back, paid by the platform (issue 32).
 */
export type Movement = 'payment' | 'release' | 'refund' | 'compensation' | 'transfer' | 'guarantee';

/** The date a transition stamps on the transaction. */
export type TransitionStamp = 'escrow_released_at' | 'refund_requested_at' | 'refunded_at' | 'failed_at' | 'accepted_at';

/** What a transition or a step does besides setting the status, all in the same DynamoDB transaction. */
export interface Effects {
  /** The movement's ledger lines, each written once. */
  ledger?: Movement;
  /** The course's new status. */
  course?: CourseStatus;
  stamp?: TransitionStamp;
  /**
   * The transaction's dispute: `open` writes it (from the parent's rating), `resolve` settles it
   * by the admin's decision (release or refund), `close` closes it without a money decision.
   */
  dispute?: 'open' | 'resolve' | 'close';
  /** The parent's rating of the lesson, recorded once. */
  rating?: true;
  /** The lesson will not happen: the tutor's slots its booking held are free again (issue 15). */
  freeSlots?: true;
  /**
   * A cancellation: the policy (shared/src/cancellation-policy.ts) decides, from who cancels and
   * how long before the start, what is refunded and what compensates the tutor (the
   * `compensation` movement, written with the change when it is not zero).
   */
  cancellation?: true;
  /** The tutor's lesson counters (their profile's cancellation rate and no-shows) this change moves. */
  tutorStat?: 'accepted' | 'tutor_cancelled';
  /** The lesson was given: the tutor's mark, recorded once. */
  given?: true;
  /** Why a lesson request ended without a lesson: the tutor declined, or did not answer in time. */
  lessonOutcome?: 'declined' | 'no_answer';
  /**
   * Issue 32: the transaction becomes a credit (`credited`): why (a package lesson cancelled in
   * time, or the trial guarantee taken as another first lesson), recorded in `tx.credit` with
   * until when it can be spent and when its money goes back to the parent.
   */
  credit?: 'cancellation' | 'guarantee';
  /** Issue 32: the trial guarantee claimed, and what the parent chose (recorded in `tx.guarantee`). */
  guarantee?: 'refund' | 'credit';
}

export interface Transition {
  action: TransactionAction;
  from: readonly TransactionStatus[];
  to: TransactionStatus;
  actors: readonly Actor[];
  /**
   * Only if the money was (true) or was not (false) received (`moneyReceived`): a transaction that
   * needs attention may have failed before the payment or after it, and money can leave escrow
   * only after it came in.
   */
  paid?: boolean;
  /**
   * Only for bookings of a lesson in the tutor's slots (true: `course.holds_slots`, issue 15) or
   * only for the others (false): a booking with a free date or none keeps the escrow of the spec.
   */
  lesson?: boolean;
  effects?: Effects;
}

const RELEASED: Effects = { ledger: 'release', course: 'completed', stamp: 'escrow_released_at' };
const REFUND_ASKED: Effects = { course: 'cancelled', stamp: 'refund_requested_at' };
const REFUNDED: Effects = { ledger: 'refund', stamp: 'refunded_at', freeSlots: true };
/** The lesson will not happen and the parent gets the money back: its slots are free at once. */
const DECLINED: Effects = { ...REFUND_ASKED, freeSlots: true };
const CANCELLED: Effects = { ...REFUND_ASKED, freeSlots: true, cancellation: true };

/** The whole lifecycle. A parent may act only on its own transactions (checked by the API). */
export const TRANSITIONS: readonly Transition[] = [
  // Paystack confirmed the payment (webhook + verify): the funds are held by us. A lesson in the
  // tutor's slots then waits for the tutor's answer ('En attente de confirmation').
  { action: 'confirm_payment', from: ['pending'], to: 'escrow', actors: ['system'], lesson: false, effects: { ledger: 'payment' } },
  { action: 'confirm_payment', from: ['pending'], to: 'requested', actors: ['system'], lesson: true, effects: { ledger: 'payment' } },
  // Paystack's amount or currency differs from ours: never escrowed; settled by hand at Paystack.
  { action: 'flag_payment', from: ['pending'], to: 'payment_mismatch', actors: ['system'] },
  // No payment before the workflow's deadline.
  { action: 'expire_payment', from: ['pending'], to: 'failed', actors: ['system'], effects: { course: 'cancelled', stamp: 'failed_at', freeSlots: true } },
  // The tutor confirms the lesson: the funds stay held until after it.
  { action: 'accept', from: ['requested'], to: 'escrow', actors: ['tutor'], lesson: true, effects: { stamp: 'accepted_at', tutorStat: 'accepted' } },
  // The tutor declines, or has not answered in time: the parent is refunded in full.
  { action: 'decline', from: ['requested'], to: 'refund_pending', actors: ['tutor'], lesson: true, effects: { ...DECLINED, lessonOutcome: 'declined' } },
  { action: 'auto_decline', from: ['requested'], to: 'refund_pending', actors: ['system'], lesson: true, effects: { ...DECLINED, lessonOutcome: 'no_answer' } },
  // Either side cancels before the start, by the cancellation policy; a tutor's cancellation counts.
  { action: 'cancel', from: ['requested', 'escrow'], to: 'refund_pending', actors: ['parent'], lesson: true, effects: CANCELLED },
  { action: 'cancel', from: ['escrow'], to: 'refund_pending', actors: ['tutor'], lesson: true, effects: { ...CANCELLED, tutorStat: 'tutor_cancelled' } },
  // Irreversible: the tutor's share is credited and the commission booked.
  { action: 'release', from: ['escrow'], to: 'released', actors: ['parent', 'admin'], effects: RELEASED },
  { action: 'release', from: ['disputed'], to: 'released', actors: ['admin'], effects: { ...RELEASED, dispute: 'resolve' } },
  { action: 'auto_release', from: ['escrow'], to: 'released', actors: ['system'], effects: RELEASED },
  // The course is cancelled; Paystack refunds in 2–3 business days. A parent's refund of a lesson
  // goes through the cancellation policy (`cancel`), an admin's does not.
  { action: 'refund', from: ['escrow'], to: 'refund_pending', actors: ['parent'], lesson: false, effects: REFUND_ASKED },
  { action: 'refund', from: ['escrow', 'requested'], to: 'refund_pending', actors: ['admin'], effects: { ...REFUND_ASKED, freeSlots: true } },
  { action: 'refund', from: ['disputed'], to: 'refund_pending', actors: ['admin'], effects: { ...REFUND_ASKED, freeSlots: true, dispute: 'resolve' } },
  // A refund that failed at Paystack (funds still held) can be retried by an admin.
  { action: 'refund', from: ['needs_attention'], to: 'refund_pending', actors: ['admin'], paid: true, effects: REFUND_ASKED },
  // A rating of 2 or less while the funds are held freezes them until an admin decides.
  { action: 'dispute', from: ['escrow'], to: 'disputed', actors: ['parent'], effects: { rating: true, dispute: 'open' } },
  // After the start of a lesson the parent may report a problem or a no-show: the funds freeze.
  { action: 'report_problem', from: ['escrow'], to: 'disputed', actors: ['parent'], lesson: true, effects: { dispute: 'open' } },
  { action: 'report_no_show', from: ['escrow'], to: 'disputed', actors: ['parent'], lesson: true, effects: { dispute: 'open' } },
  { action: 'complete_refund', from: ['refund_pending'], to: 'refunded', actors: ['system'], effects: REFUNDED },
  // A workflow step failed for good (Paystack down or refusing, an unexpected error): an admin must
  // look. Taken again while waiting for the admin, to record a later failure.
  { action: 'flag_attention', from: [...ATTENTION_STATUSES, 'needs_attention'], to: 'needs_attention', actors: ['system'] },
  // The admin's retry ('Relancer'), once Paystack said what the money did: back to the status the
  // workflow failed in (a refund retried is `refund` above), or the refund Paystack made.
  { action: 'resume_payment', from: ['needs_attention'], to: 'pending', actors: ['admin'], paid: false },
  { action: 'resume_request', from: ['needs_attention'], to: 'requested', actors: ['admin'], paid: true },
  { action: 'resume_escrow', from: ['needs_attention'], to: 'escrow', actors: ['admin'], paid: true },
  { action: 'resume_dispute', from: ['needs_attention'], to: 'disputed', actors: ['admin'], paid: true },
  { action: 'complete_refund', from: ['needs_attention'], to: 'refunded', actors: ['admin'], paid: true, effects: REFUNDED },
  // Issue 32. A package lesson the parent cancels while the policy refunds it in full becomes a
  // credit (the API chooses it over `cancel` then): its slots are free, its money stays held.
  { action: 'cancel_for_credit', from: ['requested', 'escrow'], to: 'credited', actors: ['parent'], lesson: true, effects: { course: 'cancelled', freeSlots: true, credit: 'cancellation' } },
  // The trial guarantee (a first lesson, up to 24 h after its end, funds still held): a full
  // refund, or a credit for a first lesson with another tutor; the tutor's share of the first hour
  // by TRIAL_GUARANTEE (packages.ts) is paid by the platform.
  { action: 'claim_guarantee_refund', from: ['escrow'], to: 'refund_pending', actors: ['parent'], lesson: true, effects: { ledger: 'guarantee', course: 'completed', stamp: 'refund_requested_at', guarantee: 'refund' } },
  { action: 'claim_guarantee_credit', from: ['escrow'], to: 'credited', actors: ['parent'], lesson: true, effects: { ledger: 'guarantee', course: 'completed', guarantee: 'credit', credit: 'guarantee' } },
  // A credit spent on another lesson (booked in the same DynamoDB transaction): all of it, or part
  // of it (the rest goes back to the parent).
  { action: 'use_credit', from: ['credited'], to: 'transferred', actors: ['parent'], effects: { ledger: 'transfer' } },
  { action: 'use_credit_partly', from: ['credited'], to: 'refund_pending', actors: ['parent'], effects: { ledger: 'transfer', stamp: 'refund_requested_at' } },
  // A credit not spent in time (the package's end, the guarantee's validity) goes back to the
  // parent; so does one the parent (stopping a package) or an admin gives back.
  { action: 'expire_credit', from: ['credited'], to: 'refund_pending', actors: ['system'], effects: { stamp: 'refund_requested_at' } },
  { action: 'refund_credit', from: ['credited'], to: 'refund_pending', actors: ['parent', 'admin'], effects: { stamp: 'refund_requested_at' } },
  { action: 'resume_credit', from: ['needs_attention'], to: 'credited', actors: ['admin'], paid: true },
];

/** The retry action that puts a transaction back where its workflow failed. */
export const RESUME_ACTIONS: Record<AttentionStatus, TransactionAction> = {
  pending: 'resume_payment',
  requested: 'resume_request',
  escrow: 'resume_escrow',
  disputed: 'resume_dispute',
  refund_pending: 'refund',
  credited: 'resume_credit',
};

/**
 * The transition `actor` may take from `from`. `paid` says whether the money was received; it is
 * known from the status except for `needs_attention`, where the caller gives `moneyReceived(tx)`
 * (without it, the transaction counts as unpaid: no money can leave). `lesson` says whether the
 * booking holds the tutor's slots (`isLesson`); without it, it does not.
 */
export function transitionFor(
  action: TransactionAction,
  from: TransactionStatus,
  actor: Actor,
  paid: boolean = moneyReceived({ status: from }),
  lesson = false,
): Transition | undefined {
  return TRANSITIONS.find(
    (t) =>
      t.action === action &&
      t.from.includes(from) &&
      t.actors.includes(actor) &&
      (t.paid === undefined || t.paid === paid) &&
      (t.lesson === undefined || t.lesson === lesson),
  );
}

export function canTakeAction(action: TransactionAction, from: TransactionStatus, actor: Actor, paid?: boolean, lesson?: boolean): boolean {
  return transitionFor(action, from, actor, paid, lesson) !== undefined;
}

/**
 * A booking of a lesson in the tutor's slots (issue 15): booked with its slots, it carries
 * `holds_slots` — true while it holds them, false once the transition that freed them ran.
 */
export function isLesson(tx: { course: { holds_slots?: boolean } }): boolean {
  return tx.course.holds_slots !== undefined;
}

/** The statuses from which `actor` may take `action` (the `status IN (...)` of a conditional write). */
export function statusesAllowing(action: TransactionAction, actor: Actor): TransactionStatus[] {
  return [...new Set(TRANSITIONS.filter((t) => t.action === action && t.actors.includes(actor)).flatMap((t) => t.from))];
}

/** The ledger movement an action writes (the same for every transition of the action), or null. */
export function movementOf(action: TransactionAction): Movement | null {
  return TRANSITIONS.find((t) => t.action === action && t.effects?.ledger)?.effects?.ledger ?? null;
}

/**
 * Steps that keep the status: they record something on a transaction in one of their statuses,
 * conditional on the status read, like a transition.
 */
export const IN_PLACE_STEPS = ['rate', 'report_dispute', 'close_dispute', 'mark_given'] as const;
export type InPlaceStep = (typeof IN_PLACE_STEPS)[number];

export interface StepDefinition {
  step: InPlaceStep;
  from: readonly TransactionStatus[];
  actors: readonly Actor[];
  /** As a transition's `lesson`. */
  lesson?: boolean;
  effects: Effects;
}

/** Where a lesson can be over (`lessonIsOver`): funds held, or released (course completed). */
const RATEABLE: readonly TransactionStatus[] = ['escrow', 'disputed', 'released'];

export const STEPS: readonly StepDefinition[] = [
  // The parent rates the lesson once it is over; the status stays.
  { step: 'rate', from: RATEABLE, actors: ['parent'], effects: { rating: true } },
  // A rating of 2 or less after the funds left escrow: the dispute is only recorded for the admins.
  { step: 'report_dispute', from: RATEABLE.filter((status) => status !== 'escrow'), actors: ['parent'], effects: { rating: true, dispute: 'open' } },
  // An admin closes a dispute whose funds are no longer held (a dispute on held funds is decided).
  {
    step: 'close_dispute',
    from: TRANSACTION_STATUSES.filter((status) => status !== 'disputed'),
    actors: ['admin'],
    effects: { dispute: 'close' },
  },
  // The tutor marks the lesson given, once it has started; the parent then confirms or reports.
  { step: 'mark_given', from: ['escrow'], actors: ['tutor'], lesson: true, effects: { given: true } },
];

export function stepFor(step: InPlaceStep, from: TransactionStatus, actor: Actor, lesson = false): StepDefinition | undefined {
  return STEPS.find(
    (s) => s.step === step && s.from.includes(from) && s.actors.includes(actor) && (s.lesson === undefined || s.lesson === lesson),
  );
}

/** A rating of 2 or less opens a dispute. */
export function opensDispute(rating: number): boolean {
  return rating <= DISPUTE_RATING_THRESHOLD;
}

/**
 * What the parent's rating does: a low rating on held funds takes the `dispute` transition (the
 * funds freeze); a low rating otherwise records the dispute (`report_dispute`); any other rating
 * is recorded (`rate`).
 */
export function ratingOutcome(rating: number, status: TransactionStatus): { action: 'dispute' } | { step: InPlaceStep } {
  if (!opensDispute(rating)) return { step: 'rate' };
  return canTakeAction('dispute', status, 'parent') ? { action: 'dispute' } : { step: 'report_dispute' };
}

/**
 * How long a booking may stay unpaid before the workflow fails it (seconds): 30 minutes. Paystack's
 * checkout and a mobile-money approval take minutes; a slot held for a day by an abandoned
 * checkout is a slot lost. Before failing it the workflow asks Paystack once more (payment-check.ts).
 */
export const PAYMENT_TIMEOUT_SECONDS = 30 * 60;
/** Default window after the lesson's end before funds still in escrow are released automatically. */
export const DEFAULT_AUTO_RELEASE_DAYS = 7;
/**
 * How long a tutor has to answer a lesson request (seconds): 24 h, and never later than the
 * lesson's start (timing.ts). Without an answer the request is declined and the parent refunded.
 */
export const DEFAULT_ANSWER_WINDOW_SECONDS = 24 * 60 * 60;

/**
 * The statuses the escrow workflow waits in, and what it does by itself when the wait ends:
 * `timer` names the deadline (the payment window from the booking, the auto-release window from
 * the lesson — settings read by functions/src/escrow/timing.ts) and `action` the system transition
 * it then tries. A wait without a timer ends only when someone acts (it re-reads now and then).
 */
export const WAITS: Partial<
  Record<TransactionStatus, { timer?: 'payment_window' | 'answer_window' | 'auto_release_window' | 'credit_window'; action?: TransactionAction }>
> = {
  pending: { timer: 'payment_window', action: 'expire_payment' },
  requested: { timer: 'answer_window', action: 'auto_decline' },
  escrow: { timer: 'auto_release_window', action: 'auto_release' },
  // Issue 32: a credit waits until `credit.refund_at` (the package's end, the guarantee's validity).
  credited: { timer: 'credit_window', action: 'expire_credit' },
  disputed: {},
  needs_attention: {},
};

/** The statuses in which the workflow acts at once: the system transition it takes. */
export const WORKFLOW_STEPS: Partial<Record<TransactionStatus, TransactionAction>> = {
  refund_pending: 'complete_refund',
};

/** Escrow decisions a person takes through the API (`release-escrow` of the spec). */
export const ESCROW_DECISIONS = ['release', 'refund'] as const;
export type EscrowDecision = (typeof ESCROW_DECISIONS)[number];

/** The actor a signed-in user acts as on money, or null (tutors and companies never do). */
export function actorForRole(groups: readonly Role[]): Exclude<Actor, 'system' | 'tutor'> | null {
  if (groups.includes('admin')) return 'admin';
  if (groups.includes('parent')) return 'parent';
  return null;
}
