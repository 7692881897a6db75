import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { makesEndpoints, type Make, type MakeBody, type ModelType, type ModelTypeBody } from '@vayu/domain';
import { callEndpoint } from '../../app/api-client';

/** Query keys of the make screens (the diagnostics screens read makes under `['makes', type]`). */
export const makeKeys = {
  all: ['makes'] as const,
  modelTypes: ['model-types'] as const,
};

export const allMakesQueryOptions = () =>
  queryOptions({
    queryKey: [...makeKeys.all, 'all'] as const,
    queryFn: ({ signal }) => callEndpoint(makesEndpoints.listMakes, { query: {}, signal }),
  });

/** Every make not deleted, by name. */
export function useAllMakes() {
  return useQuery(allMakesQueryOptions());
}

/** Adds a make (`id` null) or changes one from the version the edit started from. */
export function useSaveMake() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: MakeBody }): Promise<Make> =>
      id === null
        ? callEndpoint(makesEndpoints.createMake, { body })
        : callEndpoint(makesEndpoints.updateMake, { params: { id }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: makeKeys.all }),
  });
}

export const modelTypesQueryOptions = () =>
  queryOptions({
    queryKey: makeKeys.modelTypes,
    queryFn: ({ signal }) => callEndpoint(makesEndpoints.listModelTypes, { signal }),
  });

/** The model types not deleted, by type, with how many models each has. */
export function useModelTypes() {
  return useQuery(modelTypesQueryOptions());
}

/** Adds a model type (`id` null) or changes one from the version the edit started from. */
export function useSaveModelType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: ModelTypeBody }): Promise<ModelType> =>
      id === null
        ? callEndpoint(makesEndpoints.createModelType, { body })
        : callEndpoint(makesEndpoints.updateModelType, { params: { id }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: makeKeys.modelTypes }),
  });
}
