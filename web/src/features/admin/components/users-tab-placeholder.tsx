import { ComingSoon } from '@/components/ui/coming-soon';

/** Admin tab 'Utilisateurs': arrives with the admin money issue. */
export function UsersTabPlaceholder() {
  return <ComingSoon description="Tous les comptes, du plus récent au plus ancien." />;
}
