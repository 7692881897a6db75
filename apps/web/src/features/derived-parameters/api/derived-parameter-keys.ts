import type { PARAMETER_MTYPES } from '@vayu/domain';

export type DerivedParameterMtype = (typeof PARAMETER_MTYPES)[number];

export interface DerivedParameterListFilters {
  page: number;
  pageSize: number;
  search?: string;
  mtype?: DerivedParameterMtype;
}

/** Query keys of the derived parameters feature. */
export const derivedParameterKeys = {
  all: ['derivedParameters'] as const,
  list: (filters: DerivedParameterListFilters) => [...derivedParameterKeys.all, 'list', filters] as const,
  detail: (id: number) => [...derivedParameterKeys.all, 'detail', id] as const,
  expressionKeys: () => [...derivedParameterKeys.all, 'keys'] as const,
};
