import { authMessages } from '#shared/message-catalogue/auth';
import { resetPasswordSchema, type ResetPasswordInput } from '#shared/schemas';
import { Button, Input, Stack } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { FormField } from './form-field';

interface ResetPasswordFormProps {
  onSubmit: (values: ResetPasswordInput) => Promise<void>;
}

/** The reset code received by e-mail and the new password. */
export function ResetPasswordForm({ onSubmit }: ResetPasswordFormProps) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordInput>({ resolver: zodResolver(resetPasswordSchema), defaultValues: { code: '', password: '' } });

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)}>
      <Stack gap="4">
        <FormField label={authMessages.confirmCodeLabel} error={errors.code}>
          <Input autoFocus autoComplete="one-time-code" inputMode="numeric" placeholder="123456" {...register('code')} />
        </FormField>
        <FormField label={authMessages.newPasswordLabel} error={errors.password} helperText={authMessages.passwordHelp}>
          <Input type="password" autoComplete="new-password" {...register('password')} />
        </FormField>
        <Button type="submit" size="lg" width="full" loading={isSubmitting} mt="2">
          {authMessages.resetSubmit}
        </Button>
      </Stack>
    </form>
  );
}
