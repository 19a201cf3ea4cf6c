import { PageLayout } from '@/components/layout/page-layout';
import { TUTOR_PROFILE_TITLE, TutorProfilePlaceholder } from '@/features/tutors/components/tutor-profile-placeholder';

export default function TutorProfileRoute() {
  return (
    <PageLayout title={TUTOR_PROFILE_TITLE}>
      <TutorProfilePlaceholder />
    </PageLayout>
  );
}
