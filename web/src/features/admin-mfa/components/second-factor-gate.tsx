import { messages } from '#shared/messages';
import { Button, Center, Stack, Text } from '@chakra-ui/react';
import { lazy, Suspense, type ReactNode } from 'react';
import { FullPageSpinner } from '@/components/ui/full-page-spinner';
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
      <Center minH="100dvh" px="4">
        <Stack align="center" gap="4" textAlign="center" role="alert" maxW="sm">
          <Text fontWeight="semibold">{messages.mfa.statusFailure}</Text>
          <Text color="fg.muted">{status.error.message}</Text>
          <Stack direction="row" gap="3">
            <Button onClick={() => void status.refetch()}>{messages.ui.retry}</Button>
            <Button variant="outline" onClick={() => void signOut()}>
              {messages.ui.signOut}
            </Button>
          </Stack>
        </Stack>
      </Center>
    );
  }
  if (status.data.status === 'passed') return children;
  return <Suspense fallback={<FullPageSpinner />}>{status.data.status === 'not_enrolled' ? <TotpEnrolment /> : <SignInAgain />}</Suspense>;
}
