/**
 * How the app renders a tutor card wherever one appears (search, favourites, recommendations,
 * Home): the card from components/, the heart from the favourites feature, 'Réserver', and a
 * parent's 'Poser une question' (issue 31). Features do not import each other; they receive
 * `renderTutor` from the pages composed here. A visitor's card (issue 17) asks to sign in for
 * each, and remembers what was asked.
 */
import { authMessages } from '#shared/message-catalogue/auth';
import { messagingMessages } from '#shared/message-catalogue/messaging';
import { tutorPagePath } from '#shared/visitors';
import { useCallback, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { askToSignIn } from '@/components/sign-in-required';
import { TutorCard, type TutorCardAsk } from '@/components/tutor-card';
import { useFavoriteToggle } from '@/features/favorites/api/favorites';
import { openBookingDialog, type BookingTarget } from '@/features/payments/components/booking-store';
import { useAuth } from '@/lib/auth';
import { isAllowedReturnPath } from '@/lib/auth/after-sign-in';
import { useOpenConversation } from '@/lib/conversation-entry';
import { isVisitorCard, type ListedTutor, type TutorPageProfile } from '@/lib/visitor-tutors';

/** 'Réserver': opens the booking dialog 'Réserver votre cours' (payments feature). */
export function useBookTutor(): (tutor: BookingTarget) => void {
  return useCallback((tutor: BookingTarget) => openBookingDialog(tutor), []);
}

/** A visitor's 'Réserver': 'Connexion requise', then the booking dialog on the tutor's page. */
export function askToSignInToBook(tutorId: string): void {
  const returnTo = tutorPagePath(tutorId);
  askToSignIn({ description: authMessages.signInForPayment, pending: { action: 'book', tutorId, returnTo } });
}

/** A visitor's heart: 'Connexion requise', then the favourite added where the visitor was. */
export function askToSignInForFavorite(tutorId: string, here: string): void {
  const returnTo = isAllowedReturnPath(here) ? here : tutorPagePath(tutorId);
  askToSignIn({ description: authMessages.signInForFavorites, pending: { action: 'favorite', tutorId, returnTo } });
}

/** A visitor's 'Poser une question': 'Connexion requise', then back on the tutor's page (one tap more asks). */
export function askToSignInToAsk(tutorId: string): void {
  const returnTo = tutorPagePath(tutorId);
  askToSignIn({ description: messagingMessages.signInToAsk, pending: { action: 'ask', tutorId, returnTo } });
}

/**
 * 'Poser une question' on a tutor (card or page): a parent opens the pair's conversation, a
 * visitor is asked to sign in; tutors, companies and admins have no button (undefined).
 */
export function useAskTutor(): (tutor: ListedTutor | TutorPageProfile) => TutorCardAsk | undefined {
  const { user, profile } = useAuth();
  const { open, pendingTutorId } = useOpenConversation();
  return useCallback(
    (tutor: ListedTutor | TutorPageProfile) => {
      // A visitor's card or page names the tutor 'Yao K.' (display_name).
      if ('display_name' in tutor || !user) return { onAsk: () => askToSignInToAsk(tutor.id) };
      if (profile?.role !== 'parent') return undefined;
      return { onAsk: () => open({ tutor_id: tutor.id }), pending: pendingTutorId === tutor.id };
    },
    [user, profile?.role, open, pendingTutorId],
  );
}

export function useRenderTutor(): (tutor: ListedTutor, extras?: { header?: ReactNode; footnote?: ReactNode }) => ReactNode {
  const favoriteOf = useFavoriteToggle();
  const onBook = useBookTutor();
  const askOf = useAskTutor();
  const { pathname, search } = useLocation();
  const here = `${pathname}${search}`;
  return useCallback(
    (tutor, extras) =>
      isVisitorCard(tutor) ? (
        <TutorCard
          tutor={tutor}
          favorite={{ isFavorite: false, onToggle: () => askToSignInForFavorite(tutor.id, here) }}
          onBook={() => askToSignInToBook(tutor.id)}
          ask={askOf(tutor)}
          header={extras?.header}
          footnote={extras?.footnote}
        />
      ) : (
        <TutorCard tutor={tutor} favorite={favoriteOf(tutor)} onBook={onBook} ask={askOf(tutor)} header={extras?.header} footnote={extras?.footnote} />
      ),
    [favoriteOf, onBook, askOf, here],
  );
}
