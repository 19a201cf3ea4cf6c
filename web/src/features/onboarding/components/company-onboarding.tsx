import { COMPANY_TYPE_LABELS, COMPANY_TYPES, TUTOR_COUNT_LABELS, TUTOR_COUNT_RANGES } from '#shared/constants';
import { organisationSchema, type Organisation, type OrganisationInput } from '#shared/company-schemas';
import { Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useOrganisation, useSaveOrganisation } from '../api/onboarding-answers';
import type { WizardDefinition } from './onboarding-wizard';

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
export const companyWizard: WizardDefinition<OrganisationInput, Organisation> = {
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
  useSteps: () => ({
    steps: [
      {
        id: 'organisation',
        title: 'Votre organisation',
        controls: [
          {
            kind: 'input',
            name: 'name',
            label: "Nom de l'organisation",
            required: true,
            input: { autoComplete: 'organization' },
          },
          {
            kind: 'select',
            name: 'type',
            label: "Type d'organisation",
            required: true,
            placeholder: 'Choisissez un type',
            options: COMPANY_TYPES,
            labels: COMPANY_TYPE_LABELS,
          },
          { kind: 'textarea', name: 'description', label: 'Description', required: true, rows: 3 },
          { kind: 'input', name: 'address', label: 'Adresse', required: true, input: { autoComplete: 'street-address' } },
          {
            kind: 'pair',
            fields: [
              {
                kind: 'input',
                name: 'phone',
                label: 'Téléphone',
                required: true,
                input: { type: 'tel', inputMode: 'tel', autoComplete: 'tel', placeholder: '+225 07 00 00 00 00' },
              },
              {
                kind: 'input',
                name: 'website',
                label: 'Site web (optionnel)',
                input: { type: 'url', inputMode: 'url', placeholder: 'https://' },
              },
            ],
          },
        ],
      },
      {
        id: 'equipe',
        title: 'Votre équipe',
        controls: [
          {
            kind: 'select',
            name: 'tutor_count',
            label: 'Nombre de répétiteurs',
            required: true,
            placeholder: 'Choisissez',
            options: TUTOR_COUNT_RANGES,
            labels: TUTOR_COUNT_LABELS,
          },
          {
            kind: 'input',
            name: 'specialization',
            label: 'Spécialisation',
            input: { placeholder: 'Ex. : sciences, langues, préparation aux examens' },
          },
          { kind: 'textarea', name: 'certifications', label: 'Certifications', rows: 3 },
        ],
      },
    ],
  }),
};
