/**
 * What a refund gives back (issue 32). One rule for every transaction the escrow refunds: what the
 * cancellation policy gave back (all of it when nothing was cancelled, or the band refunds in
 * full), less what a credit already spent on another lesson (`use_credit_partly` transferred it:
 * that money paid the new lesson and is refunded, if ever, from there).
 */
import type { Fcfa } from '#shared/money';
import type { Transaction } from './transactions.js';

export function refundAmountOf(tx: Pick<Transaction, 'amount_total' | 'cancellation' | 'credit'>): Fcfa {
  return (tx.cancellation?.refund ?? tx.amount_total) - (tx.credit?.transferred ?? 0);
}
