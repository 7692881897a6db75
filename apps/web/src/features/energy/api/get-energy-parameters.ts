import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { energyParameterSchema, pageOf, type EnergyParameter } from '@vayu/domain';
import type { z } from 'zod';
import { apiClient } from '../../../app/api-client';
import { energyKeys, type EnergyParameterListFilters } from './energy-keys';

export const energyParameterPageSchema = pageOf(energyParameterSchema);
export type EnergyParameterPage = z.infer<typeof energyParameterPageSchema>;

/** `GET /api/energy/parameters`: one page, searched and filtered by category on the server. */
export function getEnergyParameters(
  filters: EnergyParameterListFilters,
  signal?: AbortSignal,
): Promise<EnergyParameterPage> {
  return apiClient.get('/energy/parameters', {
    query: {
      page: filters.page,
      pageSize: filters.pageSize,
      search: filters.search,
      category: filters.category,
    },
    schema: energyParameterPageSchema,
    signal,
  });
}

export function useEnergyParameters(filters: EnergyParameterListFilters) {
  return useQuery({
    queryKey: energyKeys.parameterList(filters),
    queryFn: ({ signal }) => getEnergyParameters(filters, signal),
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/energy/parameters/{id}`: one energy parameter with its metrics. */
export function getEnergyParameter(id: number, signal?: AbortSignal): Promise<EnergyParameter> {
  return apiClient.get(`/energy/parameters/${id}`, { schema: energyParameterSchema, signal });
}

export const energyParameterQueryOptions = (id: number) =>
  queryOptions({
    queryKey: energyKeys.parameter(id),
    queryFn: ({ signal }) => getEnergyParameter(id, signal),
  });

export function useEnergyParameter(id: number) {
  return useQuery(energyParameterQueryOptions(id));
}
