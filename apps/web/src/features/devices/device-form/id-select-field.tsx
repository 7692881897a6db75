import { Select, type SelectProps } from '@mantine/core';
import { useController, type Control } from 'react-hook-form';
import { useFieldErrorMessage } from '../../../components/form';
import type { DeviceFormValues } from './form-values';

/** The fields of the device form that hold a number (an id or a count of minutes), or null. */
type NumberPath =
  | 'tenantId'
  | 'dataFrequency'
  | 'monitoringPointId'
  | 'vendorId'
  | 'makeId'
  | 'modelId'
  | 'calibratorMakeId'
  | 'calibratorModelId';

export type IdSelectFieldProps = Omit<
  SelectProps,
  'name' | 'value' | 'defaultValue' | 'onChange' | 'error' | 'data' | 'allowDeselect'
> & {
  name: NumberPath;
  control: Control<DeviceFormValues>;
  data: { value: number; label: string }[];
  /** Shown when the field has no error of its own, e.g. the options could not be loaded. */
  loadError?: string | undefined;
  /** Runs after the user picks another value. */
  onPicked?: (value: number | null) => void;
};

/**
 * A select of the device form holding a number, or null. A stored value the
 * options no longer offer (a vendor since deleted, say) still shows, by `#id`
 * unless a label is given through `data`.
 */
export function IdSelectField({
  name,
  control,
  data,
  loadError,
  onPicked,
  clearable,
  ...selectProps
}: IdSelectFieldProps) {
  const {
    field: { ref, name: fieldName, value, onChange, onBlur },
    fieldState,
  } = useController({ name, control });
  const error = useFieldErrorMessage(fieldState.error) ?? loadError;
  const current = typeof value === 'number' ? String(value) : null;
  const options = data.map((option) => ({ value: String(option.value), label: option.label }));
  if (current && !options.some((option) => option.value === current)) {
    options.push({ value: current, label: `#${current}` });
  }
  return (
    <Select
      {...selectProps}
      ref={ref}
      name={fieldName}
      data={options}
      value={current}
      onChange={(next) => {
        const picked = next === null ? null : Number(next);
        if (picked === value) return;
        onChange(picked);
        onPicked?.(picked);
      }}
      onBlur={onBlur}
      clearable={clearable}
      allowDeselect={Boolean(clearable)}
      error={error}
      aria-invalid={error ? true : undefined}
    />
  );
}
