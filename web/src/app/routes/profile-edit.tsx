import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { PROFILE_EDITOR_STEP, PROFILE_TAB_STATE } from '@/components/layout/navigation';
import { PageLayout } from '@/components/layout/page-layout';
import { hasProfileToFill, RoleWizard } from '@/features/onboarding/components/role-wizard';
import { useAuth } from '@/lib/auth';
import { markOnboardingComplete } from '@/lib/onboarding-flag';

export const PROFILE_EDITOR_TITLE = 'Modifier mon profil';

/**
 * `/profile/edit?etape=<step>` (issue 28): the onboarding's steps as the profile editor, opened
 * from the Profil tab whatever this device remembers of the onboarding; back to that tab after.
 */
export default function ProfileEditRoute() {
  const { profile } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  if (!profile) return null;
  if (!hasProfileToFill(profile.role)) return <Navigate to="/" replace />;

  const backToProfile = () => navigate('/', { replace: true, state: PROFILE_TAB_STATE });
  // Saved answers are a finished onboarding: Home must not send this device back to it.
  const saved = () => {
    markOnboardingComplete(profile.user_id);
    backToProfile();
  };

  return (
    <PageLayout title={PROFILE_EDITOR_TITLE} onBack={backToProfile}>
      <RoleWizard
        role={profile.role}
        firstName={profile.first_name}
        onDone={saved}
        editing={{ step: params.get(PROFILE_EDITOR_STEP), cancel: backToProfile }}
      />
    </PageLayout>
  );
}
