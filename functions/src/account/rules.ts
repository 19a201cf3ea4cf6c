/**
 * The rules of an account's deletion, as plain functions (no AWS): which transactions keep it
 * from being deleted, and what of a kept money record is personal data and replaced.
 */
import { messages } from '#shared/messages';
import { isFinalStatus, type TransactionStatus } from '#shared/transaction-process';
import { bookingDescription, TRANSACTION_STATUS_LABELS } from '#shared/payments';

/** What replaces a deleted account's name, email and phone on the money records it leaves. */
export const ANONYMISED = messages.account.anonymised;

export interface MoneyRecord {
  id: string;
  status: TransactionStatus;
  /** Stored on bookings made before it was derived (`bookingDescription`). */
  description?: string;
  parent_id: string;
  parent_name: string;
  email: string;
  phone_number?: string;
  tutor_user_id: string;
  tutor_name: string;
  course: { notes?: string; subject: string; level: string; duration_hours: number };
}

/**
 * Transactions whose money is still moving: every status but the final ones (pending, escrow,
 * disputed, refund_pending, needs_attention). `payment_mismatch` is final: no workflow moves its
 * money any more (it is settled by hand at Paystack), so it does not hold the account forever.
 */
export function moneyInFlight<T extends Pick<MoneyRecord, 'status'>>(transactions: readonly T[]): T[] {
  return transactions.filter((tx) => !isFinalStatus(tx.status));
}

/** One line per blocking transaction, for the 409's details: what it is and where it stands. */
export function inFlightDetail(tx: Pick<MoneyRecord, 'id' | 'status' | 'description' | 'tutor_name' | 'course'>): { path: string; message: string } {
  return { path: `transactions.${tx.id}`, message: `${bookingDescription(tx)} : ${TRANSACTION_STATUS_LABELS[tx.status]}` };
}

export interface Anonymisation {
  parent_name?: string;
  email?: string;
  /** Removed. */
  phone_number?: null;
  /** Removed: the parent's free text to the tutor. */
  notes?: null;
  tutor_name?: string;
  description?: string;
}

/**
 * What changes on a kept transaction when `userId` deletes its account: the deleted side's name
 * (and for a parent its email, phone and note to the tutor) becomes 'Compte supprimé'; the
 * description names the tutor, so it loses the name too. Amounts, statuses, dates and the user
 * ids (opaque references once the profile and the Cognito user are gone) stay. Empty when there
 * is nothing left to replace (a retried deletion changes nothing twice).
 */
export function anonymisationOf(tx: MoneyRecord, userId: string): Anonymisation {
  const changes: Anonymisation = {};
  if (tx.parent_id === userId) {
    if (tx.parent_name !== ANONYMISED) changes.parent_name = ANONYMISED;
    if (tx.email !== ANONYMISED) changes.email = ANONYMISED;
    if (tx.phone_number !== undefined) changes.phone_number = null;
    if (tx.course.notes !== undefined) changes.notes = null;
  }
  if (tx.tutor_user_id === userId && tx.tutor_name !== ANONYMISED) {
    changes.tutor_name = ANONYMISED;
    // A stored description names the tutor; a derived one follows the name.
    if (tx.tutor_name && tx.description?.includes(tx.tutor_name)) changes.description = tx.description.replaceAll(tx.tutor_name, ANONYMISED);
  }
  return changes;
}
