import { FIELD_MESSAGES, type FieldError } from '@vayu/domain';
import type { z } from 'zod';

/** What an unknown field of a form is told. */
export const UNKNOWN_FIELD = 'This field cannot be set here';

/** The rule a form field broke, as the API's other validation errors name it. */
function fieldCodeOf(issue: z.core.$ZodIssue): FieldError['code'] {
  if (issue.message === FIELD_MESSAGES.required || issue.code === 'invalid_type') return 'FIELD_REQUIRED';
  switch (issue.code) {
    case 'too_small':
      return 'FIELD_TOO_SMALL';
    case 'too_big':
      return 'FIELD_TOO_LARGE';
    case 'custom':
      return 'FIELD_RULE';
    default:
      return 'FIELD_INVALID';
  }
}

/**
 * The field details of a multipart form's fields that its schema refused
 * (a JSON body's are made by the error handler from the route's validation).
 */
export function formFieldDetails(error: z.ZodError): FieldError[] {
  return error.issues.flatMap((issue): FieldError[] =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => ({ path: key, message: UNKNOWN_FIELD, code: 'FIELD_UNKNOWN' }))
      : [
          {
            path: issue.path.map(String).join('.') || 'body',
            message: issue.message,
            code: fieldCodeOf(issue),
          },
        ],
  );
}
