import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { pageOf, parameterSchema } from '@vayu/domain';
import type { z } from 'zod';
import { apiClient } from '../../../app/api-client';
import { parameterKeys, type ParameterListFilters } from './parameter-keys';

export const parameterPageSchema = pageOf(parameterSchema);
export type ParameterPage = z.infer<typeof parameterPageSchema>;

/** `GET /api/parameters`: one page of standard parameters, searched and filtered on the server. */
export function getParameters(filters: ParameterListFilters, signal?: AbortSignal): Promise<ParameterPage> {
  return apiClient.get('/parameters', {
    query: {
      page: filters.page,
      pageSize: filters.pageSize,
      search: filters.search,
      type: filters.type,
      mtype: filters.mtype,
    },
    schema: parameterPageSchema,
    signal,
  });
}

export const parametersQueryOptions = (filters: ParameterListFilters) =>
  queryOptions({
    queryKey: parameterKeys.list(filters),
    queryFn: ({ signal }) => getParameters(filters, signal),
  });

export function useParameters(filters: ParameterListFilters, enabled = true) {
  return useQuery({ ...parametersQueryOptions(filters), enabled, placeholderData: keepPreviousData });
}

/** The largest page the API serves: enough for the base parameters a functional one may use. */
export const BASE_PARAMETER_FILTERS: ParameterListFilters = { page: 1, pageSize: 100, type: 'NORMAL' };
