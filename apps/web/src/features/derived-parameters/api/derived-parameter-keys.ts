import type { derivedParametersEndpoints, EndpointQuery, PARAMETER_MTYPES } from '@vayu/domain';

export type DerivedParameterMtype = (typeof PARAMETER_MTYPES)[number];

/** The list's query, as `GET /api/derivedParameters` defines it. */
export type DerivedParameterListQuery = EndpointQuery<
  typeof derivedParametersEndpoints.listDerivedParameters
>;

/** Query keys of the derived parameters feature. */
export const derivedParameterKeys = {
  all: ['derivedParameters'] as const,
  list: (query: DerivedParameterListQuery) => [...derivedParameterKeys.all, 'list', query] as const,
  detail: (id: number) => [...derivedParameterKeys.all, 'detail', id] as const,
  expressionKeys: () => [...derivedParameterKeys.all, 'keys'] as const,
};
