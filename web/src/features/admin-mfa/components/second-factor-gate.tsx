import { mfaMessages } from '#shared/message-catalogue/mfa';
import { uiMessages } from '#shared/message-catalogue/ui';
import { Button } from '@chakra-ui/react';
import { lazy, Suspense, type ReactNode } from 'react';
import { FullPageSpinner } from '@/components/ui/full-page-spinner';
import { FullPageError } from '@/components/ui/page-state';
import { useAuth } from '@/lib/auth';
import { useMfaStatus } from '../api/second-factor';

// Fetched only by an admin who needs them (the QR code and Amplify's TOTP calls are not small).
const TotpEnrolment = lazy(() => import('./totp-enrolment'));
const SignInAgain = lazy(() => import('./sign-in-again'));

/**
 * An admin's screens open only once its session passed the TOTP second factor, as the API
 * requires (functions/src/commons/second-factor.ts): otherwise the enrolment page (QR code), or
 * the request to sign in again with a code. Everyone else passes straight through.
 */
export function SecondFactorGate({ children }: { children: ReactNode }) {
  const { profile, user, signOut } = useAuth();
  const isAdmin = profile?.role === 'admin';
  const status = useMfaStatus(user?.userId, isAdmin);
  if (!isAdmin) return children;
  if (status.isPending) return <FullPageSpinner />;
  if (status.isError) {
    return (
      <FullPageError
        title={mfaMessages.statusFailure}
        detail={status.error.message}
        onRetry={() => void status.refetch()}
        secondary={
          <Button variant="outline" onClick={() => void signOut()}>
            {uiMessages.signOut}
          </Button>
        }
      />
    );
  }
  if (status.data.status === 'passed') return children;
  return <Suspense fallback={<FullPageSpinner />}>{status.data.status === 'not_enrolled' ? <TotpEnrolment /> : <SignInAgain />}</Suspense>;
}
