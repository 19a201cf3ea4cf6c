import type { Role } from '#shared/constants';
import { uiMessages } from '#shared/message-catalogue/ui';
import { Button } from '@chakra-ui/react';
import { useDeferredValue } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { navigationOf } from '@/components/layout/navigation';
import { SecondFactorGate } from '@/features/admin-mfa/components/second-factor-gate';
import { FullPageSpinner } from '@/components/ui/full-page-spinner';
import { FullPageError } from '@/components/ui/page-state';
import { useAuth } from '@/lib/auth';
import { pendingAction } from '@/lib/auth/after-sign-in';
import { hasCompletedOnboarding } from '@/lib/onboarding-flag';

/** /auth: a signed-in user has nothing to do there. */
export function RedirectIfSignedIn() {
  const { user, isLoading } = useAuth();
  if (isLoading) return <FullPageSpinner />;
  if (user) return <Navigate to="/" replace />;
  return <Outlet />;
}

/**
 * The screens a visitor may open too (issue 17: the search, a tutor's page): they wait for the
 * session to be known, then render for whoever is there.
 */
export function WaitForSession() {
  const { isLoading } = useAuth();
  if (isLoading) return <FullPageSpinner />;
  return <Outlet />;
}

/** Every other screen but /auth and the 404 needs a signed-in user. */
export function RequireAuth() {
  const { user, isLoading } = useAuth();
  if (isLoading) return <FullPageSpinner />;
  if (!user) return <Navigate to="/auth" replace />;
  return <Outlet />;
}

/**
 * Screens whose rules depend on the role wait for the profile (`GET /api/me`). The profile arrives
 * through react-query, whose updates React renders in one piece: the whole screen, its cards
 * included, was one task of ~85 ms (~340 ms on Lighthouse's 4× slower phone). The screen is first
 * drawn from the deferred profile instead, in the background, a few milliseconds at a time: a tap
 * is answered meanwhile (issue 34).
 */
export function RequireProfile() {
  const { profile, isProfileLoading, profileError, refetchProfile, signOut } = useAuth();
  const drawnProfile = useDeferredValue(profile);
  if (isProfileLoading || (profile && !drawnProfile)) return <FullPageSpinner />;
  if (!profile) {
    return (
      <FullPageError
        title={uiMessages.profileLoadFailure}
        detail={profileError?.message}
        onRetry={refetchProfile}
        secondary={
          <Button variant="outline" onClick={() => void signOut()}>
            {uiMessages.signOut}
          </Button>
        }
      />
    );
  }
  return <Outlet />;
}

/**
 * An admin's screens wait for its second factor (TOTP), as the admin routes of the API do:
 * enrolment page or sign-in again until the session passed it. Other roles pass straight through.
 */
export function RequireSecondFactor() {
  return (
    <SecondFactorGate>
      <Outlet />
    </SecondFactorGate>
  );
}

/** Home: a new user (no flag stored on this device) goes through onboarding first; admins never do. */
export function RequireOnboardingDone() {
  const { profile } = useAuth();
  if (profile && profile.role !== 'admin' && !hasCompletedOnboarding(profile.user_id)) {
    return <Navigate to="/onboarding" replace />;
  }
  return <Outlet />;
}

/**
 * Home, reached after a sign-in or after the onboarding: a visitor who met 'Connexion requise' on a
 * tutor or the search goes back there, where the action resumes (lib/auth/after-sign-in.ts).
 */
export function ResumeAfterSignIn() {
  const pending = pendingAction();
  if (pending) return <Navigate to={pending.returnTo} replace />;
  return <Outlet />;
}

/**
 * A screen of some roles only (/payments, /tutor-revenues, /favorites): anyone else typing its
 * address is sent to its own money screen when it asked for one (a tutor's /payments is its
 * /tutor-revenues), otherwise home — never to a screen that answers 403.
 */
export function RequireRole({ roles, money = false }: { roles: readonly Role[]; money?: boolean }) {
  const { profile } = useAuth();
  if (profile && !roles.includes(profile.role)) {
    const own = money ? navigationOf(profile.role)?.money?.to : undefined;
    return <Navigate to={own ?? '/'} replace />;
  }
  return <Outlet />;
}

/** /admin: everyone else is sent back home. */
export function RequireAdmin() {
  const { profile } = useAuth();
  if (profile?.role !== 'admin') return <Navigate to="/" replace />;
  return <Outlet />;
}
