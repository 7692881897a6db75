import type { PARAMETER_MTYPES, STANDARD_PARAMETER_TYPES } from '@vayu/domain';

export type ParameterType = (typeof STANDARD_PARAMETER_TYPES)[number];
export type ParameterMtype = (typeof PARAMETER_MTYPES)[number];

export interface ParameterListFilters {
  page: number;
  pageSize: number;
  search?: string;
  type?: ParameterType;
  mtype?: ParameterMtype;
}

/** Query keys of the parameters feature. */
export const parameterKeys = {
  all: ['parameters'] as const,
  list: (filters: ParameterListFilters) => [...parameterKeys.all, 'list', filters] as const,
  units: ['units'] as const,
};
