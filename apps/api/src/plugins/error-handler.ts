import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import {
  FIELD_MESSAGES,
  isWholeNumberText,
  statusOfError,
  type ErrorResponse,
  type FieldError,
} from '@vayu/domain';
import { AppError } from '../lib/errors.js';

function send(reply: FastifyReply, status: number, body: ErrorResponse['error']) {
  return reply
    .status(status)
    .send({ error: { ...body, requestId: reply.request.id } } satisfies ErrorResponse);
}

/** The rule a failed field broke, from zod's issue code. */
function fieldCodeOf(keyword: string, message: string | undefined): FieldError['code'] {
  if (message === FIELD_MESSAGES.required || keyword === 'invalid_type') return 'FIELD_REQUIRED';
  switch (keyword) {
    case 'too_small':
      return 'FIELD_TOO_SMALL';
    case 'too_big':
      return 'FIELD_TOO_LARGE';
    case 'unrecognized_keys':
      return 'FIELD_UNKNOWN';
    case 'custom':
      return 'FIELD_RULE';
    default:
      return 'FIELD_INVALID';
  }
}

/** Maps every error to the one error shape; a 5xx never shows internals. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      // A refusal that names its wait (a sign-in back-off, a client's limit) says it the HTTP way too.
      const retryAfter = error.params?.retryAfterSeconds;
      if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
      return send(reply, error.status, {
        code: error.code,
        message: error.message,
        ...(error.details ? { details: error.details } : {}),
        ...(error.params ? { params: error.params } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // Body fields are named as the form names them ("password"); others say where ("query.status").
      const where = error.validationContext ?? 'body';
      // A path id written as a whole number that the schema refused (beyond a PostgreSQL integer,
      // or below 1) names no record: 404, as for any id that does not exist. Malformed ids stay 400.
      const params = (request.params ?? {}) as Record<string, unknown>;
      if (
        where === 'params' &&
        error.validation.every((issue) => {
          const value = params[issue.instancePath.split('/').filter(Boolean)[0] ?? ''];
          const isText = (issue.params as { origin?: unknown }).origin === 'string';
          return !isText && isWholeNumberText(value);
        })
      ) {
        return send(reply, 404, { code: 'NOT_FOUND', message: 'Not found.' });
      }
      const details: FieldError[] = error.validation.map((issue) => ({
        path:
          [...(where === 'body' ? [] : [where]), ...issue.instancePath.split('/').filter(Boolean)].join(
            '.',
          ) || where,
        message: issue.message ?? 'Illegal value',
        code: fieldCodeOf(issue.keyword, issue.message),
      }));
      return send(reply, 400, {
        code: 'VALIDATION_FAILED',
        message: 'The request has invalid fields.',
        details,
      });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return send(reply, 500, { code: 'INTERNAL', message: 'An unexpected error occurred.' });
    }
    switch (error.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
      case 'FST_REQ_FILE_TOO_LARGE':
        return send(reply, 413, { code: 'PAYLOAD_TOO_LARGE', message: 'The request is too large.' });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return send(reply, 415, {
          code: 'UNSUPPORTED_MEDIA_TYPE',
          message: 'This content type is not accepted.',
        });
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
        return send(reply, 400, {
          code: 'VALIDATION_FAILED',
          message: 'The request body is not valid JSON.',
        });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      if (error instanceof SyntaxError) {
        return send(reply, 400, {
          code: 'VALIDATION_FAILED',
          message: 'The request body is not valid JSON.',
        });
      }
      const code =
        error.statusCode === 404
          ? 'NOT_FOUND'
          : error.statusCode === 413
            ? 'PAYLOAD_TOO_LARGE'
            : error.statusCode === 415
              ? 'UNSUPPORTED_MEDIA_TYPE'
              : error.statusCode === 429
                ? 'RATE_LIMITED'
                : 'VALIDATION_FAILED';
      return send(reply, statusOfError(code), { code, message: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, { code: 'INTERNAL', message: 'An unexpected error occurred.' });
  });
}
