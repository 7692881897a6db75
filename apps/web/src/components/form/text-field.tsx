import { TextInput, type TextInputProps } from '@mantine/core';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { buildFieldRules, type FieldRuleProps } from './field-rules';
import { useFieldErrorMessage } from './use-field-error';

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
    <TextInput
      {...inputProps}
      ref={ref}
      name={fieldName}
      value={(value as string | null | undefined) ?? ''}
      onChange={(event) => onChange(event.currentTarget.value)}
      onBlur={onBlur}
      disabled={isFieldDisabled || inputProps.disabled}
      required={required}
      maxLength={maxLength}
      error={error}
      aria-invalid={error ? true : undefined}
    />
  );
}
