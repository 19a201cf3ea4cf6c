import { Button } from '@chakra-ui/react';
import type { TutorSummary } from '#shared/search';
import type { PublicTutorProfile } from '#shared/tutor-profile-schemas';
import { lazy, Suspense, useEffect, useState } from 'react';
import { LuHeart } from 'react-icons/lu';
import { useParams } from 'react-router-dom';
import { PageLayout } from '@/components/layout/page-layout';
import { SectionSpinner } from '@/components/ui/full-page-spinner';
import { useAddFavoriteAfterSignIn, useFavoriteToggle } from '@/features/favorites/api/favorites';
import { openBookingDialog } from '@/features/payments/components/booking-store';
import { useTutorProfile } from '@/features/tutors/api/tutor-profile';
import { TUTOR_PROFILE_TITLE, TutorProfileView } from '@/features/tutors/components/tutor-profile-view';
import { useAuth } from '@/lib/auth';
import type { TutorPageProfile } from '@/lib/visitor-tutors';
import { useTakePendingAction } from '../resume-after-sign-in';
import { askToSignInForFavorite, askToSignInToBook, useAskTutor } from '../tutor-cards';

/** Slots on available days: the dialog says a tutor without weekly slots cannot be booked yet. */
const weeklySlots = (tutor: PublicTutorProfile) =>
  tutor.availability_schedule.reduce((count, day) => count + (day.available ? day.slots.length : 0), 0);

const book = (tutor: PublicTutorProfile) => openBookingDialog({ ...tutor, availability_slots: weeklySlots(tutor) });

/** The profile as a favourite's entry (what the favourites list shows until it is read again). */
const summaryOf = (tutor: PublicTutorProfile): TutorSummary => ({
  id: tutor.id,
  user_id: tutor.user_id,
  first_name: tutor.first_name,
  last_name: tutor.last_name,
  is_verified: tutor.is_verified,
  bio: tutor.bio,
  education: tutor.education,
  experience: tutor.experience,
  teaching_method: tutor.teaching_method,
  subjects: tutor.subjects,
  levels: tutor.levels,
  location: tutor.location,
  hourly_rate: tutor.hourly_rate,
  profile_image_url: tutor.profile_image_url,
  profile_image_variants: tutor.profile_image_variants,
  availability_slots: weeklySlots(tutor),
});

/** The monthly package (issue 29) is a signed-in parent's: a visitor's tutor page does not carry its code (issue 34). */
const PackageSection = lazy(() => import('@/features/packages/components/package-section').then((module) => ({ default: module.PackageSection })));

const isSignedInProfile = (tutor: TutorPageProfile): tutor is PublicTutorProfile => !('display_name' in tutor);

/** The heart of the page: 'Ajouter aux favoris' / 'Retirer des favoris'. */
function FavoriteButton({ isFavorite, pending, onToggle }: { isFavorite: boolean; pending?: boolean; onToggle: () => void }) {
  return (
    <Button variant="outline" size="sm" aria-pressed={isFavorite} aria-disabled={pending || undefined} onClick={() => !pending && onToggle()}>
      <LuHeart fill={isFavorite ? 'currentColor' : 'none'} color={isFavorite ? 'var(--chakra-colors-red-500)' : undefined} />
      {isFavorite ? 'Retirer des favoris' : 'Ajouter aux favoris'}
    </Button>
  );
}

/**
 * `/tutors/:id`: a tutor's profile, for a signed-in user or a visitor who followed a shared link
 * (issue 17). 'Réserver' opens the booking dialog, or asks a visitor to sign in — after which the
 * visitor is brought back here with the dialog open, or the favourite added. 'Poser une question'
 * (issue 31) opens a parent's conversation with the tutor; a visitor signs in and is brought back
 * here, one tap from it (opening it unasked would count a new tutor of the day).
 */
export default function TutorProfileRoute() {
  const { id = '' } = useParams();
  const { user, profile } = useAuth();
  const visitor = !user;
  const favoriteOf = useFavoriteToggle();
  const addFavorite = useAddFavoriteAfterSignIn();
  const askOf = useAskTutor();
  const pending = useTakePendingAction();
  // The same query as the view's: the booking waits for the profile it opens on.
  const shown = useTutorProfile(id, visitor);
  const [resumed, setResumed] = useState(false);

  useEffect(() => {
    if (!pending || resumed || pending.tutorId !== id) return;
    if (pending.action === 'favorite') {
      setResumed(true);
      addFavorite(id);
    } else if (pending.action === 'book' && shown.data && isSignedInProfile(shown.data)) {
      setResumed(true);
      book(shown.data);
    }
  }, [pending, resumed, id, addFavorite, shown.data]);

  const here = `/tutors/${id}`;
  return (
    <PageLayout title={TUTOR_PROFILE_TITLE}>
      <TutorProfileView
        id={id}
        visitor={visitor}
        onBook={(tutor) => (isSignedInProfile(tutor) ? book(tutor) : askToSignInToBook(tutor.id))}
        askOf={askOf}
        // A package needs the free slots (signed in) and is a parent's: a visitor signs in through 'Réserver'.
        renderPackage={(tutor) => (isSignedInProfile(tutor) && profile?.role !== 'tuteur' ? (
            <Suspense fallback={<SectionSpinner />}>
              <PackageSection tutor={tutor} />
            </Suspense>
          ) : null)}
        renderFavorite={(tutor) => {
          if (!isSignedInProfile(tutor)) {
            return <FavoriteButton isFavorite={false} onToggle={() => askToSignInForFavorite(tutor.id, here)} />;
          }
          if (profile?.role !== 'parent') return null;
          const favorite = favoriteOf(summaryOf(tutor));
          return <FavoriteButton isFavorite={favorite.isFavorite} pending={favorite.pending} onToggle={favorite.onToggle} />;
        }}
      />
    </PageLayout>
  );
}
