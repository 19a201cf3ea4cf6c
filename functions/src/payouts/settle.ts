/**
 * Every status change of a payout after its request goes through here, by the rules of
 * lifecycle.ts (`PAYOUT_STEPS`): ONE DynamoDB transaction conditional on the status read writes the
 * new status (and its admin index key), the movement's ledger lines (each once), the wallet's
 * counters and, for a failure or a reversal, the destination's `failed` mark. A second call — a
 * notification delivered twice, the reconciler and the workflow together — finds the status gone
 * and returns the payout as stored: nothing moves twice.
 */
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { $add, $remove, $set } from 'dynamodb-toolbox/entity/actions/update';
import { execute, type ExecuteTransactWriteInput } from 'dynamodb-toolbox/entity/actions/transactWrite';
import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { messages } from '#shared/messages';
import type { PayoutFailureReason } from '#shared/payouts';
import { cancellationCodes } from '#commons/counters';
import { NotFoundError } from '#commons/errors';
import { logger } from '#commons/logger';
import { PayoutDestinationEntity, PayoutEntity, PayoutLedgerLineEntity, WalletEntity, payoutsByStatusIndex } from './entities.js';
import { payoutLedgerLines } from './ledger.js';
import { PAYOUT_STEPS, type PayoutStep } from './lifecycle.js';
import type { ProviderStatus } from './providers/provider.js';

export type Payout = FormattedItem<typeof PayoutEntity>;
export type Wallet = FormattedItem<typeof WalletEntity>;
export type PayoutDestination = FormattedItem<typeof PayoutDestinationEntity>;
export type WriteItem = Extract<ExecuteTransactWriteInput[number], { params: unknown }>;

const MAX_ATTEMPTS = 6;

export async function getPayout(payoutId: string, consistent = true): Promise<Payout | null> {
  const { Item } = await PayoutEntity.build(GetItemCommand).key({ id: payoutId }).options({ consistent }).send();
  return Item ?? null;
}

export async function getWallet(tutorUserId: string, consistent = true): Promise<Wallet | null> {
  const { Item } = await WalletEntity.build(GetItemCommand).key({ tutor_user_id: tutorUserId }).options({ consistent }).send();
  return Item ?? null;
}

export async function getDestination(tutorUserId: string, consistent = true): Promise<PayoutDestination | null> {
  const { Item } = await PayoutDestinationEntity.build(GetItemCommand).key({ tutor_user_id: tutorUserId }).options({ consistent }).send();
  return Item ?? null;
}

/** The payout's ledger lines of a movement, each a conditional put (written once). */
export function payoutLineWrites(payout: Payout, movement: NonNullable<(typeof PAYOUT_STEPS)[PayoutStep]['movement']>, now: string): WriteItem[] {
  const lines = payoutLedgerLines(movement, {
    payoutId: payout.id,
    tutorUserId: payout.tutor_user_id,
    provider: payout.provider,
    amount: payout.amount,
    fee: payout.fee,
    net: payout.net,
  });
  return lines.map(
    (line) =>
      PayoutLedgerLineEntity.build(PutTransaction)
        .item({ payout_id: payout.id, ...line, created_at: now })
        .options({ condition: { attr: 'line', exists: false } }) as WriteItem,
  );
}

function isCancelled(error: unknown): boolean {
  return (error as { name?: string } | null)?.name === 'TransactionCanceledException';
}

type StepRecord = Pick<Partial<Payout>, 'provider_reference' | 'failure_reason' | 'failure_detail' | 'attention' | 'admin_notes' | 'sent_at' | 'paid_at' | 'returned_at'>;

/**
 * Applies `step` to the payout as read, in one conditional transaction; returns the payout after
 * it, or as stored when the step does not apply to its status any more. A cancellation because
 * another transaction touched the same items (TransactionConflict), or because a condition failed
 * (the status or the destination changed meanwhile), reads again and decides again.
 */
async function applyPayoutStep(payoutId: string, step: PayoutStep, record: (payout: Payout, now: string) => StepRecord): Promise<Payout> {
  const rule = PAYOUT_STEPS[step];
  for (let attempt = 1; ; attempt++) {
    const payout = await getPayout(payoutId);
    if (!payout) throw new NotFoundError(messages.payouts.payoutNotFound);
    if (!rule.from.includes(payout.status)) return payout;
    const now = new Date().toISOString();
    const changes: Partial<Payout> = { status: rule.to, updated_at: now, ...record(payout, now) };
    const writes: WriteItem[] = [
      PayoutEntity.build(UpdateTransaction)
        .item({
          id: payout.id,
          ...changes,
          ...(changes.attention ? { attention: $set(changes.attention) } : {}),
          // The admin's list per status: the same sort key (created_at#id), the new status's partition.
          gsi2pk: payoutsByStatusIndex(rule.to),
        } as never)
        .options({ condition: { attr: 'status', eq: payout.status } }) as WriteItem,
    ];
    if (rule.movement) writes.push(...payoutLineWrites(payout, rule.movement, now));
    const delta = rule.wallet?.(payout);
    if (delta) {
      writes.push(
        WalletEntity.build(UpdateTransaction)
          .item({
            tutor_user_id: payout.tutor_user_id,
            ...Object.fromEntries(Object.entries(delta).map(([field, value]) => [field, $add(value)])),
            ...(rule.endsFlight ? { current_payout_id: $remove() } : {}),
            updated_at: now,
          } as never)
          .options(rule.endsFlight ? { condition: { attr: 'current_payout_id', eq: payout.id } } : { condition: { attr: 'tutor_user_id', exists: true } }) as WriteItem,
      );
    }
    if (rule.marksDestination) {
      const destination = await getDestination(payout.tutor_user_id);
      if (destination && destination.phone === payout.phone && destination.status !== 'failed') {
        writes.push(
          PayoutDestinationEntity.build(UpdateTransaction)
            .item({ tutor_user_id: payout.tutor_user_id, status: 'failed', failed_payout_id: payout.id, gsi1pk: $remove(), gsi1sk: $remove() } as never)
            .options({ condition: { attr: 'phone', eq: payout.phone } }) as WriteItem,
        );
      }
    }
    try {
      await execute(...writes);
      return { ...payout, ...changes } as Payout;
    } catch (error) {
      if (!isCancelled(error) || attempt >= MAX_ATTEMPTS) throw error;
      const codes = cancellationCodes(error);
      logger.info('payout step cancelled, read again', { payoutId, step, codes, attempt });
      if (codes.includes('TransactionConflict')) await new Promise((r) => setTimeout(r, 20 + Math.random() * 50 * attempt));
    }
  }
}

/** requested → sent: the provider accepted it. */
export function markSent(payoutId: string, providerReference: string | null): Promise<Payout> {
  return applyPayoutStep(payoutId, 'send', (_, now) => ({ sent_at: now, ...(providerReference ? { provider_reference: providerReference } : {}) }));
}

/** In flight → paid: the amount leaves the flight, its net is paid out and its fee counted. */
export function settlePaid(payoutId: string, providerReference: string | null): Promise<Payout> {
  return applyPayoutStep(payoutId, 'pay', (_, now) => ({ paid_at: now, ...(providerReference ? { provider_reference: providerReference } : {}) }));
}

/** In flight → failed: the amount back to the balance (payout_returned), the destination marked. */
export function settleFailed(payoutId: string, reason: PayoutFailureReason, detail: string): Promise<Payout> {
  return applyPayoutStep(payoutId, 'fail', (_, now) => ({ returned_at: now, failure_reason: reason, failure_detail: detail.slice(0, 500) }));
}

/** paid → reversed: the provider took it back; the amount back to the balance, the destination marked. */
export function settleReversed(payoutId: string, detail: string): Promise<Payout> {
  return applyPayoutStep(payoutId, 'reverse', (_, now) => ({ returned_at: now, failure_reason: 'reversed', failure_detail: detail.slice(0, 500) }));
}

/**
 * An admin cancels a payout in flight (the caller has checked that the provider did not pay it):
 * the amount back to the balance, with the admin's note.
 */
export function cancelPayout(payoutId: string, adminId: string, note: string): Promise<Payout> {
  return applyPayoutStep(payoutId, 'cancel', (_, now) => ({
    returned_at: now,
    failure_reason: 'cancelled_by_admin',
    failure_detail: `Annulé par ${adminId}`,
    admin_notes: note,
  }));
}

/** requested | sent → needs_attention: the workflow stopped; the money stays in flight for an admin. */
export function flagAttention(payoutId: string, attention: { state: string; error: string; cause: string }): Promise<Payout> {
  return applyPayoutStep(payoutId, 'flag', (_, now) => ({
    attention: { state: attention.state, error: attention.error.slice(0, 200), cause: attention.cause.slice(0, 1000), at: now },
  }));
}

/**
 * What every reader of a provider's status calls (the workflow's check, CinetPay's notification,
 * the reconciler, an admin's retry): the payout moves as far as the provider's answer says.
 */
export async function applyProviderStatus(payout: Payout, status: ProviderStatus): Promise<Payout> {
  switch (status.state) {
    case 'pending':
      return payout.status === 'requested' ? markSent(payout.id, status.providerReference) : payout;
    case 'paid':
      return settlePaid(payout.id, status.providerReference);
    case 'failed':
      return settleFailed(payout.id, status.reason, status.detail);
    case 'reversed': {
      // Paid first (if it was still in flight here), then reversed: both movements, each once.
      const paid = await settlePaid(payout.id, status.providerReference);
      return paid.status === 'paid' ? settleReversed(payout.id, status.detail) : paid;
    }
    case 'unknown':
      return payout;
  }
}

