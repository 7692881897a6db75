import type { ErrorCode, FieldError } from '@vayu/domain';

/** An error the API answers with: a code, a message for people, a status and optional field details. */
export class AppError extends Error {
  constructor(
    public readonly code: ErrorCode,
    message: string,
    public readonly status: number,
    public readonly details?: FieldError[],
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, details?: FieldError[]) =>
  new AppError('VALIDATION_FAILED', message, 400, details);
export const unauthenticated = (message = 'Sign in to continue.') =>
  new AppError('UNAUTHENTICATED', message, 401);
export const forbidden = (message = 'You are not allowed to do this.') =>
  new AppError('FORBIDDEN', message, 403);
export const notFound = (what = 'Record') => new AppError('NOT_FOUND', `${what} not found.`, 404);
export const conflict = (message: string) => new AppError('CONFLICT', message, 409);
export const businessRule = (message: string, details?: FieldError[]) =>
  new AppError('BUSINESS_RULE', message, 422, details);
export const tooManyRequests = (message: string) => new AppError('RATE_LIMITED', message, 429);
