import { dictionary } from '@zxcvbn-ts/language-common';
import { badRequest } from './errors.js';
import { DEMO_PASSWORD } from './demo.js';

/** How many of the commonest passwords (zxcvbn's ranked list) are refused. */
export const COMMON_PASSWORDS_REFUSED = 1000;

export const UNUSABLE_PASSWORD_MESSAGE =
  'This password is published or among the most common ones. Please choose another.';

let common: Set<string> | undefined;
function commonPasswords(): Set<string> {
  common ??= new Set(dictionary['passwords-common'].slice(0, COMMON_PASSWORDS_REFUSED));
  return common;
}

/**
 * Whether a password is the published demo password or one of the commonest
 * passwords, whatever its case and with the digits and signs the password
 * rules ask for put around it ("Password1!", "#Qwerty2026").
 */
export function isUnusablePassword(password: string): boolean {
  const lower = password.toLowerCase();
  if (lower === DEMO_PASSWORD.toLowerCase()) return true;
  const core = lower.replace(/^[^a-z]+|[^a-z]+$/g, '');
  const list = commonPasswords();
  return list.has(lower) || (core.length >= 4 && list.has(core));
}

/**
 * Refuses such a password wherever one is set (400, on the field), so that no
 * user can take a password any guesser tries first, nor put the demo password
 * back (a production start refuses while an enabled user has it).
 */
export function assertUsablePassword(password: string, path = 'password'): void {
  if (isUnusablePassword(password)) {
    throw badRequest('The request has invalid fields.', [
      { path, code: 'FIELD_UNAVAILABLE', message: UNUSABLE_PASSWORD_MESSAGE },
    ]);
  }
}
