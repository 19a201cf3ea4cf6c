import { PageLayout } from '@/components/layout/page-layout';
import { TUTOR_REVENUES_TITLE, TutorRevenues } from '@/features/revenues/components/tutor-revenues';

export default function TutorRevenuesRoute() {
  return (
    <PageLayout title={TUTOR_REVENUES_TITLE}>
      <TutorRevenues />
    </PageLayout>
  );
}
