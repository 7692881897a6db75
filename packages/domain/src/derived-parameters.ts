import { fromDigits, INTEGER_RANGE } from './fields.js';
import { z } from 'zod';
import { recordStatusSchema } from './fields.js';
import type { FieldError } from './errors.js';
import {
  EXPRESSION_FUNCTIONS,
  checkDerivedExpression,
  findDependencyCycle,
  type ExpressionRule,
} from './expressions.js';
import {
  DERIVED_DOWNSAMPLE_AGGREGATIONS,
  METRIC_AGGREGATIONS,
  PARAMETER_MTYPES,
  generateParameterIdentifiers,
  parameterLabelSchema,
} from './parameters.js';
import { UNITS } from './units.js';
import {
  DERIVED_DATA_SOURCES,
  DERIVED_ROWS_REQUIRED_MESSAGE,
  DERIVED_SERIES_NAME_MESSAGE,
  DERIVED_SERIES_REQUIRED_MESSAGE,
  UNKNOWN_UNIT_MESSAGE,
} from './messages.js';

// ---------------------------------------------------------------------------
// Derived parameters — `/derived-param-list`, `/add-derived-param`.
//
// A derived parameter is a catalogue entry whose values are computed from
// other parameters rather than measured. It has one or more derived series
// (`derivedStdParamList`). Each series has a label (`derivedParamLabel`) and a
// name (`derivedParamName`) generated from it like every catalogue name; the
// name is what other expressions refer to. A series is computed by its
// ordered expression rows (`derivedExpressionProperties`): each row has an
// optional condition (`conditionalStatement`, e.g. `o2 < 21`), a formula
// (`expressionParam`, e.g. `pm * (21 - 11) / (21 - o2)`), the readings it reads
// (`dataSource`) and an optional unit. The first row whose condition holds (no
// condition = always) gives the value.
//
// Expressions may use the key of any standard parameter and the name of any
// derived series (of this or another derived parameter), as long as no series
// ends up depending on itself.
// ---------------------------------------------------------------------------

export const DERIVED_SERIES_MAX = 20;
export const DERIVED_EXPRESSION_ROWS_MAX = 20;
export const DERIVED_EXPRESSION_MAX_LENGTH = 1000;

export const derivedSeriesDuplicateMessage = (name: string) =>
  `The series name "${name}" is used twice in this derived parameter.`;
export const derivedSeriesReservedMessage = (name: string) =>
  `"${name}" is the name of an expression function and cannot name a series.`;
export const derivedSeriesStandardKeyMessage = (name: string) =>
  `The series name "${name}" is already the key of a standard parameter.`;
export const derivedSeriesTakenMessage = (name: string, derivedParameterLabel: string) =>
  `The series name "${name}" is already used by the derived parameter "${derivedParameterLabel}".`;
export const derivedCycleMessage = (cycle: readonly string[]) =>
  `The expression refers back to itself: ${cycle.join(' → ')}.`;
export const derivedParameterInUseMessage = (dependentLabel: string) =>
  `This derived parameter is used in an expression of the derived parameter "${dependentLabel}" and cannot be deleted.`;
export const derivedSeriesInUseMessage = (name: string, dependentLabel: string) =>
  `The series "${name}" is used in an expression of the derived parameter "${dependentLabel}" and cannot be renamed or removed.`;

const UNIT_CODES: readonly string[] = UNITS.map((unit) => unit.code);
/** Names an expression reads as something else: its functions and literals. */
const RESERVED_NAMES = new Set<string>([...EXPRESSION_FUNCTIONS, 'true', 'false', 'null', 'this']);
/** A name an expression can refer to without ambiguity ("pm2.5" included). */
const SERIES_NAME_PATTERN = /^[a-z_][a-z0-9_]*(\.[a-z0-9_]+)*$/;

/** The name of a derived series, generated from its label like every catalogue name. */
export function getDerivedSeriesName(label: string): string {
  return generateParameterIdentifiers(label).name;
}

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The keys a stored condition or expression uses. It is parsed like on save;
 * one that no longer parses (a parameter it used was deleted, say) is searched
 * for whole-word mentions of the keys instead, so that nothing it may use is
 * missed when deciding whether a parameter can go.
 */
export function getExpressionDependencies(text: string, keys: readonly string[]): string[] {
  if (!text.trim()) return [];
  const result = checkDerivedExpression(text, keys);
  if (result.ok) return result.dependencies;
  return keys.filter((key) =>
    new RegExp(`(?<![A-Za-z0-9_.])${escapeRegExp(key)}(?![A-Za-z0-9_])`).test(text),
  );
}

/** Rules of series names and of the expressions between series, beside those of one expression. */
export const DERIVED_SERIES_RULES = [
  'seriesName',
  'seriesReserved',
  'seriesTwice',
  'seriesStandardKey',
  'seriesTaken',
  'expressionCycle',
] as const;
/** Why a field of a derived parameter is refused, beyond the schema's own checks. */
export type DerivedRule = ExpressionRule | (typeof DERIVED_SERIES_RULES)[number];

/**
 * A refused field of a derived parameter: where (the body's path), the rule
 * it breaks with the values its wording needs (clients word it from these,
 * never from the message), and the English message.
 */
export interface DerivedFieldIssue {
  path: string;
  message: string;
  rule: DerivedRule;
  values: Record<string, string>;
}

/** The issue as an API field error: the rule's values stay with the clients that run the rule themselves. */
export function toDerivedFieldError(issue: DerivedFieldIssue): FieldError {
  return { path: issue.path, message: issue.message, code: 'FIELD_RULE' };
}

/** A problem with a series name as such, or null: the name must be usable in an expression. */
export function checkDerivedSeriesName(name: string): Omit<DerivedFieldIssue, 'path'> | null {
  if (!name) return null; // an empty label has its own message
  if (!SERIES_NAME_PATTERN.test(name))
    return { rule: 'seriesName', values: {}, message: DERIVED_SERIES_NAME_MESSAGE };
  if (RESERVED_NAMES.has(name)) {
    return { rule: 'seriesReserved', values: { name }, message: derivedSeriesReservedMessage(name) };
  }
  return null;
}

const seriesLabelPath = (index: number) => `derivedStdParamList.${index}.derivedParamLabel`;

/**
 * The series names of one derived parameter as such: each usable in an
 * expression and none used twice. The body schema refuses what this finds;
 * forms call it to word each problem from its rule.
 */
export function checkOwnSeriesNames(body: {
  derivedStdParamList: readonly Pick<DerivedSeriesDraft, 'derivedParamLabel'>[];
}): DerivedFieldIssue[] {
  const issues: DerivedFieldIssue[] = [];
  const seen = new Set<string>();
  body.derivedStdParamList.forEach((series, index) => {
    const name = getDerivedSeriesName(series.derivedParamLabel ?? '');
    const problem = checkDerivedSeriesName(name);
    if (problem) issues.push({ path: seriesLabelPath(index), ...problem });
    else if (name && seen.has(name)) {
      issues.push({
        path: seriesLabelPath(index),
        rule: 'seriesTwice',
        values: { name },
        message: derivedSeriesDuplicateMessage(name),
      });
    }
    seen.add(name);
  });
  return issues;
}

// --- entity ----------------------------------------------------------------

export const derivedExpressionPropertySchema = z.object({
  conditionalStatement: z.string().nullable(),
  expressionParam: z.string(),
  dataSource: z.enum(DERIVED_DATA_SOURCES),
  unit: z.string().nullable(),
});
export type DerivedExpressionProperty = z.infer<typeof derivedExpressionPropertySchema>;

export const derivedStdParamSchema = z.object({
  id: z.number().int(),
  derivedParamName: z.string(),
  derivedParamLabel: z.string(),
  derivedExpressionProperties: z.array(derivedExpressionPropertySchema),
});
export type DerivedStdParam = z.infer<typeof derivedStdParamSchema>;

export const derivedParameterSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  label: z.string(),
  mtype: z.enum(PARAMETER_MTYPES),
  paramKey: z.string(),
  paramMetric: z.string(),
  stdUnit: z.string().nullable(),
  alertLabel: z.string().nullable(),
  metricAgg: z.enum(METRIC_AGGREGATIONS),
  metricDownsampleAgg: z.enum(DERIVED_DOWNSAMPLE_AGGREGATIONS),
  isAlertEnabled: z.boolean(),
  derivedStdParamList: z.array(derivedStdParamSchema),
  status: recordStatusSchema,
  createdAt: z.string(),
  version: z.number().int(),
});
export type DerivedParameter = z.infer<typeof derivedParameterSchema>;

export const derivedParameterListQuerySchema = z.object({
  page: fromDigits(z.number().int().min(1)).default(1),
  pageSize: fromDigits(z.number().int().min(1).max(100)).default(20),
  search: z.string().trim().max(100).optional(),
  mtype: z.enum(PARAMETER_MTYPES).optional(),
});
export type DerivedParameterListQuery = z.infer<typeof derivedParameterListQuerySchema>;

/** A name an expression may use (`GET /api/derivedParameters/keys`). */
export const expressionKeySchema = z.object({
  key: z.string(),
  label: z.string(),
  kind: z.enum(['standard', 'derived']),
  unit: z.string().nullable(),
  /** The derived parameter a derived series belongs to; null for standard parameters. */
  derivedParameterId: z.number().int().nullable(),
  derivedParameterLabel: z.string().nullable(),
  /** The keys a derived series' expressions and conditions use, for finding cycles; [] for standard ones. */
  dependsOn: z.array(z.string()),
});
export type ExpressionKey = z.infer<typeof expressionKeySchema>;

/** A derived series of an energy derived parameter (`GET /api/energy/derivedmetrics`). */
export const energyDerivedMetricSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  label: z.string(),
  unit: z.string().nullable(),
  derivedParameterId: z.number().int(),
  derivedParameterLabel: z.string(),
});
export type EnergyDerivedMetric = z.infer<typeof energyDerivedMetricSchema>;

// --- body ------------------------------------------------------------------

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => value || null);

const unitCodeSchema = optionalText(20).refine((code) => code === null || UNIT_CODES.includes(code), {
  message: UNKNOWN_UNIT_MESSAGE,
});

export const derivedExpressionPropertyBodySchema = z
  .object({
    conditionalStatement: optionalText(DERIVED_EXPRESSION_MAX_LENGTH),
    expressionParam: z.string().trim().min(1, 'This field is required').max(DERIVED_EXPRESSION_MAX_LENGTH),
    dataSource: z.enum(DERIVED_DATA_SOURCES).default('raw'),
    unit: unitCodeSchema,
  })
  .strict();

export const derivedStdParamBodySchema = z
  .object({
    derivedParamLabel: parameterLabelSchema,
    derivedExpressionProperties: z
      .array(derivedExpressionPropertyBodySchema)
      .min(1, DERIVED_ROWS_REQUIRED_MESSAGE)
      .max(DERIVED_EXPRESSION_ROWS_MAX),
  })
  .strict();

/**
 * Create or edit a derived parameter. Name, key and metric of the parameter
 * and the name of each series are not sent: the server generates them from
 * the labels. Checks that need the catalogue (known keys, cycles, names taken
 * elsewhere) are `checkDerivedParameterExpressions` and
 * `checkDerivedSeriesNames`, run by the server and live by the form.
 */
export const derivedParameterBodySchema = z
  .object({
    label: parameterLabelSchema,
    mtype: z.enum(PARAMETER_MTYPES, {
      error: (issue) => (issue.input === undefined ? 'This field is required' : undefined),
    }),
    stdUnit: unitCodeSchema,
    alertLabel: optionalText(100),
    metricAgg: z.enum(METRIC_AGGREGATIONS).default('AVG'),
    metricDownsampleAgg: z.enum(DERIVED_DOWNSAMPLE_AGGREGATIONS).default('AVG'),
    isAlertEnabled: z.boolean().default(false),
    derivedStdParamList: z
      .array(derivedStdParamBodySchema)
      .min(1, DERIVED_SERIES_REQUIRED_MESSAGE)
      .max(DERIVED_SERIES_MAX),
    version: z.number().int().min(1).max(INTEGER_RANGE.max).optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    for (const issue of checkOwnSeriesNames(body)) {
      ctx.addIssue({
        code: 'custom',
        path: issue.path.split('.').map(toPathSegment),
        message: issue.message,
      });
    }
  });

function toPathSegment(segment: string): string | number {
  return /^\d+$/.test(segment) ? Number(segment) : segment;
}
export type DerivedParameterBody = z.infer<typeof derivedParameterBodySchema>;
export type DerivedParameterInput = z.input<typeof derivedParameterBodySchema>;

// --- rules that need the catalogue ----------------------------------------------

/** The parts of a body the expression rules read; partly filled forms fit too. */
export interface DerivedSeriesDraft {
  derivedParamLabel: string;
  derivedExpressionProperties: readonly {
    conditionalStatement?: string | null | undefined;
    expressionParam: string;
  }[];
}

const rowPath = (series: number, row: number, field: 'conditionalStatement' | 'expressionParam') =>
  `derivedStdParamList.${series}.derivedExpressionProperties.${row}.${field}`;

/**
 * Parses every condition and expression of a derived parameter and looks for
 * cycles. `knownKeys` are the keys of standard parameters and the series names
 * of the other derived parameters (not the stored version of the one being
 * edited); the body's own series names are added here. `otherSeriesGraph`
 * maps each series name of the other derived parameters to the keys its rows
 * use. Returns the problems as field errors (paths as in the body).
 */
export function checkDerivedParameterExpressions(
  body: { derivedStdParamList: readonly DerivedSeriesDraft[] },
  knownKeys: readonly string[],
  otherSeriesGraph: Readonly<Record<string, readonly string[]>>,
): DerivedFieldIssue[] {
  const issues: DerivedFieldIssue[] = [];
  const ownNames = body.derivedStdParamList.map((series) => getDerivedSeriesName(series.derivedParamLabel));
  const keys = [...new Set([...knownKeys, ...ownNames.filter(Boolean)])];

  // Which key each row field uses, to say where a cycle is written.
  const uses: { series: number; path: string; dependencies: string[] }[] = [];
  const ownGraph: Record<string, string[]> = {};
  body.derivedStdParamList.forEach((series, s) => {
    const dependencies = new Set<string>();
    series.derivedExpressionProperties.forEach((row, r) => {
      const fields = [
        ['conditionalStatement', row.conditionalStatement ?? ''],
        ['expressionParam', row.expressionParam],
      ] as const;
      for (const [field, text] of fields) {
        if (field === 'conditionalStatement' && !text.trim()) continue;
        const result = checkDerivedExpression(text, keys);
        if (!result.ok) {
          issues.push({
            path: rowPath(s, r, field),
            rule: result.rule,
            values: result.values,
            message: result.message,
          });
          continue;
        }
        result.dependencies.forEach((key) => dependencies.add(key));
        uses.push({ series: s, path: rowPath(s, r, field), dependencies: result.dependencies });
      }
    });
    const name = ownNames[s];
    if (name) ownGraph[name] = [...new Set([...(ownGraph[name] ?? []), ...dependencies])];
  });

  const graph: Record<string, readonly string[]> = { ...otherSeriesGraph, ...ownGraph };
  body.derivedStdParamList.forEach((_, s) => {
    const name = ownNames[s];
    if (!name || ownNames.indexOf(name) !== s) return;
    // Start the search at this series so that a cycle through it is the one found.
    const cycle = findDependencyCycle({ [name]: graph[name] ?? [], ...graph });
    if (!cycle || cycle[0] !== name) return;
    const next = cycle[1]!;
    const use = uses.find((item) => item.series === s && item.dependencies.includes(next));
    issues.push({
      path: use?.path ?? seriesLabelPath(s),
      rule: 'expressionCycle',
      values: { path: cycle.join(' → ') },
      message: derivedCycleMessage(cycle),
    });
  });
  return issues;
}

/**
 * Series names that clash with the catalogue: the key of a standard parameter,
 * or a series name of another derived parameter (`otherSeries`, without the
 * stored version of the one being edited). Duplicates within the body are the
 * body schema's business.
 */
export function checkDerivedSeriesNames(
  body: { derivedStdParamList: readonly Pick<DerivedSeriesDraft, 'derivedParamLabel'>[] },
  standardKeys: readonly string[],
  otherSeries: readonly { name: string; derivedParameterLabel: string }[],
): DerivedFieldIssue[] {
  const standard = new Set(standardKeys.map((key) => key.toLowerCase()));
  const owners = new Map(
    otherSeries.map((series) => [series.name.toLowerCase(), series.derivedParameterLabel]),
  );
  const issues: DerivedFieldIssue[] = [];
  body.derivedStdParamList.forEach((series, index) => {
    const name = getDerivedSeriesName(series.derivedParamLabel);
    if (!name) return;
    const path = seriesLabelPath(index);
    const owner = owners.get(name);
    if (standard.has(name)) {
      issues.push({
        path,
        rule: 'seriesStandardKey',
        values: { name },
        message: derivedSeriesStandardKeyMessage(name),
      });
    } else if (owner !== undefined) {
      issues.push({
        path,
        rule: 'seriesTaken',
        values: { name, label: owner },
        message: derivedSeriesTakenMessage(name, owner),
      });
    }
  });
  return issues;
}
