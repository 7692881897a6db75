import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { energyEndpoints, MAX_PAGE_SIZE, type EndpointResponse, type EnergyMetric } from '@vayu/domain';
import { callEndpoint } from '../../../app/api-client';
import { energyKeys, type MetricListQuery } from './energy-keys';

export type MetricPage = EndpointResponse<typeof energyEndpoints.listMetrics>;

export const metricsQueryOptions = (query: MetricListQuery) =>
  queryOptions({
    queryKey: energyKeys.metricList(query),
    queryFn: ({ signal }) => callEndpoint(energyEndpoints.listMetrics, { query, signal }),
  });

/** One page of metrics, searched by key or label on the server. */
export function useMetrics(query: MetricListQuery) {
  return useQuery({ ...metricsQueryOptions(query), placeholderData: keepPreviousData });
}

/** The largest page the API serves: the metrics an energy parameter may compute. */
export const METRIC_PICKER_QUERY: MetricListQuery = { page: 1, pageSize: MAX_PAGE_SIZE };

/** The current version of one metric, e.g. after a conflict. */
export function getMetric(id: number, signal?: AbortSignal): Promise<EnergyMetric> {
  return callEndpoint(energyEndpoints.getMetric, { params: { id }, signal });
}
