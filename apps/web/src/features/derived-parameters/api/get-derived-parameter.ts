import { queryOptions, useQuery } from '@tanstack/react-query';
import { derivedParameterSchema, type DerivedParameter } from '@vayu/domain';
import { apiClient } from '../../../app/api-client';
import { derivedParameterKeys } from './derived-parameter-keys';

/** `GET /api/derivedParameters/{id}`: one derived parameter with its series and expression rows. */
export function getDerivedParameter(id: number, signal?: AbortSignal): Promise<DerivedParameter> {
  return apiClient.get(`/derivedParameters/${id}`, { schema: derivedParameterSchema, signal });
}

export const derivedParameterQueryOptions = (id: number) =>
  queryOptions({
    queryKey: derivedParameterKeys.detail(id),
    queryFn: ({ signal }) => getDerivedParameter(id, signal),
  });

export function useDerivedParameter(id: number | null) {
  return useQuery({ ...derivedParameterQueryOptions(id ?? 0), enabled: id !== null });
}
