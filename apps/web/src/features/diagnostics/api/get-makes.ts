import { queryOptions, useQuery } from '@tanstack/react-query';
import { makesEndpoints, type Make, type MakeType, type Model } from '@vayu/domain';
import { callEndpoint } from '../../../app/api-client';
import { diagnosticKeys } from './diagnostic-keys';

/** The analyser or calibrator makes from their own lists, any other type (or all) from `GET /api/make`. */
export function getMakes(type?: MakeType, signal?: AbortSignal): Promise<Make[]> {
  if (type === 'Analyser') return callEndpoint(makesEndpoints.listAnalyserMakes, { signal });
  if (type === 'Calibrator') return callEndpoint(makesEndpoints.listCalibratorMakes, { signal });
  return callEndpoint(makesEndpoints.listMakes, { query: { type }, signal });
}

export const makesQueryOptions = (type?: MakeType) =>
  queryOptions({
    queryKey: diagnosticKeys.makes(type),
    queryFn: ({ signal }) => getMakes(type, signal),
    staleTime: 5 * 60_000,
  });

export function useMakes(type?: MakeType) {
  return useQuery(makesQueryOptions(type));
}

/** The models of one make. */
export function getModelsByMake(makeId: number, signal?: AbortSignal): Promise<Model[]> {
  return callEndpoint(makesEndpoints.listModelsOfMake, { params: { makeId }, signal });
}

/** The models of the chosen make; nothing is asked until a make is chosen. */
export function useModelsByMake(makeId: number | null | undefined) {
  return useQuery({
    queryKey: diagnosticKeys.models(makeId ?? 0),
    queryFn: ({ signal }) => getModelsByMake(makeId!, signal),
    enabled: makeId !== null && makeId !== undefined,
    staleTime: 5 * 60_000,
  });
}
