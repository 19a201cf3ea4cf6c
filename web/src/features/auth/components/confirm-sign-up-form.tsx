import { authMessages } from '#shared/message-catalogue/auth';
import { confirmSignUpSchema, type ConfirmSignUpInput } from '#shared/schemas';
import { Button, Input, Stack } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormField } from './form-field';

interface ConfirmSignUpFormProps {
  onSubmit: (values: ConfirmSignUpInput) => Promise<void>;
  onResend: () => Promise<void>;
}

/** 'Vérifiez votre adresse e-mail': the 6-digit code sent at sign-up, and 'Renvoyer le code'. */
export function ConfirmSignUpForm({ onSubmit, onResend }: ConfirmSignUpFormProps) {
  const [resending, setResending] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ConfirmSignUpInput>({ resolver: zodResolver(confirmSignUpSchema), defaultValues: { code: '' } });

  const resend = async () => {
    setResending(true);
    try {
      await onResend();
    } finally {
      setResending(false);
    }
  };

  return (
    // noValidate: the zod schema gives the French messages, not the browser.
    <form noValidate onSubmit={handleSubmit(onSubmit)}>
      <Stack gap="4">
        <FormField label={authMessages.confirmCodeLabel} error={errors.code}>
          <Input
            autoFocus
            autoComplete="one-time-code"
            inputMode="numeric"
            placeholder="123456"
            fontSize="xl"
            letterSpacing="widest"
            {...register('code')}
          />
        </FormField>
        <Button type="submit" size="lg" width="full" loading={isSubmitting} mt="2">
          {authMessages.confirmSubmit}
        </Button>
        <Button type="button" variant="outline" width="full" loading={resending} onClick={resend}>
          {authMessages.resendCode}
        </Button>
      </Stack>
    </form>
  );
}
