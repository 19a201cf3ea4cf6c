/**
 * Issue 32: after PACKAGE_SUGGESTION_AFTER_LESSONS lessons released with the same tutor, and no
 * package running with them, the recommendations suggest a monthly package with that tutor. Read
 * from the parent's own transactions (one list, already what 'Mes paiements' reads): a package's
 * lessons carry `package_id`, so a package running is one of its lessons still open.
 */
import { PACKAGE_SUGGESTION_AFTER_LESSONS } from '#shared/packages';
import type { PackageSuggestion } from '#shared/discovery-schemas';
import type { TransactionStatus } from '#shared/transaction-process';
import { transactionsOfParent, type Transaction } from '../payments/transactions.js';

/** A package lesson in one of these says its package is pending or running. */
const RUNNING: readonly TransactionStatus[] = ['pending', 'requested', 'escrow', 'disputed', 'credited'];

type Lesson = Pick<Transaction, 'tutor_id' | 'tutor_name' | 'status' | 'package_id' | 'updated_at'>;

/** The tutor to suggest a package with: the most lessons released (then the latest), none when none qualifies. */
export function packageSuggestionOf(transactions: readonly Lesson[]): PackageSuggestion | null {
  const running = new Set(transactions.filter((tx) => tx.package_id && RUNNING.includes(tx.status)).map((tx) => tx.tutor_id));
  const released = new Map<string, { tutor_name: string; count: number; latest: string }>();
  for (const tx of transactions) {
    if (tx.status !== 'released' || running.has(tx.tutor_id)) continue;
    const seen = released.get(tx.tutor_id) ?? { tutor_name: tx.tutor_name, count: 0, latest: '' };
    released.set(tx.tutor_id, { tutor_name: seen.tutor_name, count: seen.count + 1, latest: tx.updated_at > seen.latest ? tx.updated_at : seen.latest });
  }
  const best = [...released.entries()]
    .filter(([, seen]) => seen.count >= PACKAGE_SUGGESTION_AFTER_LESSONS)
    .sort(([, a], [, b]) => b.count - a.count || b.latest.localeCompare(a.latest))[0];
  return best ? { tutor_id: best[0], tutor_name: best[1].tutor_name } : null;
}

export async function packageSuggestionFor(parentId: string): Promise<PackageSuggestion | null> {
  return packageSuggestionOf(await transactionsOfParent(parentId));
}
