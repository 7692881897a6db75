import type { ApiErrorCode } from '@vayu/domain';
import type { TFunction } from 'i18next';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from '../../app/api-client';
import { notifyFailure } from '../../app/notifications';
import { applyServerError } from '../../components/form';

export interface RegulatorSaveErrorOptions<F extends FieldValues> {
  /** The form's fields: a detail naming one of them is shown under it. */
  fields: readonly Path<F>[];
  /** Codes about one field, worded by the shared error texts (`BOARD_EXISTS` → `stateCode`). */
  codeFields?: Partial<Record<ApiErrorCode, Path<F>>>;
  /** Codes about one field with this form's own wording (`REGULATOR_MAPPING_EXISTS` → the parameter). */
  codeMessages?: Partial<Record<ApiErrorCode, { field: Path<F>; message: string }>>;
  /** A stale version: the dialog offers a reload. */
  onConflict: () => void;
  /** The notice when a field shows what is wrong. */
  fieldFailure: string;
  /** The notice when no field does (the spec's wording); the error's own wording when not given. */
  otherFailure?: string;
}

/**
 * What a refused save of a board form shows, decided by code and field
 * details only: a stale version offers a reload; a code or detail about a
 * field goes under that field (focused) with `fieldFailure` as the notice;
 * anything else is `otherFailure`.
 */
export function showRegulatorSaveError<F extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<F>,
  t: TFunction,
  options: RegulatorSaveErrorOptions<F>,
): void {
  if (isApiError(error) && error.code === 'STALE_VERSION') {
    options.onConflict();
    return;
  }
  const own = isApiError(error) ? options.codeMessages?.[error.code as ApiErrorCode] : undefined;
  if (own && isApiError(error)) {
    setError(own.field, { type: error.code, message: own.message }, { shouldFocus: true });
    notifyFailure(options.fieldFailure);
    return;
  }
  const outcome = applyServerError(error, setError, t, options);
  notifyFailure(outcome.isShownOnField ? options.fieldFailure : (options.otherFailure ?? outcome.message));
}
