import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EMAIL_PATTERN } from './field-rules';
import { TextField, type TextFieldProps } from './text-field';

/** An e-mail input: checks the shape and shows 'Invalid Email' when it is wrong. */
export function EmailField<TValues extends FieldValues>(props: TextFieldProps<TValues>) {
  const { t } = useTranslation();
  return (
    <TextField<TValues>
      type="email"
      autoComplete="email"
      inputMode="email"
      pattern={EMAIL_PATTERN}
      patternMessage={t('validation.email')}
      {...props}
    />
  );
}
