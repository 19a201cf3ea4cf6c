/**
 * Double-entry bookkeeping of a transaction, as plain functions (no AWS): which lines each money
 * movement writes. Every movement balances (debits = credits), and each is written at most once
 * per transaction, in the same DynamoDB transaction as the status change it belongs to.
 */
import type { Movement } from '#shared/transaction-process';

export type { Movement };

export interface LedgerLine {
  /** `<movement>#<n>`: the line's unique key inside the transaction. */
  line: string;
  movement: Movement;
  account: string;
  debit: number;
  credit: number;
}

export interface LedgerParties {
  transactionId: string;
  parentId: string;
  tutorUserId: string;
  amountTotal: number;
  amountTutor: number;
  commission: number;
  /**
   * A lesson cancelled late (issue 15): the tutor's compensation and its commission, moved out of
   * escrow by `compensation`; the `refund` then gives the parent the rest.
   */
  compensation?: { tutor: number; commission: number };
  /**
   * Issue 32. `funded`: the lesson was paid with the parent's credit (another lesson's money), so
   * its `payment` debits the parent's credit account instead of Paystack's clearing.
   * `transferred`: what a credit spent on another lesson moved out of this escrow (`transfer`); the
   * `refund` then gives back only the rest. `guaranteeShare`: the tutor's pay for a first lesson
   * whose guarantee was claimed, from the platform's guarantee account (`guarantee`).
   */
  funded?: boolean;
  transferred?: number;
  guaranteeShare?: number;
}

/** Chart of accounts. */
export const accounts = {
  /** Money Paystack collected for us and holds until settlement or refund. */
  paystackClearing: 'paystack:clearing',
  /** What we owe back or forward for one transaction while the funds are held. */
  escrow: (transactionId: string) => `escrow:${transactionId}`,
  /** What the platform owes the tutor (its balance). */
  tutor: (tutorUserId: string) => `tutor:${tutorUserId}`,
  /** The platform's 10 % commission (revenue). */
  commission: 'platform:commission',
  /** Money returned to the parent through Paystack. */
  parent: (parentId: string) => `parent:${parentId}`,
  /** Issue 32: the parent's credit, between the lesson it came from and the lesson it pays. */
  credit: (parentId: string) => `credit:${parentId}`,
  /** Issue 32: what the platform pays tutors for first lessons whose guarantee was claimed (an expense). */
  guarantee: 'platform:guarantee',
} as const;

function lines(movement: Movement, entries: Array<Omit<LedgerLine, 'line' | 'movement'>>): LedgerLine[] {
  return entries.map((entry, index) => ({ ...entry, movement, line: `${movement}#${index + 1}` }));
}

/** The lines a movement writes. */
export function ledgerLinesFor(movement: Movement, parties: LedgerParties): LedgerLine[] {
  const { transactionId, parentId, tutorUserId, amountTotal, amountTutor, commission, compensation, transferred = 0 } = parties;
  if (amountTutor + commission !== amountTotal) {
    throw new RangeError(`Répartition incohérente : ${amountTutor} + ${commission} ≠ ${amountTotal}`);
  }
  const kept = compensation ? compensation.tutor + compensation.commission : 0;
  if (compensation && !(Number.isSafeInteger(compensation.tutor) && Number.isSafeInteger(compensation.commission) && compensation.tutor >= 0 && compensation.commission >= 0 && kept <= amountTotal)) {
    throw new RangeError(`Dédommagement incohérent : ${compensation.tutor} + ${compensation.commission} > ${amountTotal}`);
  }
  if (!(Number.isSafeInteger(transferred) && transferred >= 0 && kept + transferred <= amountTotal)) {
    throw new RangeError(`Crédit utilisé incohérent : ${transferred} + ${kept} > ${amountTotal}`);
  }
  const escrow = accounts.escrow(transactionId);
  switch (movement) {
    case 'payment':
      return lines('payment', [
        { account: parties.funded ? accounts.credit(parentId) : accounts.paystackClearing, debit: amountTotal, credit: 0 },
        { account: escrow, debit: 0, credit: amountTotal },
      ]);
    case 'release':
      return lines('release', [
        { account: escrow, debit: amountTotal, credit: 0 },
        { account: accounts.tutor(tutorUserId), debit: 0, credit: amountTutor },
        { account: accounts.commission, debit: 0, credit: commission },
      ]);
    case 'compensation':
      if (!compensation) throw new RangeError('Dédommagement sans montant');
      return lines('compensation', [
        { account: escrow, debit: kept, credit: 0 },
        { account: accounts.tutor(tutorUserId), debit: 0, credit: compensation.tutor },
        { account: accounts.commission, debit: 0, credit: compensation.commission },
      ]);
    case 'refund':
      // What the escrow still holds: all of it, or what a late cancellation's compensation left.
      return lines('refund', [
        { account: escrow, debit: amountTotal - kept - transferred, credit: 0 },
        { account: accounts.parent(parentId), debit: 0, credit: amountTotal - kept - transferred },
      ]);
    case 'transfer':
      if (!(transferred > 0)) throw new RangeError('Transfert sans montant');
      return lines('transfer', [
        { account: escrow, debit: transferred, credit: 0 },
        { account: accounts.credit(parentId), debit: 0, credit: transferred },
      ]);
    case 'guarantee': {
      const share = parties.guaranteeShare ?? 0;
      if (!(Number.isSafeInteger(share) && share >= 0)) throw new RangeError(`Part du répétiteur incohérente : ${share}`);
      return lines('guarantee', [
        { account: accounts.guarantee, debit: share, credit: 0 },
        { account: accounts.tutor(tutorUserId), debit: 0, credit: share },
      ]);
    }
  }
}


/** Debits minus credits per account. */
export function balances(ledger: readonly Pick<LedgerLine, 'account' | 'debit' | 'credit'>[]): Map<string, number> {
  const result = new Map<string, number>();
  for (const { account, debit, credit } of ledger) result.set(account, (result.get(account) ?? 0) + debit - credit);
  return result;
}

/** True when every movement, and so the whole ledger, has debits equal to credits. */
export function isBalanced(ledger: readonly { movement: string; debit: number; credit: number }[]): boolean {
  const perMovement = new Map<string, number>();
  for (const { movement, debit, credit } of ledger) {
    if (!Number.isSafeInteger(debit) || !Number.isSafeInteger(credit) || debit < 0 || credit < 0) return false;
    perMovement.set(movement, (perMovement.get(movement) ?? 0) + debit - credit);
  }
  return [...perMovement.values()].every((sum) => sum === 0);
}
