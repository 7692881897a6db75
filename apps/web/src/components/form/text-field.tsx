import { TextInput, type TextInputProps } from '@mantine/core';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import type { FieldRuleProps } from './field-rules';
import { useStringField } from './use-string-field';

export type TextFieldProps<TValues extends FieldValues> = FieldRuleProps<TValues> &
  Omit<TextInputProps, 'name' | 'value' | 'defaultValue' | 'onChange' | 'error' | 'required' | 'pattern'> & {
    name: FieldPath<TValues>;
    /** Defaults to the surrounding `<FormProvider>`. */
    control?: Control<TValues>;
  };

/**
 * A text input bound to react-hook-form. The error shows under the field and is
 * linked to the input with aria-invalid and aria-describedby.
 */
export function TextField<TValues extends FieldValues>({
  name,
  control,
  required,
  minLength,
  maxLength,
  pattern,
  patternMessage,
  validate,
  ...inputProps
}: TextFieldProps<TValues>) {
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
  return <TextInput {...inputProps} {...field} maxLength={maxLength} />;
}
