import { PageLayout } from '@/components/layout/page-layout';
import { FAVORITES_TITLE, FavoritesPlaceholder } from '@/features/favorites/components/favorites-placeholder';

export default function FavoritesRoute() {
  return (
    <PageLayout title={FAVORITES_TITLE}>
      <FavoritesPlaceholder />
    </PageLayout>
  );
}
