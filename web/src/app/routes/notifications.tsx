import { PageLayout } from '@/components/layout/page-layout';
import { NOTIFICATIONS_TITLE, NotificationsScreen } from '@/features/notifications/components/notifications-screen';

export default function NotificationsRoute() {
  return (
    <PageLayout title={NOTIFICATIONS_TITLE}>
      <NotificationsScreen />
    </PageLayout>
  );
}
