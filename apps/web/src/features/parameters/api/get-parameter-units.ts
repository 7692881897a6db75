import { useQuery } from '@tanstack/react-query';
import { parameterUnitsSchema, type ParameterUnitsAnswer } from '@vayu/domain';
import { apiClient } from '../../../app/api-client';
import { parameterKeys } from './parameter-keys';

/** `GET /api/parameters/{id}/units`: the units a parameter's readings may arrive in, with the factor to its standard unit. */
export function getParameterUnits(id: number, signal?: AbortSignal): Promise<ParameterUnitsAnswer> {
  return apiClient.get(`/parameters/${id}/units`, { schema: parameterUnitsSchema, signal });
}

export function useParameterUnits(id: number | null) {
  return useQuery({
    queryKey: [...parameterKeys.all, 'units', id],
    queryFn: ({ signal }) => getParameterUnits(id!, signal),
    enabled: id !== null,
  });
}
