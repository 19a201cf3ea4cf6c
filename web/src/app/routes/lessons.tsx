import { PageLayout } from '@/components/layout/page-layout';
import { useMyCredits } from '@/features/guarantee/api/guarantee';
import { CreditsPanel } from '@/features/guarantee/components/credits-panel';
import { lessonGuaranteeSlots } from '@/features/guarantee/components/lesson-guarantee';
import { MY_LESSONS_TITLE, MyLessons } from '@/features/lessons/components/my-lessons';
import { useAuth } from '@/lib/auth';

/** `/cours`: 'Mes cours' of a parent or a tutor (issue 15). */
export default function LessonsRoute() {
  // A parent's free lessons ('Cours offerts', above the lessons) are asked for with the lessons,
  // not once the lessons are drawn: they used to arrive last and move the lessons (issue 34).
  const { profile } = useAuth();
  useMyCredits(profile?.role === 'parent');
  return (
    <PageLayout title={MY_LESSONS_TITLE}>
      {/* The trial guarantee's parts (issue 32) come from their own feature. */}
      <MyLessons guarantee={lessonGuaranteeSlots} guaranteeCredits={<CreditsPanel />} />
    </PageLayout>
  );
}
