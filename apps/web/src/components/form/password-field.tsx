import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { buildFieldRules, type FieldRuleProps } from './field-rules';
import { useFieldErrorMessage } from './use-field-error';

export type PasswordFieldProps<TValues extends FieldValues> = FieldRuleProps<TValues> &
  Omit<
    PasswordInputProps,
    'name' | 'value' | 'defaultValue' | 'onChange' | 'error' | 'required' | 'pattern'
  > & {
    name: FieldPath<TValues>;
    control?: Control<TValues>;
  };

/** A password input with a show/hide toggle, bound to react-hook-form. */
export function PasswordField<TValues extends FieldValues>({
  name,
  control,
  required,
  minLength,
  maxLength,
  pattern,
  patternMessage,
  validate,
  ...inputProps
}: PasswordFieldProps<TValues>) {
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

  return (
    <PasswordInput
      {...inputProps}
      ref={ref}
      name={fieldName}
      value={(value as string | null | undefined) ?? ''}
      onChange={(event) => onChange(event.currentTarget.value)}
      onBlur={onBlur}
      disabled={isFieldDisabled || inputProps.disabled}
      required={required}
      error={error}
      aria-invalid={error ? true : undefined}
      // Mantine hides the show/hide toggle from keyboard and screen readers by default.
      visibilityToggleButtonProps={{ 'aria-label': t('common.showCharacters'), tabIndex: 0 }}
    />
  );
}
