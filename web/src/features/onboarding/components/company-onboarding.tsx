import { COMPANY_TYPE_LABELS, COMPANY_TYPES, TUTOR_COUNT_LABELS, TUTOR_COUNT_RANGES } from '#shared/constants';
import { organisationSchema, type Organisation, type OrganisationInput } from '#shared/company-schemas';
import { Input, NativeSelect, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useOrganisation, useSaveOrganisation } from '../api/onboarding-answers';
import { AnswersSkeleton } from './answers-skeleton';
import { FormField } from '@/components/ui/form-field';
import { saveOrNotify } from '../hooks/save-or-notify';
import { StepShell } from './step-shell';

const TOTAL = 3;
const ORGANISATION_FIELDS = ['name', 'type', 'description', 'address', 'phone', 'website'] as const;

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
export function CompanyOnboarding({ firstName, onDone }: { firstName: string; onDone: () => void }) {
  const saved = useOrganisation();
  if (saved.isPending) return <AnswersSkeleton />;
  return <CompanySteps firstName={firstName} saved={saved.data ?? null} onDone={onDone} />;
}

function CompanySteps({ firstName, saved, onDone }: { firstName: string; saved: Organisation | null; onDone: () => void }) {
  const [step, setStep] = useState(1);
  const save = useSaveOrganisation();
  const {
    register,
    trigger,
    handleSubmit,
    formState: { errors },
  } = useForm<OrganisationInput>({ resolver: zodResolver(organisationSchema), defaultValues: defaults(saved) });

  const submit = handleSubmit(async (values) => {
    if (await saveOrNotify(save, values)) onDone();
  });

  if (step === 1) {
    return (
      <StepShell step={1} total={TOTAL} title={`Bienvenue sur Kalan, ${firstName} !`} onNext={() => setStep(2)}>
        <Stack gap="3">
          <Text>Gérez votre équipe de répétiteurs depuis un seul compte.</Text>
          <Text color="fg.muted">
            Présentez votre école, centre ou association et votre équipe : les familles sauront qui vous êtes.
          </Text>
        </Stack>
      </StepShell>
    );
  }

  if (step === 2) {
    return (
      <StepShell
        step={2}
        total={TOTAL}
        title="Votre organisation"
        onPrevious={() => setStep(1)}
        onNext={async () => (await trigger(ORGANISATION_FIELDS)) && setStep(3)}
      >
        <Stack gap="4">
          <FormField label="Nom de l'organisation" required error={errors.name?.message}>
            <Input autoComplete="organization" {...register('name')} />
          </FormField>
          <FormField label="Type d'organisation" required error={errors.type?.message}>
            <NativeSelect.Root>
              <NativeSelect.Field placeholder="Choisissez un type" {...register('type')}>
                {COMPANY_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {COMPANY_TYPE_LABELS[type]}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
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
      </StepShell>
    );
  }

  return (
    <StepShell
      step={3}
      total={TOTAL}
      title="Votre équipe"
      onPrevious={() => setStep(2)}
      onNext={() => void submit()}
      nextLabel="Terminer"
      isBusy={save.isPending}
    >
      <Stack gap="4">
        <FormField label="Nombre de répétiteurs" required error={errors.tutor_count?.message}>
          <NativeSelect.Root>
            <NativeSelect.Field placeholder="Choisissez" {...register('tutor_count')}>
              {TUTOR_COUNT_RANGES.map((range) => (
                <option key={range} value={range}>
                  {TUTOR_COUNT_LABELS[range]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <FormField label="Spécialisation" error={errors.specialization?.message}>
          <Input placeholder="Ex. : sciences, langues, préparation aux examens" {...register('specialization')} />
        </FormField>
        <FormField label="Certifications" error={errors.certifications?.message}>
          <Textarea rows={3} {...register('certifications')} />
        </FormField>
      </Stack>
    </StepShell>
  );
}
