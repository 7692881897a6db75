import { NumberInput, type NumberInputProps } from '@mantine/core';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { buildFieldRules, type FieldRuleProps } from './field-rules';
import { useFieldErrorMessage } from './use-field-error';

export type NumberFieldProps<TValues extends FieldValues> = Omit<
  FieldRuleProps<TValues>,
  'minLength' | 'maxLength' | 'pattern' | 'patternMessage'
> &
  Omit<NumberInputProps, 'name' | 'value' | 'defaultValue' | 'onChange' | 'error' | 'required'> & {
    name: FieldPath<TValues>;
    control?: Control<TValues>;
  };

/**
 * A number input bound to react-hook-form. The form value is a number, or null
 * when the field is empty; anything else shows 'Must be a number'.
 */
export function NumberField<TValues extends FieldValues>({
  name,
  control,
  required,
  validate,
  min,
  max,
  ...inputProps
}: NumberFieldProps<TValues>) {
  const { t } = useTranslation();
  const rules = buildFieldRules<TValues>(
    t,
    {
      required,
      validate: {
        number: (value: unknown) =>
          value === null ||
          value === undefined ||
          value === '' ||
          (typeof value === 'number' && Number.isFinite(value)) ||
          t('validation.number'),
        ...(typeof validate === 'function' ? { custom: validate } : validate),
      },
    },
    {
      ...(min !== undefined && { min: { value: min, message: t('validation.min', { min }) } }),
      ...(max !== undefined && { max: { value: max, message: t('validation.max', { max }) } }),
    },
  );
  const {
    field: { ref, name: fieldName, value, onChange, onBlur, disabled: isFieldDisabled },
    fieldState,
  } = useController({ name, control, rules });
  const error = useFieldErrorMessage(fieldState.error);

  return (
    <NumberInput
      {...inputProps}
      ref={ref}
      name={fieldName}
      min={min}
      max={max}
      value={(value as number | string | null | undefined) ?? ''}
      onChange={(next) => onChange(next === '' ? null : next)}
      onBlur={onBlur}
      disabled={isFieldDisabled || inputProps.disabled}
      required={required}
      error={error}
      aria-invalid={error ? true : undefined}
    />
  );
}
