import { EXPERIENCE_LABELS, EXPERIENCE_OPTIONS, KYC_REVIEW_HOURS, LEVELS, MAX_DIPLOMAS, MAX_PROFILE_PHOTOS, SUBJECTS, SUGGESTED_RATE_RANGE, ZONE_LABELS, ZONES } from '#shared/constants';
import { onboardingMessages } from '#shared/message-catalogue/onboarding';
import { packagesMessages } from '#shared/message-catalogue/packages';
import { validationMessages } from '#shared/message-catalogue/validation';
import { formatFcfa } from '#shared/money';
import {
  HIDDEN_FROM_VISITORS_LABEL,
  normaliseWeek,
  parseHourlyRate,
  tutorProfileInputSchema,
  type MyTutorProfile,
  type TutorProfileInput,
} from '#shared/tutor-profile-schemas';
import { Alert, Link, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { LuShieldCheck } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { ZONE_OPTION_GROUPS } from '@/components/ui/zone-options';
import { ApiRequestError } from '@/lib/api';
import { useMyTutorProfile, useSaveTutorProfile } from '../api/onboarding-answers';
import { AvailabilityEditor } from './availability-editor';
import { DaysOffEditor } from './days-off-editor';
import { ImageUploader, type UploadedImage } from './image-uploader';
import type { WizardDefinition } from './onboarding-wizard';
import { FieldError } from './wizard-fields';

/** The first message of a list field's nested errors (`[2].end_date`), which has none of its own. */
function firstMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const own = (error as { message?: unknown }).message;
  if (typeof own === 'string') return own;
  for (const [key, nested] of Object.entries(error)) {
    if (key === 'ref') continue; // the field's element, not an error
    const found = firstMessage(nested);
    if (found) return found;
  }
  return undefined;
}

/** The error type of the API's refusal of days off over a package lesson (issue 32). */
const DAY_OFF_CONFLICT = 'dayOffConflict';

/**
 * Days off refused because package lessons fall on them: said next to the days off, with the way
 * out — 'Mes cours', where the tutor moves those lessons or refunds them, then saves again.
 */
function DayOffConflict({ message }: { message: string }) {
  return (
    <Alert.Root status="error" size="sm" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Description>
          {message}{' '}
          <Link asChild variant="underline" fontWeight="semibold">
            <RouterLink to="/cours">Aller à Mes cours</RouterLink>
          </Link>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

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
    availability_exceptions: saved?.availability_exceptions ?? [],
    profile_image_key: saved?.profile_image_key ?? null,
    diploma_image_keys: saved?.diploma_image_keys ?? [],
    hidden_from_visitors: saved?.hidden_from_visitors ?? false,
  } as TutorProfileInput;
}

/** Tutor onboarding (6 steps), saved as a completed tutor profile; the KYC flow comes next. */
export const tutorWizard: WizardDefinition<TutorProfileInput, MyTutorProfile> = {
  useSaved: useMyTutorProfile,
  useSave: useSaveTutorProfile,
  resolver: zodResolver(tutorProfileInputSchema),
  defaults,
  refusedField: (error) =>
    error instanceof ApiRequestError && error.status === 409 && error.message === packagesMessages.dayOffConflict
      ? { name: 'availability_exceptions', type: DAY_OFF_CONFLICT, message: error.message }
      : null,
  welcome: {
    description: 'Devenez répétiteur vérifié',
    body: (
      <>
        <Text>Présentez votre parcours, vos matières, votre zone et vos disponibilités aux familles d'Abidjan et de tout le pays.</Text>
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
  useSteps: function useTutorSteps({ control }, saved) {
    const [photo, setPhoto] = useState<UploadedImage[]>(
      saved?.profile_image_key ? [{ key: saved.profile_image_key, previewUrl: saved.profile_image_url }] : [],
    );
    const [diplomas, setDiplomas] = useState<UploadedImage[]>(
      (saved?.diploma_image_keys ?? []).map((key, i) => ({ key, previewUrl: saved?.diploma_image_urls[i] ?? null })),
    );
    return {
      steps: [
        {
          id: 'parcours',
          title: 'Votre parcours',
          controls: [
            {
              kind: 'textarea',
              name: 'bio',
              label: 'Présentation',
              required: true,
              rows: 4,
              placeholder: "Qui êtes-vous, qu'aimez-vous enseigner ?",
            },
            {
              kind: 'input',
              name: 'education',
              label: 'Formation',
              required: true,
              input: { placeholder: 'Ex. : Master de Mathématiques — Université FHB' },
            },
            {
              kind: 'select',
              name: 'experience',
              label: 'Expérience',
              required: true,
              placeholder: 'Choisissez',
              options: EXPERIENCE_OPTIONS,
              labels: EXPERIENCE_LABELS,
            },
            { kind: 'textarea', name: 'teaching_method', label: 'Méthode pédagogique', rows: 3 },
          ],
        },
        {
          id: 'matieres',
          title: 'Matières et niveaux',
          gap: '6',
          controls: [
            { kind: 'checkboxes', name: 'subjects', label: 'Matières enseignées', options: SUBJECTS },
            { kind: 'checkboxes', name: 'levels', label: 'Niveaux', options: LEVELS },
          ],
        },
        {
          id: 'zone-tarif',
          title: 'Zone et tarif',
          controls: [
            {
              kind: 'select',
              name: 'location',
              label: 'Zone',
              required: true,
              placeholder: 'Choisissez votre zone',
              options: ZONES,
              labels: ZONE_LABELS,
              groups: ZONE_OPTION_GROUPS,
            },
            {
              kind: 'input',
              name: 'hourly_rate',
              label: 'Tarif horaire (FCFA)',
              helperText: `Conseillé : ${formatFcfa(SUGGESTED_RATE_RANGE.min)} à ${formatFcfa(SUGGESTED_RATE_RANGE.max)}. Laissez vide pour le définir plus tard.`,
              input: { inputMode: 'numeric', placeholder: '5000' },
              rules: { setValueAs: (text: unknown) => (typeof text === 'string' ? parseHourlyRate(text) : text) },
            },
            // Issue 17: out of the public search, the shared links' pages and the search engines.
            {
              kind: 'toggle',
              name: 'hidden_from_visitors',
              label: HIDDEN_FROM_VISITORS_LABEL,
              description:
                'Les parents connectés vous trouvent toujours ; les visiteurs sans compte et les moteurs de recherche ne voient plus votre profil.',
            },
          ],
        },
        {
          id: 'disponibilites',
          title: 'Disponibilités',
          description: 'Cochez vos jours disponibles et ajustez vos créneaux.',
          fields: ['availability_schedule', 'availability_exceptions'],
          body: (
            <Stack gap="6">
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
              <Controller
                control={control}
                name="availability_exceptions"
                render={({ field, fieldState }) => (
                  <Stack gap="2">
                    <DaysOffEditor value={field.value ?? []} onChange={field.onChange} />
                    {fieldState.error?.type === DAY_OFF_CONFLICT ? (
                      <DayOffConflict message={fieldState.error.message ?? packagesMessages.dayOffConflict} />
                    ) : (
                      <FieldError message={fieldState.error?.message ?? firstMessage(fieldState.error)} />
                    )}
                  </Stack>
                )}
              />
            </Stack>
          ),
        },
        {
          id: 'photo-diplomes',
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
  savedMessage: onboardingMessages.saved,
  invalidMessage: validationMessages.invalidRequest,
};
