import {
  DIALOG_DEFAULTS,
  FIELD_MESSAGES,
  INVALID_CREDENTIALS_MESSAGE,
  PASSWORD_RULES,
  PASSWORDS_DO_NOT_MATCH,
  TOO_MANY_ATTEMPTS_MESSAGE,
} from '@vayu/domain';
import type { ParseKeys, TFunction } from 'i18next';

type MessageKey = ParseKeys;

/**
 * Messages that reach the screen as English text — from the shared zod schemas
 * or from the API — mapped to their translation keys, so they show in the
 * user's language. Anything not listed is shown as it came.
 */
const KNOWN_MESSAGES = new Map<string, MessageKey>([
  [FIELD_MESSAGES.required, 'validation.required'],
  [FIELD_MESSAGES.number, 'validation.number'],
  [FIELD_MESSAGES.email, 'validation.email'],
  [FIELD_MESSAGES.pattern, 'validation.pattern'],
  [PASSWORDS_DO_NOT_MATCH, 'validation.passwordsDoNotMatch'],
  [INVALID_CREDENTIALS_MESSAGE, 'auth.invalidCredentials'],
  [TOO_MANY_ATTEMPTS_MESSAGE, 'auth.tooManyAttempts'],
  [DIALOG_DEFAULTS.error, 'dialogs.defaultError'],
  ...PASSWORD_RULES.map((rule): [string, MessageKey] => [rule.message, `passwordRules.${rule.key}`]),
]);

export function translateMessage(t: TFunction, message: string): string {
  const key = KNOWN_MESSAGES.get(message);
  return key ? t(key) : message;
}
