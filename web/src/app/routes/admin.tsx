import { PageLayout } from '@/components/layout/page-layout';
import { ADMIN_DASHBOARD_TITLE, AdminDashboard } from '@/features/admin/components/admin-dashboard';
import { AdminDisputesTab } from '@/features/admin-money/components/admin-disputes-tab';
import { AdminMoneyStatCards } from '@/features/admin-money/components/admin-money-stat-cards';
import { AdminPaymentsTab } from '@/features/admin-money/components/admin-payments-tab';
import { AdminUsersTab } from '@/features/admin-money/components/admin-users-tab';

/** Reached only by admins (RequireAdmin). */
export default function AdminRoute() {
  return (
    <PageLayout title={ADMIN_DASHBOARD_TITLE}>
      <AdminDashboard
        statCards={<AdminMoneyStatCards />}
        paymentsTab={<AdminPaymentsTab />}
        usersTab={<AdminUsersTab />}
        disputesTab={<AdminDisputesTab />}
      />
    </PageLayout>
  );
}
