import { queryOptions, useQuery } from '@tanstack/react-query';
import { parametersEndpoints, type Unit } from '@vayu/domain';
import { callEndpoint } from '../../../app/api-client';
import { parameterKeys } from './parameter-keys';

export type UnitOption = Unit;

export const unitsQueryOptions = () =>
  queryOptions({
    queryKey: parameterKeys.units,
    queryFn: ({ signal }) => callEndpoint(parametersEndpoints.listUnits, { signal }),
    staleTime: Infinity,
  });

/** The units readings may be stored in. */
export function useUnits() {
  return useQuery(unitsQueryOptions());
}
