import { PageLayout } from '@/components/layout/page-layout';
import {
  PARENT_PAYMENTS_TITLE,
  ParentPaymentsPlaceholder,
} from '@/features/payments/components/parent-payments-placeholder';

export default function PaymentsRoute() {
  return (
    <PageLayout title={PARENT_PAYMENTS_TITLE}>
      <ParentPaymentsPlaceholder />
    </PageLayout>
  );
}
