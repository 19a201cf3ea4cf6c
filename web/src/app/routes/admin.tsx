import { useSearchParams } from 'react-router-dom';
import { PageLayout } from '@/components/layout/page-layout';
import { ADMIN_DASHBOARD_TITLE, AdminDashboard, type AdminTab } from '@/features/admin/components/admin-dashboard';
import { AdminDisputesTab } from '@/features/admin-money/components/admin-disputes-tab';
import { AdminMoneyStatCards } from '@/features/admin-money/components/admin-money-stat-cards';
import { AdminPaymentsTab } from '@/features/admin-money/components/admin-payments-tab';
import { AdminUsersTab } from '@/features/admin-money/components/admin-users-tab';
import { AdminPackagesTab } from '@/features/admin-packages/components/admin-packages-tab';
import { AdminMessageReportsTab } from '@/features/admin-messages/components/admin-message-reports-tab';
import { AdminPayoutsTab } from '@/features/admin-payouts/components/admin-payouts-tab';

/** The tab in the address (`/admin?onglet=paiements`), in French like the rest of the URLs. */
const TAB_PARAM: Record<AdminTab, string> = { kyc: 'kyc', payments: 'paiements', packages: 'forfaits', payouts: 'retraits', users: 'utilisateurs', disputes: 'litiges', reports: 'signalements' };

/** Reached only by admins (RequireAdmin). */
export default function AdminRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = (Object.keys(TAB_PARAM) as AdminTab[]).find((key) => TAB_PARAM[key] === searchParams.get('onglet')) ?? 'kyc';
  return (
    <PageLayout title={ADMIN_DASHBOARD_TITLE}>
      <AdminDashboard
        tab={tab}
        onTabChange={(next) => setSearchParams(next === 'kyc' ? {} : { onglet: TAB_PARAM[next] }, { replace: true })}
        statCards={<AdminMoneyStatCards />}
        paymentsTab={<AdminPaymentsTab />}
        packagesTab={<AdminPackagesTab />}
        payoutsTab={<AdminPayoutsTab />}
        usersTab={<AdminUsersTab />}
        disputesTab={<AdminDisputesTab />}
        reportsTab={<AdminMessageReportsTab />}
      />
    </PageLayout>
  );
}
