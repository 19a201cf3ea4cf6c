import { mfaMessages } from '#shared/message-catalogue/mfa';
import { Button, Card, Stack, Text } from '@chakra-ui/react';
import { LuShieldCheck } from 'react-icons/lu';
import { PageLayout } from '@/components/layout/page-layout';
import { useAuth } from '@/lib/auth';

/** The second factor is on, but this session began without a code: sign in again (password, then code). */
export default function SignInAgain({ justEnrolled = false }: { justEnrolled?: boolean }) {
  const { signOut } = useAuth();
  return (
    <PageLayout title={justEnrolled ? mfaMessages.enrolDoneTitle : mfaMessages.signInAgainTitle}>
      <Card.Root maxW="lg" mx="auto">
        <Card.Body>
          <Stack gap="4" role="status">
            <Stack direction="row" align="center" gap="3" color="green.fg">
              <LuShieldCheck size="24" aria-hidden />
              <Text fontWeight="semibold">{mfaMessages.signInAgainTitle}</Text>
            </Stack>
            <Text>{mfaMessages.signInAgainText}</Text>
            {/* Signing out sends the admin to /auth (RequireAuth). */}
            <Button size="lg" onClick={() => void signOut()}>
              {mfaMessages.signInAgain}
            </Button>
          </Stack>
        </Card.Body>
      </Card.Root>
    </PageLayout>
  );
}
