import {
  DERIVED_ROWS_REQUIRED_MESSAGE,
  DERIVED_SERIES_NAME_MESSAGE,
  DERIVED_SERIES_REQUIRED_MESSAGE,
  PARAMETER_EXISTS_MESSAGE,
  UNKNOWN_UNIT_MESSAGE,
} from '@vayu/domain';
import type { TFunction } from 'i18next';
import { translateMessage } from '../../i18n/messages';

const FIXED = new Map<string, (t: TFunction) => string>([
  [PARAMETER_EXISTS_MESSAGE, (t) => t('derivedParameters.messages.exists')],
  [DERIVED_SERIES_REQUIRED_MESSAGE, (t) => t('derivedParameters.messages.seriesRequired')],
  [DERIVED_ROWS_REQUIRED_MESSAGE, (t) => t('derivedParameters.messages.rowsRequired')],
  [DERIVED_SERIES_NAME_MESSAGE, (t) => t('derivedParameters.messages.seriesName')],
  [UNKNOWN_UNIT_MESSAGE, (t) => t('derivedParameters.messages.unknownUnit')],
  ['Enter an expression.', (t) => t('derivedParameters.messages.enterExpression')],
]);

/** Messages of the expression and name rules with a part that varies (a key, a path). */
const PATTERNS: [RegExp, (t: TFunction, match: RegExpMatchArray) => string][] = [
  [/^Unknown parameter '(.*)'\.$/, (t, m) => t('derivedParameters.messages.unknownParameter', { key: m[1] })],
  [/^Unknown function '(.*)'\.$/, (t, m) => t('derivedParameters.messages.unknownFunction', { name: m[1] })],
  [
    /^Invalid expression: (.*)$/,
    (t, m) => t('derivedParameters.messages.invalidExpression', { detail: m[1] }),
  ],
  [
    /^The expression refers back to itself: (.*)\.$/,
    (t, m) => t('derivedParameters.messages.cycle', { path: m[1] }),
  ],
  [
    /^The series name "(.*)" is used twice in this derived parameter\.$/,
    (t, m) => t('derivedParameters.messages.seriesTwice', { name: m[1] }),
  ],
  [
    /^The series name "(.*)" is already the key of a standard parameter\.$/,
    (t, m) => t('derivedParameters.messages.seriesStandardKey', { name: m[1] }),
  ],
  [
    /^The series name "(.*)" is already used by the derived parameter "(.*)"\.$/,
    (t, m) => t('derivedParameters.messages.seriesTaken', { name: m[1], label: m[2] }),
  ],
  [
    /^"(.*)" is the name of an expression function and cannot name a series\.$/,
    (t, m) => t('derivedParameters.messages.seriesReserved', { name: m[1] }),
  ],
];

/**
 * A message of the derived parameter rules (from the shared domain functions
 * or the API) in the user's language; others go through the common table.
 */
export function translateDerivedMessage(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const fixed = FIXED.get(message);
  if (fixed) return fixed(t);
  for (const [pattern, translate] of PATTERNS) {
    const match = message.match(pattern);
    if (match) return translate(t, match);
  }
  return translateMessage(t, message);
}
