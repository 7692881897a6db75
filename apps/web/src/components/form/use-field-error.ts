import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../i18n/messages';

/** The error text shown under a field, in the user's language when it is a known message. */
export function useFieldErrorMessage(error: FieldError | undefined): string | undefined {
  const { t } = useTranslation();
  if (!error?.message) return undefined;
  return translateMessage(t, error.message);
}
