import { fromDigits, INTEGER_RANGE } from './fields.js';
import { z } from 'zod';
import { recordStatusSchema } from './fields.js';
import { CAAQMS_LABEL_MESSAGE } from './messages.js';

/** Aggregations offered for standard parameters (spec §9). */
export const METRIC_AGGREGATIONS = ['SUM', 'AVG', 'MIN', 'MAX', 'COUNT'] as const;
/** Downsample aggregations of derived parameters. */
export const DERIVED_DOWNSAMPLE_AGGREGATIONS = ['AVG', 'MIN', 'SUM', 'AVGABS', 'MAX'] as const;
/** Key/value aggregations of energy metrics. */
export const ENERGY_METRIC_AGGREGATIONS = ['sum', 'avg', 'min', 'max'] as const;
export type MetricAggregation = (typeof METRIC_AGGREGATIONS)[number];
export type DownsampleAggregation = (typeof DERIVED_DOWNSAMPLE_AGGREGATIONS)[number];

/** Counter parameters reset at this value by default. */
export const COUNTER_DEFAULT_RESET_VALUE = 10;

export const CAAQMS_PREFIX = 'CAAQMS ';

export interface ParameterIdentifiers {
  name: string;
  paramKey: string;
  paramMetric: string;
}

/**
 * Name, key and metric of a standard or derived parameter, generated from its
 * label (spec §5): lower-cased, hyphens removed, spaces turned into
 * underscores (name and key) or dots (metric). Runs of spaces count as one and
 * the label is trimmed first. Used live by the form and again by the server.
 */
export function generateParameterIdentifiers(label: string): ParameterIdentifiers {
  const words = label.trim().toLowerCase().replace(/-/g, '').split(/\s+/).filter(Boolean);
  const name = words.join('_');
  return { name, paramKey: name, paramMetric: words.join('.') };
}

/**
 * A CAAQMS parameter's label carries the "CAAQMS " prefix and must say more
 * than the prefix: it needs to be longer than 7 characters.
 */
export function isCaaqmsLabelValid(label: string): boolean {
  return label.trim().length > CAAQMS_PREFIX.length;
}

export const parameterLabelSchema = z.string().trim().min(1, 'This field is required').max(100);

// ---------------------------------------------------------------------------
// Standard (and functional) parameters — `/parameterlist`.
// ---------------------------------------------------------------------------

/** What a parameter measures at (mtype): the monitoring point it belongs to. */
export const PARAMETER_MTYPES = ['stack', 'etp', 'caaqms', 'ground water', 'energy', 'general'] as const;
/** NORMAL and CAAQMS are standard parameters; FUNCTIONAL ones add a base parameter. */
export const STANDARD_PARAMETER_TYPES = ['NORMAL', 'CAAQMS', 'FUNCTIONAL'] as const;
export const DATA_STORE_TYPES = ['device'] as const;
export type ParameterMtype = (typeof PARAMETER_MTYPES)[number];
export type StandardParameterType = (typeof STANDARD_PARAMETER_TYPES)[number];
export type DataStoreType = (typeof DATA_STORE_TYPES)[number];

export const parameterSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  label: z.string(),
  mtype: z.enum(PARAMETER_MTYPES),
  type: z.enum(STANDARD_PARAMETER_TYPES),
  paramKey: z.string(),
  paramMetric: z.string(),
  stdUnit: z.string().nullable(),
  defaultStdUnit: z.string().nullable(),
  alertLabel: z.string().nullable(),
  metricAgg: z.enum(METRIC_AGGREGATIONS),
  metricDownsampleAgg: z.enum(METRIC_AGGREGATIONS),
  isAlertEnabled: z.boolean(),
  isCounter: z.boolean(),
  counterResetValue: z.number().nullable(),
  isConversion: z.boolean(),
  showWidget: z.boolean(),
  dataStoreType: z.enum(DATA_STORE_TYPES),
  baseParamId: z.number().int().nullable(),
  isLinear: z.boolean().nullable(),
  status: recordStatusSchema,
  createdAt: z.string(),
  version: z.number().int(),
});
export type Parameter = z.infer<typeof parameterSchema>;

export const parameterListQuerySchema = z.object({
  page: fromDigits(z.number().int().min(1)).default(1),
  pageSize: fromDigits(z.number().int().min(1).max(100)).default(20),
  search: z.string().trim().max(100).optional(),
  type: z.enum(STANDARD_PARAMETER_TYPES).optional(),
  mtype: z.enum(PARAMETER_MTYPES).optional(),
});

/**
 * Create or edit a standard parameter. Name, key and metric are not sent:
 * the server generates them from the label (`generateParameterIdentifiers`).
 * New normal parameters default to showWidget and isConversion on and AVG
 * aggregation; counters default to a reset value of 10. The colour of a
 * functional parameter is shown only and never stored.
 */
export const parameterBodySchema = z
  .object({
    label: parameterLabelSchema,
    /** Adds the "CAAQMS " prefix to the label (spec §3). */
    caaqmsPrefix: z.boolean().default(false),
    mtype: z.enum(PARAMETER_MTYPES),
    type: z.enum(STANDARD_PARAMETER_TYPES).default('NORMAL'),
    stdUnit: z
      .string()
      .trim()
      .max(20)
      .nullish()
      .transform((v) => v || null),
    defaultStdUnit: z
      .string()
      .trim()
      .max(20)
      .nullish()
      .transform((v) => v || null),
    alertLabel: z
      .string()
      .trim()
      .max(100)
      .nullish()
      .transform((v) => v || null),
    metricAgg: z.enum(METRIC_AGGREGATIONS).default('AVG'),
    metricDownsampleAgg: z.enum(METRIC_AGGREGATIONS).default('AVG'),
    isAlertEnabled: z.boolean().default(false),
    isCounter: z.boolean().default(false),
    counterResetValue: z.number().positive().nullish(),
    isConversion: z.boolean().default(true),
    showWidget: z.boolean().default(true),
    dataStoreType: z.enum(DATA_STORE_TYPES).default('device'),
    baseParamId: z.number().int().positive().max(INTEGER_RANGE.max).nullish(),
    isLinear: z.boolean().nullish(),
    version: z.number().int().min(1).max(INTEGER_RANGE.max).optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    const label = getStoredParameterLabel(body);
    if (body.type === 'CAAQMS' && !isCaaqmsLabelValid(label)) {
      ctx.addIssue({ code: 'custom', path: ['label'], message: CAAQMS_LABEL_MESSAGE });
    }
    if (body.type === 'FUNCTIONAL' && !body.baseParamId) {
      ctx.addIssue({ code: 'custom', path: ['baseParamId'], message: 'This field is required' });
    }
  });
export type ParameterBody = z.infer<typeof parameterBodySchema>;
export type ParameterInput = z.input<typeof parameterBodySchema>;

/** The label a parameter is stored with: the CAAQMS prefix added when asked or implied, never twice. */
export function getStoredParameterLabel(
  body: Pick<ParameterBody, 'label' | 'caaqmsPrefix' | 'type'>,
): string {
  const label = body.label.trim();
  const wantsPrefix = body.caaqmsPrefix || body.type === 'CAAQMS';
  return wantsPrefix && !label.toUpperCase().startsWith(CAAQMS_PREFIX.trim())
    ? `${CAAQMS_PREFIX}${label}`
    : label;
}

/** `GET /api/parameters/export`: the filters of `GET /api/parameters`. */
export const parameterExportQuerySchema = parameterListQuerySchema.omit({ page: true, pageSize: true });
export type ParameterExportQuery = z.output<typeof parameterExportQuerySchema>;
