import { COMPANY_TYPE_LABELS, COMPANY_TYPES, TUTOR_COUNT_LABELS, TUTOR_COUNT_RANGES } from '#shared/constants';
import { organisationSchema, type Organisation, type OrganisationInput } from '#shared/company-schemas';
import { Input, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select-field';
import { useOrganisation, useSaveOrganisation } from '../api/onboarding-answers';
import { OnboardingWizard, type WizardDefinition } from './onboarding-wizard';

function defaults(saved: Organisation | null): Partial<OrganisationInput> {
  return {
    name: saved?.name ?? '',
    type: saved?.type,
    description: saved?.description ?? '',
    address: saved?.address ?? '',
    phone: saved?.phone ?? '',
    website: saved?.website ?? '',
    tutor_count: saved?.tutor_count,
    specialization: saved?.specialization ?? '',
    certifications: saved?.certifications ?? '',
  };
}

/** Company / association onboarding (3 steps), saved as the organisation's profile. */
const companyWizard: WizardDefinition<OrganisationInput, Organisation> = {
  useSaved: useOrganisation,
  useSave: useSaveOrganisation,
  resolver: zodResolver(organisationSchema),
  defaults,
  welcome: {
    body: (
      <>
        <Text>Gérez votre équipe de répétiteurs depuis un seul compte.</Text>
        <Text color="fg.muted">
          Présentez votre école, centre ou association et votre équipe : les familles sauront qui vous êtes.
        </Text>
      </>
    ),
  },
  useSteps: ({ register, formState: { errors } }) => ({
    steps: [
      {
        title: 'Votre organisation',
        fields: ['name', 'type', 'description', 'address', 'phone', 'website'],
        body: (
          <Stack gap="4">
            <FormField label="Nom de l'organisation" required error={errors.name?.message}>
              <Input autoComplete="organization" {...register('name')} />
            </FormField>
            <SelectField
              label="Type d'organisation"
              required
              error={errors.type?.message}
              placeholder="Choisissez un type"
              options={COMPANY_TYPES}
              labels={COMPANY_TYPE_LABELS}
              field={register('type')}
            />
            <FormField label="Description" required error={errors.description?.message}>
              <Textarea rows={3} {...register('description')} />
            </FormField>
            <FormField label="Adresse" required error={errors.address?.message}>
              <Input autoComplete="street-address" {...register('address')} />
            </FormField>
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
              <FormField label="Téléphone" required error={errors.phone?.message}>
                <Input type="tel" inputMode="tel" autoComplete="tel" placeholder="+225 07 00 00 00 00" {...register('phone')} />
              </FormField>
              <FormField label="Site web (optionnel)" error={errors.website?.message}>
                <Input type="url" inputMode="url" placeholder="https://" {...register('website')} />
              </FormField>
            </SimpleGrid>
          </Stack>
        ),
      },
      {
        title: 'Votre équipe',
        body: (
          <Stack gap="4">
            <SelectField
              label="Nombre de répétiteurs"
              required
              error={errors.tutor_count?.message}
              placeholder="Choisissez"
              options={TUTOR_COUNT_RANGES}
              labels={TUTOR_COUNT_LABELS}
              field={register('tutor_count')}
            />
            <FormField label="Spécialisation" error={errors.specialization?.message}>
              <Input placeholder="Ex. : sciences, langues, préparation aux examens" {...register('specialization')} />
            </FormField>
            <FormField label="Certifications" error={errors.certifications?.message}>
              <Textarea rows={3} {...register('certifications')} />
            </FormField>
          </Stack>
        ),
      },
    ],
  }),
  finishLabel: 'Terminer',
};

export function CompanyOnboarding({ firstName, onDone }: { firstName: string; onDone: () => void }) {
  return <OnboardingWizard definition={companyWizard} firstName={firstName} onDone={onDone} />;
}
