import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { FieldRuleProps } from './field-rules';
import { useStringField } from './use-string-field';

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
  const field = useStringField<TValues>({
    name,
    control,
    required,
    minLength,
    maxLength,
    pattern,
    patternMessage,
    validate,
    disabled: inputProps.disabled,
  });
  return (
    <PasswordInput
      {...inputProps}
      {...field}
      // Mantine hides the show/hide toggle from keyboard and screen readers by default.
      visibilityToggleButtonProps={{ 'aria-label': t('common.showCharacters'), tabIndex: 0 }}
    />
  );
}
