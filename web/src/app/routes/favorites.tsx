import { PageLayout } from '@/components/layout/page-layout';
import { FAVORITES_TITLE, FavoritesList } from '@/features/favorites/components/favorites-list';
import { useAskTutor, useBookTutor } from '../tutor-cards';

export default function FavoritesRoute() {
  const onBook = useBookTutor();
  const askOf = useAskTutor();
  return (
    <PageLayout title={FAVORITES_TITLE}>
      <FavoritesList onBook={onBook} askOf={askOf} showTitle={false} />
    </PageLayout>
  );
}
