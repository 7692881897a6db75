import { PARAMETER_MTYPES, STANDARD_PARAMETER_TYPES } from '@vayu/domain';
import type { TFunction } from 'i18next';
import type { ParameterMtype, ParameterType } from './api/parameter-keys';

const MTYPE_KEYS = {
  stack: 'stack',
  etp: 'etp',
  caaqms: 'caaqms',
  'ground water': 'groundWater',
  energy: 'energy',
  general: 'general',
} as const satisfies Record<ParameterMtype, string>;

function isType(value: string): value is ParameterType {
  return (STANDARD_PARAMETER_TYPES as readonly string[]).includes(value);
}

function isMtype(value: string): value is ParameterMtype {
  return (PARAMETER_MTYPES as readonly string[]).includes(value);
}

/** The shown name of a parameter type; a value the console does not know is shown as stored. */
export function typeLabel(t: TFunction, value: string): string {
  return isType(value) ? t(`parameters.types.${value}`) : value;
}

/** The shown name of an mtype; a value the console does not know is shown as stored. */
export function mtypeLabel(t: TFunction, value: string): string {
  return isMtype(value) ? t(`parameters.mtypes.${MTYPE_KEYS[value]}`) : value;
}

export const typeOptions = (t: TFunction) =>
  STANDARD_PARAMETER_TYPES.map((value) => ({ value, label: typeLabel(t, value) }));

export const mtypeOptions = (t: TFunction) =>
  PARAMETER_MTYPES.map((value) => ({ value, label: mtypeLabel(t, value) }));
