/**
 * Mes Paiements as a list of payments (issue 32): a single lesson's transaction, or a package paid
 * once for its lessons. Pure functions, shared by the page and the booking dialog, unit-tested.
 */
import type { PackageView } from '#shared/package-schemas';
import type { TransactionView } from '#shared/payments-schemas';
import { moneyReceived } from '#shared/transaction-process';

const PACKAGE_REFERENCE = /^kalan-pkg-([0-9a-f-]{36})$/i;

/**
 * The package a lesson's transaction belongs to: `package_id` when the view has it, else its
 * Paystack reference, which is the package's (`kalan-pkg-<id>`) for every lesson paid with it.
 */
export function packageIdOf(tx: TransactionView & { package_id?: string }): string | undefined {
  return tx.package_id ?? PACKAGE_REFERENCE.exec(tx.reference)?.[1];
}

/** The package id in a Paystack reference (`kalan-pkg-<id>`), back from the checkout. */
export function packageOfReference(reference: string): string | undefined {
  return PACKAGE_REFERENCE.exec(reference)?.[1];
}

/** One row of Mes Paiements: a single lesson's transaction, or a package (one payment for its lessons). */
export type Payment = { kind: 'transaction'; transaction: TransactionView } | { kind: 'package'; pkg: PackageView };

const createdAt = (payment: Payment) => (payment.kind === 'transaction' ? payment.transaction.created_at : payment.pkg.created_at);

/**
 * The list as the parent reads it: each package once, its lessons not again as single payments;
 * newest first. The counts are of these payments: a package with money still held is 'En escrow',
 * one with nothing held and something paid out 'Libérée'.
 */
export function paymentsOf(transactions: readonly TransactionView[], packages: readonly PackageView[]) {
  const payments: Payment[] = [
    ...transactions.filter((transaction) => packageIdOf(transaction) === undefined).map((transaction) => ({ kind: 'transaction' as const, transaction })),
    ...packages.map((pkg) => ({ kind: 'package' as const, pkg })),
  ].sort((a, b) => createdAt(b).localeCompare(createdAt(a)));
  const paid = (pkg: PackageView) => pkg.paid_at !== undefined;
  const summary = {
    total: payments.length,
    in_escrow: payments.filter((p) => (p.kind === 'transaction' ? p.transaction.status === 'escrow' : paid(p.pkg) && p.pkg.amounts.held > 0)).length,
    released: payments.filter((p) =>
      p.kind === 'transaction' ? p.transaction.status === 'released' : paid(p.pkg) && p.pkg.amounts.held === 0 && p.pkg.amounts.released > 0,
    ).length,
  };
  return { payments, summary };
}

/**
 * This booking would be the parent's first lesson with the tutor: no earlier lesson with them whose
 * money was received — the API's rule for marking a booking `trial`, read from the parent's
 * payments (all of them: `GET /api/transactions` is not paged).
 */
export function isFirstLessonWith(tutorId: string, transactions: readonly TransactionView[]): boolean {
  return !transactions.some((tx) => tx.tutor_id === tutorId && moneyReceived(tx));
}
