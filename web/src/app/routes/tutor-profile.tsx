import { useParams } from 'react-router-dom';
import { PageLayout } from '@/components/layout/page-layout';
import { openBookingDialog } from '@/features/payments/components/booking-store';
import { TUTOR_PROFILE_TITLE, TutorProfileView } from '@/features/tutors/components/tutor-profile-view';

/** `/tutors/:id`: a tutor's public profile. 'Réserver' opens the booking dialog. */
export default function TutorProfileRoute() {
  const { id = '' } = useParams();
  return (
    <PageLayout title={TUTOR_PROFILE_TITLE}>
      <TutorProfileView
        id={id}
        onBook={(tutor) =>
          openBookingDialog({
            ...tutor,
            // Known here: the dialog says a tutor without weekly slots cannot be booked yet.
            availability_slots: tutor.availability_schedule.reduce((count, day) => count + (day.available ? day.slots.length : 0), 0),
          })
        }
      />
    </PageLayout>
  );
}
