import type { EnergyParameter, EnergyParameterInput } from '@vayu/domain';
import type { FieldPath } from 'react-hook-form';

/** The fields the form shows: where the server's field details may go. */
export const FORM_FIELDS = [
  'label',
  'category',
  'unit',
  'parameterId',
  'isCumulative',
  'isAlertEnabled',
  'metricIds',
] as const satisfies readonly FieldPath<EnergyParameterInput>[];

export function toFormValues(parameter: EnergyParameter | null): EnergyParameterInput {
  if (!parameter) {
    return {
      label: '',
      category: undefined as unknown as EnergyParameterInput['category'],
      unit: undefined as unknown as EnergyParameterInput['unit'],
      parameterId: null,
      isCumulative: false,
      isAlertEnabled: false,
      metricIds: [],
    };
  }
  return {
    label: parameter.label,
    category: parameter.category as EnergyParameterInput['category'],
    unit: (parameter.unit ?? undefined) as EnergyParameterInput['unit'],
    parameterId: parameter.parameter?.id ?? null,
    isCumulative: parameter.isCumulative,
    isAlertEnabled: parameter.isAlertEnabled,
    metricIds: parameter.metrics.map((metric) => metric.id),
    version: parameter.version,
  };
}
