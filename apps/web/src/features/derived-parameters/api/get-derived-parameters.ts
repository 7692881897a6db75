import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { derivedParameterSchema, pageOf } from '@vayu/domain';
import type { z } from 'zod';
import { apiClient } from '../../../app/api-client';
import { derivedParameterKeys, type DerivedParameterListFilters } from './derived-parameter-keys';

export const derivedParameterPageSchema = pageOf(derivedParameterSchema);
export type DerivedParameterPage = z.infer<typeof derivedParameterPageSchema>;

/** `GET /api/derivedParameters`: one page of derived parameters with their series, searched on the server. */
export function getDerivedParameters(
  filters: DerivedParameterListFilters,
  signal?: AbortSignal,
): Promise<DerivedParameterPage> {
  return apiClient.get('/derivedParameters', {
    query: { page: filters.page, pageSize: filters.pageSize, search: filters.search, mtype: filters.mtype },
    schema: derivedParameterPageSchema,
    signal,
  });
}

export const derivedParametersQueryOptions = (filters: DerivedParameterListFilters) =>
  queryOptions({
    queryKey: derivedParameterKeys.list(filters),
    queryFn: ({ signal }) => getDerivedParameters(filters, signal),
  });

export function useDerivedParameters(filters: DerivedParameterListFilters) {
  return useQuery({ ...derivedParametersQueryOptions(filters), placeholderData: keepPreviousData });
}
