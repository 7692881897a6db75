import { UNITS } from '@vayu/domain';
import { formatNumber } from '../../i18n';

const UNIT_LABELS = new Map<string, string>(UNITS.map((unit) => [unit.code, unit.label]));

/** How a unit code is written for people: "mg/Nm³" for mg/Nm3; a code the list lacks as it is. */
export function unitLabel(code: string | null): string {
  if (code === null) return '';
  return UNIT_LABELS.get(code) ?? code;
}

/** A value with its unit, e.g. "42.5 mg/Nm³" (Indian digit grouping, at most 3 decimals). */
export function formatReading(value: number, unit: string | null): string {
  const text = formatNumber(value);
  return unit ? `${text} ${unitLabel(unit)}` : text;
}
