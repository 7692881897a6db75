import type { TFunction } from 'i18next';
import type { FieldError, FieldValues, Path, Resolver, UseFormSetError } from 'react-hook-form';
import type { z } from 'zod';
import { isApiError } from '../../app/api-client';
import { getErrorMessage } from '../../app/error-message';
import { notifyFailure } from '../../app/notifications';
import { reportsMessage } from './reports-text';

const isMissing = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/**
 * A resolver checking the body a form would send (`toCandidate(values)`) with
 * the domain's schema, as the API will: each field's first rule broken shows
 * under it, in the user's language; a field left empty says it is required
 * (an empty list says what it needs).
 */
export function reportResolver<F extends FieldValues>(
  schema: z.ZodType,
  toCandidate: (values: F) => Record<string, unknown>,
  t: TFunction,
): Resolver<F, unknown, F> {
  return async (values) => {
    const candidate = toCandidate(values);
    const parsed = schema.safeParse(candidate);
    if (parsed.success) return { values, errors: {} };
    const errors: Record<string, FieldError> = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (!field || errors[field]) continue;
      const value = candidate[field];
      const message =
        isMissing(value) && !Array.isArray(value)
          ? t('reports.messages.required')
          : reportsMessage(t, issue.message);
      errors[field] = { type: issue.code, message };
    }
    return { values: {}, errors: errors as never };
  };
}

/**
 * A refused save: each field the API names goes under its field (its rule in
 * the user's language) with `failureMessage` as the notice; anything else is
 * worded by its code.
 */
export function showReportSaveError<F extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<F>,
  t: TFunction,
  fields: readonly string[],
  failureMessage: string,
) {
  let isShownOnField = false;
  if (isApiError(error)) {
    for (const detail of error.details) {
      const field = detail.path.replace(/^body\./, '').split('.')[0] ?? '';
      if (!fields.includes(field)) continue;
      setError(
        field as Path<F>,
        { type: detail.code ?? 'server', message: reportsMessage(t, detail.message) },
        { shouldFocus: !isShownOnField },
      );
      isShownOnField = true;
    }
  }
  notifyFailure(isShownOnField ? failureMessage : getErrorMessage(t, error));
}
