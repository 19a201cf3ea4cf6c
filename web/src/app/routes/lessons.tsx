import { PageLayout } from '@/components/layout/page-layout';
import { CreditsPanel } from '@/features/guarantee/components/credits-panel';
import { lessonGuaranteeSlots } from '@/features/guarantee/components/lesson-guarantee';
import { MY_LESSONS_TITLE, MyLessons } from '@/features/lessons/components/my-lessons';

/** `/cours`: 'Mes cours' of a parent or a tutor (issue 15). */
export default function LessonsRoute() {
  return (
    <PageLayout title={MY_LESSONS_TITLE}>
      {/* The trial guarantee's parts (issue 32) come from their own feature. */}
      <MyLessons guarantee={lessonGuaranteeSlots} guaranteeCredits={<CreditsPanel />} />
    </PageLayout>
  );
}
