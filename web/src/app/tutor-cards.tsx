/**
 * How the app renders a tutor card wherever one appears (search, favourites, recommendations,
 * Home): the card from components/, the heart from the favourites feature, and 'Réserver'.
 * Features do not import each other; they receive `renderTutor` from the pages composed here.
 * A visitor's card (issue 17) asks to sign in for both, and remembers what was asked.
 */
import { messages } from '#shared/messages';
import { tutorPagePath } from '#shared/visitors';
import { useCallback, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { askToSignIn } from '@/components/sign-in-required';
import { TutorCard } from '@/components/tutor-card';
import { useFavoriteToggle } from '@/features/favorites/api/favorites';
import { openBookingDialog, type BookingTarget } from '@/features/payments/components/booking-store';
import { isAllowedReturnPath } from '@/lib/auth/after-sign-in';
import { isVisitorCard, type ListedTutor } from '@/lib/visitor-tutors';

/** 'Réserver': opens the booking dialog 'Réserver votre cours' (payments feature). */
export function useBookTutor(): (tutor: BookingTarget) => void {
  return useCallback((tutor: BookingTarget) => openBookingDialog(tutor), []);
}

/** A visitor's 'Réserver': 'Connexion requise', then the booking dialog on the tutor's page. */
export function askToSignInToBook(tutorId: string): void {
  const returnTo = tutorPagePath(tutorId);
  askToSignIn({ description: messages.auth.signInForPayment, pending: { action: 'book', tutorId, returnTo } });
}

/** A visitor's heart: 'Connexion requise', then the favourite added where the visitor was. */
export function askToSignInForFavorite(tutorId: string, here: string): void {
  const returnTo = isAllowedReturnPath(here) ? here : tutorPagePath(tutorId);
  askToSignIn({ description: messages.auth.signInForFavorites, pending: { action: 'favorite', tutorId, returnTo } });
}

export function useRenderTutor(): (tutor: ListedTutor, extras?: { header?: ReactNode; footnote?: ReactNode }) => ReactNode {
  const favoriteOf = useFavoriteToggle();
  const onBook = useBookTutor();
  const { pathname, search } = useLocation();
  const here = `${pathname}${search}`;
  return useCallback(
    (tutor, extras) =>
      isVisitorCard(tutor) ? (
        <TutorCard
          tutor={tutor}
          favorite={{ isFavorite: false, onToggle: () => askToSignInForFavorite(tutor.id, here) }}
          onBook={() => askToSignInToBook(tutor.id)}
          header={extras?.header}
          footnote={extras?.footnote}
        />
      ) : (
        <TutorCard tutor={tutor} favorite={favoriteOf(tutor)} onBook={onBook} header={extras?.header} footnote={extras?.footnote} />
      ),
    [favoriteOf, onBook, here],
  );
}
