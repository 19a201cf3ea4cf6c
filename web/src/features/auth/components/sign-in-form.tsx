import { signInSchema, type SignInInput } from '#shared/schemas';
import { authMessages } from '#shared/message-catalogue/auth';
import { Box, Button, Input, Link, Stack } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { FormField } from './form-field';

interface SignInFormProps {
  onSubmit: (values: SignInInput) => Promise<void>;
  /** 'Mot de passe oublié ?', with the address typed so far. */
  onForgotPassword: (email: string) => void;
  defaultEmail?: string;
}

export function SignInForm({ onSubmit, onForgotPassword, defaultEmail = '' }: SignInFormProps) {
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<SignInInput>({ resolver: zodResolver(signInSchema), defaultValues: { email: defaultEmail, password: '' } });

  return (
    // noValidate: the zod schema gives the French messages, not the browser.
    <form noValidate onSubmit={handleSubmit(onSubmit)}>
      <Stack gap="4">
        <FormField label="Email" error={errors.email}>
          <Input type="email" autoComplete="email" inputMode="email" placeholder="vous@exemple.com" {...register('email')} />
        </FormField>
        <FormField label="Mot de passe" error={errors.password}>
          <Input type="password" autoComplete="current-password" {...register('password')} />
        </FormField>
        <Box textAlign="right" fontSize="sm" mt="-2">
          <Link asChild variant="underline" colorPalette="orange" color="colorPalette.fg">
            <button type="button" onClick={() => onForgotPassword(getValues('email').trim().toLowerCase())}>
              {authMessages.forgotPasswordLink}
            </button>
          </Link>
        </Box>
        <Button type="submit" size="lg" width="full" loading={isSubmitting} mt="2">
          Se connecter
        </Button>
      </Stack>
    </form>
  );
}
