import { NativeSelect } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from './form-field';

/** A heading of a select's choices (`<optgroup>`) and the codes under it. */
export interface OptionGroup<V extends string = string> {
  label: string;
  options: readonly V[];
}

interface SelectFieldProps<V extends string> {
  label: string;
  error?: string;
  helperText?: ReactNode;
  required?: boolean;
  /** The first, empty choice ('Choisissez…'). */
  placeholder?: string;
  options: readonly V[];
  /** The French label of each option. */
  labels: Record<V, string>;
  /**
   * The options under headings (a long list: the twenty zones), in the groups' order; an option
   * of no group is not shown, a group with none of the options neither.
   */
  groups?: ReadonlyArray<OptionGroup>;
  /** The form's registration of the field (`register('zone')`). */
  field: UseFormRegisterReturn;
}

/**
 * The options of a select, under their groups' headings when given: the phone's own picker shows
 * the headings, so that a list of twenty places is read as three short ones.
 */
export function SelectOptions<V extends string>({ options, labels, groups }: { options: readonly V[]; labels: Record<V, string>; groups?: ReadonlyArray<OptionGroup> }) {
  const option = (value: V) => (
    <option key={value} value={value}>
      {labels[value]}
    </option>
  );
  if (!groups) return <>{options.map(option)}</>;
  return (
    <>
      {groups.map((group) => {
        const shown = options.filter((value) => group.options.includes(value));
        return shown.length ? (
          <optgroup key={group.label} label={group.label}>
            {shown.map(option)}
          </optgroup>
        ) : null;
      })}
    </>
  );
}

/** A labelled native select over a list of codes, with their French labels and the field's error. */
export function SelectField<V extends string>({ label, error, helperText, required, placeholder, options, labels, groups, field }: SelectFieldProps<V>) {
  return (
    <FormField label={label} required={required} error={error} helperText={helperText}>
      <NativeSelect.Root>
        <NativeSelect.Field placeholder={placeholder} {...field}>
          <SelectOptions options={options} labels={labels} groups={groups} />
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FormField>
  );
}
