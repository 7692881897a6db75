import type { TFunction } from 'i18next';
import type { FieldValues, Path, RegisterOptions, Validate } from 'react-hook-form';

/** Simple e-mail shape check; the server is the final judge of addresses. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface FieldRuleProps<TValues extends FieldValues = FieldValues> {
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  /** A value that does not match shows 'Illegal value' (or `patternMessage`). */
  pattern?: RegExp;
  patternMessage?: string;
  validate?: Validate<unknown, TValues> | Record<string, Validate<unknown, TValues>>;
}

/**
 * react-hook-form rules with the spec's default messages (§5). Forms that use
 * a zod resolver get their messages from the schema instead; these rules then
 * are not run by react-hook-form.
 */
export function buildFieldRules<TValues extends FieldValues>(
  t: TFunction,
  props: FieldRuleProps<TValues>,
  extra: Pick<RegisterOptions<TValues, Path<TValues>>, 'min' | 'max'> = {},
): RegisterOptions<TValues, Path<TValues>> {
  const rules: RegisterOptions<TValues, Path<TValues>> = { ...extra };
  if (props.required) rules.required = t('validation.required');
  if (props.minLength !== undefined) {
    rules.minLength = {
      value: props.minLength,
      message: t('validation.minLength', { count: props.minLength }),
    };
  }
  if (props.maxLength !== undefined) {
    rules.maxLength = {
      value: props.maxLength,
      message: t('validation.maxLength', { count: props.maxLength }),
    };
  }
  if (props.pattern) {
    rules.pattern = { value: props.pattern, message: props.patternMessage ?? t('validation.pattern') };
  }
  if (props.validate) rules.validate = props.validate as RegisterOptions<TValues, Path<TValues>>['validate'];
  return rules;
}
