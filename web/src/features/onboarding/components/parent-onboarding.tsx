import { CHILD_LEVEL_LABELS, CHILD_LEVELS, MONTHLY_BUDGET_LABELS, MONTHLY_BUDGETS, PARENT_ZONES, ZONE_LABELS } from '#shared/constants';
import { parentPreferencesSchema, type ParentPreferences, type ParentPreferencesInput } from '#shared/parent-schemas';
import { Button, Card, HStack, IconButton, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useFieldArray } from 'react-hook-form';
import { LuPlus, LuTrash2, LuUsers } from 'react-icons/lu';
import { FormField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select-field';
import { ZONE_OPTION_GROUPS } from '@/components/ui/zone-options';
import { useParentPreferences, useSaveParentPreferences } from '../api/onboarding-answers';
import type { WizardDefinition } from './onboarding-wizard';
import { FieldError } from './wizard-fields';

const emptyChild = { first_name: '', age: Number.NaN, level: 'primaire' as const };
const optional = (value: unknown) => (value === '' || value === null ? undefined : value);

function defaults(saved: ParentPreferences | null | undefined): ParentPreferencesInput {
  return {
    children: saved?.children.length ? saved.children : [{ ...emptyChild }],
    zone: saved?.zone ?? undefined,
    monthly_budget: saved?.monthly_budget ?? undefined,
    preferences: saved?.preferences ?? '',
  } as ParentPreferencesInput;
}

/** Parent onboarding (3 steps), saved as the parent's preferences. */
export const parentWizard: WizardDefinition<ParentPreferencesInput, ParentPreferences> = {
  useSaved: useParentPreferences,
  useSave: useSaveParentPreferences,
  resolver: zodResolver(parentPreferencesSchema),
  defaults,
  welcome: {
    body: (
      <>
        <Text>Trouvons ensemble le répétiteur idéal pour vos enfants.</Text>
        <Text color="fg.muted">
          Parlez-nous de vos enfants, de votre quartier et de votre budget : nous vous proposerons des répétiteurs
          vérifiés qui vous correspondent.
        </Text>
      </>
    ),
  },
  useSteps: function useParentSteps({ register, control, formState: { errors } }) {
    const children = useFieldArray({ control, name: 'children' });
    return {
      steps: [
        {
          id: 'enfants',
          title: 'Vos enfants',
          description: 'Pour qui cherchez-vous un répétiteur ?',
          fields: ['children'],
          body: (
            <Stack gap="4">
              {children.fields.map((field, index) => {
                const childErrors = errors.children?.[index];
                return (
                  <Card.Root key={field.id} variant="outline" size="sm">
                    <Card.Body>
                      <Stack gap="3">
                        <HStack justify="space-between">
                          <HStack gap="2" color="fg.muted">
                            <LuUsers />
                            <Text fontWeight="medium">Enfant {index + 1}</Text>
                          </HStack>
                          {children.fields.length > 1 && (
                            <IconButton
                              aria-label={`Retirer l'enfant ${index + 1}`}
                              variant="ghost"
                              colorPalette="red"
                              size="sm"
                              onClick={() => children.remove(index)}
                            >
                              <LuTrash2 />
                            </IconButton>
                          )}
                        </HStack>
                        <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3">
                          <FormField label="Prénom" required error={childErrors?.first_name?.message}>
                            <Input autoComplete="off" {...register(`children.${index}.first_name`)} />
                          </FormField>
                          <FormField label="Âge" required error={childErrors?.age?.message}>
                            <Input
                              type="number"
                              inputMode="numeric"
                              min={1}
                              max={99}
                              {...register(`children.${index}.age`, { valueAsNumber: true })}
                            />
                          </FormField>
                          <SelectField
                            label="Niveau scolaire"
                            required
                            error={childErrors?.level?.message}
                            options={CHILD_LEVELS}
                            labels={CHILD_LEVEL_LABELS}
                            field={register(`children.${index}.level`)}
                          />
                        </SimpleGrid>
                      </Stack>
                    </Card.Body>
                  </Card.Root>
                );
              })}
              <FieldError message={errors.children?.root?.message} />
              <Button variant="outline" alignSelf="flex-start" onClick={() => children.append({ ...emptyChild })} disabled={children.fields.length >= 10}>
                <LuPlus />
                Ajouter un enfant
              </Button>
            </Stack>
          ),
        },
        {
          id: 'preferences',
          title: 'Vos préférences',
          description: 'Elles nous aident à vous recommander les bons répétiteurs.',
          controls: [
            {
              kind: 'select',
              name: 'zone',
              label: 'Zone',
              placeholder: 'Choisissez votre commune ou ville',
              options: PARENT_ZONES,
              labels: ZONE_LABELS,
              groups: ZONE_OPTION_GROUPS,
              rules: { setValueAs: optional },
            },
            {
              kind: 'select',
              name: 'monthly_budget',
              label: 'Budget mensuel',
              placeholder: 'Choisissez un budget',
              options: MONTHLY_BUDGETS,
              labels: MONTHLY_BUDGET_LABELS,
              rules: { setValueAs: optional },
            },
            {
              kind: 'textarea',
              name: 'preferences',
              label: 'Préférences',
              rows: 4,
              helperText: 'Matières, horaires, attentes particulières…',
            },
          ],
        },
      ],
    };
  },
};
