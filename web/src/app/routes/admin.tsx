import { PageLayout } from '@/components/layout/page-layout';
import {
  ADMIN_DASHBOARD_TITLE,
  AdminDashboardPlaceholder,
} from '@/features/admin/components/admin-dashboard-placeholder';

/** Reached only by admins (RequireAdmin). */
export default function AdminRoute() {
  return (
    <PageLayout title={ADMIN_DASHBOARD_TITLE}>
      <AdminDashboardPlaceholder />
    </PageLayout>
  );
}
