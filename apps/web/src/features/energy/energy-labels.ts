import {
  ENERGY_CATEGORIES,
  ENERGY_METRIC_AGGREGATIONS,
  UNITS,
  type EnergyCategory,
  type EnergyMetricAggregation,
} from '@vayu/domain';
import type { TFunction } from 'i18next';

const CATEGORY_KEYS = {
  Electrical: 'electrical',
  Thermal: 'thermal',
  Water: 'water',
  Fuel: 'fuel',
  'Compressed Air': 'compressedAir',
} as const satisfies Record<EnergyCategory, string>;

export function isEnergyCategory(value: string | null | undefined): value is EnergyCategory {
  return (ENERGY_CATEGORIES as readonly (string | null | undefined)[]).includes(value);
}

/** The shown name of a category; a value the console does not know is shown as stored. */
export function categoryLabel(t: TFunction, value: string): string {
  return isEnergyCategory(value) ? t(`energy.categories.${CATEGORY_KEYS[value]}`) : value;
}

export const categoryOptions = (t: TFunction) =>
  ENERGY_CATEGORIES.map((value) => ({ value, label: categoryLabel(t, value) }));

/** The aggregation in words (the stored value is sum, avg, min or max). */
export function aggregationLabel(t: TFunction, value: EnergyMetricAggregation): string {
  return t(`energy.aggregations.${value}`);
}

export const aggregationOptions = (t: TFunction) =>
  ENERGY_METRIC_AGGREGATIONS.map((value) => ({ value, label: aggregationLabel(t, value) }));

const UNIT_LABELS = new Map<string, string>(UNITS.map((unit) => [unit.code, unit.label]));

/** A unit as people write it (m³/h for m3/h); an unknown code as stored. */
export function unitLabel(code: string): string {
  return UNIT_LABELS.get(code) ?? code;
}

export const unitOptions = () => UNITS.map((unit) => ({ value: unit.code, label: unit.label }));
