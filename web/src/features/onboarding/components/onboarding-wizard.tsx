import { Stack } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { useForm, type DefaultValues, type FieldPath, type FieldValues, type Resolver, type UseFormReturn } from 'react-hook-form';
import { messages } from '#shared/messages';
import { notify } from '@/components/ui/notify';
import { saveOrNotify } from '../hooks/save-or-notify';
import { AnswersSkeleton } from './answers-skeleton';
import { StepShell } from './step-shell';
import { fieldNames, WizardFields, type WizardField } from './wizard-fields';

/** One step of a role's onboarding after the welcome. */
export interface WizardStep<T extends FieldValues> {
  title: string;
  description?: ReactNode;
  /** The step's controls as data; their fields are checked (with the schema's French errors) before the next step. */
  controls?: WizardField<T>[];
  /** Space between the controls (4 by default). */
  gap?: string;
  /** A step that is not a list of controls (a field array, an editor, uploads) and the fields it checks. */
  body?: ReactNode;
  fields?: FieldPath<T>[];
}

/**
 * A role's onboarding as data: where its answers are read and saved, their schema and defaults,
 * the welcome, the steps, and what differs at the end. `useSteps` is called on every render of
 * the wizard (it may use hooks: a field array, the state of uploaded images).
 */
export interface WizardDefinition<T extends FieldValues, Saved> {
  useSaved: () => { isPending: boolean; data?: Saved | null };
  useSave: () => { mutateAsync: (values: T) => Promise<unknown>; isPending: boolean };
  resolver: Resolver<T>;
  defaults: (saved: Saved | null) => DefaultValues<T>;
  welcome: { description?: string; body: ReactNode };
  useSteps: (form: UseFormReturn<T>, saved: Saved | null) => { steps: WizardStep<T>[]; prepare?: (values: T) => T };
  /** The last step's button ('Terminer' by default). */
  finishLabel?: string;
  /** Said once the answers are saved (the tutor's profile, before the KYC). */
  savedMessage?: string;
  /** Said when the last step is sent with answers the schema refuses on an earlier step. */
  invalidMessage?: string;
}

interface OnboardingWizardProps<T extends FieldValues, Saved> {
  definition: WizardDefinition<T, Saved>;
  firstName: string;
  onDone: () => void;
}

/**
 * The one onboarding engine: resumes from the saved answers (a skeleton while they load; a failed
 * read starts from scratch), shows the welcome then each step with its progress, checks a step's
 * fields before the next, and saves on the last (staying on it with its answers if that fails).
 */
export function OnboardingWizard<T extends FieldValues, Saved>({ definition, firstName, onDone }: OnboardingWizardProps<T, Saved>) {
  const saved = definition.useSaved();
  if (saved.isPending) return <AnswersSkeleton />;
  return <WizardSteps definition={definition} saved={saved.data ?? null} firstName={firstName} onDone={onDone} />;
}

function WizardSteps<T extends FieldValues, Saved>({
  definition,
  saved,
  firstName,
  onDone,
}: OnboardingWizardProps<T, Saved> & { saved: Saved | null }) {
  const [index, setIndex] = useState(0);
  const save = definition.useSave();
  const form = useForm<T>({ resolver: definition.resolver, defaultValues: definition.defaults(saved) });
  const { steps, prepare } = definition.useSteps(form, saved);
  const welcome: WizardStep<T> = {
    title: `Bienvenue sur Kalan, ${firstName} !`,
    description: definition.welcome.description,
    body: <Stack gap="3">{definition.welcome.body}</Stack>,
  };
  const all = [welcome, ...steps];
  const current = all[index]!;
  const last = index === all.length - 1;

  const submit = form.handleSubmit(
    async (values) => {
      if (!(await saveOrNotify(save, prepare ? prepare(values) : values))) return;
      if (definition.savedMessage) notify.success({ title: definition.savedMessage });
      onDone();
    },
    definition.invalidMessage ? () => notify.error({ title: messages.onboarding.saveFailure, description: definition.invalidMessage }) : undefined,
  );
  const next = async () => {
    if (last) return void submit();
    const checked = current.fields ?? (current.controls && fieldNames(current.controls));
    if (checked && !(await form.trigger(checked))) return;
    setIndex(index + 1);
  };

  return (
    <StepShell
      step={index + 1}
      total={all.length}
      title={current.title}
      description={current.description}
      onPrevious={index > 0 ? () => setIndex(index - 1) : undefined}
      onNext={() => void next()}
      nextLabel={last ? (definition.finishLabel ?? 'Terminer') : undefined}
      isBusy={last ? save.isPending : undefined}
    >
      {current.controls ? <WizardFields form={form} fields={current.controls} gap={current.gap} /> : current.body}
    </StepShell>
  );
}
