import type {
  EndpointQuery,
  PARAMETER_MTYPES,
  parametersEndpoints,
  STANDARD_PARAMETER_TYPES,
} from '@vayu/domain';

export type ParameterType = (typeof STANDARD_PARAMETER_TYPES)[number];
export type ParameterMtype = (typeof PARAMETER_MTYPES)[number];

/** The list's query, as `GET /api/parameters` defines it. */
export type ParameterListQuery = EndpointQuery<typeof parametersEndpoints.listParameters>;

/** Query keys of the parameters feature. */
export const parameterKeys = {
  all: ['parameters'] as const,
  list: (query: ParameterListQuery) => [...parameterKeys.all, 'list', query] as const,
  units: ['units'] as const,
};
