import { fromDigits, INTEGER_RANGE } from './fields.js';
import { z } from 'zod';
import { recordStatusSchema } from './fields.js';
import { FIELD_MESSAGES } from './constants.js';
import {
  ENERGY_METRIC_AGGREGATIONS,
  generateParameterIdentifiers,
  parameterLabelSchema,
  type ParameterMtype,
} from './parameters.js';
import { UNITS, type UnitCode } from './units.js';
import {
  ENERGY_LABEL_NEEDS_TEXT_MESSAGE,
  ENERGY_METRICS_REQUIRED_MESSAGE,
  METRIC_KEY_MAX_LENGTH,
  METRIC_KEY_MESSAGE,
  METRIC_KEY_MIN_LENGTH,
} from './messages.js';

/*
 * The energy module's catalogue (spec §2 "Energy parameters", "Metrics"; §3).
 *
 * A metric is a key such as `daily_consumption` or `peak_demand` and the
 * aggregation it is computed with (its "value": sum, avg, min or max) — the
 * spec's "key/value aggregations" — with a label for people.
 *
 * An energy parameter is what an energy dashboard or report shows: a label
 * (name and key generated from it like a standard parameter's), a category, a
 * unit, optionally the catalogue parameter of mtype 'energy' whose readings
 * feed it, whether it is a cumulative meter counter (kWh: consumption is the
 * difference of two readings), whether alerts are on, and at least one metric
 * computed for it.
 */

export const ENERGY_CATEGORIES = ['Electrical', 'Thermal', 'Water', 'Fuel', 'Compressed Air'] as const;
export type EnergyCategory = (typeof ENERGY_CATEGORIES)[number];
export type EnergyMetricAggregation = (typeof ENERGY_METRIC_AGGREGATIONS)[number];

/** The mtype of the catalogue parameters that may feed an energy parameter. */
export const ENERGY_MTYPE = 'energy' satisfies ParameterMtype;

// ---------------------------------------------------------------------------
// Messages
// ---------------------------------------------------------------------------

/** Why a metric cannot be deleted: an energy parameter still computes it. */
export function metricInUseMessage(parameterLabel: string): string {
  return `This metric is used by the energy parameter "${parameterLabel}" and cannot be deleted.`;
}

// ---------------------------------------------------------------------------
// Metrics — `/metric`, `/addMetric`
// ---------------------------------------------------------------------------

const METRIC_KEY_PATTERN = new RegExp(`^[a-z0-9_.]{${METRIC_KEY_MIN_LENGTH},${METRIC_KEY_MAX_LENGTH}}$`);

/**
 * A metric key as stored: lower-case letters, digits, underscores and dots,
 * 2 to 50 characters (`daily_consumption`, `peak_demand`, `avg.load`).
 */
export function isMetricKeyValid(key: string): boolean {
  return METRIC_KEY_PATTERN.test(key);
}

/** Keys are typed by people: surrounding spaces go and capitals become lower-case before the rule applies. */
export function normalizeMetricKey(key: string): string {
  return key.trim().toLowerCase();
}

export const metricKeySchema = z
  .string({ message: FIELD_MESSAGES.required })
  .transform(normalizeMetricKey)
  .pipe(z.string().min(1, FIELD_MESSAGES.required).refine(isMetricKeyValid, { message: METRIC_KEY_MESSAGE }));

const aggregationSchema = z.enum(ENERGY_METRIC_AGGREGATIONS, { message: FIELD_MESSAGES.required });
const statusSchema = recordStatusSchema;

export const energyMetricSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  /** The aggregation the metric is computed with. */
  value: z.enum(ENERGY_METRIC_AGGREGATIONS),
  label: z.string(),
  status: statusSchema,
  version: z.number().int(),
  createdAt: z.string(),
});
export type EnergyMetric = z.infer<typeof energyMetricSchema>;

export const energyMetricListQuerySchema = z.object({
  page: fromDigits(z.number().int().min(1)).default(1),
  pageSize: fromDigits(z.number().int().min(1).max(100)).default(20),
  /** Matches the key or the label, in any letter case. */
  search: z.string().trim().max(100).optional(),
});
export type EnergyMetricListQuery = z.infer<typeof energyMetricListQuerySchema>;

/** Add or edit a metric; an edit carries the version the form started from. */
export const energyMetricBodySchema = z
  .object({
    key: metricKeySchema,
    label: parameterLabelSchema,
    value: aggregationSchema,
    version: z.number().int().min(1).max(INTEGER_RANGE.max).optional(),
  })
  .strict();
export type EnergyMetricBody = z.infer<typeof energyMetricBodySchema>;
export type EnergyMetricInput = z.input<typeof energyMetricBodySchema>;

// ---------------------------------------------------------------------------
// Energy parameters — `/energy/params`, `/energy/param/add`, `/energy/param/{id}/edit`
// ---------------------------------------------------------------------------

const UNIT_CODES = UNITS.map((unit) => unit.code) as [UnitCode, ...UnitCode[]];

/** A metric as an energy parameter lists it. */
export const energyParameterMetricSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  value: z.enum(ENERGY_METRIC_AGGREGATIONS),
  label: z.string(),
});

export const energyParameterSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  label: z.string(),
  paramKey: z.string(),
  category: z.enum(ENERGY_CATEGORIES),
  unit: z.string().nullable(),
  /** The catalogue parameter whose readings feed this one, if any. */
  parameter: z.object({ id: z.number().int(), label: z.string() }).nullable(),
  isCumulative: z.boolean(),
  isAlertEnabled: z.boolean(),
  metrics: z.array(energyParameterMetricSchema),
  status: statusSchema,
  version: z.number().int(),
  createdAt: z.string(),
});
export type EnergyParameter = z.infer<typeof energyParameterSchema>;

export const energyParameterListQuerySchema = z.object({
  page: fromDigits(z.number().int().min(1)).default(1),
  pageSize: fromDigits(z.number().int().min(1).max(100)).default(20),
  /** Matches the label, name or key, in any letter case. */
  search: z.string().trim().max(100).optional(),
  category: z.enum(ENERGY_CATEGORIES).optional(),
});
export type EnergyParameterListQuery = z.infer<typeof energyParameterListQuerySchema>;

/**
 * Add or edit an energy parameter. Name and key are not sent: the server
 * generates them from the label with `generateParameterIdentifiers`, as the
 * form shows them live.
 */
export const energyParameterBodySchema = z
  .object({
    label: parameterLabelSchema.refine((label) => generateParameterIdentifiers(label).name !== '', {
      message: ENERGY_LABEL_NEEDS_TEXT_MESSAGE,
    }),
    category: z.enum(ENERGY_CATEGORIES, { message: FIELD_MESSAGES.required }),
    unit: z.enum(UNIT_CODES, { message: FIELD_MESSAGES.required }),
    parameterId: z
      .number()
      .int()
      .positive()
      .max(INTEGER_RANGE.max)
      .nullish()
      .transform((v) => v ?? null),
    isCumulative: z.boolean().default(false),
    isAlertEnabled: z.boolean().default(false),
    /** Each metric once; a repeated id counts once. */
    metricIds: z
      .array(z.number().int().positive().max(INTEGER_RANGE.max), { message: ENERGY_METRICS_REQUIRED_MESSAGE })
      .min(1, ENERGY_METRICS_REQUIRED_MESSAGE)
      .max(50)
      .transform((ids) => [...new Set(ids)]),
    version: z.number().int().min(1).max(INTEGER_RANGE.max).optional(),
  })
  .strict();
export type EnergyParameterBody = z.infer<typeof energyParameterBodySchema>;
export type EnergyParameterInput = z.input<typeof energyParameterBodySchema>;
