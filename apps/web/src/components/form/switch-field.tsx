import { Switch, type SwitchProps } from '@mantine/core';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

export type SwitchFieldProps<TValues extends FieldValues> = Omit<
  SwitchProps,
  'name' | 'checked' | 'defaultChecked' | 'onChange'
> & {
  name: FieldPath<TValues>;
  control?: Control<TValues>;
};

/** A switch bound to a boolean of react-hook-form. */
export function SwitchField<TValues extends FieldValues>({
  name,
  control,
  ...switchProps
}: SwitchFieldProps<TValues>) {
  const {
    field: { ref, name: fieldName, value, onChange, onBlur },
  } = useController({ name, control });
  return (
    <Switch
      {...switchProps}
      ref={ref}
      name={fieldName}
      checked={Boolean(value)}
      onChange={(event) => onChange(event.currentTarget.checked)}
      onBlur={onBlur}
    />
  );
}
