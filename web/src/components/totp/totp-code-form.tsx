import { totpCodeSchema, type TotpCodeInput } from '#shared/mfa-schemas';
import { authMessages } from '#shared/message-catalogue/auth';
import { mfaMessages } from '#shared/message-catalogue/mfa';
import { Button, Field, Input, Stack } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';

interface TotpCodeFormProps {
  /** Resolves once the code is accepted; rejects with an Error whose message is the French text to show. */
  onSubmit: (code: string) => Promise<void>;
  submitLabel: string;
}

/**
 * The 6-digit code of an authenticator app: at the admin's enrolment and at its sign-in. A refused
 * code is shown under the field, which keeps the focus for the next try.
 */
export function TotpCodeForm({ onSubmit, submitLabel }: TotpCodeFormProps) {
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<TotpCodeInput>({ resolver: zodResolver(totpCodeSchema), defaultValues: { code: '' } });

  const submit = handleSubmit(async ({ code }) => {
    try {
      await onSubmit(code);
    } catch (error) {
      setError('code', { message: error instanceof Error ? error.message : authMessages.unexpected });
      setFocus('code');
    }
  });

  return (
    // noValidate: the zod schema gives the French messages, not the browser.
    <form noValidate onSubmit={submit}>
      <Stack gap="4">
        <Field.Root invalid={Boolean(errors.code)} required>
          <Field.Label>{mfaMessages.codeLabel}</Field.Label>
          <Input
            autoFocus
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={7}
            placeholder="123456"
            fontFamily="mono"
            letterSpacing="widest"
            {...register('code')}
          />
          {errors.code?.message ? <Field.ErrorText>{errors.code.message}</Field.ErrorText> : <Field.HelperText>{mfaMessages.codeHelp}</Field.HelperText>}
        </Field.Root>
        <Button type="submit" size="lg" width="full" loading={isSubmitting}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
