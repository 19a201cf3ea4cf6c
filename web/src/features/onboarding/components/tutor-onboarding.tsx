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
import { Checkbox, Input, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, type Control } from 'react-hook-form';
import { LuShieldCheck } from 'react-icons/lu';
import { FormField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select-field';
import { useMyTutorProfile, useSaveTutorProfile } from '../api/onboarding-answers';
import { AvailabilityEditor } from './availability-editor';
import { ImageUploader, type UploadedImage } from './image-uploader';
import { FieldError, OnboardingWizard, type WizardDefinition } from './onboarding-wizard';

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

/** Tutor onboarding (6 steps), saved as a completed tutor profile; the KYC flow comes next. */
const tutorWizard: WizardDefinition<TutorProfileInput, MyTutorProfile> = {
  useSaved: useMyTutorProfile,
  useSave: useSaveTutorProfile,
  resolver: zodResolver(tutorProfileInputSchema),
  defaults,
  welcome: {
    description: 'Devenez répétiteur vérifié',
    body: (
      <>
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
      </>
    ),
  },
  useSteps: function useTutorSteps({ register, control, formState: { errors } }, saved) {
    const [photo, setPhoto] = useState<UploadedImage[]>(
      saved?.profile_image_key ? [{ key: saved.profile_image_key, previewUrl: saved.profile_image_url }] : [],
    );
    const [diplomas, setDiplomas] = useState<UploadedImage[]>(
      (saved?.diploma_image_keys ?? []).map((key, i) => ({ key, previewUrl: saved?.diploma_image_urls[i] ?? null })),
    );
    return {
      steps: [
        {
          title: 'Votre parcours',
          fields: ['bio', 'education', 'experience', 'teaching_method'],
          body: (
            <Stack gap="4">
              <FormField label="Présentation" required error={errors.bio?.message}>
                <Textarea rows={4} placeholder="Qui êtes-vous, qu'aimez-vous enseigner ?" {...register('bio')} />
              </FormField>
              <FormField label="Formation" required error={errors.education?.message}>
                <Input placeholder="Ex. : Master de Mathématiques — Université FHB" {...register('education')} />
              </FormField>
              <SelectField
                label="Expérience"
                required
                error={errors.experience?.message}
                placeholder="Choisissez"
                options={EXPERIENCE_OPTIONS}
                labels={EXPERIENCE_LABELS}
                field={register('experience')}
              />
              <FormField label="Méthode pédagogique" error={errors.teaching_method?.message}>
                <Textarea rows={3} {...register('teaching_method')} />
              </FormField>
            </Stack>
          ),
        },
        {
          title: 'Matières et niveaux',
          fields: ['subjects', 'levels'],
          body: (
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
          ),
        },
        {
          title: 'Zone et tarif',
          fields: ['location', 'hourly_rate'],
          body: (
            <Stack gap="4">
              <SelectField
                label="Zone"
                required
                error={errors.location?.message}
                placeholder="Choisissez votre zone"
                options={ZONES}
                labels={ZONE_LABELS}
                field={register('location')}
              />
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
          ),
        },
        {
          title: 'Disponibilités',
          description: 'Cochez vos jours disponibles et ajustez vos créneaux.',
          fields: ['availability_schedule'],
          body: (
            <Controller
              control={control}
              name="availability_schedule"
              render={({ field, fieldState }) => (
                <Stack gap="2">
                  <AvailabilityEditor value={field.value} onChange={field.onChange} />
                  <FieldError message={fieldState.error?.message} />
                </Stack>
              )}
            />
          ),
        },
        {
          title: 'Photo et diplômes',
          description: 'Une photo de profil inspire confiance aux familles.',
          body: (
            <Stack gap="6">
              <ImageUploader label="Photo de profil" purpose="profile_photo" max={MAX_PROFILE_PHOTOS} value={photo} onChange={setPhoto} />
              <ImageUploader label="Diplômes" purpose="diploma" max={MAX_DIPLOMAS} value={diplomas} onChange={setDiplomas} />
            </Stack>
          ),
        },
      ],
      prepare: (values) => ({ ...values, profile_image_key: photo[0]?.key ?? null, diploma_image_keys: diplomas.map((d) => d.key) }),
    };
  },
  finishLabel: 'Enregistrer et continuer',
  savedMessage: messages.onboarding.saved,
  invalidMessage: messages.validation.invalidRequest,
};

interface TutorOnboardingProps {
  firstName: string;
  /** Called once the profile is saved: the KYC flow comes next. */
  onSaved: () => void;
}

export function TutorOnboarding({ firstName, onSaved }: TutorOnboardingProps) {
  return <OnboardingWizard definition={tutorWizard} firstName={firstName} onDone={onSaved} />;
}

interface CheckboxGroupProps {
  name: 'subjects' | 'levels';
  legend: string;
  options: readonly string[];
  control: Control<TutorProfileInput>;
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
            <FieldError message={error} />
          </Stack>
        );
      }}
    />
  );
}
