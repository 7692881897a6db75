import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { derivedParametersEndpoints, type EndpointResponse } from '@vayu/domain';
import { callEndpoint } from '../../../app/api-client';
import { derivedParameterKeys, type DerivedParameterListQuery } from './derived-parameter-keys';

export type DerivedParameterPage = EndpointResponse<typeof derivedParametersEndpoints.listDerivedParameters>;

export const derivedParametersQueryOptions = (query: DerivedParameterListQuery) =>
  queryOptions({
    queryKey: derivedParameterKeys.list(query),
    queryFn: ({ signal }) =>
      callEndpoint(derivedParametersEndpoints.listDerivedParameters, { query, signal }),
  });

/** One page of derived parameters with their series, searched on the server. */
export function useDerivedParameters(query: DerivedParameterListQuery) {
  return useQuery({ ...derivedParametersQueryOptions(query), placeholderData: keepPreviousData });
}
