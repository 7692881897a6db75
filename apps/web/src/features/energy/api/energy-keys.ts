import type { EndpointQuery, energyEndpoints } from '@vayu/domain';

/** The metric list's query, as `GET /api/energy/metrics` defines it. */
export type MetricListQuery = EndpointQuery<typeof energyEndpoints.listMetrics>;
/** The energy parameter list's query, as `GET /api/energy/parameters` defines it. */
export type EnergyParameterListQuery = EndpointQuery<typeof energyEndpoints.listEnergyParameters>;

/** Query keys of the energy catalogue: metrics and energy parameters. */
export const energyKeys = {
  all: ['energy'] as const,
  metrics: () => [...energyKeys.all, 'metrics'] as const,
  metricList: (query: MetricListQuery) => [...energyKeys.metrics(), 'list', query] as const,
  parameters: () => [...energyKeys.all, 'parameters'] as const,
  parameterList: (query: EnergyParameterListQuery) => [...energyKeys.parameters(), 'list', query] as const,
  parameter: (id: number) => [...energyKeys.parameters(), 'detail', id] as const,
};
