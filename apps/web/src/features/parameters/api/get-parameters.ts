import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE, parametersEndpoints, type EndpointResponse } from '@vayu/domain';
import { callEndpoint } from '../../../app/api-client';
import { parameterKeys, type ParameterListQuery } from './parameter-keys';

export type ParameterPage = EndpointResponse<typeof parametersEndpoints.listParameters>;

export const parametersQueryOptions = (query: ParameterListQuery) =>
  queryOptions({
    queryKey: parameterKeys.list(query),
    queryFn: ({ signal }) => callEndpoint(parametersEndpoints.listParameters, { query, signal }),
  });

export function useParameters(query: ParameterListQuery, enabled = true) {
  return useQuery({ ...parametersQueryOptions(query), enabled, placeholderData: keepPreviousData });
}

/** The largest page the API serves: enough for the base parameters a functional one may use. */
export const BASE_PARAMETER_QUERY: ParameterListQuery = { page: 1, pageSize: MAX_PAGE_SIZE, type: 'NORMAL' };
