import type { ApiErrorCode, FieldError as ApiFieldError } from '@vayu/domain';
import type { TFunction } from 'i18next';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from '../../app/api-client';
import { describeErrorCode, getErrorMessage } from '../../app/error-message';
import { notifyFailure } from '../../app/notifications';

export interface ServerErrorMapping<F extends FieldValues> {
  /** The form's fields: details naming one of them are shown under it; others are left to the message. */
  fields: readonly Path<F>[];
  /** Codes that are about one field (`PARAMETER_EXISTS` → `label`): shown under that field. */
  codeFields?: Partial<Record<ApiErrorCode, Path<F>>>;
}

export interface ServerErrorOutcome {
  /** The code of the error (`null` for something that is not an API answer). */
  code: string | null;
  /** Whether a field now shows what is wrong (focus is on the first one). */
  isShownOnField: boolean;
  /** The wording for a notification or an alert, in the user's language. */
  message: string;
}

/** Field detail codes worded by a generic text of their own, not by the server's rule text. */
const GENERIC_FIELD_CODES = new Set<string>([
  'FIELD_REQUIRED',
  'FIELD_TAKEN',
  'FIELD_UNAVAILABLE',
  'FIELD_UNKNOWN',
  'FIELD_INCORRECT',
]);

/** The wording of one field's detail: by its code, with the server's rule text when the code is a specific rule. */
export function describeFieldError(t: TFunction, detail: ApiFieldError): string {
  if (detail.code && GENERIC_FIELD_CODES.has(detail.code)) return t(`errors.fields.${detail.code}`);
  // A specific rule (a pattern, a length, a range): its own text says more than a generic word.
  return detail.message || t('errors.fields.FIELD_INVALID');
}

/**
 * Puts an API error on a form: each field detail under its field, a
 * field-bound code under its field; the first one gets the focus. Every
 * decision is by code and path, never by the message text.
 */
export function applyServerError<F extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<F>,
  t: TFunction,
  mapping: ServerErrorMapping<F>,
): ServerErrorOutcome {
  const message = getErrorMessage(t, error);
  if (!isApiError(error)) return { code: null, isShownOnField: false, message };
  let isShownOnField = false;
  const field = mapping.codeFields?.[error.code as ApiErrorCode];
  if (field) {
    setError(
      field,
      { type: error.code, message: describeErrorCode(t, error.code, error.params) },
      { shouldFocus: true },
    );
    isShownOnField = true;
  }
  const known = mapping.fields as readonly string[];
  for (const detail of error.details) {
    const path = detail.path.replace(/^body\./, '');
    if (!known.includes(path)) continue;
    // Under the code's own field its wording ("A make of this type … already exists") says more
    // than a generic detail ("Already used"); a detail with a rule text of its own still replaces it.
    if (path === field && GENERIC_FIELD_CODES.has(detail.code ?? '')) continue;
    setError(
      path as Path<F>,
      { type: detail.code ?? 'server', message: describeFieldError(t, detail) },
      { shouldFocus: !isShownOnField },
    );
    isShownOnField = true;
  }
  return { code: error.code, isShownOnField, message };
}

/**
 * What a dialog's save does when the API refuses it: a stale version calls
 * `onConflict` (the dialog offers a reload); anything else goes on the form's
 * fields, with a notice — `failureMessage` when a field shows what is wrong,
 * the error's own wording otherwise.
 */
export function handleSaveError<F extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<F>,
  t: TFunction,
  options: ServerErrorMapping<F> & { onConflict: () => void; failureMessage: string },
): void {
  if (isApiError(error) && error.code === 'STALE_VERSION') {
    options.onConflict();
    return;
  }
  const outcome = applyServerError(error, setError, t, options);
  notifyFailure(outcome.isShownOnField ? options.failureMessage : outcome.message);
}
