import type { TFunction } from 'i18next';
import type { ApiErrorCode, ErrorCode, ErrorParams } from '@vayu/domain';
import { errorsEn } from '../i18n/locales/areas/errors.en';
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
  const reasonKey = reasonKeyOf(code, params.reason);
  if (reasonKey) return t(reasonKey, params);
  return t(`errors.codes.${code}`, params);
}

type Reasons = typeof errorsEn.reasons;
type ReasonKey = {
  [C in keyof Reasons]: `errors.reasons.${C}.${keyof Reasons[C] & string}`;
}[keyof Reasons];

/**
 * The wording key of a billing refusal's sub-case (`reason`: a coupon used up,
 * a plan change awaiting payment, an invoice already decided), or null when
 * the code has none or the reason is one this console does not know (a newer
 * server): it is then worded by its code.
 */
function reasonKeyOf(code: ErrorCode, reason: unknown): ReasonKey | null {
  if (typeof reason !== 'string' || !Object.hasOwn(errorsEn.reasons, code)) return null;
  const reasons: Record<string, string> = errorsEn.reasons[code as keyof Reasons];
  return Object.hasOwn(reasons, reason) ? (`errors.reasons.${code}.${reason}` as ReasonKey) : null;
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
