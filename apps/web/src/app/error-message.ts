import type { TFunction } from 'i18next';
import type { ApiErrorCode, ErrorCode, ErrorParams } from '@vayu/domain';
import { isApiError } from './api-client';

/**
 * The user's-language wording of an error code and its params. Codes whose
 * wording depends on a param (what uses a parameter) pick the variant here.
 */
export function describeErrorCode(t: TFunction, code: ErrorCode, params: ErrorParams = {}): string {
  if (code === 'PARAMETER_IN_USE') {
    if (params.action === 'rename') return t('errors.parameterInUse.rename', params);
    const kind = params.usedByKind;
    if (kind === 'functional' || kind === 'derived' || kind === 'diagnostic' || kind === 'energy') {
      return t(`errors.parameterInUse.${kind}`, params);
    }
  }
  if (code === 'RATE_LIMITED' && typeof params.retryAfterSeconds === 'number') {
    // Up to a minute and a half in seconds; beyond, in whole minutes rounded up.
    const seconds = Math.max(1, Math.ceil(params.retryAfterSeconds));
    return seconds <= 90
      ? t('errors.retryIn.seconds', { count: seconds })
      : t('errors.retryIn.minutes', { count: Math.ceil(seconds / 60) });
  }
  if (code === 'DERIVED_PARAMETER_IN_USE' && params.action === 'rename')
    return t('errors.seriesInUse', params);
  return t(`errors.codes.${code}`, params);
}

/**
 * A message for the user from any failure, worded by its code (never from the
 * server's text). A generic business rule has no wording of its own: its
 * server message is shown as sent.
 */
export function getErrorMessage(t: TFunction, error: unknown): string {
  if (!isApiError(error)) return t('errors.unknown');
  if (error.code === 'BUSINESS_RULE' && error.message) return error.message;
  return describeErrorCode(t, error.code, error.params);
}

/** Whether an error is an answer of the API with this code. */
export function hasErrorCode(error: unknown, ...codes: ApiErrorCode[]): boolean {
  return isApiError(error) && (codes as readonly string[]).includes(error.code);
}
