import { z } from 'zod';
import { FIELD_ERROR_CODES, type ApiErrorCode } from './error-codes.js';

// The codes themselves live in a module without schemas, for clients that only decide by code.
export * from './error-codes.js';

export const fieldErrorSchema = z.object({
  path: z.string(),
  message: z.string(),
  code: z.enum(FIELD_ERROR_CODES).optional(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** Values a message needs (a parameter's name, a limit): clients word the message from these, never from its text. */
export const errorParamsSchema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]));
export type ErrorParams = z.infer<typeof errorParamsSchema>;

/** The error shape of one set of codes (OpenAPI lists the codes each endpoint can answer with). */
export function errorResponseOf(codes: readonly [ApiErrorCode, ...ApiErrorCode[]]) {
  return z.object({
    error: z.object({
      code: z.enum(codes),
      message: z.string(),
      details: z.array(fieldErrorSchema).optional(),
      params: errorParamsSchema.optional(),
      requestId: z.string().optional(),
    }),
  });
}

/** The one error shape of the API. */
export const errorResponseSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.array(fieldErrorSchema).optional(),
    params: errorParamsSchema.optional(),
    requestId: z.string().optional(),
  }),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
