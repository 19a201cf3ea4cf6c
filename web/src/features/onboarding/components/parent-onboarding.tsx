import { CHILD_LEVEL_LABELS, CHILD_LEVELS, MONTHLY_BUDGET_LABELS, MONTHLY_BUDGETS, PARENT_ZONES, ZONE_LABELS } from '#shared/constants';
import { parentPreferencesSchema, type ParentPreferences, type ParentPreferencesInput } from '#shared/parent-schemas';
import { Button, Card, HStack, IconButton, Input, NativeSelect, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { LuPlus, LuTrash2, LuUsers } from 'react-icons/lu';
import { useParentPreferences, useSaveParentPreferences } from '../api/onboarding-answers';
import { AnswersSkeleton } from './answers-skeleton';
import { FormField } from '@/components/ui/form-field';
import { saveOrNotify } from '../hooks/save-or-notify';
import { StepShell } from './step-shell';

const TOTAL = 3;
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
export function ParentOnboarding({ firstName, onDone }: { firstName: string; onDone: () => void }) {
  const saved = useParentPreferences();
  if (saved.isPending) return <AnswersSkeleton />;
  // A failed read still lets the parent answer from scratch.
  return <ParentSteps firstName={firstName} saved={saved.data ?? null} onDone={onDone} />;
}

function ParentSteps({ firstName, saved, onDone }: { firstName: string; saved: ParentPreferences | null; onDone: () => void }) {
  const [step, setStep] = useState(1);
  const save = useSaveParentPreferences();
  const {
    register,
    control,
    trigger,
    handleSubmit,
    formState: { errors },
  } = useForm<ParentPreferencesInput>({ resolver: zodResolver(parentPreferencesSchema), defaultValues: defaults(saved) });
  const children = useFieldArray({ control, name: 'children' });

  const submit = handleSubmit(async (values) => {
    if (await saveOrNotify(save, values)) onDone();
  });

  if (step === 1) {
    return (
      <StepShell step={1} total={TOTAL} title={`Bienvenue sur Kalan, ${firstName} !`} onNext={() => setStep(2)}>
        <Stack gap="3">
          <Text>Trouvons ensemble le répétiteur idéal pour vos enfants.</Text>
          <Text color="fg.muted">
            Parlez-nous de vos enfants, de votre quartier et de votre budget : nous vous proposerons des répétiteurs
            vérifiés qui vous correspondent.
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
        title="Vos enfants"
        description="Pour qui cherchez-vous un répétiteur ?"
        onPrevious={() => setStep(1)}
        onNext={async () => (await trigger('children')) && setStep(3)}
      >
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
                      <FormField label="Niveau scolaire" required error={childErrors?.level?.message}>
                        <NativeSelect.Root>
                          <NativeSelect.Field {...register(`children.${index}.level`)}>
                            {CHILD_LEVELS.map((level) => (
                              <option key={level} value={level}>
                                {CHILD_LEVEL_LABELS[level]}
                              </option>
                            ))}
                          </NativeSelect.Field>
                          <NativeSelect.Indicator />
                        </NativeSelect.Root>
                      </FormField>
                    </SimpleGrid>
                  </Stack>
                </Card.Body>
              </Card.Root>
            );
          })}
          {errors.children?.root?.message && (
            <Text color="fg.error" fontSize="sm">
              {errors.children.root.message}
            </Text>
          )}
          <Button variant="outline" alignSelf="flex-start" onClick={() => children.append({ ...emptyChild })} disabled={children.fields.length >= 10}>
            <LuPlus />
            Ajouter un enfant
          </Button>
        </Stack>
      </StepShell>
    );
  }

  return (
    <StepShell
      step={3}
      total={TOTAL}
      title="Vos préférences"
      description="Elles nous aident à vous recommander les bons répétiteurs."
      onPrevious={() => setStep(2)}
      onNext={() => void submit()}
      nextLabel="Terminer"
      isBusy={save.isPending}
    >
      <Stack gap="4">
        <FormField label="Zone" error={errors.zone?.message}>
          <NativeSelect.Root>
            <NativeSelect.Field placeholder="Choisissez votre quartier" {...register('zone', { setValueAs: optional })}>
              {PARENT_ZONES.map((zone) => (
                <option key={zone} value={zone}>
                  {ZONE_LABELS[zone]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <FormField label="Budget mensuel" error={errors.monthly_budget?.message}>
          <NativeSelect.Root>
            <NativeSelect.Field placeholder="Choisissez un budget" {...register('monthly_budget', { setValueAs: optional })}>
              {MONTHLY_BUDGETS.map((budget) => (
                <option key={budget} value={budget}>
                  {MONTHLY_BUDGET_LABELS[budget]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <FormField label="Préférences" error={errors.preferences?.message} helperText="Matières, horaires, attentes particulières…">
          <Textarea rows={4} {...register('preferences')} />
        </FormField>
      </Stack>
    </StepShell>
  );
}
