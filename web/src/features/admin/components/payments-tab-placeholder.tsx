import { ComingSoon } from '@/components/ui/coming-soon';

/** Admin tab 'Paiements': arrives with the admin money issue. */
export function PaymentsTabPlaceholder() {
  return <ComingSoon description="Toutes les transactions, avec la libération ou le remboursement des fonds en séquestre." />;
}
