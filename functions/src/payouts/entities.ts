/**
 * Payout entities (issue 30). A tutor's wallet, destination and destination code share the
 * tutor's wallet partition (`WALLET#<tutor user id>`), so that a withdrawal checks the destination
 * and debits the wallet in one DynamoDB transaction; a payout, its ledger lines and nothing else
 * share the payout's partition (`PAYOUT#<id>`), so that each status change writes its lines with it.
 * Index keys are plain attributes: a payout's gsi1 (its tutor's list) is set once, its gsi2 (the
 * admin's list per status) is rewritten in the same write as each status change.
 */
import { Entity } from 'dynamodb-toolbox/entity';
import { boolean } from 'dynamodb-toolbox/schema/boolean';
import { item } from 'dynamodb-toolbox/schema/item';
import { map } from 'dynamodb-toolbox/schema/map';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { PAYOUT_FAILURE_REASONS, PAYOUT_OPERATORS, PAYOUT_PROVIDERS, PAYOUT_STATUSES, type PayoutFailureReason, type PayoutStatus } from '#shared/payouts';
import { DESTINATION_STATUSES } from '#shared/payouts-schemas';
import { indexKeys, onKalanTable, sparseIndexKeys } from '#commons/db';

export const PAYOUT_MOVEMENTS = ['withdrawal', 'payout_paid', 'payout_returned', 'payout_reversed'] as const;
export type PayoutMovement = (typeof PAYOUT_MOVEMENTS)[number];

const walletPartition = (tutorUserId: string) => `WALLET#${tutorUserId}`;
const walletItemKey =
  (sk: string) =>
  ({ tutor_user_id }: { tutor_user_id: string }) => ({ pk: walletPartition(tutor_user_id), sk });
const payoutPartition = (payoutId: string) => `PAYOUT#${payoutId}`;

/**
 * A tutor's balance, kept equal to the ledger: `available` = −balance of `tutor:<id>` over every
 * ledger line (escrow and payout), `in_flight` = the amounts of payouts requested, sent or in
 * verification. Created by the first release (ADD creates a missing item): every counter may be
 * absent on an item a release created before the others were ever written.
 */
export const WalletEntity = new Entity({
  name: 'wallet',
  ...onKalanTable,
  schema: item({
    tutor_user_id: string().key(),
    available: number().optional(),
    in_flight: number().optional(),
    /** Net amounts paid to the phone. */
    paid_out: number().optional(),
    /** The providers' fees the tutor paid. */
    fees: number().optional(),
    released_total: number().optional(),
    /** `release` movements: the first lesson is confirmed once this is ≥ 1. */
    releases: number().optional(),
    /** The one payout in flight (one at a time per tutor). */
    current_payout_id: string().optional(),
    updated_at: string().optional(),
  }),
  computeKey: walletItemKey('WALLET'),
});

export const PayoutEntity = new Entity({
  name: 'payout',
  ...onKalanTable,
  schema: item({
    /** The request_id the browser sent: a conditional put on it makes the withdrawal idempotent. */
    id: string().key(),
    tutor_user_id: string(),
    tutor_name: string(),
    /** Debited from the balance (fee included). */
    amount: number(),
    fee: number(),
    /** What arrives on the phone. */
    net: number(),
    operator: string().enum(...PAYOUT_OPERATORS),
    provider: string().enum(...PAYOUT_PROVIDERS),
    /** E.164. */
    phone: string(),
    holder_name: string(),
    status: string().enum(...PAYOUT_STATUSES),
    created_at: string(),
    updated_at: string(),
    sent_at: string().optional(),
    paid_at: string().optional(),
    /** failed, reversed or cancelled: when the amount came back to the balance. */
    returned_at: string().optional(),
    failure_reason: string()
      .enum(...(Object.keys(PAYOUT_FAILURE_REASONS) as [PayoutFailureReason, ...PayoutFailureReason[]]))
      .optional(),
    failure_detail: string().optional(),
    provider_reference: string().optional(),
    /** Where and why the workflow stopped (needs_attention). */
    attention: map({ state: string(), error: string(), cause: string(), at: string() }).optional(),
    admin_notes: string().optional(),
    /** The workflow's executions, named `<id>-<attempt>`. */
    workflow_attempt: number().optional(),
    // The tutor's payouts (`TUTOR_PAYOUTS#<tutor>`, set once) and the admin's per status
    // (`PAYOUTS#<status>`, rewritten with the status), both `<created_at>#<id>` newest first.
    ...indexKeys('gsi1'),
    ...indexKeys('gsi2'),
  }),
  computeKey: ({ id }: { id: string }) => ({ pk: payoutPartition(id), sk: 'PAYOUT' }),
});

/** One line of a payout's movements (each movement written once: conditional put). */
export const PayoutLedgerLineEntity = new Entity({
  name: 'payoutLedgerLine',
  ...onKalanTable,
  schema: item({
    payout_id: string().key(),
    /** `<movement>#<n>`. */
    line: string().key(),
    movement: string().enum(...PAYOUT_MOVEMENTS),
    account: string(),
    debit: number(),
    credit: number(),
    created_at: string(),
  }),
  computeKey: ({ payout_id, line }: { payout_id: string; line: string }) => ({ pk: payoutPartition(payout_id), sk: `LEDGER#${line}` }),
});

/**
 * Where the tutor is paid. `review`: the holder's name differs from the KYC name (in the sparse
 * gsi1 `PAYOUT_DESTINATIONS#review` while an admin decides); `failed`: a payout to it failed or was
 * reversed (never re-sent to automatically). Withdrawals wait until `hold_until` after a change.
 */
export const PayoutDestinationEntity = new Entity({
  name: 'payoutDestination',
  ...onKalanTable,
  schema: item({
    tutor_user_id: string().key(),
    operator: string().enum(...PAYOUT_OPERATORS),
    phone: string(),
    holder_name: string(),
    status: string().enum(...DESTINATION_STATUSES),
    name_matches_kyc: boolean(),
    changed_at: string(),
    hold_until: string(),
    failed_payout_id: string().optional(),
    admin_notes: string().optional(),
    reviewed_by: string().optional(),
    ...sparseIndexKeys('gsi1'),
  }),
  computeKey: walletItemKey('DESTINATION'),
});

/** The e-mailed code that proves a destination change: its hash only, with DynamoDB's TTL. */
export const DestinationCodeEntity = new Entity({
  name: 'destinationCode',
  ...onKalanTable,
  schema: item({
    tutor_user_id: string().key(),
    /** sha256 hex of the code. */
    code_hash: string(),
    /** Epoch seconds: the TTL attribute, and the code's end (checked on read: TTL deletes late). */
    expires_at: number(),
    attempts: number(),
    created_at: string(),
  }),
  computeKey: walletItemKey('DESTINATION_CODE'),
});

export const tutorPayoutsIndex = (tutorUserId: string) => `TUTOR_PAYOUTS#${tutorUserId}`;
export const payoutsByStatusIndex = (status: PayoutStatus) => `PAYOUTS#${status}`;
export const DESTINATIONS_IN_REVIEW_INDEX = 'PAYOUT_DESTINATIONS#review';
export { newestFirstKey } from '#commons/db';
