import {
  DERIVED_ROWS_REQUIRED_MESSAGE,
  DERIVED_SERIES_NAME_MESSAGE,
  DERIVED_SERIES_REQUIRED_MESSAGE,
  UNKNOWN_UNIT_MESSAGE,
  type DerivedFieldIssue,
  type DerivedRule,
  type ErrorParams,
} from '@vayu/domain';
import type { ParseKeys, TFunction } from 'i18next';
import { translateMessage } from '../../i18n/messages';

/** Messages of the form's own schema (the body schema run in the browser) and their translations. */
const SCHEMA_MESSAGES = new Map<string, ParseKeys>([
  [DERIVED_SERIES_REQUIRED_MESSAGE, 'derivedParameters.messages.seriesRequired'],
  [DERIVED_ROWS_REQUIRED_MESSAGE, 'derivedParameters.messages.rowsRequired'],
  [DERIVED_SERIES_NAME_MESSAGE, 'derivedParameters.messages.seriesName'],
  [UNKNOWN_UNIT_MESSAGE, 'derivedParameters.messages.unknownUnit'],
]);

/** A message of the form's schema checks in the user's language; the common table otherwise. */
export function translateSchemaMessage(t: TFunction, message: string): string {
  const key = SCHEMA_MESSAGES.get(message);
  return key ? t(key) : translateMessage(t, message);
}

/** A derived parameter rule (of an expression, a series name, a cycle) in the user's language, from its values. */
export function describeDerivedRule(t: TFunction, rule: DerivedRule, values: Record<string, string>): string {
  const params: ErrorParams = values;
  return t(`derivedParameters.rules.${rule}`, params);
}

export function describeDerivedIssue(
  t: TFunction,
  issue: Pick<DerivedFieldIssue, 'rule' | 'values'>,
): string {
  return describeDerivedRule(t, issue.rule, issue.values);
}
