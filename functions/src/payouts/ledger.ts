/**
 * Double-entry bookkeeping of a payout, as plain functions (no AWS): the lines of its four
 * movements. Each balances (debits = credits) and is written at most once per payout, in the
 * DynamoDB transaction of the status change it belongs to (settle.ts, wallet-api.ts). Same sign
 * convention as the escrow's (escrow/ledger.ts): `balances()` = debits − credits, so a tutor's
 * available balance is −balance of `tutor:<id>` over the escrow's and the payouts' lines.
 */
import type { PayoutProviderName } from '#shared/payouts';
import { accounts as escrowAccounts } from '../escrow/ledger.js';
import type { PayoutMovement } from './entities.js';

export { balances, isBalanced } from '../escrow/ledger.js';
export type { PayoutMovement };

export interface PayoutLedgerLine {
  /** `<movement>#<n>`: the line's unique key inside the payout. */
  line: string;
  movement: PayoutMovement;
  account: string;
  debit: number;
  credit: number;
}

export interface PayoutParties {
  payoutId: string;
  tutorUserId: string;
  provider: PayoutProviderName;
  /** Debited from the balance (fee included). */
  amount: number;
  fee: number;
  net: number;
}

export const payoutAccounts = {
  tutor: escrowAccounts.tutor,
  /** The money of one payout between the tutor's balance and the provider. */
  payout: (payoutId: string) => `payout:${payoutId}`,
  /** What the provider paid out of our float for us (net). */
  provider: (provider: PayoutProviderName) => `provider:${provider}`,
  /** The provider's fees, passed on to the tutor. */
  fees: (provider: PayoutProviderName) => `payout_fees:${provider}`,
} as const;

function lines(movement: PayoutMovement, entries: Array<Omit<PayoutLedgerLine, 'line' | 'movement'>>): PayoutLedgerLine[] {
  return entries.map((entry, index) => ({ ...entry, movement, line: `${movement}#${index + 1}` }));
}

/** The lines a payout movement writes. */
export function payoutLedgerLines(movement: PayoutMovement, parties: PayoutParties): PayoutLedgerLine[] {
  const { payoutId, tutorUserId, provider, amount, fee, net } = parties;
  if (!(Number.isSafeInteger(amount) && Number.isSafeInteger(fee) && Number.isSafeInteger(net) && amount > 0 && fee >= 0 && net >= 0 && fee + net === amount)) {
    throw new RangeError(`Retrait incohérent : ${net} + ${fee} ≠ ${amount}`);
  }
  const tutor = payoutAccounts.tutor(tutorUserId);
  const payout = payoutAccounts.payout(payoutId);
  switch (movement) {
    case 'withdrawal':
      return lines(movement, [
        { account: tutor, debit: amount, credit: 0 },
        { account: payout, debit: 0, credit: amount },
      ]);
    case 'payout_paid':
      return lines(movement, [
        { account: payout, debit: amount, credit: 0 },
        { account: payoutAccounts.provider(provider), debit: 0, credit: net },
        { account: payoutAccounts.fees(provider), debit: 0, credit: fee },
      ]);
    case 'payout_returned':
      return lines(movement, [
        { account: payout, debit: amount, credit: 0 },
        { account: tutor, debit: 0, credit: amount },
      ]);
    case 'payout_reversed':
      return lines(movement, [
        { account: payoutAccounts.provider(provider), debit: net, credit: 0 },
        { account: payoutAccounts.fees(provider), debit: fee, credit: 0 },
        { account: tutor, debit: 0, credit: amount },
      ]);
  }
}
