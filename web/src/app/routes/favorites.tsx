import { PageLayout } from '@/components/layout/page-layout';
import { FAVORITES_TITLE, FavoritesList } from '@/features/favorites/components/favorites-list';
import { useBookTutor } from '../tutor-cards';

export default function FavoritesRoute() {
  const onBook = useBookTutor();
  return (
    <PageLayout title={FAVORITES_TITLE}>
      <FavoritesList onBook={onBook} showTitle={false} />
    </PageLayout>
  );
}
