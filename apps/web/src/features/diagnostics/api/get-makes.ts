import { queryOptions, useQuery } from '@tanstack/react-query';
import { makeSchema, modelSchema, type Make, type MakeType, type Model } from '@vayu/domain';
import { z } from 'zod';
import { apiClient } from '../../../app/api-client';
import { diagnosticKeys } from './diagnostic-keys';

const makeListSchema = z.array(makeSchema);
const modelListSchema = z.array(modelSchema);

/** `GET /api/Analyser/make`, `GET /api/Calibrator/make`, or `GET /api/make` (every make, or `?type=`). */
export function getMakes(type?: MakeType, signal?: AbortSignal): Promise<Make[]> {
  if (type === 'Analyser' || type === 'Calibrator') {
    return apiClient.get(`/${type}/make`, { schema: makeListSchema, signal });
  }
  return apiClient.get('/make', { query: { type }, schema: makeListSchema, signal });
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

/** `GET /api/modelByMake/{makeId}`: the models of one make. */
export function getModelsByMake(makeId: number, signal?: AbortSignal): Promise<Model[]> {
  return apiClient.get(`/modelByMake/${makeId}`, { schema: modelListSchema, signal });
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
