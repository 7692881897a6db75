/*
 * The password policy as plain rules, for the live checklist and the messages
 * the console translates. The zod schemas built on them are in password.ts.
 */
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.js';

/** The five checks of the password policy (spec §5); all must pass. */
export const PASSWORD_RULES = [
  {
    key: 'length',
    message: `Password must be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters long`,
    test: (v: string) => v.length >= PASSWORD_MIN_LENGTH && v.length <= PASSWORD_MAX_LENGTH,
  },
  {
    key: 'capital',
    message: 'Password must contain at least one capital letter',
    test: (v: string) => /[A-Z]/.test(v),
  },
  {
    key: 'small',
    message: 'Password must contain at least one small letter',
    test: (v: string) => /[a-z]/.test(v),
  },
  {
    key: 'digit',
    message: 'Password must contain at least one digit',
    test: (v: string) => /[0-9]/.test(v),
  },
  {
    key: 'special',
    message: 'Password must contain at least one special character',
    test: (v: string) => /[^A-Za-z0-9\s]/.test(v),
  },
] as const;

export type PasswordRuleKey = (typeof PASSWORD_RULES)[number]['key'];
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';

/** Which rules a candidate password passes, for a live checklist. */
export function checkPassword(value: string): Record<PasswordRuleKey, boolean> {
  return Object.fromEntries(PASSWORD_RULES.map((r) => [r.key, r.test(value)])) as Record<
    PasswordRuleKey,
    boolean
  >;
}

export function isPasswordValid(value: string): boolean {
  return PASSWORD_RULES.every((r) => r.test(value));
}
