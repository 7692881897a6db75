import { fromDigits } from '../fields.js';
import { z } from 'zod';
import { FIELD_MESSAGES } from '../constants.js';

/** A record id in a path: a positive integer that fits PostgreSQL's `integer`. */
export const idSchema = fromDigits(z.number().int().positive());
export const idParamsSchema = z.object({ id: idSchema });

/** An edit must say which version the form started from (no lost updates). */
export function requireVersion<S extends z.ZodType<{ version?: number | undefined }>>(schema: S) {
  return schema.refine((body) => body.version !== undefined, {
    path: ['version'],
    message: FIELD_MESSAGES.required,
  });
}
