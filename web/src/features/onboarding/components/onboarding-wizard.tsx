import { Stack } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { get, useForm, type DefaultValues, type FieldErrors, type FieldPath, type FieldValues, type Resolver, type UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { onboardingMessages } from '#shared/message-catalogue/onboarding';
import { uiMessages } from '#shared/message-catalogue/ui';
import { whatsappMessages } from '#shared/message-catalogue/whatsapp';
import { profileEditorPath } from '@/components/layout/navigation';
import { notify } from '@/components/ui/notify';
import { LoadError } from '@/components/ui/page-state';
import { useNotificationPreferences } from '@/features/notifications/api/notifications';
import { WhatsAppChannel } from '@/features/notifications/components/whatsapp-channel';
import { saveOrNotify } from '../hooks/save-or-notify';
import { AnswersSkeleton } from './answers-skeleton';
import { EditorShell } from './editor-shell';
import { StepShell } from './step-shell';
import { fieldNames, WizardFields, type WizardField } from './wizard-fields';

/** One step of a role's onboarding after the welcome, and a section of its profile editor. */
export interface WizardStep<T extends FieldValues> {
  /** Its name in the profile editor's address (`/profile/edit?etape=disponibilites`). */
  id: string;
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
  useSaved: () => { isPending: boolean; isError: boolean; data?: Saved | null; refetch: () => unknown };
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
  /**
   * A refusal of the API that belongs to one answer (the tutor's days off over a package lesson,
   * issue 32): set on that field, so its step shows it next to the field, not only in a toast.
   */
  refusedField?: (error: unknown) => { name: FieldPath<T>; type: string; message: string } | null;
}

/**
 * The wizard as the profile editor (issue 28): no welcome, every step one tap away (its id in the
 * address), and 'Enregistrer' on each — the same steps, fields and save as the onboarding.
 */
export interface WizardEditing {
  /** The step shown, by its id; the first one when absent or unknown. */
  step: string | null;
  /** Where 'Annuler' leads (the profile). */
  cancel: () => void;
}

interface OnboardingWizardProps<T extends FieldValues, Saved> {
  definition: WizardDefinition<T, Saved>;
  firstName: string;
  onDone: () => void;
  /** Editing the saved answers instead of a first onboarding. */
  editing?: WizardEditing;
}

/** The fields a step checks: its own list, or its controls'. */
const fieldsOf = <T extends FieldValues>(step: WizardStep<T>): FieldPath<T>[] | undefined => step.fields ?? (step.controls && fieldNames(step.controls));

/**
 * The one onboarding engine: resumes from the saved answers (a skeleton while they load; a failed
 * read starts from scratch), shows the welcome then each step with its progress, checks a step's
 * fields before the next, and saves on the last (staying on it with its answers if that fails).
 * As the profile editor, a failed read says so instead: a blank form must not replace a profile.
 */
export function OnboardingWizard<T extends FieldValues, Saved>(props: OnboardingWizardProps<T, Saved>) {
  const saved = props.definition.useSaved();
  if (saved.isPending) return <AnswersSkeleton />;
  if (props.editing && saved.isError) {
    return <LoadError title={uiMessages.profileLoadFailure} onRetry={() => void saved.refetch()} />;
  }
  return <WizardSteps {...props} saved={saved.data ?? null} />;
}

function WizardSteps<T extends FieldValues, Saved>({
  definition,
  saved,
  firstName,
  onDone,
  editing,
}: OnboardingWizardProps<T, Saved> & { saved: Saved | null }) {
  const [index, setIndex] = useState(0);
  // Issue 34: once the answers are saved, WhatsApp offered (skippable) before leaving, when the stage has it.
  const [offerWhatsApp, setOfferWhatsApp] = useState(false);
  const preferences = useNotificationPreferences();
  const navigate = useNavigate();
  const save = definition.useSave();
  const form = useForm<T>({ resolver: definition.resolver, defaultValues: definition.defaults(saved) });
  const { steps, prepare } = definition.useSteps(form, saved);
  const body = (step: WizardStep<T>) => (step.controls ? <WizardFields form={form} fields={step.controls} gap={step.gap} /> : step.body);
  const onRefused = (error: unknown) => {
    const refused = definition.refusedField?.(error);
    if (!refused) return;
    form.setError(refused.name, { type: refused.type, message: refused.message });
    // Show the step holding the refused answer (the editor's section, the wizard's step).
    const holding = steps.findIndex((step) => fieldsOf(step)?.includes(refused.name));
    if (holding < 0) return;
    if (editing) navigate(profileEditorPath(steps[holding]!.id), { replace: true });
    else setIndex(holding + 1);
  };

  if (editing) {
    const section = steps.find((step) => step.id === editing.step) ?? steps[0]!;
    const submit = form.handleSubmit(
      async (values) => {
        if (!(await saveOrNotify(save, prepare ? prepare(values) : values, onRefused))) return;
        notify.success({ title: onboardingMessages.saved });
        onDone();
      },
      // Open the first section holding a refused answer, where its message shows.
      (errors: FieldErrors<T>) => {
        const wrong = steps.find((step) => fieldsOf(step)?.some((name) => get(errors, name) !== undefined));
        if (wrong && wrong.id !== section.id) navigate(profileEditorPath(wrong.id), { replace: true });
        notify.error({ title: onboardingMessages.checkAnswers });
      },
    );
    return (
      <EditorShell
        sections={steps.map(({ id, title }) => ({ id, title }))}
        current={section.id}
        title={section.title}
        description={section.description}
        onCancel={editing.cancel}
        onSave={() => void submit()}
        isBusy={save.isPending}
      >
        {body(section)}
      </EditorShell>
    );
  }

  const welcome: WizardStep<T> = {
    id: 'bienvenue',
    title: `Bienvenue sur Kalan, ${firstName} !`,
    description: definition.welcome.description,
    body: <Stack gap="3">{definition.welcome.body}</Stack>,
  };
  const all = [welcome, ...steps];
  const current = all[index]!;
  const last = index === all.length - 1;

  const submit = form.handleSubmit(
    async (values) => {
      if (!(await saveOrNotify(save, prepare ? prepare(values) : values, onRefused))) return;
      if (definition.savedMessage) notify.success({ title: definition.savedMessage });
      if (preferences.data?.available.whatsapp) setOfferWhatsApp(true);
      else onDone();
    },
    definition.invalidMessage ? () => notify.error({ title: onboardingMessages.saveFailure, description: definition.invalidMessage }) : undefined,
  );
  const next = async () => {
    if (last) return void submit();
    const checked = fieldsOf(current);
    if (checked && !(await form.trigger(checked))) return;
    setIndex(index + 1);
  };

  if (offerWhatsApp) {
    return (
      <StepShell step={all.length + 1} total={all.length + 1} title={whatsappMessages.onboardingTitle} description={whatsappMessages.onboardingLater} onNext={onDone} nextLabel={whatsappMessages.onboardingContinue}>
        <WhatsAppChannel />
      </StepShell>
    );
  }

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
      {body(current)}
    </StepShell>
  );
}
