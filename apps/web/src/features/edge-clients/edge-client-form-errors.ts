import type { TFunction } from 'i18next';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from '../../app/api-client';
import { notifyFailure } from '../../app/notifications';
import { handleSaveError } from '../../components/form';

/** The fields both edge client forms have. */
interface EdgeClientFields extends FieldValues {
  emailId: string;
  keyAllowed: number | null;
}

/**
 * What a refused add or edit shows: "Email already exist" on the e-mail,
 * too few keys allowed on the keys-allowed field (with how many are in use),
 * a stale version through `onConflict`, anything else as the form's API
 * errors are (decided by code, never by the server's text).
 */
export function showEdgeClientSaveError<F extends EdgeClientFields>(
  error: unknown,
  setError: UseFormSetError<F>,
  t: TFunction,
  options: { fields: readonly Path<F>[]; onConflict: () => void },
): void {
  if (isApiError(error) && error.code === 'EDGE_CLIENT_EXISTS') {
    const message = t('edgeClients.emailTaken');
    setError('emailId' as Path<F>, { type: error.code, message }, { shouldFocus: true });
    notifyFailure(message);
    return;
  }
  if (isApiError(error) && error.code === 'EDGE_KEY_LIMIT') {
    const used = typeof error.params.keyUsed === 'number' ? error.params.keyUsed : 0;
    const message = t('edgeClients.keyAllowedBelowUsed', { used });
    setError('keyAllowed' as Path<F>, { type: error.code, message }, { shouldFocus: true });
    notifyFailure(message);
    return;
  }
  handleSaveError(error, setError, t, {
    fields: options.fields,
    onConflict: options.onConflict,
    failureMessage: t('edgeClients.saveError'),
  });
}
