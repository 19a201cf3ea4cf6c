import { PageLayout } from '@/components/layout/page-layout';
import { useMyCredits } from '@/features/guarantee/api/guarantee';
import { CreditsPanel } from '@/features/guarantee/components/credits-panel';
import { lessonGuaranteeSlots } from '@/features/guarantee/components/lesson-guarantee';
import { myLessonsQuery } from '@/features/lessons/api/lessons';
import { myCreditsQuery, myPackagesQuery } from '@/features/lessons/api/packages';
import { MY_LESSONS_TITLE, MyLessons } from '@/features/lessons/components/my-lessons';
import { useAuth } from '@/lib/auth';
import { prefetchOpeningRead, type OpeningReads } from '@/lib/opening-reads';

/** Opened on /cours: the lessons and the packages (and a parent's credits) are asked for with the profile. */
export const openingReads: OpeningReads = (queryClient, role) => {
  if (role !== 'parent' && role !== 'tuteur') return; // sent elsewhere (RequireRole)
  void prefetchOpeningRead(queryClient, myLessonsQuery());
  void prefetchOpeningRead(queryClient, myPackagesQuery());
  if (role === 'parent') void prefetchOpeningRead(queryClient, myCreditsQuery());
};

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
