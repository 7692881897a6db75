import { zodResolver } from '@hookform/resolvers/zod';
import type { ApiErrorCode } from '@vayu/domain';
import type { TFunction } from 'i18next';
import type { FieldValues, Path, Resolver, UseFormSetError } from 'react-hook-form';
import { z } from 'zod';
import { handleSaveError } from '../../components/form';
import { billingMessage } from './billing-text';

/** Puts every message of a (nested) error tree in the user's language; DOM refs are left alone. */
function translateTree(node: unknown, translate: (message: string) => string, depth = 0): void {
  if (depth > 6 || typeof node !== 'object' || node === null) return;
  const record = node as Record<string, unknown>;
  if (typeof record.message === 'string' && typeof record.type === 'string') {
    record.message = translate(record.message);
  }
  for (const [key, value] of Object.entries(record)) {
    if (key !== 'ref' && key !== 'message') translateTree(value, translate, depth + 1);
  }
}

/**
 * A resolver whose messages, at any depth (the plan's add-on rows), are the
 * billing schemas' rules in the user's language.
 */
export function billingResolver<F extends FieldValues, T>(
  resolver: Resolver<F, unknown, T>,
  t: TFunction,
): Resolver<F, unknown, T> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    translateTree(result.errors, (message) => billingMessage(t, message));
    return result;
  };
}

/**
 * A resolver for a form whose values are not the body itself (rupees for
 * paise, a percentage for basis points, the code only when adding): the
 * domain's `schema` checks `toCandidate(values)`, its messages in the user's
 * language under the fields of the same names; the form keeps its own values,
 * and the submit handler makes the body with `schema.parse(toCandidate(values))`.
 */
export function candidateResolver<F extends FieldValues>(
  schema: z.ZodType,
  toCandidate: (values: F) => unknown,
  t: TFunction,
): Resolver<F, unknown, F> {
  const inner = zodResolver(
    z.preprocess((values) => toCandidate(values as F), schema) as unknown as z.ZodType<F, F>,
  ) as unknown as Resolver<F, unknown, unknown>;
  return async (values, context, options) => {
    const result = await inner(values, context, options);
    if (Object.keys(result.errors).length > 0) {
      translateTree(result.errors, (message) => billingMessage(t, message));
      return { values: {}, errors: result.errors };
    }
    return { values, errors: {} };
  };
}

/**
 * What a refused save of a billing form shows, decided by code and field
 * details only: a stale version offers a reload; a code or detail about a
 * field goes under it (its rule text in the user's language) with
 * `failureMessage` as the notice; anything else is worded by its code.
 */
export function showBillingSaveError<F extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<F>,
  t: TFunction,
  options: {
    fields: readonly Path<F>[];
    codeFields?: Partial<Record<ApiErrorCode, Path<F>>>;
    onConflict: () => void;
    failureMessage: string;
  },
): void {
  const translatedSetError: UseFormSetError<F> = (name, fieldError, setOptions) =>
    setError(
      name,
      { ...fieldError, message: fieldError.message && billingMessage(t, fieldError.message) },
      setOptions,
    );
  handleSaveError(error, translatedSetError, t, options);
}
