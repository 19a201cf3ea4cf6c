/**
 * A payout put in flight as the withdrawal leaves it (functions/src/payouts/wallet-api.ts, one
 * transaction): the wallet debited (available 0, in flight the amount, this payout current), the
 * payout requested, its two `withdrawal` lines — written by the production entities, in this
 * process, to the DynamoDB its environment names. Shared by the payout tests and the payouts bench
 * (no vitest here).
 */
import { randomUUID } from 'node:crypto';
import { quotePayout, type PayoutOperator, type PayoutStatus } from '#shared/payouts';

/** An Ivorian number of the operator: `suffix` (8 digits) chooses a double's behaviour, otherwise a plain one. */
export function uniquePhone(operator: PayoutOperator, suffix?: string): string {
  const prefix = operator === 'mtn' ? '05' : operator === 'moov' ? '01' : '07';
  // A plain number ends in 000: never one of the doubles' misbehaviours (its last three digits, infra/local/payouts-kit.ts).
  const digits = suffix ?? `${String(Math.floor(Math.random() * 1e5)).padStart(5, '0')}000`;
  return `+225${prefix}${digits}`;
}

export interface SeededPayout {
  id: string;
  tutorUserId: string;
  amount: number;
  fee: number;
  net: number;
  phone: string;
}

/**
 * A tutor whose wallet held `amount` and who withdrew it: wallet (available 0, in flight
 * `amount`, this payout current), the payout requested (or already sent, or needing attention),
 * and its `withdrawal` lines — what the withdrawal's one transaction writes.
 */
export async function seedPayout(
  options: {
    operator?: PayoutOperator;
    amount?: number;
    phone?: string;
    createdAt?: Date;
    /** The tutor's (a new one by default). */
    tutorUserId?: string;
    /**
     * Where the payout stands (requested by default; `sent` also stamps `sent_at`). The wallet is
     * the withdrawal's whatever the status: a settled status is for the lists' tests only.
     */
    status?: PayoutStatus;
    /** Why it needs attention (status needs_attention). */
    attention?: { state: string; error: string; cause: string };
  } = {},
): Promise<SeededPayout> {
  const { PutTransaction } = await import('dynamodb-toolbox/entity/actions/transactPut');
  const { execute } = await import('dynamodb-toolbox/entity/actions/transactWrite');
  const { PayoutEntity, WalletEntity } = await import('../../functions/src/payouts/entities.js');
  const { payoutLineWrites } = await import('../../functions/src/payouts/settle.js');
  const { providerNameFor } = await import('../../functions/src/payouts/providers/index.js');
  const operator = options.operator ?? 'orange';
  const amount = options.amount ?? 10_000;
  const { fee, net } = quotePayout(operator, amount);
  const id = randomUUID();
  const tutorUserId = options.tutorUserId ?? `payout-tutor-${randomUUID()}`;
  const status = options.status ?? 'requested';
  const phone = options.phone ?? uniquePhone(operator);
  const now = (options.createdAt ?? new Date()).toISOString();
  const payout = {
    id,
    tutor_user_id: tutorUserId,
    tutor_name: 'Awa Koné',
    amount,
    fee,
    net,
    operator,
    provider: providerNameFor(operator),
    phone,
    holder_name: 'Awa Koné',
    status,
    created_at: now,
    updated_at: now,
    ...(status === 'sent' ? { sent_at: now } : {}),
    ...(status === 'needs_attention' && options.attention ? { attention: { ...options.attention, at: now } } : {}),
    gsi1pk: `TUTOR_PAYOUTS#${tutorUserId}`,
    gsi1sk: `${now}#${id}`,
    gsi2pk: `PAYOUTS#${status}`,
    gsi2sk: `${now}#${id}`,
  };
  await execute(
    WalletEntity.build(PutTransaction).item({
      tutor_user_id: tutorUserId,
      available: 0,
      in_flight: amount,
      paid_out: 0,
      fees: 0,
      released_total: amount,
      releases: 1,
      current_payout_id: id,
      updated_at: now,
    } as never),
    PayoutEntity.build(PutTransaction).item(payout as never),
    ...payoutLineWrites(payout as never, 'withdrawal', now),
  );
  return { id, tutorUserId, amount, fee, net, phone };
}

