import { Select, type SelectProps } from '@mantine/core';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useFieldErrorMessage } from './use-field-error';

export type SelectFieldProps<TValues extends FieldValues> = Omit<
  SelectProps,
  'name' | 'value' | 'defaultValue' | 'onChange' | 'error' | 'data' | 'allowDeselect'
> & {
  name: FieldPath<TValues>;
  control?: Control<TValues>;
  data: { value: string; label: string }[];
  /** Shown when the field has no error of its own, e.g. the options could not be loaded. */
  loadError?: string;
  /** A feature's own wording of its messages; the shared message map otherwise. */
  translateError?: (message: string | undefined) => string | undefined;
};

/**
 * A select bound to react-hook-form holding a string (or null). A stored value
 * the options no longer offer (an old unit, say) still shows; a clearable
 * select may also be emptied by choosing the value again.
 */
export function SelectField<TValues extends FieldValues>({
  name,
  control,
  data,
  loadError,
  translateError,
  clearable,
  ...selectProps
}: SelectFieldProps<TValues>) {
  const {
    field: { ref, name: fieldName, value: fieldValue, onChange, onBlur },
    fieldState,
  } = useController({ name, control });
  const shared = useFieldErrorMessage(fieldState.error);
  const error = (translateError ? translateError(fieldState.error?.message) : shared) ?? loadError;
  const value = (fieldValue as string | null | undefined) ?? null;
  const options =
    value && !data.some((option) => option.value === value) ? [...data, { value, label: value }] : data;
  return (
    <Select
      {...selectProps}
      ref={ref}
      name={fieldName}
      data={options}
      value={value}
      onChange={(next) => onChange(next)}
      onBlur={onBlur}
      clearable={clearable}
      allowDeselect={Boolean(clearable)}
      error={error}
      aria-invalid={error ? true : undefined}
    />
  );
}
