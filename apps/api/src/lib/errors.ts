import {
  CONFLICT_MESSAGE,
  statusOfError,
  type ApiErrorCode,
  type ErrorParams,
  type FieldError,
} from '@vayu/domain';

/**
 * An error the API answers with: a code from the domain's closed list (which
 * fixes the status), a message for people, and optional field details and
 * message values (`params`) from which clients word it themselves.
 */
export class AppError extends Error {
  readonly status: number;

  constructor(
    public readonly code: ApiErrorCode,
    message: string,
    public readonly details?: FieldError[],
    public readonly params?: ErrorParams,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = statusOfError(code);
  }
}

export const badRequest = (message: string, details?: FieldError[]) =>
  new AppError('VALIDATION_FAILED', message, details);
/** One field is wrong: a 400 whose only detail is that field. */
export const fieldError = (path: string, message: string, code: FieldError['code'] = 'FIELD_INVALID') =>
  new AppError('VALIDATION_FAILED', message, [{ path, message, code }]);
export const unauthenticated = (message = 'Sign in to continue.') => new AppError('UNAUTHENTICATED', message);
export const forbidden = (message = 'You are not allowed to do this.') => new AppError('FORBIDDEN', message);
export const notFound = (what = 'Record') => new AppError('NOT_FOUND', `${what} not found.`);
/** The record changed since the form loaded it. */
export const staleVersion = () => new AppError('STALE_VERSION', CONFLICT_MESSAGE);
export const businessRule = (message: string, details?: FieldError[]) =>
  new AppError('BUSINESS_RULE', message, details);

/**
 * Refused until a wait has passed (a sign-in back-off, a client's limit): 429
 * RATE_LIMITED with `retryAfterSeconds`, which the error handler also sends as Retry-After.
 */
export const rateLimited = (message: string, retryAfterMs: number) =>
  new AppError('RATE_LIMITED', message, undefined, {
    retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)),
  });
