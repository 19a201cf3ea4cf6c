import { ComingSoon } from '@/components/ui/coming-soon';

export const PARENT_PAYMENTS_TITLE = 'Mes Paiements';

/** Parent payments: transactions, escrow actions and invoices arrive with the payments issue. */
export function ParentPaymentsPlaceholder() {
  return (
    <ComingSoon description="Suivez vos paiements, libérez les fonds sécurisés après vos cours et téléchargez vos factures." />
  );
}
