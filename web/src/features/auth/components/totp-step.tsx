import { mfaMessages } from '#shared/message-catalogue/mfa';
import { Stack, Text } from '@chakra-ui/react';
import { TotpCodeForm } from '@/components/totp/totp-code-form';

interface TotpStepProps {
  /** Answers Cognito's TOTP challenge; rejects with the French text to show. */
  onSubmit: (code: string) => Promise<void>;
}

/** Sign-in, second step for an account with TOTP on (the admins): the authenticator app's code. */
export function TotpStep({ onSubmit }: TotpStepProps) {
  return (
    <Stack gap="4">
      <Text color="fg.muted">{mfaMessages.signInStepText}</Text>
      <TotpCodeForm onSubmit={onSubmit} submitLabel={mfaMessages.signInStepSubmit} />
    </Stack>
  );
}
