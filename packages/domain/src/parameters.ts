import { z } from 'zod';

/** Aggregations offered for standard parameters (spec §9). */
export const METRIC_AGGREGATIONS = ['SUM', 'AVG', 'MIN', 'MAX', 'COUNT'] as const;
/** Downsample aggregations of derived parameters. */
export const DERIVED_DOWNSAMPLE_AGGREGATIONS = ['AVG', 'MIN', 'SUM', 'AVGABS', 'MAX'] as const;
/** Key/value aggregations of energy metrics. */
export const ENERGY_METRIC_AGGREGATIONS = ['sum', 'avg', 'min', 'max'] as const;

/** Counter parameters reset at this value by default. */
export const COUNTER_DEFAULT_RESET_VALUE = 10;

export const CAAQMS_PREFIX = 'CAAQMS ';
export const CAAQMS_LABEL_MESSAGE = 'Parameter label must have a value with CAAQMS.';
export const PARAMETER_EXISTS_MESSAGE = 'Parameter already exists.';

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
