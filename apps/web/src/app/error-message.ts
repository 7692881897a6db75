import type { TFunction } from 'i18next';
import { translateMessage } from '../i18n/messages';
import { isApiError } from './api-client';

/** A message for the user from any failure: the server's own message when there is one. */
export function getErrorMessage(t: TFunction, error: unknown): string {
  if (isApiError(error)) {
    if (error.isNetworkError) return t('errors.network');
    if (error.status >= 500 || error.code === 'INVALID_RESPONSE') return t('errors.unknown');
    return translateMessage(t, error.message);
  }
  return t('errors.unknown');
}
