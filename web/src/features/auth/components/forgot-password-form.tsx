import { authMessages } from '#shared/message-catalogue/auth';
import { forgotPasswordSchema, type ForgotPasswordInput } from '#shared/schemas';
import { Button, Input, Stack } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { FormField } from './form-field';

interface ForgotPasswordFormProps {
  defaultEmail?: string;
  onSubmit: (values: ForgotPasswordInput) => Promise<void>;
}

/** 'Mot de passe oublié ?': the address to send a reset code to. */
export function ForgotPasswordForm({ defaultEmail = '', onSubmit }: ForgotPasswordFormProps) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordInput>({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: defaultEmail } });

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)}>
      <Stack gap="4">
        <FormField label="Email" error={errors.email}>
          <Input autoFocus type="email" autoComplete="email" inputMode="email" placeholder="vous@exemple.com" {...register('email')} />
        </FormField>
        <Button type="submit" size="lg" width="full" loading={isSubmitting} mt="2">
          {authMessages.resetRequestSubmit}
        </Button>
      </Stack>
    </form>
  );
}
