import { zodResolver } from '@hookform/resolvers/zod';
import {
  checkDerivedParameterExpressions,
  checkDerivedSeriesNames,
  checkOwnSeriesNames,
  derivedParameterBodySchema,
  type DerivedParameterBody,
} from '@vayu/domain';
import type { TFunction } from 'i18next';
import { get, set, type FieldErrors, type Resolver } from 'react-hook-form';
import { describeDerivedIssue, translateSchemaMessage } from '../derived-parameter-messages';
import type { DerivedFormContext, FormValues } from './form-model';

const schemaResolver = zodResolver(derivedParameterBodySchema);

/** The schema's messages in the user's language (the errors object is the resolver's own, so it is changed in place). */
function wordSchemaMessages(node: unknown, t: TFunction): void {
  if (!node || typeof node !== 'object') return;
  const record = node as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (key === 'ref') continue;
    const value = record[key];
    if (key === 'message' && typeof value === 'string') record[key] = translateSchemaMessage(t, value);
    else wordSchemaMessages(value, t);
  }
}

/**
 * The body schema, then the rules of the domain: the series names as such
 * and — once the keys are loaded — the rules that need the catalogue (the
 * same functions the server runs). Each problem goes under the field it
 * names, worded from its rule and values, unless the schema found another
 * problem there first.
 */
export const derivedResolver: Resolver<FormValues, DerivedFormContext, DerivedParameterBody> = async (
  values,
  context,
  options,
) => {
  const result = await schemaResolver(values, context, options);
  const t = context!.t;
  const catalogue = context!.catalogue;
  const issues = [
    ...checkOwnSeriesNames(values),
    ...(catalogue
      ? [
          ...checkDerivedSeriesNames(values, catalogue.standardKeys, catalogue.otherSeries),
          ...checkDerivedParameterExpressions(values, catalogue.knownKeys, catalogue.graph),
        ]
      : []),
  ];
  const hasSchemaErrors = Object.keys(result.errors).length > 0;
  if (issues.length === 0 && !hasSchemaErrors) return result;
  const errors: FieldErrors<FormValues> = { ...result.errors };
  wordSchemaMessages(errors, t);
  for (const issue of issues) {
    const found = get(errors, issue.path) as { type?: string } | undefined;
    // The schema's own series-name check (a custom issue) is the same rule: it is worded from the rule.
    if (found && found.type !== 'custom') continue;
    set(errors, issue.path, { type: issue.rule, message: describeDerivedIssue(t, issue) });
  }
  return { values: {}, errors };
};
