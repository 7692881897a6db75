import { DIALOG_DEFAULTS, FIELD_MESSAGES, PASSWORD_RULES, PASSWORDS_DO_NOT_MATCH } from '@vayu/domain';
import type { ParseKeys, TFunction } from 'i18next';

type MessageKey = ParseKeys;

/**
 * Messages of the shared zod schemas that forms check in the browser, mapped
 * to their translation keys, so they show in the user's language. Anything
 * not listed is shown as it came. The API's errors are never looked up here:
 * they are worded by their code (`getErrorMessage`).
 */
const KNOWN_MESSAGES = new Map<string, MessageKey>([
  [FIELD_MESSAGES.required, 'validation.required'],
  [FIELD_MESSAGES.number, 'validation.number'],
  [FIELD_MESSAGES.email, 'validation.email'],
  [FIELD_MESSAGES.pattern, 'validation.pattern'],
  [PASSWORDS_DO_NOT_MATCH, 'validation.passwordsDoNotMatch'],
  [DIALOG_DEFAULTS.error, 'dialogs.defaultError'],
  ...PASSWORD_RULES.map((rule): [string, MessageKey] => [rule.message, `passwordRules.${rule.key}`]),
]);

export function translateMessage(t: TFunction, message: string): string {
  const key = KNOWN_MESSAGES.get(message);
  return key ? t(key) : message;
}
