import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { energyEndpoints, type EndpointResponse, type EnergyParameter } from '@vayu/domain';
import { callEndpoint } from '../../../app/api-client';
import { energyKeys, type EnergyParameterListQuery } from './energy-keys';

export type EnergyParameterPage = EndpointResponse<typeof energyEndpoints.listEnergyParameters>;

/** One page, searched and filtered by category on the server. */
export function useEnergyParameters(query: EnergyParameterListQuery) {
  return useQuery({
    queryKey: energyKeys.parameterList(query),
    queryFn: ({ signal }) => callEndpoint(energyEndpoints.listEnergyParameters, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** One energy parameter with its metrics. */
export function getEnergyParameter(id: number, signal?: AbortSignal): Promise<EnergyParameter> {
  return callEndpoint(energyEndpoints.getEnergyParameter, { params: { id }, signal });
}

export const energyParameterQueryOptions = (id: number) =>
  queryOptions({
    queryKey: energyKeys.parameter(id),
    queryFn: ({ signal }) => getEnergyParameter(id, signal),
  });

export function useEnergyParameter(id: number) {
  return useQuery(energyParameterQueryOptions(id));
}
