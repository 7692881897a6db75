import type { EnergyCategory } from '@vayu/domain';

export interface MetricListFilters {
  page: number;
  pageSize: number;
  search?: string;
}

export interface EnergyParameterListFilters {
  page: number;
  pageSize: number;
  search?: string;
  category?: EnergyCategory;
}

/** Query keys of the energy catalogue: metrics and energy parameters. */
export const energyKeys = {
  all: ['energy'] as const,
  metrics: () => [...energyKeys.all, 'metrics'] as const,
  metricList: (filters: MetricListFilters) => [...energyKeys.metrics(), 'list', filters] as const,
  parameters: () => [...energyKeys.all, 'parameters'] as const,
  parameterList: (filters: EnergyParameterListFilters) =>
    [...energyKeys.parameters(), 'list', filters] as const,
  parameter: (id: number) => [...energyKeys.parameters(), 'detail', id] as const,
};
