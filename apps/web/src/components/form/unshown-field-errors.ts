import type { TFunction } from 'i18next';
import type { FieldError, FieldErrors, FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { isApiError } from '../../app/api-client';
import { translateMessage } from '../../i18n/messages';
import {
  applyServerError,
  describeFieldError,
  type ServerErrorMapping,
  type ServerErrorOutcome,
} from './server-errors';

/** A refused value the form shows no input for. */
export interface UnshownFieldError {
  path: string;
  /** Already in the user's language. */
  message: string;
}

function isFieldError(value: unknown): value is FieldError {
  return typeof value === 'object' && value !== null && 'type' in value;
}

/** Whether an input is registered for the error's field: react-hook-form hands it the input's ref. */
function isShown(error: FieldError): boolean {
  const ref: unknown = error.ref;
  return typeof ref === 'object' && ref !== null && typeof (ref as { focus?: unknown }).focus === 'function';
}

/**
 * The errors of fields that no input on the form shows (a field the form
 * hides for this account type or user, say). Such an error would otherwise
 * stop the save with nothing marked.
 */
export function findUnshownFieldErrors<T extends FieldValues>(
  t: TFunction,
  errors: FieldErrors<T>,
): UnshownFieldError[] {
  const found: UnshownFieldError[] = [];
  const walk = (node: unknown, prefix: string) => {
    if (typeof node !== 'object' || node === null) return;
    for (const [key, value] of Object.entries(node)) {
      // `root` holds form-level errors; `ref` belongs to the error itself.
      if (key === 'root' || key === 'ref') continue;
      const path = prefix ? `${prefix}.${key}` : key;
      if (isFieldError(value)) {
        if (!isShown(value)) found.push({ path, message: translateMessage(t, value.message ?? '') });
      } else walk(value, path);
    }
  };
  walk(errors, '');
  return found;
}

/** The alert text naming each unshown value and what is wrong with it. */
export function describeUnshownFieldErrors(
  t: TFunction,
  unshown: readonly UnshownFieldError[],
  labelOf: (path: string) => string | undefined = () => undefined,
): string {
  const fields = unshown
    .map((item) => `${labelOf(item.path) ?? item.path}: ${item.message || t('errors.fields.FIELD_INVALID')}`)
    .join('; ');
  return t('validation.unshownFields', { fields });
}

export interface VisibleServerErrorOutcome extends ServerErrorOutcome {
  /** Refused values no input shows: details naming another field, or a field the form hides. */
  unshown: UnshownFieldError[];
}

/**
 * `applyServerError`, checked against what the form shows: an error placed
 * on a hidden field, or a detail naming no field of the form, is returned in
 * `unshown` (with `message` naming them), and only errors an input shows
 * count as shown on a field.
 */
export function applyServerErrorVisibly<F extends FieldValues>(
  error: unknown,
  form: Pick<UseFormReturn<F>, 'setError' | 'getFieldState'>,
  t: TFunction,
  mapping: ServerErrorMapping<F> & { labelOf?: (path: string) => string | undefined },
): VisibleServerErrorOutcome {
  const outcome = applyServerError(error, form.setError, t, mapping);
  if (!isApiError(error)) return { ...outcome, unshown: [] };
  const known = mapping.fields as readonly string[];
  const unshown: UnshownFieldError[] = [];
  let isShownOnField = false;
  const placed = new Set<string>();
  const codeField = mapping.codeFields?.[error.code as keyof typeof mapping.codeFields];
  if (codeField) placed.add(codeField);
  for (const detail of error.details) {
    const path = detail.path.replace(/^body\./, '');
    if (known.includes(path)) placed.add(path);
    else if (path) unshown.push({ path, message: describeFieldError(t, detail) });
  }
  for (const path of placed) {
    const fieldError = form.getFieldState(path as Path<F>).error;
    if (!fieldError) continue;
    if (isShown(fieldError)) isShownOnField = true;
    else unshown.push({ path, message: translateMessage(t, fieldError.message ?? '') });
  }
  return {
    ...outcome,
    isShownOnField,
    unshown,
    message: unshown.length > 0 ? describeUnshownFieldErrors(t, unshown, mapping.labelOf) : outcome.message,
  };
}
