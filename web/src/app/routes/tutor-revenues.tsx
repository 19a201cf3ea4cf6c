import { PageLayout } from '@/components/layout/page-layout';
import {
  TUTOR_REVENUES_TITLE,
  TutorRevenuesPlaceholder,
} from '@/features/revenues/components/tutor-revenues-placeholder';

export default function TutorRevenuesRoute() {
  return (
    <PageLayout title={TUTOR_REVENUES_TITLE}>
      <TutorRevenuesPlaceholder />
    </PageLayout>
  );
}
