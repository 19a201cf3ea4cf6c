import { NativeSelect } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from './form-field';

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
  /** The form's registration of the field (`register('zone')`). */
  field: UseFormRegisterReturn;
}

/** A labelled native select over a list of codes, with their French labels and the field's error. */
export function SelectField<V extends string>({ label, error, helperText, required, placeholder, options, labels, field }: SelectFieldProps<V>) {
  return (
    <FormField label={label} required={required} error={error} helperText={helperText}>
      <NativeSelect.Root>
        <NativeSelect.Field placeholder={placeholder} {...field}>
          {options.map((option) => (
            <option key={option} value={option}>
              {labels[option]}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FormField>
  );
}
