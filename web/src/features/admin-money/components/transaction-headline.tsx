import type { TransactionView } from '#shared/payments-schemas';
import type { ReactNode } from 'react';
import { TransactionHeadline as Headline } from '@/components/money/transaction-headline';

/** The head of a transaction's card in the admin tabs: parent → tutor, a detail line, the total and the status. */
export function TransactionHeadline({ transaction: tx, detail }: { transaction: TransactionView; detail: ReactNode }) {
  return <Headline title={`${tx.parent_name} → ${tx.tutor_name}`} detail={detail} amount={tx.amount_total} status={tx.status} />;
}
