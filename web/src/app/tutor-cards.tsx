/**
 * How the app renders a tutor card wherever one appears (search, favourites, recommendations,
 * Home): the card from components/, the heart from the favourites feature, and 'Réserver'.
 * Features do not import each other; they receive `renderTutor` from the pages composed here.
 */
import type { TutorSummary } from '#shared/search';
import { useCallback, type ReactNode } from 'react';
import { TutorCard } from '@/components/tutor-card';
import { useFavoriteToggle } from '@/features/favorites/api/favorites';
import { openBookingDialog } from '@/features/payments/components/booking-store';

/** 'Réserver': opens the booking dialog 'Réserver votre cours' (payments feature). */
export function useBookTutor(): (tutor: TutorSummary) => void {
  return useCallback((tutor: TutorSummary) => openBookingDialog(tutor), []);
}

export function useRenderTutor(): (tutor: TutorSummary, extras?: { header?: ReactNode; footnote?: ReactNode }) => ReactNode {
  const favoriteOf = useFavoriteToggle();
  const onBook = useBookTutor();
  return useCallback(
    (tutor, extras) => (
      <TutorCard tutor={tutor} favorite={favoriteOf(tutor)} onBook={onBook} header={extras?.header} footnote={extras?.footnote} />
    ),
    [favoriteOf, onBook],
  );
}
