import { signInSchema, type SignInInput } from '#shared/schemas';
import { Button, Input, Stack } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { FormField } from './form-field';

interface SignInFormProps {
  onSubmit: (values: SignInInput) => Promise<void>;
}

export function SignInForm({ onSubmit }: SignInFormProps) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignInInput>({ resolver: zodResolver(signInSchema), defaultValues: { email: '', password: '' } });

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
        <Button type="submit" size="lg" width="full" loading={isSubmitting} mt="2">
          Se connecter
        </Button>
      </Stack>
    </form>
  );
}
