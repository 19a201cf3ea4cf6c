import { EXPERIENCE_LABELS, EXPERIENCE_OPTIONS, KYC_REVIEW_HOURS, LEVELS, MAX_DIPLOMAS, MAX_PROFILE_PHOTOS, SUBJECTS, SUGGESTED_RATE_RANGE, ZONE_LABELS, ZONES } from '#shared/constants';
import { messages } from '#shared/messages';
import { formatFcfa } from '#shared/money';
import {
  normaliseWeek,
  parseHourlyRate,
  tutorProfileInputSchema,
  type MyTutorProfile,
  type TutorProfileInput,
} from '#shared/tutor-profile-schemas';
import { Checkbox, Input, NativeSelect, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm, type FieldPath } from 'react-hook-form';
import { LuShieldCheck } from 'react-icons/lu';
import { notify } from '@/components/ui/notify';
import { useMyTutorProfile, useSaveTutorProfile } from '../api/onboarding-answers';
import { AnswersSkeleton } from './answers-skeleton';
import { AvailabilityEditor } from './availability-editor';
import { FormField } from '@/components/ui/form-field';
import { ImageUploader, type UploadedImage } from './image-uploader';
import { saveOrNotify } from '../hooks/save-or-notify';
import { StepShell } from './step-shell';

const TOTAL = 6;

const STEP_FIELDS: Record<number, FieldPath<TutorProfileInput>[]> = {
  2: ['bio', 'education', 'experience', 'teaching_method'],
  3: ['subjects', 'levels'],
  4: ['location', 'hourly_rate'],
  5: ['availability_schedule'],
};

function defaults(saved: MyTutorProfile | null): TutorProfileInput {
  return {
    bio: saved?.bio ?? '',
    education: saved?.education ?? '',
    experience: saved?.experience ?? undefined,
    teaching_method: saved?.teaching_method ?? '',
    subjects: (saved?.subjects ?? []) as TutorProfileInput['subjects'],
    levels: (saved?.levels ?? []) as TutorProfileInput['levels'],
    location: saved?.location ?? undefined,
    hourly_rate: saved?.hourly_rate ?? null,
    availability_schedule: normaliseWeek(saved?.availability_schedule),
    profile_image_key: saved?.profile_image_key ?? null,
    diploma_image_keys: saved?.diploma_image_keys ?? [],
  } as TutorProfileInput;
}

interface TutorOnboardingProps {
  firstName: string;
  /** Called once the profile is saved: the KYC flow comes next. */
  onSaved: () => void;
}

/** Tutor onboarding (6 steps), saved as a completed tutor profile. */
export function TutorOnboarding({ firstName, onSaved }: TutorOnboardingProps) {
  const saved = useMyTutorProfile();
  if (saved.isPending) return <AnswersSkeleton />;
  return <TutorSteps firstName={firstName} saved={saved.data ?? null} onSaved={onSaved} />;
}

function TutorSteps({ firstName, saved, onSaved }: { firstName: string; saved: MyTutorProfile | null; onSaved: () => void }) {
  const [step, setStep] = useState(1);
  const [photo, setPhoto] = useState<UploadedImage[]>(
    saved?.profile_image_key ? [{ key: saved.profile_image_key, previewUrl: saved.profile_image_url }] : [],
  );
  const [diplomas, setDiplomas] = useState<UploadedImage[]>(
    (saved?.diploma_image_keys ?? []).map((key, i) => ({ key, previewUrl: saved?.diploma_image_urls[i] ?? null })),
  );
  const save = useSaveTutorProfile();
  const {
    register,
    control,
    trigger,
    handleSubmit,
    formState: { errors },
  } = useForm<TutorProfileInput>({ resolver: zodResolver(tutorProfileInputSchema), defaultValues: defaults(saved) });

  const next = async () => {
    const fields = STEP_FIELDS[step];
    if (fields && !(await trigger(fields))) return;
    setStep((s) => s + 1);
  };
  const previous = step > 1 ? () => setStep((s) => s - 1) : undefined;

  const submit = handleSubmit(
    async (values) => {
      const saved = await saveOrNotify(save, {
        ...values,
        profile_image_key: photo[0]?.key ?? null,
        diploma_image_keys: diplomas.map((d) => d.key),
      });
      if (!saved) return;
      notify.success({ title: messages.onboarding.saved });
      onSaved();
    },
    () => notify.error({ title: messages.onboarding.saveFailure, description: messages.validation.invalidRequest }),
  );

  const shell = { step, total: TOTAL, onPrevious: previous, onNext: () => void next() };

  if (step === 1) {
    return (
      <StepShell {...shell} title={`Bienvenue sur Kalan, ${firstName} !`} description="Devenez répétiteur vérifié">
        <Stack gap="3">
          <Text>Présentez votre parcours, vos matières, votre zone et vos disponibilités aux familles d'Abidjan.</Text>
          <Text>
            Les répétiteurs fixent en général leur tarif entre {formatFcfa(SUGGESTED_RATE_RANGE.min)} et{' '}
            {formatFcfa(SUGGESTED_RATE_RANGE.max)} de l'heure.
          </Text>
          <Stack direction="row" gap="2" align="flex-start" bg="orange.subtle" p="3" rounded="md">
            <LuShieldCheck />
            <Text fontSize="sm">
              Une vérification d'identité (photo de votre pièce d'identité et selfie) est requise. Elle prend
              généralement {KYC_REVIEW_HOURS} heures ouvrables.
            </Text>
          </Stack>
        </Stack>
      </StepShell>
    );
  }

  if (step === 2) {
    return (
      <StepShell {...shell} title="Votre parcours">
        <Stack gap="4">
          <FormField label="Présentation" required error={errors.bio?.message}>
            <Textarea rows={4} placeholder="Qui êtes-vous, qu'aimez-vous enseigner ?" {...register('bio')} />
          </FormField>
          <FormField label="Formation" required error={errors.education?.message}>
            <Input placeholder="Ex. : Master de Mathématiques — Université FHB" {...register('education')} />
          </FormField>
          <FormField label="Expérience" required error={errors.experience?.message}>
            <NativeSelect.Root>
              <NativeSelect.Field placeholder="Choisissez" {...register('experience')}>
                {EXPERIENCE_OPTIONS.map((option) => (
                  <option key={option} value={option}>
                    {EXPERIENCE_LABELS[option]}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
          <FormField label="Méthode pédagogique" error={errors.teaching_method?.message}>
            <Textarea rows={3} {...register('teaching_method')} />
          </FormField>
        </Stack>
      </StepShell>
    );
  }

  if (step === 3) {
    return (
      <StepShell {...shell} title="Matières et niveaux">
        <Stack gap="6">
          <CheckboxGroup
            name="subjects"
            legend="Matières enseignées"
            options={SUBJECTS}
            control={control}
            error={errors.subjects?.message ?? errors.subjects?.root?.message}
          />
          <CheckboxGroup
            name="levels"
            legend="Niveaux"
            options={LEVELS}
            control={control}
            error={errors.levels?.message ?? errors.levels?.root?.message}
          />
        </Stack>
      </StepShell>
    );
  }

  if (step === 4) {
    return (
      <StepShell {...shell} title="Zone et tarif">
        <Stack gap="4">
          <FormField label="Zone" required error={errors.location?.message}>
            <NativeSelect.Root>
              <NativeSelect.Field placeholder="Choisissez votre zone" {...register('location')}>
                {ZONES.map((zone) => (
                  <option key={zone} value={zone}>
                    {ZONE_LABELS[zone]}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
          <FormField
            label="Tarif horaire (FCFA)"
            error={errors.hourly_rate?.message}
            helperText={`Conseillé : ${formatFcfa(SUGGESTED_RATE_RANGE.min)} à ${formatFcfa(SUGGESTED_RATE_RANGE.max)}. Laissez vide pour le définir plus tard.`}
          >
            <Input
              inputMode="numeric"
              placeholder="5000"
              {...register('hourly_rate', { setValueAs: (text: unknown) => (typeof text === 'string' ? parseHourlyRate(text) : text) })}
            />
          </FormField>
        </Stack>
      </StepShell>
    );
  }

  if (step === 5) {
    return (
      <StepShell {...shell} title="Disponibilités" description="Cochez vos jours disponibles et ajustez vos créneaux.">
        <Controller
          control={control}
          name="availability_schedule"
          render={({ field, fieldState }) => (
            <Stack gap="2">
              <AvailabilityEditor value={field.value} onChange={field.onChange} />
              {fieldState.error?.message && (
                <Text color="fg.error" fontSize="sm">
                  {fieldState.error.message}
                </Text>
              )}
            </Stack>
          )}
        />
      </StepShell>
    );
  }

  return (
    <StepShell
      {...shell}
      title="Photo et diplômes"
      description="Une photo de profil inspire confiance aux familles."
      onNext={() => void submit()}
      nextLabel="Enregistrer et continuer"
      isBusy={save.isPending}
    >
      <Stack gap="6">
        <ImageUploader label="Photo de profil" purpose="profile_photo" max={MAX_PROFILE_PHOTOS} value={photo} onChange={setPhoto} />
        <ImageUploader label="Diplômes" purpose="diploma" max={MAX_DIPLOMAS} value={diplomas} onChange={setDiplomas} />
      </Stack>
    </StepShell>
  );
}

interface CheckboxGroupProps {
  name: 'subjects' | 'levels';
  legend: string;
  options: readonly string[];
  control: ReturnType<typeof useForm<TutorProfileInput>>['control'];
  error?: string;
}

function CheckboxGroup({ name, legend, options, control, error }: CheckboxGroupProps) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const selected = field.value as string[];
        const toggle = (option: string, checked: boolean) =>
          field.onChange(checked ? [...selected, option] : selected.filter((value) => value !== option));
        return (
          <Stack as="fieldset" gap="3">
            <Text as="legend" fontWeight="semibold" mb="2">
              {legend}
            </Text>
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="2">
              {options.map((option) => (
                <Checkbox.Root
                  key={option}
                  checked={selected.includes(option)}
                  onCheckedChange={({ checked }) => toggle(option, checked === true)}
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>{option}</Checkbox.Label>
                </Checkbox.Root>
              ))}
            </SimpleGrid>
            {error && (
              <Text color="fg.error" fontSize="sm">
                {error}
              </Text>
            )}
          </Stack>
        );
      }}
    />
  );
}
