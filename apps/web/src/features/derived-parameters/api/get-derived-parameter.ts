import { queryOptions, useQuery } from '@tanstack/react-query';
import { derivedParametersEndpoints, type DerivedParameter } from '@vayu/domain';
import { callEndpoint } from '../../../app/api-client';
import { derivedParameterKeys } from './derived-parameter-keys';

/** One derived parameter with its series and expression rows. */
export function getDerivedParameter(id: number, signal?: AbortSignal): Promise<DerivedParameter> {
  return callEndpoint(derivedParametersEndpoints.getDerivedParameter, { params: { id }, signal });
}

export const derivedParameterQueryOptions = (id: number) =>
  queryOptions({
    queryKey: derivedParameterKeys.detail(id),
    queryFn: ({ signal }) => getDerivedParameter(id, signal),
  });

export function useDerivedParameter(id: number | null) {
  return useQuery({ ...derivedParameterQueryOptions(id ?? 0), enabled: id !== null });
}
