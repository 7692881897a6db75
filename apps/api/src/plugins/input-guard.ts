import type { FastifyInstance } from 'fastify';
import type { FieldError } from '@vayu/domain';
import { AppError } from '../lib/errors.js';

/**
 * Characters no field of the console may hold: NUL (PostgreSQL text cannot
 * store it) and UTF-16 halves without their other half (they cannot be encoded
 * as UTF-8, so the database refuses them too).
 */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const FORBIDDEN = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/u;
const FORBIDDEN_MESSAGE = 'Contains a character that is not allowed';
/** Deeper than any body the API takes: a guard against stack-heavy nesting. */
const MAX_DEPTH = 32;

function findForbidden(value: unknown, path: string[], depth: number, found: FieldError[]): void {
  if (found.length >= 10) return;
  if (typeof value === 'string') {
    if (FORBIDDEN.test(value))
      found.push({ path: path.join('.'), message: FORBIDDEN_MESSAGE, code: 'FIELD_INVALID' });
    return;
  }
  if (value === null || typeof value !== 'object') return;
  if (depth >= MAX_DEPTH) {
    found.push({ path: path.join('.'), message: 'Nested too deeply', code: 'FIELD_INVALID' });
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, index) => findForbidden(item, [...path, String(index)], depth + 1, found));
    return;
  }
  // Bytes and streams (multipart files) are checked by their own handlers.
  if (ArrayBuffer.isView(value) || typeof (value as { pipe?: unknown }).pipe === 'function') return;
  for (const [key, item] of Object.entries(value)) {
    if (FORBIDDEN.test(key)) {
      found.push({ path: [...path, '?'].join('.'), message: FORBIDDEN_MESSAGE, code: 'FIELD_INVALID' });
      continue;
    }
    findForbidden(item, [...path, key], depth + 1, found);
  }
}

/** Whether anything in `value` would be reported (no paths built: the common case finds nothing). */
function hasForbidden(value: unknown, depth: number): boolean {
  if (typeof value === 'string') return FORBIDDEN.test(value);
  if (value === null || typeof value !== 'object') return false;
  if (depth >= MAX_DEPTH) return true;
  if (Array.isArray(value)) {
    for (const item of value) if (hasForbidden(item, depth + 1)) return true;
    return false;
  }
  if (ArrayBuffer.isView(value) || typeof (value as { pipe?: unknown }).pipe === 'function') return false;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (FORBIDDEN.test(key) || hasForbidden((value as Record<string, unknown>)[key], depth + 1)) return true;
  }
  return false;
}

/**
 * Refuses text the database could not store before any handler or query runs:
 * a NUL byte or a lone surrogate in the path, the query or a JSON body answers
 * 400 VALIDATION_FAILED naming the field, as body fields are named elsewhere
 * ("password"; "querystring.search"; "params.id").
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (
      !hasForbidden(request.params, 0) &&
      !hasForbidden(request.query, 0) &&
      !hasForbidden(request.body, 0)
    ) {
      return;
    }
    const found: FieldError[] = [];
    findForbidden(request.params, ['params'], 0, found);
    findForbidden(request.query, ['querystring'], 0, found);
    findForbidden(request.body, [], 0, found);
    if (found.length === 0) return;
    for (const issue of found) issue.path = issue.path || 'body';
    throw new AppError('VALIDATION_FAILED', 'The request has invalid fields.', found);
  });
}
