import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { PageLayout } from '@/components/layout/page-layout';
import { KycScreen } from '@/features/kyc/components/kyc-screen';
import { RoleWizard } from '@/features/onboarding/components/role-wizard';
import { useAuth } from '@/lib/auth';
import { hasCompletedOnboarding, markOnboardingComplete } from '@/lib/onboarding-flag';

export const ONBOARDING_TITLE = 'Bienvenue';

/** `/onboarding` (reached with a loaded profile, see RequireProfile): the steps of the user's role. */
export default function OnboardingRoute() {
  const { profile } = useAuth();
  const navigate = useNavigate();
  // A tutor saves its profile (6 steps), then goes through identity verification.
  const [tutorStage, setTutorStage] = useState<'profile' | 'kyc'>('profile');
  if (!profile) return null;

  if (hasCompletedOnboarding(profile.user_id)) return <Navigate to="/" replace />;
  if (profile.role === 'admin') {
    // Admins have nothing to set up: completed on sight (idempotent write).
    markOnboardingComplete(profile.user_id);
    return <Navigate to="/" replace />;
  }

  // Finishing and skipping (header back button) both store the flag and go home.
  const complete = () => {
    markOnboardingComplete(profile.user_id);
    navigate('/', { replace: true });
  };

  return (
    <PageLayout title={ONBOARDING_TITLE} onBack={complete}>
      {profile.role === 'tuteur' && tutorStage === 'kyc' ? (
        <KycScreen onDone={complete} />
      ) : (
        // Once a tutor's profile is saved, the KYC flow comes next.
        <RoleWizard role={profile.role} firstName={profile.first_name} onDone={profile.role === 'tuteur' ? () => setTutorStage('kyc') : complete} />
      )}
    </PageLayout>
  );
}
