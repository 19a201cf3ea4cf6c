import { ComingSoon } from '@/components/ui/coming-soon';

export const ADMIN_DASHBOARD_TITLE = 'Tableau de bord administrateur';

/** KYC review, payments, users and disputes arrive with the admin issue. */
export function AdminDashboardPlaceholder() {
  return (
    <ComingSoon description="Vérifications KYC, paiements, utilisateurs et litiges seront gérés depuis ce tableau de bord." />
  );
}
