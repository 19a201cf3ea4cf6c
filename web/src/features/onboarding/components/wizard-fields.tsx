import { Input, SimpleGrid, Stack, Text, Textarea, type InputProps } from '@chakra-ui/react';
import { Checkbox } from '@/components/chakra/checkbox';
import { useId, type ReactNode } from 'react';
import { Controller, get, type FieldPath, type FieldValues, type RegisterOptions, type UseFormReturn } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { SelectField, type OptionGroup } from '@/components/ui/select-field';

interface Labelled<T extends FieldValues> {
  name: FieldPath<T>;
  label: string;
  required?: boolean;
  helperText?: ReactNode;
  /** How the text typed becomes the value (`setValueAs`, `valueAsNumber`). */
  rules?: RegisterOptions<T>;
}

/**
 * One control of a wizard step, as data: its field, French label and kind. The step renders them
 * in order, shows each one's schema error, and checks exactly these fields before the next step.
 */
export type WizardField<T extends FieldValues> =
  | (Labelled<T> & { kind: 'input'; input?: InputProps })
  | (Labelled<T> & { kind: 'textarea'; rows: number; placeholder?: string })
  | (Labelled<T> & { kind: 'select'; placeholder?: string; options: readonly string[]; labels: Record<string, string>; groups?: ReadonlyArray<OptionGroup> })
  | { kind: 'checkboxes'; name: FieldPath<T>; label: string; options: readonly string[] }
  /** A yes / no setting: one checkbox, its label and a line saying what it does. */
  | { kind: 'toggle'; name: FieldPath<T>; label: string; description: string }
  /** Two controls side by side from the `sm` breakpoint. */
  | { kind: 'pair'; fields: [WizardField<T>, WizardField<T>] };

/** The names of the fields a step's controls edit (what is checked before the next step). */
export function fieldNames<T extends FieldValues>(fields: WizardField<T>[]): FieldPath<T>[] {
  return fields.flatMap((field) => (field.kind === 'pair' ? fieldNames(field.fields) : [field.name]));
}

/** A step's controls, each in its FormField with the schema's French error. */
export function WizardFields<T extends FieldValues>({ form, fields, gap = '4' }: { form: UseFormReturn<T>; fields: WizardField<T>[]; gap?: string }) {
  return (
    <Stack gap={gap}>
      {fields.map((field) => (
        <WizardControl key={field.kind === 'pair' ? fieldNames(field.fields).join() : field.name} form={form} field={field} />
      ))}
    </Stack>
  );
}

function WizardControl<T extends FieldValues>({ form, field }: { form: UseFormReturn<T>; field: WizardField<T> }) {
  if (field.kind === 'pair') {
    return (
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        {field.fields.map((inner) => (
          <WizardControl key={fieldNames([inner]).join()} form={form} field={inner} />
        ))}
      </SimpleGrid>
    );
  }
  const error = get(form.formState.errors, field.name) as { message?: string; root?: { message?: string } } | undefined;
  if (field.kind === 'toggle') {
    return <Toggle form={form} name={field.name} label={field.label} description={field.description} error={error?.message} />;
  }
  if (field.kind === 'checkboxes') {
    return <CheckboxGroup form={form} name={field.name} legend={field.label} options={field.options} error={error?.message ?? error?.root?.message} />;
  }
  const registration = form.register(field.name, field.rules);
  const common = { label: field.label, required: field.required, helperText: field.helperText, error: error?.message };
  if (field.kind === 'select') {
    return <SelectField {...common} placeholder={field.placeholder} options={field.options} labels={field.labels} groups={field.groups} field={registration} />;
  }
  return (
    <FormField {...common}>
      {field.kind === 'textarea' ? (
        <Textarea rows={field.rows} placeholder={field.placeholder} {...registration} />
      ) : (
        <Input {...field.input} {...registration} />
      )}
    </FormField>
  );
}

interface CheckboxGroupProps<T extends FieldValues> {
  form: UseFormReturn<T>;
  name: FieldPath<T>;
  legend: string;
  options: readonly string[];
  error?: string;
}

/** A fieldset of checkboxes editing a list of codes. */
function CheckboxGroup<T extends FieldValues>({ form, name, legend, options, error }: CheckboxGroupProps<T>) {
  return (
    <Controller
      control={form.control}
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

/** One checkbox editing a boolean, with its explanation read with it (`aria-describedby`). */
function Toggle<T extends FieldValues>({ form, name, label, description, error }: { form: UseFormReturn<T>; name: FieldPath<T>; label: string; description: string; error?: string }) {
  const descriptionId = useId();
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Stack gap="1">
          <Checkbox.Root checked={field.value === true} onCheckedChange={({ checked }) => field.onChange(checked === true)} alignItems="flex-start">
            <Checkbox.HiddenInput aria-describedby={descriptionId} onBlur={field.onBlur} />
            <Checkbox.Control mt="0.5" />
            <Checkbox.Label>{label}</Checkbox.Label>
          </Checkbox.Root>
          <Text id={descriptionId} fontSize="sm" color="fg.muted" ps="7">
            {description}
          </Text>
          <FieldError message={error} />
        </Stack>
      )}
    />
  );
}

/** A field's French error under a control that is not a FormField (a group, an editor). */
export function FieldError({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <Text color="fg.error" fontSize="sm">
      {message}
    </Text>
  );
}
