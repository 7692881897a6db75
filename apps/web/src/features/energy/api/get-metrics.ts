import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { energyMetricSchema, pageOf, type EnergyMetric } from '@vayu/domain';
import type { z } from 'zod';
import { apiClient } from '../../../app/api-client';
import { energyKeys, type MetricListFilters } from './energy-keys';

export const metricPageSchema = pageOf(energyMetricSchema);
export type MetricPage = z.infer<typeof metricPageSchema>;

/** `GET /api/energy/metrics`: one page of metrics, searched by key or label on the server. */
export function getMetrics(filters: MetricListFilters, signal?: AbortSignal): Promise<MetricPage> {
  return apiClient.get('/energy/metrics', {
    query: { page: filters.page, pageSize: filters.pageSize, search: filters.search },
    schema: metricPageSchema,
    signal,
  });
}

export const metricsQueryOptions = (filters: MetricListFilters) =>
  queryOptions({
    queryKey: energyKeys.metricList(filters),
    queryFn: ({ signal }) => getMetrics(filters, signal),
  });

export function useMetrics(filters: MetricListFilters) {
  return useQuery({ ...metricsQueryOptions(filters), placeholderData: keepPreviousData });
}

/** The largest page the API serves: the metrics an energy parameter may compute. */
export const METRIC_PICKER_FILTERS: MetricListFilters = { page: 1, pageSize: 100 };

/** `GET /api/energy/metrics/{id}`: the current version of one metric, e.g. after a conflict. */
export function getMetric(id: number, signal?: AbortSignal): Promise<EnergyMetric> {
  return apiClient.get(`/energy/metrics/${id}`, { schema: energyMetricSchema, signal });
}
