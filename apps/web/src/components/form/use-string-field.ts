import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { buildFieldRules, type FieldRuleProps } from './field-rules';
import { useFieldErrorMessage } from './use-field-error';

export interface StringFieldOptions<TValues extends FieldValues> extends FieldRuleProps<TValues> {
  name: FieldPath<TValues>;
  control?: Control<TValues> | undefined;
  disabled?: boolean | undefined;
}

/**
 * Binds a string input (text, e-mail, password) to react-hook-form with the
 * spec's default messages; returns the props the Mantine input takes.
 */
export function useStringField<TValues extends FieldValues>({
  name,
  control,
  required,
  minLength,
  maxLength,
  pattern,
  patternMessage,
  validate,
  disabled,
}: StringFieldOptions<TValues>) {
  const { t } = useTranslation();
  const {
    field: { ref, name: fieldName, value, onChange, onBlur, disabled: isFieldDisabled },
    fieldState,
  } = useController({
    name,
    control,
    rules: buildFieldRules<TValues>(t, { required, minLength, maxLength, pattern, patternMessage, validate }),
  });
  const error = useFieldErrorMessage(fieldState.error);
  return {
    ref,
    name: fieldName,
    value: (value as string | null | undefined) ?? '',
    onChange: (event: { currentTarget: { value: string } }) => onChange(event.currentTarget.value),
    onBlur,
    disabled: isFieldDisabled || disabled,
    required,
    error,
    'aria-invalid': error ? true : undefined,
  };
}
