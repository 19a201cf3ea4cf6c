import { PageLayout } from '@/components/layout/page-layout';
import { MY_LESSONS_TITLE, MyLessons } from '@/features/lessons/components/my-lessons';

/** `/cours`: 'Mes cours' of a parent or a tutor (issue 15). */
export default function LessonsRoute() {
  return (
    <PageLayout title={MY_LESSONS_TITLE}>
      <MyLessons />
    </PageLayout>
  );
}
