import { ComingSoon } from '@/components/ui/coming-soon';

export const FAVORITES_TITLE = 'Mes Favoris';

/** Favourite tutors arrive with the favourites issue. */
export function FavoritesPlaceholder() {
  return <ComingSoon description="Retrouvez ici les répétiteurs que vous avez ajoutés à vos favoris." />;
}
