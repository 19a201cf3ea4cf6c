import { Navigate, useNavigate } from 'react-router-dom';
import { PageLayout } from '@/components/layout/page-layout';
import { ONBOARDING_TITLE, OnboardingPlaceholder } from '@/features/onboarding/components/onboarding-placeholder';
import { useAuth } from '@/lib/auth';
import { hasCompletedOnboarding, markOnboardingComplete } from '@/lib/onboarding-flag';

/** `/onboarding` (reached with a loaded profile, see RequireProfile). */
export default function OnboardingRoute() {
  const { profile } = useAuth();
  const navigate = useNavigate();
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
      <OnboardingPlaceholder firstName={profile.first_name} role={profile.role} onFinish={complete} />
    </PageLayout>
  );
}
