/**
 * Money entities, all in the transaction's own partition (`TX#<id>`), so that a status change,
 * its course update (the course lives in the transaction item) and its ledger lines are written
 * together in one DynamoDB transaction.
 * Index keys are plain attributes set once at creation (never recomputed by an update).
 */
import { Entity } from 'dynamodb-toolbox/entity';
import { boolean } from 'dynamodb-toolbox/schema/boolean';
import { item } from 'dynamodb-toolbox/schema/item';
import { map } from 'dynamodb-toolbox/schema/map';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { PAYMENT_METHODS } from '#shared/constants';
import { ATTENTION_STATUSES, COURSE_STATUSES, TRANSACTION_ACTIONS, TRANSACTION_STATUSES } from '#shared/transaction-process';
import { indexKeys, onKalanTable, sparseIndexKeys } from '#commons/db';

const txPartition = (transactionId: string) => `TX#${transactionId}`;
/** The key of an entity's one item in its transaction's partition, under a fixed sort key. */
const txItemKey =
  (sk: string) =>
  ({ transaction_id }: { transaction_id: string }) => ({ pk: txPartition(transaction_id), sk });
/** The key of one of a transaction's items of a kind: `<prefix><the item's own key attribute>` in its partition. */
const txPrefixedKey =
  <F extends string>(prefix: string, attribute: F) =>
  (key: { transaction_id: string } & Record<F, string>) => ({ pk: txPartition(key.transaction_id), sk: `${prefix}${key[attribute]}` });

export const TransactionEntity = new Entity({
  name: 'transaction',
  ...onKalanTable,
  schema: item({
    id: string().key(),
    reference: string(),
    parent_id: string(),
    parent_name: string(),
    email: string(),
    tutor_id: string(),
    tutor_user_id: string(),
    tutor_name: string(),
    hourly_rate: number(),
    amount_total: number(),
    amount_tutor: number(),
    commission_amount: number(),
    currency: string(),
    payment_method: string().enum(...PAYMENT_METHODS),
    phone_number: string().optional(),
    /** Only on bookings made before it was derived on read (`bookingDescription`): one item under 1 KB. */
    description: string().optional(),
    status: string().enum(...TRANSACTION_STATUSES),
    created_at: string(),
    updated_at: string(),
    paid_at: string().optional(),
    escrow_released_at: string().optional(),
    refund_requested_at: string().optional(),
    refunded_at: string().optional(),
    failed_at: string().optional(),
    /** The tutor accepted the lesson (issue 15). */
    accepted_at: string().optional(),
    /** A lesson request that ended without a lesson: declined by the tutor, or unanswered in time. */
    lesson_outcome: string().enum('declined', 'no_answer').optional(),
    /** The transition that made the last status change (what the notifier tells whom). */
    last_action: string().enum(...TRANSACTION_ACTIONS).optional(),
    /**
     * A cancelled lesson: who cancelled, when, and what the policy gave (cancellation-policy.ts).
     * `refund` is what the refund gives back (all of it when the band refunds in full).
     */
    cancellation: map({
      by: string().enum('parent', 'tutor'),
      at: string(),
      refund: number(),
      tutor: number(),
      commission: number(),
    }).optional(),
    /** Issue 32: the package this lesson belongs to (`PACKAGE#<id>`); its payment is the package's. */
    package_id: string().optional(),
    /** Issue 32: the parent's first lesson with this tutor ('Premier cours'): the trial guarantee applies. */
    trial: boolean().optional(),
    /** Issue 32: the lesson was paid with the credit of this transaction (its `payment` debits the parent's credit). */
    funded_by: string().optional(),
    /**
     * Issue 32: the lesson's money kept as a credit (`credited`): why, the last start a lesson it
     * pays may have (`rebook_until`), when it goes back to the parent unspent (`refund_at`, the
     * credit wait's timer), and once spent: the lesson it paid and how much (`transferred`).
     */
    credit: map({
      reason: string().enum('cancellation', 'guarantee'),
      at: string(),
      rebook_until: string(),
      refund_at: string(),
      used_by: string().optional(),
      transferred: number().optional(),
    }).optional(),
    /** Issue 32: the trial guarantee claimed on this lesson: the parent's choice, when, and the tutor's pay by the platform. */
    guarantee: map({
      choice: string().enum('refund', 'credit'),
      at: string(),
      tutor_share: number(),
      reason: string().optional(),
    }).optional(),
    /** When the funds still held are released automatically (the lesson's end, or the booking, + window). */
    auto_release_at: string(),
    attention_reason: string().optional(),
    /**
     * The last failure of the escrow workflow (written with `flag_attention`): where it failed
     * (`state`), in which status (`status`, where the admin's retry puts it back), the error and its
     * cause, the attempt (execution) it happened in, and when.
     */
    attention: map({
      state: string(),
      status: string().enum(...ATTENTION_STATUSES),
      error: string(),
      cause: string(),
      attempt: number(),
      at: string(),
    }).optional(),
    admin_notes: string().optional(),
    decided_by: string().optional(),
    paystack_transaction_id: string().optional(),
    paystack_refund_id: string().optional(),
    /**
     * The escrow workflow's attempts: each execution is named `<id>-<attempt>`, and its ARN follows
     * from the name (`executionArnOf`, workflow.ts).
     */
    workflow_attempt: number().optional(),
    /** The booked lesson (the spec's `courses`: one per transaction), updated with the status. */
    course: map({
      /** Only on bookings before issue 15: one course per transaction, its id is the transaction's. */
      id: string().optional(),
      subject: string(),
      level: string(),
      duration_hours: number(),
      scheduled_date: string().optional(),
      /**
       * The lesson holds its slots (issue 15): one per hour from `scheduled_date`, for
       * `duration_hours` (tutors/slot-holds.ts), freed by the transition that says it will not happen
       * (then false). Present at all: a lesson booked in slots, whose lifecycle applies (`isLesson`).
       */
      holds_slots: boolean().optional(),
      /** Issue 32: the tutor moved this package lesson (off a day off): the parent may cancel it in full until its start. */
      moved_at: string().optional(),
      /** The tutor marked the lesson given. */
      given_at: string().optional(),
      /** What the parent reported after the start (a dispute opened): a problem or a no-show. */
      reported: string().enum('problem', 'no_show').optional(),
      /** Where the lesson takes place, or its link (from the tutor's teaching mode and zone at booking). */
      place: string().optional(),
      notes: string().optional(),
      status: string().enum(...COURSE_STATUSES),
      parent_rating: number().optional(),
      parent_review: string().optional(),
      rated_at: string().optional(),
    }),
  }),
  computeKey: ({ id }: { id: string }) => ({ pk: txPartition(id), sk: 'TRANSACTION' }),
});

/**
 * The transaction's row in its parent's list (gsi1 `PARENT_TX#<parent id>`) and in its tutor's
 * (gsi2 `TUTOR_TX#<tutor user id>`), newest first: written once with the booking, never updated.
 * The lists read the ids there, then the transactions by id (BatchGet). The transaction item
 * itself is in no index: each of its writes (the booking, the workflow's attempts, every status
 * change) costs its own size only, instead of two more copies in indexes that project every
 * attribute. Transactions booked before this row carry the list keys themselves
 * (`transactionsListedOn` reads both).
 */
export const TransactionListsEntity = new Entity({
  name: 'transactionLists',
  ...onKalanTable,
  schema: item({
    transaction_id: string().key(),
    ...indexKeys('gsi1'),
    ...indexKeys('gsi2'),
  }),
  computeKey: txItemKey('LISTS'),
});

/**
 * One row per transaction in the `TRANSACTIONS` index (every transaction, newest first): the
 * admin's Paiements tab and the local workflow runner's resume read it. Written at booking.
 *
 * Its gsi2 is a SPARSE index of the transactions an admin must look at (issue 11, point 5):
 * `gsi2pk` = `TX_ATTENTION` and `gsi2sk` = `<created_at>#<id>` are set in the DynamoDB transaction
 * of the status change that enters `needs_attention` or `payment_mismatch`, and removed in the one
 * that leaves them (`attentionIndexWrites`, payments/transactions.ts); nothing else is in
 * that partition, so the 'À traiter' list reads exactly those transactions.
 */
export const TransactionIndexEntity = new Entity({
  name: 'transactionIndex',
  ...onKalanTable,
  schema: item({
    transaction_id: string().key(),
    created_at: string(),
    ...indexKeys('gsi1'),
    ...sparseIndexKeys('gsi2'),
  }),
  computeKey: txItemKey('INDEX'),
});

/** One line of a double-entry journal: a movement's lines always sum to zero (debits = credits). */
export const LedgerLineEntity = new Entity({
  name: 'ledgerLine',
  ...onKalanTable,
  schema: item({
    transaction_id: string().key(),
    /** `<movement>#<n>`: each movement is written once (conditional put), whatever the retries. */
    line: string().key(),
    movement: string().enum('payment', 'release', 'refund', 'compensation', 'transfer', 'guarantee'),
    account: string(),
    debit: number(),
    credit: number(),
    created_at: string(),
  }),
  computeKey: txPrefixedKey('LEDGER#', 'line'),
});

/** A Paystack event already processed: its key is what makes the webhook idempotent. */
export const PaystackEventEntity = new Entity({
  name: 'paystackEvent',
  ...onKalanTable,
  schema: item({
    event_key: string().key(),
    event: string(),
    reference: string(),
    transaction_id: string().optional(),
    outcome: string(),
    received_at: string(),
  }),
  computeKey: ({ event_key }: { event_key: string }) => ({ pk: `PAYSTACK_EVENT#${event_key}`, sk: 'EVENT' }),
});

/**
 * A rating of 2 or less opens a dispute (one per transaction: one course, rated once); so does a
 * problem or a no-show the parent reports after a lesson's start (issue 15: `kind`, no rating).
 */
export const DisputeEntity = new Entity({
  name: 'dispute',
  ...onKalanTable,
  schema: item({
    transaction_id: string().key(),
    parent_id: string(),
    tutor_user_id: string(),
    kind: string().enum('rating', 'problem', 'no_show').optional(),
    rating: number().optional(),
    review: string().optional(),
    status: string().enum('open', 'resolved'),
    opened_at: string(),
    resolved_at: string().optional(),
    resolution: string().optional(),
    admin_notes: string().optional(),
    resolved_by: string().optional(),
    // Open and resolved disputes, newest first: `DISPUTES#open` / `DISPUTES#resolved`.
    ...indexKeys('gsi1'),
  }),
  computeKey: txItemKey('DISPUTE'),
});

/** A workflow failure, an admin's retry, a repair by the reconciler (escrow/reconcile.ts). */
export const TRANSACTION_HISTORY_EVENTS = ['needs_attention', 'retry', 'reconcile'] as const;
export type TransactionHistoryEvent = (typeof TRANSACTION_HISTORY_EVENTS)[number];

/**
 * What happened to a transaction that an admin must be able to read later: a workflow failure
 * (`needs_attention`) and each retry with its outcome. Written in the DynamoDB transaction of the
 * status change it explains; never updated.
 */
export const TransactionHistoryEntity = new Entity({
  name: 'transactionHistory',
  ...onKalanTable,
  schema: item({
    transaction_id: string().key(),
    /** `<ISO date>#<random>`: in order, and two entries of the same millisecond both kept. */
    entry: string().key(),
    event: string().enum(...TRANSACTION_HISTORY_EVENTS),
    from: string().enum(...TRANSACTION_STATUSES),
    to: string().enum(...TRANSACTION_STATUSES),
    actor: string(),
    /** What happened, in French, for the admin. */
    detail: string(),
    at: string(),
  }),
  computeKey: txPrefixedKey('HISTORY#', 'entry'),
});

/**
 * A transaction that is not final yet, in the sparse `OPEN_TRANSACTIONS` index (oldest first):
 * written with the booking; its index keys are removed in the DynamoDB transaction that makes the
 * status final (transitions.ts) — an update, not a delete: only ledger writers may delete `TX#`
 * items (infra/lib/permissions.ts). The reconciler reads its candidates there, not every transaction.
 */
export const OpenTransactionEntity = new Entity({
  name: 'openTransaction',
  ...onKalanTable,
  schema: item({
    transaction_id: string().key(),
    created_at: string().optional(),
    ...sparseIndexKeys('gsi1'),
  }),
  computeKey: txItemKey('OPEN'),
});

/**
 * The task token of the escrow workflow's wait in one status (`TOKEN#<status>`; never sent to
 * browsers): written by the wait itself (escrow/tasks.ts), read by whoever moves the transaction out
 * of that status to wake it (escrow/workflow.ts). An item of its own, outside every index, so that
 * recording a wait costs one small write instead of a rewrite of the transaction and of its index
 * entries; one per status, so that a late write of an earlier wait never replaces the token of the
 * wait under way in another status. A newer wait in the same status replaces the older one's.
 */
export const WorkflowTokenEntity = new Entity({
  name: 'workflowToken',
  ...onKalanTable,
  schema: item({
    transaction_id: string().key(),
    task_status: string().enum(...TRANSACTION_STATUSES).key(),
    task_token: string(),
  }),
  computeKey: txPrefixedKey('TOKEN#', 'task_status'),
});

/**
 * The reconciler's short lease on a transaction it repairs: two runs at once (the scheduler
 * delivers at least once) never repair the same transaction twice. Released at the end of the repair.
 */
export const ReconcileLeaseEntity = new Entity({
  name: 'reconcileLease',
  ...onKalanTable,
  schema: item({
    transaction_id: string().key(),
    run_id: string(),
    /** ISO date after which another run may take the lease (a run that died holds it no longer). */
    until: string(),
  }),
  computeKey: txItemKey('RECONCILE'),
});

export const ALL_TRANSACTIONS_INDEX = 'TRANSACTIONS';
export const OPEN_TRANSACTIONS_INDEX = 'OPEN_TRANSACTIONS';
/** The sparse gsi2 partition of transactions that need an admin (on their `transactionIndex` row). */
export const ATTENTION_TRANSACTIONS_INDEX = 'TX_ATTENTION';
export const parentTransactionsIndex = (parentId: string) => `PARENT_TX#${parentId}`;
export const tutorTransactionsIndex = (tutorUserId: string) => `TUTOR_TX#${tutorUserId}`;
export const disputesIndex = (status: 'open' | 'resolved') => `DISPUTES#${status}`;
export { newestFirstKey } from '#commons/db';
