import { SIGN_UP_ROLE_OPTIONS } from '#shared/constants';
import { authMessages } from '#shared/message-catalogue/auth';
import { signUpSchema, type SignUpInput } from '#shared/schemas';
import { Button, Input, NativeSelect, SimpleGrid, Stack } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { FormField } from './form-field';

interface SignUpFormProps {
  onSubmit: (values: SignUpInput) => Promise<void>;
  /** The account type chosen on arrival (e.g. Répétiteur from 'Devenir répétiteur'). */
  defaultRole?: SignUpInput['role'];
}

const DEFAULT_VALUES: SignUpInput = { firstName: '', lastName: '', role: 'parent', email: '', password: '' };

export function SignUpForm({ onSubmit, defaultRole = 'parent' }: SignUpFormProps) {
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<SignUpInput>({ resolver: zodResolver(signUpSchema), defaultValues: { ...DEFAULT_VALUES, role: defaultRole } });

  const role = watch('role');
  const roleDescription = SIGN_UP_ROLE_OPTIONS.find((option) => option.value === role)?.description;

  return (
    // noValidate: the zod schema gives the French messages, not the browser.
    <form noValidate onSubmit={handleSubmit(onSubmit)}>
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <FormField label="Prénom" error={errors.firstName}>
            <Input autoComplete="given-name" {...register('firstName')} />
          </FormField>
          <FormField label="Nom" error={errors.lastName}>
            <Input autoComplete="family-name" {...register('lastName')} />
          </FormField>
        </SimpleGrid>
        <FormField label="Type de compte" error={errors.role} helperText={roleDescription}>
          <NativeSelect.Root>
            <NativeSelect.Field {...register('role')}>
              {SIGN_UP_ROLE_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label} — {option.description}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <FormField label="Email" error={errors.email}>
          <Input type="email" autoComplete="email" inputMode="email" placeholder="vous@exemple.com" {...register('email')} />
        </FormField>
        <FormField label="Mot de passe" error={errors.password} helperText={authMessages.passwordHelp}>
          <Input type="password" autoComplete="new-password" {...register('password')} />
        </FormField>
        <Button type="submit" size="lg" width="full" loading={isSubmitting} mt="2">
          S'inscrire
        </Button>
      </Stack>
    </form>
  );
}
