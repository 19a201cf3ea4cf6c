import { mfaMessages } from '#shared/message-catalogue/mfa';
import { Box, Card, Code, Skeleton, Stack, Text } from '@chakra-ui/react';
import { QrCode } from '@/components/chakra/qr-code';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PageLayout } from '@/components/layout/page-layout';
import { TotpCodeForm } from '@/components/totp/totp-code-form';
import { useAuth } from '@/lib/auth';
import { useRecordEnrolment } from '../api/second-factor';
import SignInAgain from './sign-in-again';

/** The secret in groups of 4, easier to copy by hand (apps ignore the spaces). */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * 'Activez la double authentification': the QR code of a new TOTP secret (issuer Kalan, the
 * admin's email), the secret in text for manual entry, and the first code. Cognito verifies the
 * code and turns TOTP on; the API then records the enrolment, and the admin signs in again.
 */
export default function TotpEnrolment() {
  const { user, profile } = useAuth();
  const email = profile?.email ?? user?.signInDetails?.loginId ?? '';
  const [enrolled, setEnrolled] = useState(false);
  const record = useRecordEnrolment(user?.userId);
  // One secret per visit of the page (AssociateSoftwareToken replaces any earlier, unverified one).
  const setup = useQuery({
    queryKey: ['admin', 'mfa', 'setup', user?.userId],
    queryFn: async () => (await import('@/lib/auth/mfa')).startTotpSetup(email),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });

  if (enrolled) return <SignInAgain justEnrolled />;

  const submit = async (code: string) => {
    const mfa = await import('@/lib/auth/mfa');
    await mfa.finishTotpSetup(code);
    await record.mutateAsync(undefined, { onSuccess: () => setEnrolled(true) });
  };

  return (
    <PageLayout title={mfaMessages.enrolTitle}>
      <Card.Root maxW="lg" mx="auto">
        <Card.Body>
          <Stack gap="5">
            <Text>{mfaMessages.enrolIntro}</Text>
            <Stack gap="3">
              <Text fontWeight="semibold">{mfaMessages.scanStep}</Text>
              {setup.isError ? (
                <Text role="alert" color="fg.error">
                  {mfaMessages.setupFailure}
                </Text>
              ) : setup.data ? (
                <>
                  <Box alignSelf="center" bg="white" p="3" rounded="md" borderWidth="1px">
                    <QrCode.Root value={setup.data.uri} size="xl" aria-label={`QR code : ${mfaMessages.scanStep}`} role="img">
                      <QrCode.Frame>
                        <QrCode.Pattern />
                      </QrCode.Frame>
                    </QrCode.Root>
                  </Box>
                  <Text fontSize="sm" color="fg.muted" id="totp-secret-label">
                    {mfaMessages.secretLabel}
                  </Text>
                  <Code
                    aria-labelledby="totp-secret-label"
                    data-totp-secret={setup.data.secret}
                    fontSize="md"
                    px="3"
                    py="2"
                    wordBreak="break-all"
                    alignSelf="flex-start"
                  >
                    {grouped(setup.data.secret)}
                  </Code>
                </>
              ) : (
                <Skeleton alignSelf="center" boxSize="200px" />
              )}
            </Stack>
            <Stack gap="3">
              <Text fontWeight="semibold">{mfaMessages.codeStep}</Text>
              <TotpCodeForm onSubmit={submit} submitLabel={mfaMessages.enrolSubmit} />
            </Stack>
          </Stack>
        </Card.Body>
      </Card.Root>
    </PageLayout>
  );
}
