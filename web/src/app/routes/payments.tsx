import { PageLayout } from '@/components/layout/page-layout';
import { PARENT_PAYMENTS_TITLE, ParentPayments } from '@/features/payments/components/parent-payments';

export default function PaymentsRoute() {
  return (
    <PageLayout title={PARENT_PAYMENTS_TITLE}>
      <ParentPayments />
    </PageLayout>
  );
}
