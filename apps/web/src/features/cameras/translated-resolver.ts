import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A resolver whose messages are put in the user's language by `translate`
 * (the shared schemas word their rules in English). For flat forms: each
 * field's message is translated; a message `translate` does not know stays.
 */
export function translatedResolver<F extends FieldValues, T>(
  resolver: Resolver<F, unknown, T>,
  translate: (message: string) => string,
): Resolver<F, unknown, T> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    for (const error of Object.values(result.errors)) {
      if (error && typeof error.message === 'string') error.message = translate(error.message);
    }
    return result;
  };
}
